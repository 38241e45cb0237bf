import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { feedback, miningSessions, referrals, tasks, transactions } from '../../platform/db/schema.js';
import { registerUser } from '../../testing/factories.js';
import { insertUser } from '../../testing/growth-factories.js';
import { MIGRATIONS_FOLDER } from '../../testing/test-database.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';

/**
 * Ledger rows are rendered from `type` + `metadata` in the reader's language (never from the
 * English `description`), so every writer must store what its row needs, and old rows get it
 * back from the backfill migration.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off', CONTRACT_CHECK: 'strict' });
});
afterAll(() => server.stop());

const db = () => server.database.db;
const history = async (token: string) => {
  const res = await server.get('/api/transactions?limit=100', token);
  expect(res.status).toBe(200);
  return res.body.transactions as {
    type: string;
    currency: string;
    description: string;
    metadata: Record<string, unknown>;
  }[];
};

async function finishCycleAndClaim(token: string, userId: string) {
  expect((await server.post('/api/mining/start', {}, token)).status).toBe(201);
  await db()
    .update(miningSessions)
    .set({
      // A whole 4-hour cycle that ended a second ago (the duration is stored to the second).
      startedAt: sql`now() - interval '4 hours 1 second'`,
      endsAt: sql`now() - interval '1 second'`,
    })
    .where(eq(miningSessions.userId, userId));
  expect((await server.post('/api/mining/claim', {}, token)).status).toBe(200);
}

describe('ledger writers store what their row is rendered from', () => {
  it('mining, referral bonus, referral reward and their reversals carry the cycle, usernames and event', async () => {
    const referrer = await registerUser(server);
    const friend = await registerUser(server, { referralCode: referrer.user.referral_code as string });
    await finishCycleAndClaim(friend.token, friend.user.id);

    const friendRows = await history(friend.token);
    const mining = friendRows.filter((r) => r.type === 'mining_reward');
    expect(mining.map((r) => r.currency).sort()).toEqual(['SEB', 'ZP']);
    for (const row of mining) {
      expect(row.metadata).toMatchObject({
        cycleId: expect.any(String),
        duration: 240,
        sebPoints: expect.any(Number),
        streak: 1,
      });
    }
    expect(friendRows.find((r) => r.type === 'referral_bonus')!.metadata).toMatchObject({
      referrerUsername: referrer.username,
      event: 'joined_with_code',
      referralId: expect.any(String),
    });
    const reward = (await history(referrer.token)).find((r) => r.type === 'referral_reward')!;
    expect(reward.metadata).toMatchObject({ friendUsername: friend.username, event: 'first_mining_claim' });
    // The spec's description stays in the answer for spec clients.
    expect(reward.description).toContain(friend.username);

    const referralId = reward.metadata.referralId as string;
    expect((await server.request('DELETE', `/api/referrals/${friend.user.id}`, { token: referrer.token })).status).toBe(
      200,
    );
    expect((await history(referrer.token)).find((r) => r.type === 'referral_reward_reversal')!.metadata).toMatchObject({
      friendUsername: friend.username,
      event: 'referral_removed',
      referralId,
    });
    expect((await history(friend.token)).find((r) => r.type === 'referral_bonus_reversal')!.metadata).toMatchObject({
      referrerUsername: referrer.username,
      event: 'referral_removed',
      referralId,
    });
  });

  it('daily login stores its day; a task reward its task id and title', async () => {
    const user = await registerUser(server);
    expect((await server.post('/api/user/activity', { activityType: 'DAILY_LOGIN' }, user.token)).status).toBe(200);
    const [task] = await db().select().from(tasks).where(eq(tasks.slug, 'follow-ziver-on-x'));
    expect((await server.post(`/api/tasks/${task!.id}/complete`, {}, user.token)).status).toBe(200);
    const rows = await history(user.token);
    const daily = rows.filter((r) => r.type === 'daily_login');
    expect(daily.length).toBeGreaterThan(0);
    for (const row of daily) expect(row.metadata.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const taskRows = rows.filter((r) => r.type === 'task_reward');
    expect(taskRows.map((r) => r.currency).sort()).toEqual(['SEB', 'ZP']);
    for (const row of taskRows) expect(row.metadata).toMatchObject({ taskId: task!.id, taskTitle: task!.title });
  });

  it("a task row's title reaches a reader in their language (the catalogue's), the description stays English", async () => {
    const user = await registerUser(server);
    const [task] = await db().select().from(tasks).where(eq(tasks.slug, 'visit-ziver-website'));
    expect((await server.post(`/api/tasks/${task!.id}/complete`, {}, user.token)).status).toBe(200);
    expect(
      (
        await server.request('PUT', '/api/settings/appearance/language', {
          body: { language: 'es' },
          token: user.token,
        })
      ).status,
    ).toBe(200);
    const spanish = task!.translations?.es?.title;
    expect(spanish).toBeTruthy();
    expect(spanish).not.toBe(task!.title);

    const listed = (await history(user.token)).filter((r) => r.type === 'task_reward');
    expect(listed).toHaveLength(2);
    for (const row of listed) {
      expect(row.metadata).toMatchObject({ taskId: task!.id, taskTitle: spanish });
      expect(row.description).toContain(task!.title);
    }
    const recent = await server.get('/api/transactions/recent/list?limit=5', user.token);
    const recentTask = (recent.body.transactions as { type: string; id: string; metadata: object }[]).find(
      (r) => r.type === 'task_reward',
    );
    expect(recentTask?.metadata).toMatchObject({ taskTitle: spanish });
    const one = await server.get(`/api/transactions/${recentTask!.id}`, user.token);
    expect(one.body.transaction.metadata).toMatchObject({ taskTitle: spanish });
  });

  it("a feedback reward stores the feedback's title; an admin adjustment its reason", async () => {
    const admin = await insertUser(server, { role: 'ADMIN' });
    const author = await insertUser(server);
    const [item] = await db()
      .insert(feedback)
      .values({ userId: author.user.id, type: 'bug', priority: 'low', title: 'Clock drifts', message: 'By a second' })
      .returning();
    expect((await server.post(`/api/admin/feedback/${item!.id}/reward`, { zp: 5, seb: 1 }, admin.token)).status).toBe(
      200,
    );
    const adjust = await server.post(
      `/api/admin/users/${author.user.id}/adjustments`,
      { currency: 'ZP', amount: -2, reason: 'Duplicate payout' },
      admin.token,
    );
    expect(adjust.status).toBe(200);
    const rows = await history(author.token);
    const feedbackRows = rows.filter((r) => r.type === 'feedback_reward');
    expect(feedbackRows).toHaveLength(2);
    for (const row of feedbackRows)
      expect(row.metadata).toMatchObject({ feedbackId: item!.id, feedbackTitle: 'Clock drifts' });
    expect(rows.find((r) => r.type === 'admin_adjustment')!.metadata).toMatchObject({ reason: 'Duplicate payout' });
  });
});

/** Runs the backfill migration's statements again (it only adds missing keys, so it may re-run). */
async function runBackfill(): Promise<void> {
  const [file] = (
    JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] }
  ).entries.filter((e) => e.tag.endsWith('_ledger_metadata_backfill'));
  const text = readFileSync(join(MIGRATIONS_FOLDER, `${file!.tag}.sql`), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    if (statement.replace(/--.*$/gm, '').trim()) await db().execute(sql.raw(statement));
  }
}

