import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TASK_MESSAGES } from '@ziver/shared';
import { taskCompletions, tasks, transactions, users } from '../../platform/db/schema.js';
import { insertUser, ledgerInvariantViolations } from '../../testing/growth-factories.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';

/**
 * The "add Ziver to your home screen" task (kind home_screen, issue 40 item 4): created by an
 * operator, completed by the mini app's report of Telegram's home_screen_added (or
 * home_screen_checked with status 'added'), credited once.
 */
let server: TestServer;
let admin: { token: string };
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off' });
  admin = await insertUser(server, { role: 'ADMIN' });
});
afterAll(() => server.stop());

const db = () => server.database.db;
/** POST …/complete; `body` undefined sends none. */
const complete = (taskId: string, token: string, body?: unknown) =>
  server.request('POST', `/api/tasks/${taskId}/complete`, { body, token });

async function createHomeScreenTask(slug: string) {
  const created = await server.post(
    '/api/tasks',
    {
      slug,
      title: 'Add Ziver to your home screen',
      description: 'One tap from your phone’s home screen to your mining.',
      kind: 'home_screen',
      zp_reward: 150,
      seb_reward: 15,
      translations: { es: { title: 'Añade Ziver a tu pantalla de inicio' } },
    },
    admin.token,
  );
  expect(created.status).toBe(201);
  return created.body.task as { id: string };
}

async function stateOf(userId: string, taskId: string) {
  const entries = await db().select().from(transactions).where(eq(transactions.userId, userId));
  const completions = await db()
    .select()
    .from(taskCompletions)
    .where(and(eq(taskCompletions.userId, userId), eq(taskCompletions.taskId, taskId)));
  const [user] = await db().select().from(users).where(eq(users.id, userId));
  return {
    entries: entries.length,
    completions: completions.length,
    balances: [Number(user!.zpBalance), Number(user!.socialCapitalScore)],
  };
}

describe('the home-screen task', () => {
  it('is created like the other kinds and listed to users, ready, in their language', async () => {
    const task = await createHomeScreenTask('home-screen-listed');
    const listed = await server.get('/api/tasks/admin', admin.token);
    expect(listed.body.tasks.find((t: { id: string }) => t.id === task.id)).toMatchObject({
      kind: 'home_screen',
      link_url: null,
      channel: null,
      rules: [],
    });
    const { token } = await insertUser(server, { language: 'es' });
    const mine = await server.get('/api/tasks', token);
    expect(mine.status).toBe(200);
    expect(mine.body.find((t: { id: string }) => t.id === task.id)).toMatchObject({
      title: 'Añade Ziver a tu pantalla de inicio',
      kind: 'home_screen',
      is_completed: false,
      progress: { canComplete: true, percentage: 100 },
    });
  });

  it('refuses a completion without the report, and a report for a task of another kind: 400, nothing changed', async () => {
    const task = await createHomeScreenTask('home-screen-refusals');
    const [link] = await db()
      .insert(tasks)
      .values({
        slug: 'home-screen-other-kind',
        title: 'Visit',
        description: 'Visit',
        kind: 'link',
        linkUrl: 'https://example.com',
        zpReward: 20,
      })
      .returning();
    const { user, token } = await insertUser(server);

    for (const body of [undefined, {}, { confirmed: true }]) {
      const res = await complete(task.id, token, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'BAD_REQUEST',
        messageKey: 'tasks.homeScreenNotReported',
        message: TASK_MESSAGES.homeScreenNotReported,
      });
    }
    for (const homeScreenEvent of ['home_screen_added', 'home_screen_checked']) {
      const res = await complete(link!.id, token, { homeScreenEvent });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'BAD_REQUEST', messageKey: 'tasks.notHomeScreenTask' });
    }
    for (const homeScreenEvent of ['home_screen_failed', 'added', '', 1, null]) {
      const res = await complete(task.id, token, { homeScreenEvent });
      expect(res.status, JSON.stringify(homeScreenEvent)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await complete(task.id, '', { homeScreenEvent: 'home_screen_added' })).status).toBe(401);
    expect(await stateOf(user.id, task.id)).toEqual({ entries: 0, completions: 0, balances: [0, 0] });
    expect(await stateOf(user.id, link!.id)).toEqual({ entries: 0, completions: 0, balances: [0, 0] });
  });

  it('credits the reward exactly once under 20 concurrent reports, and records which event', async () => {
    const task = await createHomeScreenTask('home-screen-race');
    const { user, token } = await insertUser(server);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        complete(task.id, token, { homeScreenEvent: i % 2 ? 'home_screen_checked' : 'home_screen_added' }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).map((r) => r.body.messageKey)).toEqual(
      Array.from({ length: 19 }, () => 'tasks.alreadyCompleted'),
    );
    const winner = results.find((r) => r.status === 200)!;
    expect(winner.body).toMatchObject({ reward: { zp: 150, seb: 15 }, user: { zp_balance: 150 } });
    expect(await stateOf(user.id, task.id)).toEqual({ entries: 2, completions: 1, balances: [150, 15] });
    const entries = await db().select().from(transactions).where(eq(transactions.userId, user.id));
    const event = (entries[0]!.metadata as { reportedEvent: string }).reportedEvent;
    expect(['home_screen_added', 'home_screen_checked']).toContain(event);
    expect(entries.map((e) => (e.metadata as { reportedEvent: string }).reportedEvent)).toEqual([event, event]);

    // Later reports (the app reopened on a phone where Ziver is on the home screen) pay nothing.
    const again = await complete(task.id, token, { homeScreenEvent: 'home_screen_checked' });
    expect(again.status).toBe(409);
    expect(await stateOf(user.id, task.id)).toEqual({ entries: 2, completions: 1, balances: [150, 15] });
    const listed = await server.get('/api/tasks', token);
    expect(listed.body.find((t: { id: string }) => t.id === task.id)).toMatchObject({ is_completed: true });
    expect(await ledgerInvariantViolations(db())).toEqual([]);
  });
});
