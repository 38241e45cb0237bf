import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  ADMIN_MESSAGES,
  adminFeedbackListResponseSchema,
  adminFeedbackResponseSchema,
  auditLogResponseSchema,
  CONTRACT,
  feedbackHistoryResponseSchema,
  fillPath,
  keyedMessage,
} from '@ziver/shared';
import { adminAuditLog, feedback, transactions, users } from '../../platform/db/schema.js';
import { insertUser, ledgerInvariantViolations } from '../../testing/growth-factories.js';
import { buildPng } from '../../testing/images.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';

let server: TestServer;
let admin: Awaited<ReturnType<typeof insertUser>>;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off', CONTRACT_CHECK: 'strict' });
  admin = await insertUser(server, { role: 'ADMIN' });
});
afterAll(() => server.stop());

/** A feedback written straight to the table (the API's own path is tested in features/feedback). */
async function insertFeedback(userId: string, overrides: Partial<typeof feedback.$inferInsert> = {}) {
  const [row] = await server.database.db
    .insert(feedback)
    .values({ userId, type: 'bug', priority: 'high', title: 'Claim button', message: 'Hard to see', ...overrides })
    .returning();
  return row!;
}

const put = (path: string, body: unknown, token: string) => server.request('PUT', path, { body, token });

describe('/api/admin/* access', () => {
  const adminEndpoints = Object.entries(CONTRACT).filter(([, e]) => e.access === 'admin');

  it('answers 403 to a USER and a TESTER, and 401 signed out, on every admin endpoint', async () => {
    const user = await insertUser(server);
    const tester = await insertUser(server, { role: 'TESTER' });
    const target = await insertFeedback(user.user.id);
    expect(adminEndpoints.length).toBeGreaterThanOrEqual(4);
    for (const [id, e] of adminEndpoints) {
      const path = `/api${fillPath(e.path, { id: target.id })}`;
      const body = e.method === 'GET' ? undefined : { status: 'resolved', zp: 1 };
      for (const token of [user.token, tester.token]) {
        const res = await server.request(e.method, path, { body, token });
        expect([id, res.status, res.body]).toEqual([
          id,
          403,
          { success: false, code: 'FORBIDDEN', ...keyedMessage('server.forbidden') },
        ]);
      }
      expect([id, (await server.request(e.method, path, { body })).status]).toEqual([id, 401]);
    }
    const [row] = await server.database.db.select().from(feedback).where(eq(feedback.id, target.id));
    expect([row!.status, row!.rewardedAt]).toEqual(['new', null]);
  });
});

