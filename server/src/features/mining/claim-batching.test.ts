import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import type pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../platform/db/client.js';
import { miningSessions, referrals, transactions, users } from '../../platform/db/schema.js';
import { registerUser } from '../../testing/factories.js';
import { ledgerInvariantViolations } from '../../testing/growth-factories.js';
import { TEST_PG_URL } from '../../testing/test-database.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { createInvalidationBus } from '../../platform/invalidation.js';
import { claimMiningReward, createClaimBatcher, type ClaimBatcher } from './claim-mining-reward.js';

// Claims made at the same moment share one statement (natural batching). These tests make
// the batches happen for certain by calling the use case, all in the same tick.
let server: TestServer;
// The use case with a batcher of the test's own, as each app has one (app.ts).
let claims: ClaimBatcher;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off', MINING_CYCLE_HOURS: String(60 / 3600) });
  claims = createClaimBatcher(server.database.db);
});
afterAll(() => server.stop());

const db = () => server.database.db;

/** Registers `count` users, each invited by the one before, each with a finished cycle. */
async function friendsInAChain(count: number) {
  const people: Awaited<ReturnType<typeof registerUser>>[] = [];
  for (let i = 0; i < count; i++) {
    const invitedBy = people[i - 1]?.user.referral_code;
    people.push(await registerUser(server, invitedBy ? { referralCode: invitedBy } : {}));
  }
  await Promise.all(people.map((p) => server.post('/api/mining/start', {}, p.token)));
  const ids = people.map((p) => p.user.id);
  await db()
    .update(miningSessions)
    .set({ startedAt: sql`now() - interval '61 seconds'`, endsAt: sql`now() - interval '1 second'` })
    .where(inArray(miningSessions.userId, ids));
  return ids;
}

