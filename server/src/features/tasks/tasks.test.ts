import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { TASK_MESSAGES, TASK_RULE_TYPES, type TaskRuleType } from '@ziver/shared';
import { referrals, taskCompletions, tasks, transactions, users, type TaskRow } from '../../platform/db/schema.js';
import { creditUser, insertUser, ledgerInvariantViolations } from '../../testing/growth-factories.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { completeTask } from './complete-task.js';

let server: TestServer;
let catalogue: Map<string, TaskRow>;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off' });
  catalogue = new Map((await server.database.db.select().from(tasks)).map((t) => [t.slug, t]));
});
afterAll(() => server.stop());

const db = () => server.database.db;
const task = (slug: string) => {
  const found = catalogue.get(slug);
  if (!found) throw new Error(`no seeded task ${slug}`);
  return found;
};
/** Active tasks a user is offered while the bot is off (no channel tasks). */
const isOfferedWithoutBot = (t: TaskRow) => !t.retiredAt && t.kind !== 'channel';
const complete = (taskId: string, token: string, body: unknown = {}) =>
  server.post(`/api/tasks/${taskId}/complete`, body, token);

/** Puts a user's stat for one rule type at `value`, the way the product would get there. */
async function setStat(userId: string, ruleType: TaskRuleType, value: number): Promise<void> {
  switch (ruleType) {
    case 'mining_streak':
      await db().update(users).set({ dailyStreakCount: value }).where(eq(users.id, userId));
      return;
    case 'zp_balance':
      if (value > 0) await creditUser(server, userId, { zp: value });
      return;
    case 'social_capital_score':
      if (value > 0) await creditUser(server, userId, { seb: value });
      return;
    case 'referral_count': {
      const friends = await Promise.all(Array.from({ length: value }, () => insertUser(server)));
      if (friends.length > 0) {
        await db()
          .insert(referrals)
          .values(friends.map((f) => ({ referrerId: userId, referredId: f.user.id, source: 'signup' as const })));
      }
      return;
    }
    case 'tasks_completed': {
      const others = [...catalogue.values()].filter((t) => t.slug !== 'complete-three-tasks').slice(0, value);
      if (others.length < value) throw new Error('not enough seeded tasks');
      if (others.length > 0)
        await db()
          .insert(taskCompletions)
          .values(others.map((t) => ({ userId, taskId: t.id })));
      return;
    }
    case 'mining_session_duration':
      // Claimed cycles of 4 h (240 min) plus one of the remainder; an open cycle does not count.
      await db().execute(sql`
        insert into mining_sessions (user_id, started_at, ends_at, reward, claimed_at)
        select ${userId}, now() - make_interval(days => g + 1), now() - make_interval(days => g + 1) + make_interval(mins => least(240, ${value} - (g - 1) * 240)), 50, now() - make_interval(days => g)
        from generate_series(1, ceil(${value}::numeric / 240)::int) g`);
      await db().execute(sql`
        insert into mining_sessions (user_id, started_at, ends_at, reward) values (${userId}, now() - interval '1 hour', now() + interval '3 hours', 50)`);
      return;
  }
}

const RULE_TASKS: Record<TaskRuleType, { slug: string; threshold: number }> = {
  mining_streak: { slug: 'mining-streak-7', threshold: 7 },
  referral_count: { slug: 'invite-five-friends', threshold: 5 },
  zp_balance: { slug: 'zp-balance-500', threshold: 500 },
  tasks_completed: { slug: 'complete-three-tasks', threshold: 3 },
  social_capital_score: { slug: 'seb-score-100', threshold: 100 },
  mining_session_duration: { slug: 'mine-for-a-day', threshold: 1440 },
};

