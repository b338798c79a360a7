/**
 * The /link/{data} code: unpadded base64url of the UTF-8 JSON
 * {"tenant_link","tenant_name","invite_code"} (openapi/workbench.yaml InviteLinkCode).
 * The code comes from a URL anyone can edit, so every step is checked and a
 * failure is a value, never an exception.
 */
import { INVITE_CODE_MAX_CHARS, INVITE_FIELD_MAX_CHARS } from '@/constants/limits';

export interface InvitePayload {
  tenant_link: string;
  tenant_name: string;
  invite_code: string;
}

export type InviteDecodeFailure =
  'empty' | 'too-long' | 'charset' | 'base64' | 'utf8' | 'json' | 'shape' | 'field';

export type InviteDecodeResult =
  { ok: true; payload: InvitePayload } | { ok: false; reason: InviteDecodeFailure };

const BASE64URL = /^[A-Za-z0-9_-]+$/;
// C0 controls, DEL and C1 controls have no place in a name or an id.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;
const FIELDS = ['tenant_link', 'tenant_name', 'invite_code'] as const;

function base64UrlToBytes(code: string): Uint8Array | null {
  // Unpadded base64 never leaves a single character in the last group.
  if (code.length % 4 === 1) return null;
  const padded = code.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (code.length % 4)) % 4);
  try {
    const binary = atob(padded);
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

function validField(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.trim() !== '' &&
    value.length <= INVITE_FIELD_MAX_CHARS &&
    !CONTROL_CHARS.test(value)
  );
}

export function decodeInviteCode(code: unknown): InviteDecodeResult {
  if (typeof code !== 'string' || code === '') return { ok: false, reason: 'empty' };
  if (code.length > INVITE_CODE_MAX_CHARS) return { ok: false, reason: 'too-long' };
  if (!BASE64URL.test(code)) return { ok: false, reason: 'charset' };
  const bytes = base64UrlToBytes(code);
  if (!bytes) return { ok: false, reason: 'base64' };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, reason: 'utf8' };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'json' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { ok: false, reason: 'shape' };
  const record = parsed as Record<string, unknown>;
  if (!FIELDS.every((field) => validField(record[field]))) return { ok: false, reason: 'field' };
  // Only the known fields are kept: extra keys in a tampered link carry nothing further.
  return {
    ok: true,
    payload: {
      tenant_link: record.tenant_link as string,
      tenant_name: record.tenant_name as string,
      invite_code: record.invite_code as string,
    },
  };
}
