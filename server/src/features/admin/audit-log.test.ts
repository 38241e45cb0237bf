import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, auditLogResponseSchema, type AuditLogResponse } from '@ziver/shared';
import { feedback } from '../../platform/db/schema.js';
import { insertUser } from '../../testing/growth-factories.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';

/**
 * GET /api/admin/audit-log (issue 29): usernames of the actor and of the user an action was
 * about, and the filters by actor, action, target and UTC days, with paging over the filtered
 * rows. Every actor here is new, so the filters are checked on exactly the rows this file wrote.
 */
let server: TestServer;
type Account = Awaited<ReturnType<typeof insertUser>>;
let alice: Account; // admin
let bruno: Account; // admin
let carol: Account; // user
let dmitri: Account; // user
let feedbackId: string;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off', CONTRACT_CHECK: 'strict' });
  alice = await insertUser(server, { role: 'ADMIN' });
  bruno = await insertUser(server, { role: 'ADMIN' });
  carol = await insertUser(server);
  dmitri = await insertUser(server);
  const ok = async (res: Promise<{ status: number }>) => expect((await res).status).toBe(200);
  await ok(
    server.request('PUT', `/api/admin/users/${carol.user.id}/role`, { body: { role: 'TESTER' }, token: alice.token }),
  );
  await ok(
    server.post(
      `/api/admin/users/${carol.user.id}/adjustments`,
      { currency: 'ZP', amount: 500, reason: 'Welcome' },
      alice.token,
    ),
  );
  await ok(server.post(`/api/admin/users/${dmitri.user.id}/suspend`, { reason: 'Spam' }, bruno.token));
  const [row] = await server.database.db
    .insert(feedback)
    .values({ userId: dmitri.user.id, type: 'bug', priority: 'high', title: 'Claim', message: 'Hard to see' })
    .returning();
  feedbackId = row!.id;
  await ok(server.post(`/api/admin/feedback/${feedbackId}/reward`, { zp: 25 }, alice.token));
});
afterAll(() => server.stop());

async function log(query: Record<string, string>): Promise<AuditLogResponse> {
  const res = await server.get(`/api/admin/audit-log?${new URLSearchParams(query)}`, alice.token);
  expect([JSON.stringify(query), res.status]).toEqual([JSON.stringify(query), 200]);
  return auditLogResponseSchema.parse(res.body);
}
const actions = (page: AuditLogResponse) => page.entries.map((e) => e.action);
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe('GET /api/admin/audit-log: usernames and filters', () => {
  it('names the actor and the user each action was about (a feedback by its author)', async () => {
    const page = await log({ actor: alice.user.username });
    expect(page.total).toBe(3);
    expect(page.entries.map((e) => [e.action, e.admin.username, e.target_user?.username])).toEqual([
      ['feedback.reward', alice.user.username, dmitri.user.username],
      ['user.adjust', alice.user.username, carol.user.username],
      ['user.role', alice.user.username, carol.user.username],
    ]);
    expect(page.entries[0]).toMatchObject({ target_type: 'feedback', target_id: feedbackId });
    expect(page.entries[2]).toMatchObject({ target_user: { id: carol.user.id }, before: { role: 'USER' } });
  });

  it('filters by actor (username any case with or without @, or id), action and target', async () => {
    expect(actions(await log({ actor: `@${alice.user.username.toUpperCase()}` }))).toHaveLength(3);
    expect(actions(await log({ actor: bruno.user.id }))).toEqual(['user.suspend']);
    expect(actions(await log({ actor: alice.user.id, action: 'user.adjust' }))).toEqual(['user.adjust']);
    expect(actions(await log({ target: carol.user.username }))).toEqual(['user.adjust', 'user.role']);
    expect(actions(await log({ target: dmitri.user.username }))).toEqual(['feedback.reward', 'user.suspend']);
    expect(actions(await log({ target: dmitri.user.id, action: 'user.suspend' }))).toEqual(['user.suspend']);
    expect(actions(await log({ target: feedbackId }))).toEqual(['feedback.reward']);
    const nobody = await log({ actor: 'no_such_admin_here' });
    expect([nobody.total, nobody.entries]).toEqual([0, []]);
  });

  it('filters by UTC days, both ends included, and pages the filtered rows', async () => {
    expect((await log({ actor: alice.user.id, from: day(0), to: day(0) })).total).toBe(3);
    expect((await log({ actor: alice.user.id, from: day(-1) })).total).toBe(3);
    expect((await log({ actor: alice.user.id, from: day(1) })).total).toBe(0);
    expect((await log({ actor: alice.user.id, to: day(-1) })).total).toBe(0);
    const second = await log({ actor: alice.user.id, limit: '1', page: '2' });
    expect([second.total, second.page, second.limit, actions(second)]).toEqual([3, 2, 1, ['user.adjust']]);
  });

  it('refuses bad filters with 400 and the reason', async () => {
    for (const [query, message] of [
      ['action=user.delete', ADMIN_MESSAGES.invalidFilter],
      ['from=2026-02-30', ADMIN_MESSAGES.auditDateInvalid],
      ['to=2026-13-45', ADMIN_MESSAGES.auditDateInvalid],
      ['from=yesterday', ADMIN_MESSAGES.auditDateInvalid],
      ['from=2026-03-02&to=2026-03-01', ADMIN_MESSAGES.auditDateOrder],
      ['actor=', ADMIN_MESSAGES.auditPersonInvalid],
      ['target=%20%20', ADMIN_MESSAGES.auditPersonInvalid],
      ['actor=a&actor=b', ADMIN_MESSAGES.auditPersonInvalid],
      [`target=${'x'.repeat(101)}`, ADMIN_MESSAGES.auditPersonInvalid],
    ] as const) {
      const res = await server.get(`/api/admin/audit-log?${query}`, alice.token);
      expect([query, res.status, res.body.code, res.body.message]).toEqual([query, 400, 'VALIDATION_FAILED', message]);
    }
  });

  it('records every CSV export (users with the filter, wallets) with the number of rows', async () => {
    const erin = await insertUser(server, { role: 'ADMIN' });
    const users = await fetch(`${server.url}/api/admin/users/export?role=ADMIN`, {
      headers: { Authorization: `Bearer ${erin.token}` },
    });
    expect(users.status).toBe(200);
    const userLines = (await users.text()).trim().split('\r\n').length - 1;
    const wallets = await fetch(`${server.url}/api/admin/wallets/export`, {
      headers: { Authorization: `Bearer ${erin.token}` },
    });
    expect(wallets.status).toBe(200);
    const page = await log({ actor: erin.user.id });
    expect(page.entries.map((e) => [e.action, e.target_type, e.target_id, e.after])).toEqual([
      ['wallets.export', 'export', null, { rows: 0 }],
      ['users.export', 'export', null, { rows: userLines, filter: { role: 'ADMIN', sort: 'joined', dir: 'desc' } }],
    ]);
  });
});
