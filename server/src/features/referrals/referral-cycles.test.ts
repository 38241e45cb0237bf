import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { REFERRAL_MESSAGES } from '@ziver/shared';
import { insertUser, ledgerInvariantViolations } from '../../testing/growth-factories.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { rowsOf } from '../../platform/db/client.js';

// The audit accepted A→B→C→A (only two-party cycles were refused). "X→Y" below: Y joined
// with X's code. Runs on PGlite and, with DATABASE_URL, truly concurrently on PostgreSQL.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off' });
});
afterAll(() => server.stop());

type TestUser = Awaited<ReturnType<typeof insertUser>>;
const apply = (taker: TestUser, referrer: TestUser) =>
  server.post('/api/referrals/apply', { referralCode: referrer.user.referralCode }, taker.token);

async function chain(length: number): Promise<TestUser[]> {
  const users: TestUser[] = [];
  for (let i = 0; i < length; i++) users.push(await insertUser(server));
  for (let i = 1; i < length; i++) expect((await apply(users[i]!, users[i - 1]!)).status).toBe(200);
  return users;
}

/** Active referral edges that lie on a cycle (walks each referrer chain upwards). */
async function usersOnCycles(): Promise<unknown[]> {
  const result = await server.database.db.execute(sql`
    WITH RECURSIVE up(start_id, id, depth) AS (
      SELECT referred_id, referrer_id, 1 FROM referrals WHERE removed_at IS NULL
      UNION ALL
      SELECT up.start_id, r.referrer_id, up.depth + 1
      FROM up JOIN referrals r ON r.referred_id = up.id AND r.removed_at IS NULL
      WHERE up.depth < 100 AND up.id <> up.start_id
    )
    SELECT DISTINCT start_id FROM up WHERE id = start_id`);
  return rowsOf(result);
}

describe('referral cycles of any length', () => {
  for (const length of [3, 4, 6]) {
    it(`refuses the code that would close a cycle of ${length} and credits nothing`, async () => {
      const users = await chain(length);
      const first = users[0]!;
      const last = users[length - 1]!;
      const res = await apply(first, last);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'BAD_REQUEST', message: REFERRAL_MESSAGES.circular });
      expect((await server.get('/api/user/me', first.token)).body.user.zp_balance).toBe(0);
    });
  }

  it('lets a chain member take a code from outside its own chain', async () => {
    const [head] = await chain(3);
    const outsider = await insertUser(server);
    expect((await apply(head!, outsider)).status).toBe(200);
  });

  it('never closes a cycle when two links that would close one are applied at the same time', async () => {
    // A→B and C→D exist; "C takes B's code" and "A takes D's code" together would make A→B→C→D→A.
    for (let round = 0; round < 8; round++) {
      const [a, b] = await chain(2);
      const [c, d] = await chain(2);
      const results = await Promise.all([apply(c!, b!), apply(a!, d!)]);
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 400]);
    }
    expect(await usersOnCycles()).toEqual([]);
    expect(await ledgerInvariantViolations(server.database.db)).toEqual([]);
  });
});
