import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random URL-safe token (256 bits by default) for links and challenges. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** How single-use tokens are stored: only their SHA-256, so a database leak does not leak them. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hmacSha256Hex(key: Buffer | string, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

/** Compares two strings in constant time (for equal lengths; a length mismatch is simply false). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const SEALED_VERSION = 'v1';

/**
 * AES-256-GCM with a random 96-bit IV. `context` (e.g. the user id) is authenticated as
 * associated data, so a sealed value copied to another row does not open there.
 * Format: `v1.<iv>.<ciphertext>.<tag>` (base64url parts).
 */
export function sealSecret(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [SEALED_VERSION, iv.toString('base64url'), ciphertext.toString('base64url'), tag.toString('base64url')].join(
    '.',
  );
}

/** Opens a value sealed by `sealSecret`; throws when the key, context or data do not match. */
export function openSecret(key: Buffer, sealed: string, context: string): string {
  const [version, iv, ciphertext, tag] = sealed.split('.');
  if (version !== SEALED_VERSION || !iv || !ciphertext || !tag) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
