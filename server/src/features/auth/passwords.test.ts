import { describe, expect, it } from 'vitest';
import { hash } from '@node-rs/argon2';
import { PASSWORD_HASH_OPTIONS, hashPassword, passwordHashOptions, verifyPassword } from './passwords.js';

describe('password hashing', () => {
  it("keeps OWASP's argon2id cost everywhere but in the test runner's light mode", () => {
    expect(PASSWORD_HASH_OPTIONS).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    expect(passwordHashOptions({})).toBe(PASSWORD_HASH_OPTIONS);
    expect(passwordHashOptions({ NODE_ENV: 'production', ZIVER_TEST_PASSWORD_HASH: 'light' })).toBe(
      PASSWORD_HASH_OPTIONS,
    );
    expect(passwordHashOptions({ NODE_ENV: 'development', ZIVER_TEST_PASSWORD_HASH: 'light' })).toBe(
      PASSWORD_HASH_OPTIONS,
    );
    expect(passwordHashOptions({ NODE_ENV: 'test' })).toBe(PASSWORD_HASH_OPTIONS);
    expect(passwordHashOptions({ NODE_ENV: 'test', ZIVER_TEST_PASSWORD_HASH: 'light' }).memoryCost).toBe(1_024);
  });

  it('verifies hashes made at the production cost and at the light one alike', async () => {
    const stored = await hash('correct horse', PASSWORD_HASH_OPTIONS);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'correct horse')).toBe(true);
    expect(await verifyPassword(stored, 'wrong horse')).toBe(false);
    const light = await hashPassword('battery staple');
    expect(light).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(light, 'battery staple')).toBe(true);
    expect(await verifyPassword(null, 'battery staple')).toBe(false);
  });
});
