import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerUser } from '../testing/factories.js';
import { startTestServer, type TestServer } from '../testing/test-server.js';
import { resolveToken } from './auth.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off', JWT_SECRET: randomBytes(32).toString('hex') });
});
afterAll(() => server.stop());
afterEach(() => {
  vi.useRealTimers();
});

// resolveToken remembers tokens it has verified (the 5 s status poll repeats the same one):
// what it remembers must never accept a token that verification would refuse.
describe('a bearer token verified before', () => {
  const resolve = (token: string, secret = server.config.jwtSecret) =>
    resolveToken(server.deps.auth, server.database.db, secret, token);

  it('is still refused once it has expired', async () => {
    const { token, user } = await registerUser(server);
    expect(await resolve(token)).toMatchObject({ userId: user.id });
    const { exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number };
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((exp - 1) * 1000);
    // The session row lives as long as the token, so a second before, both still hold.
    expect(await resolve(token)).toMatchObject({ userId: user.id });
    vi.setSystemTime(exp * 1000);
    expect(await resolve(token)).toBeNull();
  });

  it('is refused under another secret, and a copy with another signature is refused', async () => {
    const { token, user } = await registerUser(server);
    expect(await resolve(token)).toMatchObject({ userId: user.id });
    expect(await resolve(token, randomBytes(32).toString('hex'))).toBeNull();
    const [header, payload, signature] = token.split('.');
    const flipped = `${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
    expect(await resolve(`${header}.${payload}.${flipped}`)).toBeNull();
    expect(await resolve(token)).toMatchObject({ userId: user.id });
  });

  it('is refused once its session is revoked (the session is checked on every request)', async () => {
    const { token } = await registerUser(server);
    expect(await resolve(token)).not.toBeNull();
    expect((await server.post('/api/auth/logout', {}, token)).status).toBe(200);
    expect(await resolve(token)).toBeNull();
  });
});