describe('the seeded catalogue', () => {
  it('covers all six rule types and has https link tasks', () => {
    const ruleTypes = new Set([...catalogue.values()].flatMap((t) => t.rules.map((r) => r.rule_type)));
    expect([...ruleTypes].sort()).toEqual([...TASK_RULE_TYPES].sort());
    const links = [...catalogue.values()].filter((t) => t.kind === 'link');
    expect(links.length).toBeGreaterThanOrEqual(2);
    for (const link of links) expect(link.linkUrl).toMatch(/^https:\/\//);
  });

  it('is idempotent: running the seed again changes nothing, and admin edits survive', async () => {
    const file = fileURLToPath(new URL('../../../drizzle/0002_seed_tasks.sql', import.meta.url));
    await db().update(tasks).set({ title: 'Edited by an admin' }).where(eq(tasks.slug, 'visit-ziver-website'));
    await db().execute(sql.raw(readFileSync(file, 'utf8')));
    const rows = await db().select().from(tasks);
    expect(rows.filter((t) => t.slug === 'visit-ziver-website')[0]!.title).toBe('Edited by an admin');
    expect(new Set(rows.map((t) => t.slug)).size).toBe(rows.length);
    expect(rows.length).toBe(catalogue.size);
  });
});

describe('GET /api/tasks', () => {
  it('needs a session', async () => {
    expect((await server.get('/api/tasks')).status).toBe(401);
  });

  it('lists active tasks in sort order with progress per rule', async () => {
    const { token } = await insertUser(server, { dailyStreakCount: 2 });
    const res = await server.get('/api/tasks', token);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    const list = res.body as { id: string; kind: string }[];
    // The seeded channel task is left out: this test server has no bot to check membership.
    const seeded = [...catalogue.values()].filter(isOfferedWithoutBot).sort((a, b) => a.sortOrder - b.sortOrder);
    expect(list.map((t) => t.id)).toEqual(seeded.map((t) => t.id));

    const streak = res.body.find((t: { id: string }) => t.id === task('mining-streak-3').id);
    expect(streak).toEqual({
      id: task('mining-streak-3').id,
      title: 'Three days in a row',
      description: expect.any(String),
      link_url: null,
      zp_reward: 50,
      seb_reward: 10,
      kind: 'rule',
      is_completed: false,
      completed_at: null,
      progress: {
        percentage: 66,
        canComplete: false,
        completedCount: 0,
        totalCount: 1,
        progress: [
          {
            rule_type: 'mining_streak',
            isValid: false,
            message: 'Mining streak: 2/3 days (1 more needed)',
            expectedValue: 3,
            actualValue: 2,
          },
        ],
      },
    });
    const link = res.body.find((t: { kind: string }) => t.kind === 'link');
    expect(link).toMatchObject({
      link_url: expect.stringMatching(/^https:/),
      progress: { canComplete: true, percentage: 100, totalCount: 0 },
    });
  });
});

describe.each(TASK_RULE_TYPES)('rule %s', (ruleType) => {
  const { slug, threshold } = RULE_TASKS[ruleType];

  it(`refuses below the threshold with 'requirements not met'`, async () => {
    const { user, token } = await insertUser(server);
    await setStat(user.id, ruleType, threshold - 1);
    const id = task(slug).id;
    const progress = await server.get(`/api/tasks/${id}/progress`, token);
    expect(progress.body).toMatchObject({ success: true, taskId: id, is_completed: false, canComplete: false });
    expect(progress.body.progress.progress[0]).toMatchObject({
      rule_type: ruleType,
      isValid: false,
      expectedValue: threshold,
      actualValue: threshold - 1,
    });
    const res = await complete(id, token);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('requirements not met');
    expect(
      await db()
        .select()
        .from(taskCompletions)
        .where(and(eq(taskCompletions.userId, user.id), eq(taskCompletions.taskId, id))),
    ).toEqual([]);
  });

  for (const [label, delta] of [
    ['at', 0],
    ['above', 1],
  ] as const) {
    it(`completes ${label} the threshold and credits ZP and SEB once`, async () => {
      const { user, token } = await insertUser(server);
      await setStat(user.id, ruleType, threshold + delta);
      const row = task(slug);
      const validate = await server.post(`/api/tasks/${row.id}/validate`, {}, token);
      expect(validate.body).toMatchObject({ canComplete: true, progress: { percentage: 100 } });
      expect(validate.body.progress.progress[0]).toMatchObject({ isValid: true, actualValue: threshold + delta });

      const [before] = await db().select().from(users).where(eq(users.id, user.id));
      const res = await complete(row.id, token);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        message: expect.stringContaining('Task completed'),
        reward: { zp: Number(row.zpReward), seb: Number(row.sebReward), taskTitle: row.title },
        user: {
          id: user.id,
          zp_balance: Number(before!.zpBalance) + Number(row.zpReward),
          social_capital_score: Number(before!.socialCapitalScore) + Number(row.sebReward),
        },
      });
      const again = await complete(row.id, token);
      expect([again.status, again.body.message]).toEqual([409, TASK_MESSAGES.alreadyCompleted]);
      const entries = await db()
        .select()
        .from(transactions)
        .where(and(eq(transactions.userId, user.id), eq(transactions.type, 'task_reward')));
      expect(entries.map((e) => [e.currency, Number(e.amount), e.idempotencyKey]).sort()).toEqual([
        ['SEB', Number(row.sebReward), `task:${row.id}:${user.id}:SEB`],
        ['ZP', Number(row.zpReward), `task:${row.id}:${user.id}:ZP`],
      ]);
      expect(entries[0]!.metadata).toMatchObject({ taskTitle: row.title, taskId: row.id });
    });
  }
});

