import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../errors';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Accepted image types, recognised by their first bytes (the file name and the declared type are not trusted). */
const SIGNATURES: Array<{ ext: string; type: string; test: (b: Buffer) => boolean }> = [
  {
    ext: 'png',
    type: 'image/png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { ext: 'jpg', type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    ext: 'webp',
    type: 'image/webp',
    test: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  { ext: 'gif', type: 'image/gif', test: (b) => /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1')) },
];

export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/** Stores an image under DATA_DIR/uploads with a random name; returns its public path (/uploads/…). */
export async function storeImage(
  dataDir: string,
  file: File,
): Promise<{ url: string; type: string; size: number }> {
  if (file.size === 0) throw new AppError('BAD_REQUEST', 'file: the file is empty');
  if (file.size > MAX_UPLOAD_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'file: images must be at most 5 MB');
  }
  const bytes = Buffer.from(await file.arrayBuffer());
  const kind = SIGNATURES.find((s) => s.test(bytes));
  if (!kind) throw new AppError('BAD_REQUEST', 'file: only PNG, JPEG, WebP or GIF images are accepted');
  const name = `${randomBytes(12).toString('hex')}.${kind.ext}`;
  const dir = uploadsDir(dataDir);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, name), bytes);
  return { url: `/uploads/${name}`, type: kind.type, size: bytes.length };
}
