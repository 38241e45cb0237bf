import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../platform/db/schema.js';
import { registerUser } from '../../testing/factories.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { createStatusRowReader } from './get-mining-status.js';

// Status polls arriving together share one statement (createStatusRowReader): each must still get its
// own user's row, and none may see data older than its own arrival.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off', MINING_CYCLE_HOURS: '1', MINING_REWARD: '50' });
});
afterAll(() => server.stop());

describe('batched status reads', () => {
  it('answers many simultaneous polls of different users each with its own balances and cycle', async () => {
    const accounts = await Promise.all(Array.from({ length: 6 }, () => registerUser(server)));
    // Distinct balances, and a running cycle for every other user.
    for (const [i, account] of accounts.entries()) {
      await server.database.db
        .update(users)
        .set({ zpBalance: 1000 + i })
        .where(eq(users.id, account.user.id));
      if (i % 2 === 0) expect((await server.post('/api/mining/start', {}, account.token)).status).toBe(201);
    }
    const polls = Array.from({ length: 60 }, (_, n) => accounts[n % accounts.length]!);
    const answers = await Promise.all(polls.map((account) => server.get('/api/mining/status', account.token)));
    for (const [n, answer] of answers.entries()) {
      const i = n % accounts.length;
      expect(answer.status).toBe(200);
      expect(answer.body.userData.zp_balance, `poll ${n}`).toBe(1000 + i);
      expect(answer.body.isMining, `poll ${n}`).toBe(i % 2 === 0);
      expect(answer.body.userData.mining_session_start_time === null, `poll ${n}`).toBe(i % 2 !== 0);
    }
  });

  it('reads in one statement what arrives while a read is under way, after that arrival', async () => {
    const accounts = await Promise.all(Array.from({ length: 3 }, () => registerUser(server)));
    const [first, second, third] = accounts.map((a) => a.user.id) as [string, string, string];
    const db = server.database.db;
    const findStatusRow = createStatusRowReader(db);
    // The first read starts at once; the two that arrive while it runs go together, and see a
    // change committed after the first read started but before they were asked for.
    const early = findStatusRow(first);
    await db.update(users).set({ zpBalance: 77 }).where(eq(users.id, second));
    const [a, b, c, unknown] = await Promise.all([
      early,
      findStatusRow(second),
      findStatusRow(third),
      findStatusRow('00000000-0000-4000-8000-000000000000'),
    ]);
    expect(a?.user.zpBalance).toBe(0);
    expect(b?.user.zpBalance).toBe(77);
    expect(c?.cycle).toBeUndefined();
    expect(unknown).toBeUndefined();
  });

  it('fails every waiting poll when its statement fails, and recovers', async () => {
    const { user, token } = await registerUser(server);
    const db = server.database.db;
    const findStatusRow = createStatusRowReader(db);
    await db.execute(sql`alter table mining_sessions rename to mining_sessions_gone`);
    try {
      const failed = await Promise.allSettled([findStatusRow(user.id), findStatusRow(user.id)]);
      expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    } finally {
      await db.execute(sql`alter table mining_sessions_gone rename to mining_sessions`);
    }
    expect((await server.get('/api/mining/status', token)).status).toBe(200);
  });
});