describe('multi-rule and link tasks', () => {
  it('counts each rule of a multi-rule task', async () => {
    const { user, token } = await insertUser(server);
    await setStat(user.id, 'mining_streak', 5);
    const id = task('committed-miner').id;
    const res = await server.get(`/api/tasks/${id}/progress`, token);
    expect(res.body.progress).toMatchObject({ canComplete: false, completedCount: 1, totalCount: 2, percentage: 50 });
    expect((await complete(id, token)).body.message).toMatch(
      /^Task requirements not met: Time mined: 0\/1,200 minutes/,
    );
  });

  it('completes a link task with no body (the client dialog is the confirmation), and records it', async () => {
    const { user, token } = await insertUser(server);
    const row = task('follow-ziver-on-x');
    const res = await server.request('POST', `/api/tasks/${row.id}/complete`, { token });
    expect(res.status).toBe(200);
    const [entry] = await db()
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, user.id), eq(transactions.currency, 'ZP')));
    expect(entry!.metadata).toMatchObject({ taskTitle: row.title, confirmedByUser: true, linkUrl: row.linkUrl });
    const list = await server.get('/api/tasks', token);
    expect(list.body.find((t: { id: string }) => t.id === row.id)).toMatchObject({
      is_completed: true,
      completed_at: expect.any(String),
    });
  });

  it('pays once under 20 concurrent completes', async () => {
    const { user, token } = await insertUser(server);
    const row = task('visit-ziver-website');
    const results = await Promise.all(Array.from({ length: 20 }, () => complete(row.id, token, { confirmed: true })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    const entries = await db().select().from(transactions).where(eq(transactions.userId, user.id));
    expect(entries).toHaveLength(2);
    const [after] = await db().select().from(users).where(eq(users.id, user.id));
    expect([Number(after!.zpBalance), Number(after!.socialCapitalScore)]).toEqual([
      Number(row.zpReward),
      Number(row.sebReward),
    ]);
    expect(await ledgerInvariantViolations(db())).toEqual([]);
  });

  it('answers 404 for malformed, unknown and retired ids on every task route, never 500', async () => {
    const { token } = await insertUser(server);
    const [retired] = await db()
      .insert(tasks)
      .values({
        slug: 'retired-one',
        title: 'Old',
        description: 'Old',
        kind: 'link',
        linkUrl: 'https://example.com',
        zpReward: 5,
        retiredAt: new Date(),
      })
      .returning();
    for (const id of ['nope', '123', '00000000-0000-4000-8000-000000000000', retired!.id, 'a.b', "x'y"]) {
      for (const res of [
        await complete(id, token, { confirmed: true }),
        await server.get(`/api/tasks/${id}/progress`, token),
        await server.post(`/api/tasks/${id}/validate`, {}, token),
      ]) {
        expect(res.status, `${id}`).toBeLessThan(500);
        expect([400, 404]).toContain(res.status);
      }
    }
    const res = await complete('00000000-0000-4000-8000-000000000000', token);
    expect([res.status, res.body.message]).toEqual([404, TASK_MESSAGES.notFound]);
  });
});

describe('user stats and validation status', () => {
  it('reports every stat and the task totals', async () => {
    const { user, token } = await insertUser(server, { dailyStreakCount: 3 });
    await setStat(user.id, 'mining_session_duration', 500);
    await setStat(user.id, 'referral_count', 2);
    await creditUser(server, user.id, { zp: 12.5, seb: 7 });
    expect((await complete(task('follow-ziver-on-x').id, token, { confirmed: true })).status).toBe(200);

    const res = await server.get('/api/tasks/user-stats', token);
    const zpReward = Number(task('follow-ziver-on-x').zpReward);
    expect(res.body).toEqual({
      success: true,
      mining_streak: 3,
      referral_count: 2,
      zp_balance: 12.5 + zpReward,
      tasks_completed: 1,
      social_capital_score: 7 + Number(task('follow-ziver-on-x').sebReward),
      mining_session_duration: 500,
      completedTasks: 1,
      totalTasks: [...catalogue.values()].filter(isOfferedWithoutBot).length,
      zpEarnedFromTasks: zpReward,
    });

    const status = await server.get('/api/tasks/validation-status', token);
    expect(status.body.success).toBe(true);
    expect(status.body.validationStatus[task('follow-ziver-on-x').id]).toEqual({
      canComplete: false,
      is_completed: true,
      percentage: 100,
    });
    expect(status.body.validationStatus[task('mining-streak-3').id]).toEqual({
      canComplete: true,
      is_completed: false,
      percentage: 100,
    });
    expect(status.body.validationStatus[task('mining-streak-7').id]).toEqual({
      canComplete: false,
      is_completed: false,
      percentage: 42,
    });
  });
});