/** Counts the claim statements the database handle runs while `fn` runs. */
async function countClaimStatements<T>(fn: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const client = (db() as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const spy = vi.spyOn(client, 'query');
  try {
    const result = await fn();
    const statements = spy.mock.calls.filter(([query]) => {
      const text = typeof query === 'string' ? query : (query as { text?: string }).text;
      return text?.includes('update mining_sessions') && text.includes('ziver.status_published');
    }).length;
    return { result, statements };
  } finally {
    spy.mockRestore();
  }
}

describe('claims made together', () => {
  it('share statements, and a friend who is also an inviter in the same batch gets both rewards', async () => {
    const ids = await friendsInAChain(12);
    const balances = async () =>
      new Map((await db().select().from(users).where(inArray(users.id, ids))).map((r) => [r.id, Number(r.zpBalance)]));
    const before = await balances();
    const { result, statements } = await countClaimStatements(() =>
      Promise.all(
        ids.map((userId) => claimMiningReward(db(), { claims, invalidations: server.deps.invalidations }, { userId })),
      ),
    );
    expect(result.map((r) => r.reward.zp)).toEqual(ids.map(() => 50));
    expect(statements).toBeLessThan(ids.length);

    const zp = await balances();
    // Each one's reward, plus 150 for the next friend's first claim (the last has no friend).
    expect(ids.map((id) => zp.get(id)! - before.get(id)!)).toEqual(ids.map((_, i) => (i < ids.length - 1 ? 200 : 50)));
    // An answer shows the balance after its own statement. The first claim (the first two on
    // PostgreSQL, on two connections at once) ran before the rest shared one statement, so the
    // others' answers include the reward their friend's claim paid them in it. The first's
    // includes its friend's reward only if the second's statement happened to commit first.
    const answered = result.map((r) => Number(r.user.zpBalance));
    expect(answered.slice(2)).toEqual(ids.slice(2).map((id) => zp.get(id)));
    expect([before.get(ids[0]!)! + 50, zp.get(ids[0]!)]).toContain(answered[0]);
    const paid = await db()
      .select()
      .from(referrals)
      .where(inArray(referrals.referredId, ids.slice(1)));
    expect(paid.every((r) => r.rewardPaidAt !== null)).toBe(true);
    const entries = await db().select().from(transactions).where(inArray(transactions.userId, ids));
    expect(entries.filter((e) => e.type === 'mining_reward')).toHaveLength(ids.length * 2);
    expect(entries.filter((e) => e.type === 'referral_reward')).toHaveLength(ids.length - 1);
    expect(await ledgerInvariantViolations(db())).toEqual([]);
  });

  it('answers each claim of a batch: credited, not finished, not started, and the same user twice', async () => {
    const [ready] = await friendsInAChain(1);
    const waiting = await registerUser(server);
    await server.post('/api/mining/start', {}, waiting.token); // a minute to go
    const idle = await registerUser(server);
    // Two claims in front take the statements that start at once (one on PGlite), so both claims
    // of `ready` are queued together: they must not share one answer (onePerKey).
    const fillers = await Promise.all([registerUser(server), registerUser(server)]);
    const outcomes = await Promise.allSettled(
      [...fillers.map((f) => f.user.id), ready!, waiting.user.id, idle.user.id, ready!].map((userId) =>
        claimMiningReward(db(), { claims, invalidations: server.deps.invalidations }, { userId }),
      ),
    );
    const codes = outcomes.map((o) => (o.status === 'fulfilled' ? 'OK' : (o.reason as { code: string }).code));
    expect(codes.slice(2)).toEqual(['OK', 'MINING_NOT_FINISHED', 'MINING_NOT_STARTED', 'MINING_NOT_STARTED']);
  });

  it('still answers the credited claims of a batch when telling the refused ones apart fails', async () => {
    const [ready] = await friendsInAChain(1);
    const idle = await registerUser(server);
    // Two claims in front take the statements that start at once (one on PGlite), so the last
    // two share the next statement.
    const fillers = await Promise.all([registerUser(server), registerUser(server)]);
    const client = (db() as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const query = client.query.bind(client);
    const spy = vi.spyOn(client, 'query').mockImplementation((...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
      if (text?.startsWith('select user_id from mining_sessions')) return Promise.reject(new Error('connection lost'));
      return query(...args);
    });
    try {
      const outcomes = await Promise.allSettled(
        [...fillers.map((f) => f.user.id), ready!, idle.user.id].map((userId) =>
          claimMiningReward(db(), { claims, invalidations: server.deps.invalidations }, { userId }),
        ),
      );
      expect(outcomes.slice(2).map((o) => o.status)).toEqual(['fulfilled', 'rejected']);
    } finally {
      spy.mockRestore();
    }
    const entries = await db().select().from(transactions).where(eq(transactions.userId, ready!));
    expect(entries.filter((e) => e.type === 'mining_reward')).toHaveLength(2);
  });

  it('falls back to one statement per claim when the batch fails, so one bad claim fails alone', async () => {
    const ids = await friendsInAChain(6);
    // An impossible state: a ledger entry already holds the key of one open cycle's reward, so
    // any statement that claims that cycle aborts on the unique key.
    const [cycle] = await db().select().from(miningSessions).where(eq(miningSessions.userId, ids[3]!));
    await db()
      .insert(transactions)
      .values({
        userId: ids[3]!,
        type: 'admin_adjustment',
        currency: 'ZP',
        amount: 1,
        description: 'test',
        idempotencyKey: `mining:${cycle!.id}:ZP`,
      });
    await db()
      .update(users)
      .set({ zpBalance: sql`${users.zpBalance} + 1` })
      .where(eq(users.id, ids[3]!));
    const outcomes = await Promise.allSettled(
      ids.map((userId) => claimMiningReward(db(), { claims, invalidations: server.deps.invalidations }, { userId })),
    );
    expect(outcomes.map((o) => o.status)).toEqual(ids.map((_, i) => (i === 3 ? 'rejected' : 'fulfilled')));
    const [stillOpen] = await db().select().from(miningSessions).where(eq(miningSessions.userId, ids[3]!));
    expect(stillOpen!.claimedAt).toBeNull();
    expect(await ledgerInvariantViolations(db())).toEqual([]);
  });
});

describe('two instances claiming the same cycles at once', () => {
  // Each instance batches its own claims; across instances only the database can keep a cycle
  // from being credited twice (the conditional UPDATE, then the ledger's unique keys).
  let other: DatabaseHandle | undefined;
  let otherInstance: Parameters<typeof claimMiningReward>[1] | undefined;
  beforeAll(async () => {
    if (!TEST_PG_URL) return;
    const pool = (server.database.db as unknown as { $client: pg.Pool }).$client;
    other = await openDatabase({ url: pool.options.connectionString!, poolMax: 10 });
    otherInstance = { claims: createClaimBatcher(other.db), invalidations: createInvalidationBus() };
  });
  afterAll(() => other?.close());

  it.skipIf(!TEST_PG_URL)('credits each cycle once (PostgreSQL server only: PGlite has one connection)', async () => {
    const ids = await friendsInAChain(20);
    const racing = ids.flatMap((userId) => [
      claimMiningReward(db(), { claims, invalidations: server.deps.invalidations }, { userId }),
      claimMiningReward(other!.db, otherInstance!, { userId }),
    ]);
    const outcomes = await Promise.allSettled(racing);
    const refused = outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(ids.length);
    expect(refused.map((e: { code?: string }) => e.code)).toEqual(ids.map(() => 'MINING_NOT_STARTED'));
    const entries = await db().select().from(transactions).where(inArray(transactions.userId, ids));
    expect(entries.filter((e) => e.type === 'mining_reward')).toHaveLength(ids.length * 2);
    expect(entries.filter((e) => e.type === 'referral_reward')).toHaveLength(ids.length - 1);
    expect(await ledgerInvariantViolations(db())).toEqual([]);
  });
});