describe('GET /api/admin/feedback', () => {
  it("lists every user's feedback with its author and attachments, filtered by type, priority and status", async () => {
    const author = await insertUser(server);
    const png = await buildPng();
    const form = new FormData();
    for (const [k, v] of Object.entries({ title: 'With image', message: 'See', type: 'suggestion', priority: 'low' }))
      form.append(k, v);
    form.append('attachments', new Blob([png], { type: 'image/png' }), 'shot.png');
    const created = await fetch(`${server.url}/api/feedback`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${author.token}` },
    });
    expect(created.status).toBe(201);
    const {
      feedback: { id },
    } = (await created.json()) as { feedback: { id: string } };
    await insertFeedback(author.user.id, { type: 'complaint', priority: 'medium', status: 'resolved' });

    const all = await server.get('/api/admin/feedback', admin.token);
    expect(all.status).toBe(200);
    const listed = adminFeedbackListResponseSchema.parse(all.body).feedback.find((f) => f.id === id)!;
    expect(listed.user).toEqual({ id: author.user.id, username: author.user.username });
    expect(listed.attachments).toHaveLength(1);
    const image = await fetch(`${server.url}${listed.attachments[0]!.url}`);
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/png']);

    const filtered = await server.get(
      '/api/admin/feedback?type=complaint&priority=medium&status=resolved',
      admin.token,
    );
    const rows = adminFeedbackListResponseSchema.parse(filtered.body).feedback;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((f) => f.type === 'complaint' && f.priority === 'medium' && f.status === 'resolved')).toBe(true);
    expect(rows.some((f) => f.id === id)).toBe(false);
  });

  it('refuses an unknown filter value with 400', async () => {
    const res = await server.get('/api/admin/feedback?status=archived', admin.token);
    expect([res.status, res.body.code, res.body.message]).toEqual([
      400,
      'VALIDATION_FAILED',
      ADMIN_MESSAGES.invalidFilter,
    ]);
  });
});

describe('PUT /api/admin/feedback/{id}', () => {
  it('sets the status and a reply the author sees in their history, with an audit entry', async () => {
    const author = await insertUser(server);
    const row = await insertFeedback(author.user.id);
    const res = await put(
      `/api/admin/feedback/${row.id}`,
      { status: 'resolved', reply: 'Fixed in 1.2, thanks!' },
      admin.token,
    );
    expect(res.status).toBe(200);
    expect(adminFeedbackResponseSchema.parse(res.body)).toMatchObject({
      message: 'Feedback updated',
      feedback: { status: 'resolved', admin_reply: 'Fixed in 1.2, thanks!' },
    });
    const history = feedbackHistoryResponseSchema.parse((await server.get('/api/feedback/user', author.token)).body);
    expect(history.feedback[0]).toMatchObject({ id: row.id, status: 'resolved', admin_reply: 'Fixed in 1.2, thanks!' });

    const [entry] = await server.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetId, row.id), eq(adminAuditLog.action, 'feedback.update')));
    expect(entry).toMatchObject({
      adminId: admin.user.id,
      targetType: 'feedback',
      before: { status: 'new', reply: null },
      after: { status: 'resolved', reply: 'Fixed in 1.2, thanks!' },
    });
  });

  it('refuses a bad status, a too long reply and an unknown id, changing nothing', async () => {
    const row = await insertFeedback(admin.user.id);
    const bad = await put(`/api/admin/feedback/${row.id}`, { status: 'archived' }, admin.token);
    expect([bad.status, bad.body.message]).toEqual([400, ADMIN_MESSAGES.invalidStatus]);
    const long = await put(
      `/api/admin/feedback/${row.id}`,
      { status: 'resolved', reply: 'x'.repeat(2001) },
      admin.token,
    );
    expect([long.status, long.body.message]).toEqual([400, ADMIN_MESSAGES.replyTooLong]);
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const missing = await put(`/api/admin/feedback/${id}`, { status: 'resolved' }, admin.token);
      expect([missing.status, missing.body.message]).toEqual([404, 'Feedback not found']);
    }
    const [after] = await server.database.db.select().from(feedback).where(eq(feedback.id, row.id));
    expect(after!.status).toBe('new');
  });
});

describe('POST /api/admin/feedback/{id}/reward', () => {
  it('pays ZP and SEB as feedback_reward entries once, and refuses a second reward with 409', async () => {
    const author = await insertUser(server);
    const row = await insertFeedback(author.user.id);
    const res = await server.post(`/api/admin/feedback/${row.id}/reward`, { zp: 50, seb: 2.5 }, admin.token);
    expect(res.status).toBe(200);
    expect(adminFeedbackResponseSchema.parse(res.body)).toMatchObject({
      message: 'Reward sent',
      feedback: { reward_zp: 50, reward_seb: 2.5, rewarded_at: expect.any(String) },
    });
    const again = await server.post(`/api/admin/feedback/${row.id}/reward`, { zp: 50 }, admin.token);
    expect([again.status, again.body.code, again.body.message]).toEqual([
      409,
      'CONFLICT',
      'This feedback has already been rewarded',
    ]);
    const entries = await server.database.db
      .select({
        type: transactions.type,
        currency: transactions.currency,
        amount: transactions.amount,
        key: transactions.idempotencyKey,
      })
      .from(transactions)
      .where(eq(transactions.userId, author.user.id));
    expect(entries.sort((a, b) => a.currency.localeCompare(b.currency))).toEqual([
      { type: 'feedback_reward', currency: 'SEB', amount: 2.5, key: `feedback:${row.id}:SEB` },
      { type: 'feedback_reward', currency: 'ZP', amount: 50, key: `feedback:${row.id}:ZP` },
    ]);
    const [balances] = await server.database.db.select().from(users).where(eq(users.id, author.user.id));
    expect([balances!.zpBalance, balances!.socialCapitalScore]).toEqual([50, 2.5]);
  });

  it('pays exactly once under 10 concurrent rewards', async () => {
    const author = await insertUser(server);
    const row = await insertFeedback(author.user.id);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        server.post(`/api/admin/feedback/${row.id}/reward`, { zp: 10, seb: 1 }, admin.token),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    const [totals] = await server.database.db
      .select({ n: sql<number>`count(*)::int`, zp: users.zpBalance, seb: users.socialCapitalScore })
      .from(users)
      .leftJoin(transactions, eq(transactions.userId, users.id))
      .where(eq(users.id, author.user.id))
      .groupBy(users.id);
    expect(totals).toEqual({ n: 2, zp: 10, seb: 1 });
    const audits = await server.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetId, row.id), eq(adminAuditLog.action, 'feedback.reward')));
    expect(audits).toHaveLength(1);
    expect(await ledgerInvariantViolations(server.database.db)).toEqual([]);
  });

  it('refuses an empty, negative or oversized reward with 400, paying nothing', async () => {
    const row = await insertFeedback(admin.user.id);
    for (const [body, message] of [
      [{}, ADMIN_MESSAGES.rewardRequired],
      [{ zp: 0, seb: 0 }, ADMIN_MESSAGES.rewardRequired],
      [{ zp: -5 }, ADMIN_MESSAGES.rewardInvalid],
      [{ zp: 'lots' }, ADMIN_MESSAGES.rewardInvalid],
      [{ seb: 1e9 }, ADMIN_MESSAGES.rewardInvalid],
    ] as const) {
      const res = await server.post(`/api/admin/feedback/${row.id}/reward`, body, admin.token);
      expect([JSON.stringify(body), res.status, res.body.message]).toEqual([JSON.stringify(body), 400, message]);
    }
    const [after] = await server.database.db.select().from(feedback).where(eq(feedback.id, row.id));
    expect(after!.rewardedAt).toBeNull();
  });
});

describe('GET /api/admin/audit-log', () => {
  it('pages the admin actions newest first, with who did them', async () => {
    const row = await insertFeedback(admin.user.id);
    await put(`/api/admin/feedback/${row.id}`, { status: 'reviewing' }, admin.token);
    const res = await server.get('/api/admin/audit-log?page=1&limit=1', admin.token);
    const page = auditLogResponseSchema.parse(res.body);
    expect(page.entries).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect(page.entries[0]).toMatchObject({
      admin: { id: admin.user.id, username: admin.user.username },
      action: 'feedback.update',
      target_type: 'feedback',
      target_id: row.id,
      after: { status: 'reviewing', reply: null },
    });
    const bad = await server.get('/api/admin/audit-log?limit=1000', admin.token);
    expect(bad.status).toBe(400);
  });

  it('is append-only: the database refuses UPDATE and DELETE of an entry', async () => {
    const db = server.database.db;
    const failure = (query: Promise<unknown>) =>
      query.then(
        () => 'allowed',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    const before = await db.select().from(adminAuditLog);
    expect(before.length).toBeGreaterThan(0);
    expect(await failure(db.execute(sql`update admin_audit_log set action = 'x'`))).toMatch(/append-only \(UPDATE/);
    expect(await failure(db.execute(sql`delete from admin_audit_log`))).toMatch(/append-only \(DELETE/);
    expect(await failure(db.execute(sql`truncate admin_audit_log`))).toMatch(/append-only \(TRUNCATE/);
    expect(await db.select().from(adminAuditLog)).toEqual(before);
  });
});