describe('channel tasks', () => {
  async function channelTask() {
    const [row] = await db()
      .insert(tasks)
      .values({
        slug: `channel-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`,
        title: 'Join the news channel',
        description: 'Join',
        kind: 'channel',
        channel: '@ziver_news',
        zpReward: 20,
        sebReward: 2,
      })
      .returning();
    return row!;
  }

  it('is left out of the list, the stats and the checks while no membership checker is injected (bot off)', async () => {
    const row = await channelTask();
    const { user, token } = await insertUser(server, { telegramId: 9001n });
    const list = await server.get('/api/tasks', token);
    expect(list.body.find((t: { id: string }) => t.id === row.id)).toBeUndefined();
    const stats = await server.get('/api/tasks/user-stats', token);
    expect(stats.body.totalTasks).toBe(list.body.length);
    const status = await server.get('/api/tasks/validation-status', token);
    expect(status.body.validationStatus[row.id]).toBeUndefined();
    expect((await server.get(`/api/tasks/${row.id}/progress`, token)).status).toBe(404);
    const res = await complete(row.id, token);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('requirements not met');

    // One done while the bot was on stays in the list, as done.
    await db().insert(taskCompletions).values({ userId: user.id, taskId: row.id });
    const after = await server.get('/api/tasks', token);
    expect(after.body.find((t: { id: string }) => t.id === row.id)).toMatchObject({ is_completed: true });
    expect((await server.get('/api/tasks/user-stats', token)).body.totalTasks).toBe(after.body.length);
  });

  it('uses the injected checker: member completes, non-member and unlinked users do not', async () => {
    const row = await channelTask();
    const seen: unknown[] = [];
    const checker = async (input: { telegramId: bigint; channel: string }) => {
      seen.push(input);
      return input.telegramId === 9002n;
    };
    const member = await insertUser(server, { telegramId: 9002n });
    const outsider = await insertUser(server, { telegramId: 9003n });
    const unlinked = await insertUser(server);
    const run = (u: typeof member) =>
      completeTask(db(), {
        user: { id: u.user.id, telegramId: u.user.telegramId },
        taskId: row.id,
        checkChannelMembership: checker,
        invalidations: server.deps.invalidations,
      });

    await expect(run(outsider)).rejects.toThrow(/requirements not met: Join the channel/);
    await expect(run(unlinked)).rejects.toThrow(TASK_MESSAGES.channelNeedsTelegram);
    await expect(run(member)).resolves.toMatchObject({ reward: { zp: 20, seb: 2 } });
    expect(seen).toContainEqual(expect.objectContaining({ channel: '@ziver_news', telegramId: 9002n }));

    const failing = async () => {
      throw new Error('Bad Request: member list is inaccessible');
    };
    const other = await insertUser(server, { telegramId: 9004n });
    await expect(
      completeTask(db(), {
        user: { id: other.user.id, telegramId: 9004n },
        taskId: row.id,
        checkChannelMembership: failing,
        invalidations: server.deps.invalidations,
      }),
    ).rejects.toThrow(TASK_MESSAGES.channelCheckFailed);
  });
});