describe('the ledger metadata backfill', () => {
  it('derives old rows metadata from the linked rows, else from the description, and leaves present keys alone', async () => {
    const referrer = await insertUser(server);
    const friend = await insertUser(server);
    const [referral] = await db()
      .insert(referrals)
      .values({ referrerId: referrer.user.id, referredId: friend.user.id, source: 'signup' })
      .returning();
    const [task] = await db().select().from(tasks).where(eq(tasks.slug, 'visit-ziver-website'));
    const [item] = await db()
      .insert(feedback)
      .values({ userId: friend.user.id, type: 'feature', priority: 'low', title: 'Stored title', message: 'm' })
      .returning();
    let n = 0;
    const old = (
      userId: string,
      type: string,
      description: string,
      metadata: Record<string, unknown> = {},
      currency: 'ZP' | 'SEB' = 'ZP',
    ) => ({ userId, type, currency, amount: 1, description, metadata, idempotencyKey: `old:${Date.now()}:${++n}` });
    // Raw inserts: rows as older versions wrote them (no balance change matters here).
    await db()
      .insert(transactions)
      .values([
        old(friend.user.id, 'admin_adjustment', 'Goodwill credit'),
        old(friend.user.id, 'admin_adjustment', 'Ignored', { reason: 'Kept reason' }),
        old(friend.user.id, 'feedback_reward', 'Feedback reward: Old title', { feedbackId: item!.id }),
        old(friend.user.id, 'feedback_reward', 'Feedback reward: Only in text'),
        old(friend.user.id, 'task_reward', 'Task reward: Renamed since', { taskId: task!.id }),
        old(friend.user.id, 'task_reward', 'Task SEB points: Gone task', {}, 'SEB'),
        old(friend.user.id, 'referral_bonus', 'Referral bonus', { referralId: referral!.id }),
        old(friend.user.id, 'referral_bonus', "Referral bonus: joined with some_one's code"),
        old(referrer.user.id, 'referral_reward', 'Referral reward', { referralId: referral!.id, friendUsername: null }),
        old(referrer.user.id, 'referral_reward', 'Referral reward: your friend started mining'),
        old(friend.user.id, 'daily_login', 'Daily login reward'),
      ]);
    await runBackfill();

    const meta = async (userId: string, type: string, description: string) => {
      const [row] = await db()
        .select({ metadata: transactions.metadata })
        .from(transactions)
        .where(
          and(eq(transactions.userId, userId), eq(transactions.type, type), eq(transactions.description, description)),
        );
      return row!.metadata;
    };
    expect(await meta(friend.user.id, 'admin_adjustment', 'Goodwill credit')).toEqual({ reason: 'Goodwill credit' });
    expect(await meta(friend.user.id, 'admin_adjustment', 'Ignored')).toEqual({ reason: 'Kept reason' });
    expect(await meta(friend.user.id, 'feedback_reward', 'Feedback reward: Old title')).toEqual({
      feedbackId: item!.id,
      feedbackTitle: 'Stored title',
    });
    expect(await meta(friend.user.id, 'feedback_reward', 'Feedback reward: Only in text')).toEqual({
      feedbackTitle: 'Only in text',
    });
    expect(await meta(friend.user.id, 'task_reward', 'Task reward: Renamed since')).toEqual({
      taskId: task!.id,
      taskTitle: task!.title,
    });
    expect(await meta(friend.user.id, 'task_reward', 'Task SEB points: Gone task')).toEqual({ taskTitle: 'Gone task' });
    expect(await meta(friend.user.id, 'referral_bonus', 'Referral bonus')).toEqual({
      referralId: referral!.id,
      referrerUsername: referrer.user.username,
      event: 'joined_with_code',
    });
    expect(await meta(friend.user.id, 'referral_bonus', "Referral bonus: joined with some_one's code")).toEqual({
      referrerUsername: 'some_one',
      event: 'joined_with_code',
    });
    expect(await meta(referrer.user.id, 'referral_reward', 'Referral reward')).toEqual({
      referralId: referral!.id,
      friendUsername: friend.user.username,
      event: 'first_mining_claim',
    });
    // Nothing to derive a name from: the row renders as "a friend".
    expect(await meta(referrer.user.id, 'referral_reward', 'Referral reward: your friend started mining')).toEqual({
      event: 'first_mining_claim',
    });
    expect(await meta(friend.user.id, 'daily_login', 'Daily login reward')).toEqual({});
  });
});
