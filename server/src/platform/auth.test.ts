import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerUser } from '../testing/factories.js';
import { startTestServer, type TestServer } from '../testing/test-server.js';
import { resolveToken } from './auth.js';
import { authSessions, users } from './db/schema.js';

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

// Sessions the cache does not know are read by natural batching: reads that arrive together
// share a statement, and each must still get its own answer.
describe('sessions read together', () => {
  it('answer each token for its own session: a live one, a revoked one, a suspended account', async () => {
    const live = await Promise.all(Array.from({ length: 12 }, () => registerUser(server)));
    const revoked = await registerUser(server);
    expect((await server.post('/api/auth/logout', {}, revoked.token)).status).toBe(200);
    const suspended = await registerUser(server);
    await server.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.user.id));
    const everyone = [...live, revoked, suspended, live[0]!];
    const answers = await Promise.all(
      everyone.map(({ token }) => resolveToken(server.deps.auth, server.database.db, server.config.jwtSecret, token)),
    );
    expect(answers.map((a) => a?.userId ?? null)).toEqual([
      ...live.map(({ user }) => user.id),
      null,
      null,
      live[0]!.user.id,
    ]);
    for (const [i, answer] of answers.entries()) if (answer) expect(answer.user.id).toBe(everyone[i]!.user.id);
  });
});

// The read is a fixed prepared statement mapped by hand (platform/db/prepared.ts): what it gives
// must be what Drizzle's own select gives, for every column type of both rows.
describe('a session the cache does not know', () => {
  it('is read with its user exactly as Drizzle reads them', async () => {
    const { token, user } = await registerUser(server);
    const { db } = server.database;
    await db
      .update(users)
      .set({
        telegramId: 9_007_199_254_740_993n,
        twoFactorLastStep: 58_000_123,
        lastClaimDay: '2026-11-27',
        miningSessionStartTime: new Date('2026-11-28T10:11:12.345Z'),
        passwordChangedAt: new Date('2026-11-01T00:00:00.001Z'),
        zpBalance: 1234.5678,
        dailyStreakCount: 3,
        bio: 'bio',
      })
      .where(eq(users.id, user.id));
    const auth = await resolveToken(server.deps.auth, db, server.config.jwtSecret, token);
    const [userRow] = await db.select().from(users).where(eq(users.id, user.id));
    const [sessionRow] = await db.select().from(authSessions).where(eq(authSessions.id, auth!.sessionId));
    expect(auth!.user).toEqual(userRow);
    expect(server.deps.auth.sessions.get(auth!.sessionId)?.session).toEqual(sessionRow);
  });

  it('is refused once the password it was proven with has changed', async () => {
    const { token, user } = await registerUser(server);
    const { db } = server.database;
    await db
      .update(users)
      .set({ passwordVersion: sql`${users.passwordVersion} + 1` })
      .where(eq(users.id, user.id));
    expect(await resolveToken(server.deps.auth, db, server.config.jwtSecret, token)).toBeNull();
  });
});
