import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/*
 * Secrets the server keeps or hands out, with keys derived from AUTH_SECRET by HKDF-SHA256 (one key per purpose,
 * so a key for one use never works for another):
 * - sealed values (a creator's Instagram token) are AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>` in base64url, a
 *   fresh 12-byte IV each time; opening fails when the value or the secret changed.
 * - signed values (an OAuth `state`) are `<payload>.<HMAC-SHA256>` in base64url, compared in constant time.
 */

const SALT = 'mintbox-secret-box';

function deriveKey(authSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', authSecret, SALT, purpose, 32));
}

const b64 = (b: Buffer) => b.toString('base64url');
const unb64 = (s: string) => Buffer.from(s, 'base64url');

/** Encrypts `plaintext` for `purpose` (the same purpose opens it). */
export function seal(authSecret: string, purpose: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(authSecret, `seal:${purpose}`), iv);
  cipher.setAAD(Buffer.from(purpose));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', b64(iv), b64(cipher.getAuthTag()), b64(data)].join('.');
}

/** The plaintext of a sealed value, or null when it was not sealed with this secret and purpose. */
export function open(authSecret: string, purpose: string, sealed: string): string | null {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', deriveKey(authSecret, `seal:${purpose}`), unb64(iv));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(unb64(tag));
    return Buffer.concat([decipher.update(unb64(data)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** `value` (JSON) with a signature for `purpose`. */
export function sign(authSecret: string, purpose: string, value: unknown): string {
  const payload = b64(Buffer.from(JSON.stringify(value)));
  const mac = createHmac('sha256', deriveKey(authSecret, `sign:${purpose}`))
    .update(payload)
    .digest();
  return `${payload}.${b64(mac)}`;
}

/** The value of a signed string, or null when the signature does not match. */
export function verify(authSecret: string, purpose: string, signed: string): unknown {
  const [payload, mac] = signed.split('.');
  if (!payload || !mac) return null;
  const expected = createHmac('sha256', deriveKey(authSecret, `sign:${purpose}`))
    .update(payload)
    .digest();
  const given = unb64(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    return JSON.parse(unb64(payload).toString('utf8')) as unknown;
  } catch {
    return null;
  }
}
