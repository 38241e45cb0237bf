import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { miningSessions, users } from '../../platform/db/schema.js';
import { generatedCases } from '../../testing/cases.js';
import { insertUser } from '../../testing/growth-factories.js';
import { TEST_PG_URL } from '../../testing/test-database.js';
import { startTestServer, type ApiResponse, type TestServer } from '../../testing/test-server.js';
import { rowsOf } from '../../platform/db/client.js';

// A seeded random workload (reproduce with LEDGER_SEED=<seed>), then the ledger invariant checked
// with SQL over the whole database. Operations run in concurrent rounds; on the PostgreSQL server
// (DATABASE_URL) they really overlap, on PGlite they are serialised.
const SEED = Number(process.env.LEDGER_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** 8 users and 60 operations, 24 and 360 in CI's full run (testing/cases.ts). */
const USERS = generatedCases(8, 24);
const OPERATIONS = generatedCases(60, 360);
/** Successful claims the workload must reach: about one operation in five is one (1 in 18 required). */
const MIN_CLAIMS = Math.floor(OPERATIONS / 18);
console.info(
  `ledger-invariant: seed ${SEED} (re-run with LEDGER_SEED=${SEED})${TEST_PG_URL ? '' : '; PGlite (serialised)'}`,
);

/** mulberry32: a small, fast, seedable PRNG. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Person = { token: string; id: string; expectedZp: number; expectedSeb: number };
type Op =
  'start' | 'claimFinished' | 'claimUnfinished' | 'dailyLogin' | 'burst' | 'streakShift' | 'heartbeat' | 'settings';
const WEIGHTS: [Op, number][] = [
  ['start', 24],
  ['claimFinished', 24],
  ['claimUnfinished', 8],
  ['dailyLogin', 12],
  ['burst', 14],
  ['streakShift', 6],
  ['heartbeat', 6],
  ['settings', 6],
];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off' });
});
afterAll(() => server.stop());

async function selectRows<T>(query: SQL): Promise<T[]> {
  return rowsOf<T>(await server.database.db.execute(query));
}

describe(`ledger invariant under a random workload (seed ${SEED})`, () => {
  it(`keeps every cached balance equal to its ledger for ${USERS} users and ${OPERATIONS} operations`, async () => {
    const random = prng(SEED);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const pickOp = (): Op => {
      let r = random() * WEIGHTS.reduce((s, [, w]) => s + w, 0);
      for (const [op, w] of WEIGHTS) if ((r -= w) < 0) return op;
      return 'start';
    };

    // Inserted, not signed up: the workload is about the ledger (a sign-up credits nothing).
    const people: Person[] = [];
    for (let i = 0; i < USERS; i++) {
      const { token, user } = await insertUser(server);
      people.push({ token, id: user.id, expectedZp: 0, expectedSeb: 0 });
    }
    const admin = await insertUser(server, { role: 'ADMIN' });

    const unexpected: string[] = [];
    const counts: Record<string, number> = {};
    const expectStatus = (label: string, res: ApiResponse, allowed: number[]) => {
      counts[`${label} ${res.status}`] = (counts[`${label} ${res.status}`] ?? 0) + 1;
      if (!allowed.includes(res.status)) unexpected.push(`${label}: ${res.status} ${JSON.stringify(res.body)}`);
    };
    // Each credit the API reports is added to the person's expectation: an independent check.
    const start = async (p: Person) =>
      expectStatus('start', await server.post('/api/mining/start', {}, p.token), [201, 409]);
    const claim = async (p: Person) => {
      const res = await server.post('/api/mining/claim', {}, p.token);
      expectStatus('claim', res, [200, 409]);
      if (res.status === 200) {
        p.expectedZp += res.body.reward.zp;
        p.expectedSeb += res.body.reward.seb;
      }
    };
    const dailyLogin = async (p: Person) => {
      const res = await server.post('/api/user/activity', { activityType: 'DAILY_LOGIN' }, p.token);
      expectStatus('daily', res, [200]);
      if (res.body?.credited) {
        p.expectedZp += res.body.reward.zp;
        p.expectedSeb += res.body.reward.seb;
      }
    };
    const finishCycle = (p: Person) =>
      server.database.db
        .update(miningSessions)
        .set({ endsAt: sql`now() - interval '1 second'` })
        .where(sql`${miningSessions.userId} = ${p.id} AND ${miningSessions.claimedAt} IS NULL`);

    const run = async (op: Op, p: Person): Promise<void> => {
      switch (op) {
        case 'start':
          return start(p);
        case 'claimFinished':
          await finishCycle(p);
          return claim(p);
        case 'claimUnfinished':
          return claim(p);
        case 'dailyLogin':
          return dailyLogin(p);
        case 'burst': {
          // A double (or tenfold) tap: the same user fires several calls at once.
          await finishCycle(p);
          const size = 3 + Math.floor(random() * 8);
          const calls = Array.from({ length: size }, () => pick([claim, claim, dailyLogin, start] as const));
          await Promise.all(calls.map((call) => call(p)));
          return;
        }
        case 'streakShift': {
          const daysAgo = 1 + Math.floor(random() * 3);
          await server.database.db
            .update(users)
            .set({
              lastClaimDay: sql`(now() at time zone 'UTC')::date - ${daysAgo}::int`,
              dailyStreakCount: 1 + Math.floor(random() * 45),
            })
            .where(eq(users.id, p.id));
          return;
        }
        case 'heartbeat':
          return expectStatus('heartbeat', await server.post('/api/user/heartbeat', undefined, p.token), [200]);
        case 'settings': {
          const reward = pick([50, 12.3456, 0.0001, 99.99, 1000]);
          const res = await server.request('PUT', '/api/mining/settings', {
            body: { MINING_REWARD: reward },
            token: admin.token,
          });
          return expectStatus('settings', res, [200]);
        }
      }
    };

    let done = 0;
    while (done < OPERATIONS) {
      const roundSize = Math.min(OPERATIONS - done, 1 + Math.floor(random() * 8));
      const round = Array.from({ length: roundSize }, () => [pickOp(), pick(people)] as const);
      done += roundSize;
      await Promise.all(round.map(([op, p]) => run(op, p)));
    }
    console.info(`ledger-invariant: ${JSON.stringify(counts)}`);
    expect(unexpected).toEqual([]);
    expect(counts['claim 200'] ?? 0).toBeGreaterThan(MIN_CLAIMS);

    // 1. Cached balance = sum of the user's entries, for every user and currency in the database.
    const drift = await selectRows<{ id: string }>(sql`
      SELECT u.id, u.zp_balance, u.social_capital_score, l.zp, l.seb
      FROM users u
      LEFT JOIN LATERAL (
        SELECT coalesce(sum(amount) FILTER (WHERE currency = 'ZP'), 0) AS zp,
               coalesce(sum(amount) FILTER (WHERE currency = 'SEB'), 0) AS seb
        FROM transactions t WHERE t.user_id = u.id
      ) l ON true
      WHERE u.zp_balance <> l.zp OR u.social_capital_score <> l.seb`);
    expect(drift).toEqual([]);

    // 2. No negative balance anywhere.
    expect(await selectRows(sql`SELECT id FROM users WHERE zp_balance < 0 OR social_capital_score < 0`)).toEqual([]);

    // 3. Each claimed cycle has exactly its two entries; an unclaimed one has none.
    const badCycles = await selectRows(sql`
      SELECT s.id, s.claimed_at, count(t.id) AS entries
      FROM mining_sessions s
      LEFT JOIN transactions t ON t.type = 'mining_reward' AND t.metadata->>'cycleId' = s.id::text
      GROUP BY s.id, s.claimed_at
      HAVING count(t.id) <> CASE WHEN s.claimed_at IS NULL THEN 0 ELSE 2 END`);
    expect(badCycles).toEqual([]);

    // 4. At most one daily-login entry per user, currency and UTC day.
    expect(
      await selectRows(sql`
        SELECT user_id, currency, metadata->>'day' AS day FROM transactions WHERE type = 'daily_login'
        GROUP BY 1, 2, 3 HAVING count(*) > 1`),
    ).toEqual([]);

    // 5. What the API said it credited is what the database holds, and the summary agrees.
    for (const p of people) {
      const [row] = await server.database.db.select().from(users).where(eq(users.id, p.id));
      expect(Number(row!.zpBalance)).toBeCloseTo(p.expectedZp, 4);
      expect(Number(row!.socialCapitalScore)).toBeCloseTo(p.expectedSeb, 4);
      const summary = (await server.get('/api/transactions/summary/balance', p.token)).body.summary;
      expect(summary.map((s: { current_balance: number }) => s.current_balance)).toEqual([
        Number(row!.zpBalance),
        Number(row!.socialCapitalScore),
      ]);
      for (const s of summary) expect(s.total_earned - s.total_spent).toBeCloseTo(s.current_balance, 4);
    }
  });
});
