import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSecret, safeEqual, sealSecret } from './crypto.js';

describe('sealed secrets (AES-256-GCM)', () => {
  const key = randomBytes(32);

  it('round-trips, with a fresh IV each time', () => {
    const a = sealSecret(key, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'totp:u1');
    const b = sealSecret(key, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'totp:u1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DP');
    expect(openSecret(key, a, 'totp:u1')).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
  });

  it('refuses another key, another context (row) and any tampering', () => {
    const sealed = sealSecret(key, 'secret', 'totp:u1');
    expect(() => openSecret(randomBytes(32), sealed, 'totp:u1')).toThrow();
    expect(() => openSecret(key, sealed, 'totp:u2')).toThrow();
    const [v, iv, ct, tag] = sealed.split('.');
    const flipped = Buffer.from(ct!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => openSecret(key, [v, iv, flipped.toString('base64url'), tag].join('.'), 'totp:u1')).toThrow();
    expect(() => openSecret(key, 'plain-text', 'totp:u1')).toThrow();
  });

  it('compares strings in constant time without throwing on length differences', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });
});
