/**
 * Image upload rules (SPEC §5): JPG/JPEG/PNG only, recognised by the file's own
 * bytes (its magic number) as well as its name, so a renamed file is refused
 * before anything is sent; the feedback size and count limits; the avatar limits.
 */
import {
  FEEDBACK_IMAGE_TYPES,
  AVATAR_MAX_BYTES,
  AVATAR_WARN_BYTES,
  FEEDBACK_IMAGE_MAX_BYTES,
  FEEDBACK_IMAGES_MAX,
} from '@/constants/limits';
import { RULE_TEXT } from '@/constants/texts';

export type ImageKind = 'jpeg' | 'png';

const SIGNATURES: Record<ImageKind, readonly number[]> = {
  jpeg: [0xff, 0xd8, 0xff],
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
};

/** What the name may end with; `accept` for the file inputs. */
const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png'] as const;
export const IMAGE_ACCEPT = IMAGE_EXTENSIONS.join(',');
// Some systems label a JPEG image/jpg.
const MIME_TYPES: readonly string[] = [...FEEDBACK_IMAGE_TYPES, 'image/jpg'];

async function headBytes(file: Blob, count: number): Promise<Uint8Array> {
  const head = file.slice(0, count);
  if (typeof head.arrayBuffer === 'function') return new Uint8Array(await head.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(head);
  });
}

/** The image kind by content (JPEG FF D8 FF, PNG 89 50 4E 47 0D 0A 1A 0A), or null. */
export async function sniffImageKind(file: Blob): Promise<ImageKind | null> {
  let bytes: Uint8Array;
  try {
    bytes = await headBytes(file, 8);
  } catch {
    return null;
  }
  for (const [kind, signature] of Object.entries(SIGNATURES) as [ImageKind, readonly number[]][]) {
    if (signature.every((byte, i) => bytes[i] === byte)) return kind;
  }
  return null;
}

/** Name, declared type and content all say JPG/JPEG/PNG. */
async function isJpegOrPng(file: File): Promise<boolean> {
  const name = file.name.toLowerCase();
  if (!IMAGE_EXTENSIONS.some((ext) => name.endsWith(ext))) return false;
  if (file.type && !MIME_TYPES.includes(file.type.toLowerCase())) return false;
  return (await sniffImageKind(file)) !== null;
}

/** One feedback image: the spec's message, or null when it may be uploaded. */
export async function checkFeedbackImage(file: File): Promise<string | null> {
  if (!(await isJpegOrPng(file))) return RULE_TEXT.imageType;
  if (file.size > FEEDBACK_IMAGE_MAX_BYTES) return RULE_TEXT.imageSize;
  return null;
}

/** A selection of `selected` files next to `existing` ones: the count warning, or null. */
export function checkImageCount(
  existing: number,
  selected: number,
  limit: number = FEEDBACK_IMAGES_MAX,
): string | null {
  return existing + selected > limit ? RULE_TEXT.imageCount(limit, selected, existing + selected) : null;
}

export type AvatarCheck = { ok: false; error: string } | { ok: true; warning?: string };

/** The avatar: JPG/JPEG/PNG, refused over 5 MB, a warning (not a refusal) over 2 MB. */
export async function checkAvatarImage(file: File): Promise<AvatarCheck> {
  if (!(await isJpegOrPng(file))) return { ok: false, error: RULE_TEXT.imageType };
  if (file.size > AVATAR_MAX_BYTES) return { ok: false, error: RULE_TEXT.avatarTooLarge };
  if (file.size > AVATAR_WARN_BYTES) return { ok: true, warning: RULE_TEXT.avatarLarge };
  return { ok: true };
}
