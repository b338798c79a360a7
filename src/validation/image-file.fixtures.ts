/** Real image files for the upload tests: the right magic bytes and exact sizes. */
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff, 0xe0];

function bytes(signature: number[], size: number): Uint8Array<ArrayBuffer> {
  const data = new Uint8Array(new ArrayBuffer(size));
  data.set(signature.slice(0, size));
  return data;
}

export const pngFile = (name = 'shot.png', size = 1024, type = 'image/png') =>
  new File([bytes(PNG, size)], name, { type });
export const jpegFile = (name = 'photo.jpg', size = 1024, type = 'image/jpeg') =>
  new File([bytes(JPEG, size)], name, { type });
/** Named and typed like a PNG, but its bytes are a GIF. */
export const fakePngFile = (name = 'fake.png', size = 1024) =>
  new File([bytes([0x47, 0x49, 0x46, 0x38, 0x39, 0x61], size)], name, { type: 'image/png' });
export const gifFile = (name = 'anim.gif', size = 1024) =>
  new File([bytes([0x47, 0x49, 0x46, 0x38, 0x39, 0x61], size)], name, { type: 'image/gif' });
