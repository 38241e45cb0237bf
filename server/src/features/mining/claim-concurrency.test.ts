import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { miningSessions, transactions, users } from '../../platform/db/schema.js';
import { registerUser } from '../../testing/factories.js';
import { TEST_PG_URL } from '../../testing/test-database.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';

// On PGlite (one connection) requests are serialised; the race is only real on the PostgreSQL
// server, where CI runs this file with DATABASE_URL set.
if (!TEST_PG_URL) console.info('claim-concurrency: DATABASE_URL not set; racing on embedded PGlite (serialised).');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off', MINING_CYCLE_HOURS: String(60 / 3600) });
});
afterAll(() => server.stop());

describe('claiming one finished cycle concurrently', () => {
  it('credits exactly one reward for 50 simultaneous claims', async () => {
    const { token, user } = await registerUser(server);
    await server.post('/api/mining/start', {}, token);
    // Finish the cycle now instead of waiting a minute.
    await server.database.db
      .update(miningSessions)
      .set({ startedAt: sql`now() - interval '61 seconds'`, endsAt: sql`now() - interval '1 second'` })
      .where(eq(miningSessions.userId, user.id));

    const results = await Promise.all(Array.from({ length: 50 }, () => server.post('/api/mining/claim', {}, token)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(statuses.every((s) => s < 500)).toBe(true);
    const refusals = results.filter((r) => r.status === 409).map((r) => r.body.code);
    expect(new Set(refusals)).toEqual(new Set(['MINING_NOT_STARTED']));

    const entries = await server.database.db.select().from(transactions).where(eq(transactions.userId, user.id));
    expect(entries.map((e) => [e.type, e.currency, Number(e.amount)]).sort()).toEqual([
      ['mining_reward', 'SEB', 11],
      ['mining_reward', 'ZP', 50],
    ]);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, user.id));
    expect(Number(row!.zpBalance)).toBe(50);
    expect(Number(row!.socialCapitalScore)).toBe(11);
    expect(row!.dailyStreakCount).toBe(1);
    const cycles = await server.database.db.select().from(miningSessions).where(eq(miningSessions.userId, user.id));
    expect(cycles).toHaveLength(1);
    expect(cycles[0]!.claimedAt).not.toBeNull();
  });

  it('credits each of many users once when they all claim at the same time', async () => {
    const people = await Promise.all(Array.from({ length: 10 }, () => registerUser(server)));
    await Promise.all(people.map((p) => server.post('/api/mining/start', {}, p.token)));
    await server.database.db
      .update(miningSessions)
      .set({ startedAt: sql`now() - interval '61 seconds'`, endsAt: sql`now() - interval '1 second'` })
      .where(sql`${miningSessions.claimedAt} IS NULL`);
    const results = await Promise.all(
      people.flatMap((p) => Array.from({ length: 5 }, () => server.post('/api/mining/claim', {}, p.token))),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    for (const p of people) {
      const entries = await server.database.db.select().from(transactions).where(eq(transactions.userId, p.user.id));
      expect(entries, p.username).toHaveLength(2);
    }
  });

  it('starts at most one cycle for 20 simultaneous starts', async () => {
    const { token, user } = await registerUser(server);
    const results = await Promise.all(Array.from({ length: 20 }, () => server.post('/api/mining/start', {}, token)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    const cycles = await server.database.db.select().from(miningSessions).where(eq(miningSessions.userId, user.id));
    expect(cycles).toHaveLength(1);
  });
});
