import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/client.js';
import { miningSessions, users } from '../../platform/db/schema.js';
import { creditUser, insertUser } from '../../testing/growth-factories.js';
import { TEST_PG_URL } from '../../testing/test-database.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { refreshRankMarks } from './rank-marks.js';

// The claims race only on the PostgreSQL server (DATABASE_URL); PGlite serialises them.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    RATE_LIMITS: 'off',
    MINING_CYCLE_HOURS: String(60 / 3600),
    LEADERBOARD_LIVE_RANKS: '3',
    LEADERBOARD_MARK_EVERY: '2',
    LEADERBOARD_MARKS_SECONDS: '3600',
  });
});
afterAll(() => server.stop());
beforeEach(async () => {
  await server.database.db.execute(sql`truncate users cascade`);
});
const db = () => server.database.db;

/** board_scores rows that differ from the sums of board_entries (the rule), either way. */
async function totalsOffTheLedger() {
  return rowsOf(
    await db().execute(sql`
      with expected as (
        select e.board, e.period_start, e.user_id, sum(e.amount) as value, max(e.created_at) as reached_at,
               bool_and(u.suspended_at is null and not u.hide_from_boards) as visible
        from board_entries e join users u on u.id = e.user_id group by 1, 2, 3)
      select * from expected e full join board_scores s using (board, period_start, user_id)
      where e.value is distinct from s.value or e.reached_at is distinct from s.reached_at
         or e.visible is distinct from s.visible`),
  );
}

async function finishCycles() {
  await db()
    .update(miningSessions)
    .set({ startedAt: sql`now() - interval '61 seconds'`, endsAt: sql`now() - interval '1 second'` })
    .where(sql`${miningSessions.claimedAt} IS NULL`);
}

describe('board_scores', () => {
  it('equals the ledger after racing claims, referral rewards, a removal and its reversals, hiding and suspension', async () => {
    const referrer = await insertUser(server);
    const friends = await Promise.all([1, 2, 3, 4, 5, 6].map(() => insertUser(server)));
    for (const friend of friends) {
      const res = await server.post('/api/referrals/apply', { referralCode: referrer.user.referralCode }, friend.token);
      expect(res.status).toBe(200);
    }
    await Promise.all([referrer, ...friends].map((a) => server.post('/api/mining/start', {}, a.token)));
    await finishCycles();
    // Every account claims four times at once: each cycle credits once, each friend's first claim pays the referrer.
    const claims = await Promise.all(
      [referrer, ...friends].flatMap((a) => [1, 2, 3, 4].map(() => server.post('/api/mining/claim', {}, a.token))),
    );
    expect(claims.filter((r) => r.status === 200)).toHaveLength(7);
    expect(claims.every((r) => r.status < 500)).toBe(true);
    expect(await totalsOffTheLedger()).toEqual([]);

    // A removal reverses the referral reward and leaves the referrals board; concurrent with more credits.
    const [removal] = await Promise.all([
      server.request('DELETE', `/api/referrals/${friends[0]!.user.id}`, { token: referrer.token }),
      creditUser(server, referrer.user.id, { zp: 7, seb: 2 }),
      creditUser(server, friends[1]!.user.id, { zp: 3 }),
    ]);
    expect(removal.status).toBe(200);
    await db().update(users).set({ hideFromBoards: true }).where(eq(users.id, friends[2]!.user.id));
    await db()
      .update(users)
      .set({ suspendedAt: new Date(), suspensionReason: 'farm' })
      .where(eq(users.id, friends[3]!.user.id));
    expect(await totalsOffTheLedger()).toEqual([]);

    const board = await server.get('/api/leaderboard?board=referrals&period=week', referrer.token);
    expect(board.body.me).toEqual({ rank: 1, value: friends.length - 1, rankAsOf: null });
    const zp = await server.get('/api/leaderboard?board=zp&period=all', friends[2]!.token);
    expect(zp.body.entries.map((e: { userId: string }) => e.userId)).not.toContain(friends[2]!.user.id);
    expect(zp.body.entries.map((e: { userId: string }) => e.userId)).not.toContain(friends[3]!.user.id);
  });

  it('reads a far-down rank from the marks plus a live count below the nearest mark', async () => {
    const accounts = await Promise.all(Array.from({ length: 8 }, () => insertUser(server)));
    for (const [i, account] of accounts.entries()) await creditUser(server, account.user.id, { zp: 100 - i });
    const last = accounts[7]!;
    const ask = async () => (await server.get('/api/leaderboard?board=zp&period=week', last.token)).body.me;

    // No marks yet: counted in full, exact.
    await db().execute(sql`delete from board_rank_marks`);
    expect(await ask()).toEqual({ rank: 8, value: 93, rankAsOf: null });

    expect(await refreshRankMarks(db(), { every: 2 })).toBe(true);
    const [mark] = rowsOf<{ computed_at: Date | string }>(
      await db().execute(sql`select computed_at from board_rank_marks limit 1`),
    );
    const asOf = new Date(mark!.computed_at).toISOString();
    expect(await ask()).toEqual({ rank: 8, value: 93, rankAsOf: asOf });

    // Passing between the nearest mark (rank 6) and me: counted live at once.
    const climber = await insertUser(server);
    await creditUser(server, climber.user.id, { zp: 93.5 });
    expect(await ask()).toEqual({ rank: 9, value: 93, rankAsOf: asOf });
    // Near the top (fewer than LEADERBOARD_LIVE_RANKS ahead): live and exact.
    expect((await server.get('/api/leaderboard?board=zp&period=week', accounts[1]!.token)).body.me).toEqual({
      rank: 2,
      value: 99,
      rankAsOf: null,
    });
  });
});

if (!TEST_PG_URL) console.info('board-scores: DATABASE_URL not set; claims serialised on PGlite.');
