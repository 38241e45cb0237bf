import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { MINING_SEB_BASE, MINING_SEB_MAX, REFERRAL_REWARD_ZP, roundAmount, utcDay } from '@ziver/shared';
import { miningSessions, referrals, transactions, users } from '../../platform/db/schema.js';
import { postLedgerEntries, type LedgerEntry } from '../transactions/post-ledger-entries.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { generatedCases } from '../../testing/cases.js';
import { claimMiningReward, createClaimBatcher, type ClaimBatcher } from './claim-mining-reward.js';

// The claim's rules live in one place: its SQL (claim-mining-reward.ts), which production runs.
// The TypeScript below is not a second implementation: it is the oracle of the one property test
// in this file, which runs the SQL on the database against it over generated inputs
// (docs/decisions.md §27). The ledger side of the oracle is postLedgerEntries itself, the rule
// every other credit runs: the claim must append what it would append and move the balances
// by what it appends.

/** The streak after a claim on `claimDay`: the same UTC day keeps it, the next adds one, else 1. */
function nextStreak(previous: { streak: number; lastClaimDay: string | null }, claimDay: string): number {
  if (!previous.lastClaimDay) return 1;
  const gap = Math.round(
    (Date.parse(`${claimDay}T00:00:00Z`) - Date.parse(`${previous.lastClaimDay}T00:00:00Z`)) / 86_400_000,
  );
  if (gap === 0) return Math.max(1, previous.streak);
  if (gap === 1) return previous.streak + 1;
  return 1;
}

/** SEB points of a mining claim: base plus one per streak day, capped (docs/spec.md §3). */
function miningSebPoints(streak: number): number {
  return Math.min(MINING_SEB_MAX, MINING_SEB_BASE + Math.max(0, streak));
}

/** What a claim appends to the claimer's ledger (and, on a referred friend's first claim, the referrer's). */
function claimEntries(options: {
  cycleId: string;
  reward: number;
  cycleSeconds: number;
  streak: number;
  referral?: { id: string; friendUsername: string } | undefined;
}): { claimer: LedgerEntry[]; referrer: LedgerEntry[] } {
  const seb = miningSebPoints(options.streak);
  const metadata = {
    duration: roundAmount(options.cycleSeconds / 60),
    sebPoints: seb,
    streak: options.streak,
    cycleId: options.cycleId,
  };
  const { referral } = options;
  return {
    claimer: [
      {
        type: 'mining_reward',
        currency: 'ZP',
        amount: options.reward,
        description: 'Mining reward',
        metadata,
        idempotencyKey: `mining:${options.cycleId}:ZP`,
      },
      {
        type: 'mining_reward',
        currency: 'SEB',
        amount: seb,
        description: 'Mining SEB points',
        metadata,
        idempotencyKey: `mining:${options.cycleId}:SEB`,
      },
    ],
    referrer: referral
      ? [
          {
            type: 'referral_reward',
            currency: 'ZP',
            amount: REFERRAL_REWARD_ZP,
            description: `Referral reward: ${referral.friendUsername} started mining`,
            metadata: { referralId: referral.id, friendUsername: referral.friendUsername, event: 'first_mining_claim' },
            idempotencyKey: `referral_reward:${referral.id}`,
          },
        ]
      : [],
  };
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off' });
});
afterAll(() => server.stop());

const db = () => server.database.db;
let claimBatcher: ClaimBatcher | undefined;
/** The claim as production runs it: through a claim batcher on the server's database. */
const claim = (userId: string) =>
  claimMiningReward(
    db(),
    { claims: (claimBatcher ??= createClaimBatcher(db())), invalidations: server.deps.invalidations },
    { userId },
  );

type Balances = { zp: number; seb: number };

async function insertUser(balances: Balances): Promise<{ id: string; username: string }> {
  const tag = randomBytes(6).toString('hex');
  const [row] = await db()
    .insert(users)
    .values({
      username: `rule_${tag}`,
      referralCode: `R${tag}`,
      zpBalance: balances.zp,
      socialCapitalScore: balances.seb,
    })
    .returning({ id: users.id, username: users.username });
  return row!;
}

/** A user's balances and ledger (the oracle's keys carry an `oracle:` prefix, dropped here). */
async function stateOf(userId: string) {
  const [user] = await db()
    .select({ zp: users.zpBalance, seb: users.socialCapitalScore })
    .from(users)
    .where(eq(users.id, userId));
  const rows = await db()
    .select()
    .from(transactions)
    .where(eq(transactions.userId, userId))
    .orderBy(transactions.type, transactions.currency);
  return {
    balances: { zp: Number(user!.zp), seb: Number(user!.seb) },
    ledger: rows.map((r) => ({
      type: r.type,
      currency: r.currency,
      amount: Number(r.amount),
      description: r.description,
      metadata: r.metadata,
      idempotencyKey: (r.idempotencyKey ?? '').replace(/^oracle:/, ''),
    })),
  };
}

const amount = fc.integer({ min: 0, max: 10_000_000 }).map((n) => n / 10_000);
const claimCase = fc.record({
  streak: fc.integer({ min: 0, max: 60 }),
  /** Days between the previous claim and today (null: never claimed). */
  daysSinceLastClaim: fc.option(fc.integer({ min: 0, max: 4 }), { nil: null }),
  reward: fc.integer({ min: 1, max: 10_000_000 }).map((n) => n / 10_000),
  cycleSeconds: fc.integer({ min: 1, max: 8 * 3600 }),
  referral: fc.constantFrom('none', 'unpaid', 'paid', 'removed'),
  claimer: fc.record({ zp: amount, seb: amount }),
  referrer: fc.record({ zp: amount, seb: amount }),
});
type ClaimCase = typeof claimCase extends fc.Arbitrary<infer T> ? T : never;