describe('admin task management', () => {
  const valid = {
    title: 'Mine for a week',
    description: 'Mine for 7 days in total',
    rules: [{ rule_type: 'mining_session_duration', expectedValue: 10080 }],
    zp_reward: 500,
    seb_reward: 100,
    sort_order: 500,
  };

  it('refuses non-admins with 403 on every admin route', async () => {
    const { token } = await insertUser(server);
    const id = task('mining-streak-3').id;
    expect((await server.post('/api/tasks', valid, token)).status).toBe(403);
    expect((await server.request('PUT', `/api/tasks/${id}`, { body: { title: 'x' }, token })).status).toBe(403);
    expect((await server.request('DELETE', `/api/tasks/${id}`, { token })).status).toBe(403);
    expect((await server.get('/api/tasks/admin', token)).status).toBe(403);
    expect((await server.post('/api/tasks', valid)).status).toBe(401);
    const [still] = await db().select().from(tasks).where(eq(tasks.id, id));
    expect(still!.retiredAt).toBeNull();
  });

  it('creates, edits and retires a task, keeping completions as history', async () => {
    const admin = await insertUser(server, { role: 'ADMIN' });
    const created = await server.post('/api/tasks', valid, admin.token);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      success: true,
      task: {
        ...valid,
        kind: 'rule',
        link_url: null,
        channel: null,
        retired_at: null,
        slug: expect.stringMatching(/^mine-for-a-week-[0-9a-f]{4}$/),
      },
    });
    const id = created.body.task.id as string;

    const user = await insertUser(server);
    await setStat(user.user.id, 'mining_session_duration', 10080);
    expect((await server.get('/api/tasks', user.token)).body.at(-1)).toMatchObject({
      id,
      progress: { canComplete: true },
    });

    const edited = await server.request('PUT', `/api/tasks/${id}`, {
      body: {
        title: 'Mine for a week!',
        rules: [{ rule_type: 'mining_session_duration', expectedValue: 5000 }],
        zp_reward: 450,
      },
      token: admin.token,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.task).toMatchObject({
      title: 'Mine for a week!',
      zp_reward: 450,
      rules: [{ expectedValue: 5000 }],
    });

    expect((await complete(id, user.token)).body.reward).toMatchObject({ zp: 450, taskTitle: 'Mine for a week!' });

    const retired = await server.request('DELETE', `/api/tasks/${id}`, { token: admin.token });
    expect(retired.status).toBe(200);
    expect(retired.body.task.retired_at).toEqual(expect.any(String));
    const again = await server.request('DELETE', `/api/tasks/${id}`, { token: admin.token });
    expect(again.body.task.retired_at).toBe(retired.body.task.retired_at);

    expect((await server.get('/api/tasks', user.token)).body.map((t: { id: string }) => t.id)).not.toContain(id);
    expect((await complete(id, admin.token)).status).toBe(404);
    expect(await db().select().from(taskCompletions).where(eq(taskCompletions.taskId, id))).toHaveLength(1);
    const stats = await server.get('/api/tasks/user-stats', user.token);
    expect(stats.body).toMatchObject({ tasks_completed: 1, completedTasks: 0, zpEarnedFromTasks: 450 });
    const all = await server.get('/api/tasks/admin', admin.token);
    expect(all.body.tasks.find((t: { id: string }) => t.id === id)).toMatchObject({ retired_at: expect.any(String) });
  });

  it('validates input: kinds, rules, links, slugs, ids', async () => {
    const admin = await insertUser(server, { role: 'ADMIN' });
    const bad: [unknown, number][] = [
      [{ ...valid, rules: [] }, 400],
      [{ ...valid, rules: [{ rule_type: 'karma', expectedValue: 1 }] }, 400],
      [{ ...valid, zp_reward: -5 }, 400],
      [{ ...valid, kind: 'link', rules: [], link_url: 'http://insecure.example.com' }, 400],
      [{ ...valid, kind: 'channel', rules: [] }, 400],
      [{ ...valid, slug: 'mining-streak-3' }, 409],
      ['not json', 400],
    ];
    for (const [body, status] of bad) {
      const res = await server.post('/api/tasks', body, admin.token);
      expect([res.status, JSON.stringify(body)]).toEqual([status, JSON.stringify(body)]);
    }
    const linkTask = task('visit-ziver-website').id;
    const unlink = await server.request('PUT', `/api/tasks/${linkTask}`, {
      body: { link_url: null },
      token: admin.token,
    });
    expect([unlink.status, unlink.body.message]).toEqual([400, 'A link task needs a link_url']);
    expect((await server.request('PUT', `/api/tasks/${linkTask}`, { body: {}, token: admin.token })).status).toBe(400);
    const slugClash = await server.request('PUT', `/api/tasks/${linkTask}`, {
      body: { slug: 'mining-streak-3' },
      token: admin.token,
    });
    expect(slugClash.status).toBe(409);
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000']) {
      expect(
        (await server.request('PUT', `/api/tasks/${id}`, { body: { title: 'x' }, token: admin.token })).status,
      ).toBe(404);
      expect((await server.request('DELETE', `/api/tasks/${id}`, { token: admin.token })).status).toBe(404);
    }
  });
});

describe('ledger invariant', () => {
  it('holds for every user after all of the above', async () => {
    expect(await ledgerInvariantViolations(db())).toEqual([]);
  });
});
