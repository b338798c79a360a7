import { describe, expect, it } from 'vitest';
import { RULE_TEXT } from '@/constants/texts';
import { checkAvatarImage, checkFeedbackImage, checkImageCount, sniffImageKind } from './image-file';
import { fakePngFile, gifFile, jpegFile, pngFile } from './image-file.fixtures';

const KB = 1024;
const MB = 1024 * KB;

describe('image rules (SPEC §5)', () => {
  it('recognises JPEG and PNG by their magic bytes, not by their names', async () => {
    expect(await sniffImageKind(pngFile())).toBe('png');
    expect(await sniffImageKind(jpegFile())).toBe('jpeg');
    expect(await sniffImageKind(fakePngFile())).toBeNull();
    expect(await sniffImageKind(new File([new Uint8Array([0x89, 0x50])], 'short.png'))).toBeNull();
  });

  it('feedback images: JPG/JPEG/PNG only, each at most 100KB', async () => {
    expect(await checkFeedbackImage(pngFile('a.png', 100 * KB))).toBeNull();
    expect(await checkFeedbackImage(jpegFile('a.jpeg', 10 * KB))).toBeNull();
    expect(await checkFeedbackImage(jpegFile('A.JPG', 10 * KB))).toBeNull();
    expect(await checkFeedbackImage(gifFile())).toBe(RULE_TEXT.imageType);
    expect(await checkFeedbackImage(fakePngFile())).toBe(RULE_TEXT.imageType);
    // PNG bytes under a name that is not an image, or a declared type that is not one
    expect(await checkFeedbackImage(pngFile('notes.txt'))).toBe(RULE_TEXT.imageType);
    expect(await checkFeedbackImage(pngFile('a.png', 1024, 'text/plain'))).toBe(RULE_TEXT.imageType);
    expect(await checkFeedbackImage(pngFile('big.png', 100 * KB + 1))).toBe('上传图片大小不能超过 100KB!');
  });

  it('warns with the limit, the selected and the total count when a selection goes over 5', () => {
    expect(checkImageCount(0, 5)).toBeNull();
    expect(checkImageCount(3, 2)).toBeNull();
    expect(checkImageCount(3, 3)).toBe('当前限制选择 5 个文件，本次选择了 3 个文件，共选择了 6 个文件');
    expect(checkImageCount(0, 6)).toBe(RULE_TEXT.imageCount(5, 6, 6));
  });

  it('avatar: refused over 5MB, warned over 2MB, refused when not JPG/JPEG/PNG', async () => {
    expect(await checkAvatarImage(pngFile('a.png', 2 * MB))).toEqual({ ok: true });
    expect(await checkAvatarImage(pngFile('a.png', 2 * MB + 1))).toEqual({
      ok: true,
      warning: '上传图片大小不能超过 2MB!',
    });
    expect(await checkAvatarImage(jpegFile('a.jpg', 5 * MB))).toEqual({
      ok: true,
      warning: RULE_TEXT.avatarLarge,
    });
    expect(await checkAvatarImage(jpegFile('a.jpg', 5 * MB + 1))).toEqual({
      ok: false,
      error: '上传头像图片大小不能超过 5MB!',
    });
    expect(await checkAvatarImage(gifFile())).toEqual({ ok: false, error: RULE_TEXT.imageType });
  });
});