const example = (overrides: Partial<ClaimCase>): [ClaimCase] => [
  {
    streak: 3,
    daysSinceLastClaim: 0,
    reward: 50,
    cycleSeconds: 4 * 3600,
    referral: 'none',
    claimer: { zp: 0, seb: 0 },
    referrer: { zp: 0, seb: 0 },
    ...overrides,
  },
];

describe('the claim statement', () => {
  it('credits what the rules say: streak, SEB points, ledger entries and balances, and the referrer once', async () => {
    await fc.assert(
      fc.asyncProperty(claimCase, async (c) => {
        // The claim day is the database's UTC day at the claim; seeded from it, checked after.
        const { rows } = (await db().execute(sql`select (now() at time zone 'UTC')::date::text as day`)) as unknown as {
          rows: { day: string }[];
        };
        const today = rows[0]!.day;
        const lastClaimDay =
          c.daysSinceLastClaim === null
            ? null
            : utcDay(new Date(Date.parse(`${today}T00:00:00Z`) - c.daysSinceLastClaim * 86_400_000));

        const claimer = await insertUser(c.claimer);
        const referrer = await insertUser(c.referrer);
        await db().update(users).set({ dailyStreakCount: c.streak, lastClaimDay }).where(eq(users.id, claimer.id));
        const [cycle] = await db()
          .insert(miningSessions)
          .values({
            userId: claimer.id,
            startedAt: sql`now() - make_interval(secs => ${c.cycleSeconds + 1})`,
            endsAt: sql`now() - interval '1 second'`,
            reward: c.reward,
          })
          .returning({ id: miningSessions.id });
        const [referral] =
          c.referral === 'none'
            ? []
            : await db()
                .insert(referrals)
                .values({
                  referrerId: referrer.id,
                  referredId: claimer.id,
                  source: 'signup',
                  ...(c.referral === 'paid' ? { rewardPaidAt: new Date() } : {}),
                  ...(c.referral === 'removed' ? { removedAt: new Date() } : {}),
                })
                .returning({ id: referrals.id });

        const result = await claim(claimer.id);

        const [claimed] = await db()
          .select({ claimedAt: miningSessions.claimedAt })
          .from(miningSessions)
          .where(eq(miningSessions.id, cycle!.id));
        const claimDay = utcDay(claimed!.claimedAt!);
        const streak = nextStreak({ streak: c.streak, lastClaimDay }, claimDay);
        const expected = claimEntries({
          cycleId: cycle!.id,
          reward: c.reward,
          cycleSeconds: c.cycleSeconds,
          streak,
          referral: c.referral === 'unpaid' ? { id: referral!.id, friendUsername: claimer.username } : undefined,
        });

        // The oracle posts the same entries to twins of the two users through postLedgerEntries.
        const claimerTwin = await insertUser(c.claimer);
        const referrerTwin = await insertUser(c.referrer);
        const asOracle = (entries: LedgerEntry[]) =>
          entries.map((e) => ({ ...e, idempotencyKey: `oracle:${e.idempotencyKey}` }));
        await db().transaction(async (tx) => {
          await postLedgerEntries(tx, server.deps.invalidations, claimerTwin.id, asOracle(expected.claimer));
          await postLedgerEntries(tx, server.deps.invalidations, referrerTwin.id, asOracle(expected.referrer));
        });

        expect(result.reward).toEqual({
          zp: c.reward,
          seb: miningSebPoints(streak),
          streak,
          durationMinutes: roundAmount(c.cycleSeconds / 60),
        });
        expect(result.user).toMatchObject({
          dailyStreakCount: streak,
          lastClaimDay: claimDay,
          miningSessionStartTime: null,
        });
        expect(await stateOf(claimer.id)).toEqual(await stateOf(claimerTwin.id));
        expect(await stateOf(referrer.id)).toEqual(await stateOf(referrerTwin.id));
        if (referral) {
          const [row] = await db()
            .select({ paidAt: referrals.rewardPaidAt })
            .from(referrals)
            .where(eq(referrals.id, referral.id));
          expect(row!.paidAt !== null).toBe(c.referral !== 'removed');
        }
      }),
      {
        // 15 generated cases, 40 in CI's full run (testing/cases.ts), beside the examples.
        numRuns: generatedCases(15, 40),
        examples: [
          example({ daysSinceLastClaim: null, streak: 0 }), // the first claim starts at 1
          example({ daysSinceLastClaim: 0, streak: 3 }), // a second claim the same UTC day keeps it
          example({ daysSinceLastClaim: 1, streak: 3 }), // the next UTC day adds one
          example({ daysSinceLastClaim: 2, streak: 9 }), // a missed day starts again
          example({ daysSinceLastClaim: 1, streak: 1000 }), // SEB points are capped
          example({ cycleSeconds: 72 }), // 1.2 minutes, exact to the second
          example({ referral: 'unpaid' }), // the friend's first claim pays the referrer
          example({ referral: 'paid' }),
          example({ referral: 'removed' }),
        ],
      },
    );
  });
});
