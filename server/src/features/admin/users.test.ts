import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  ADMIN_MESSAGES,
  adminUserDetailResponseSchema,
  adminUsersResponseSchema,
  IDENTITY_MESSAGES,
  SUSPENSION_REASON_MAX,
} from '@ziver/shared';
import { adminAuditLog, users } from '../../platform/db/schema.js';
import { registerUser } from '../../testing/factories.js';
import { creditUser, insertUser, ledgerInvariantViolations } from '../../testing/growth-factories.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';

let server: TestServer;
let admin: Awaited<ReturnType<typeof insertUser>>;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off', CONTRACT_CHECK: 'strict' });
  admin = await insertUser(server, { role: 'ADMIN' });
});
afterAll(() => server.stop());

const search = (q: string) => server.get(`/api/admin/users?q=${encodeURIComponent(q)}`, admin.token);
const audits = (userId: string) =>
  server.database.db
    .select({ action: adminAuditLog.action, before: adminAuditLog.before, after: adminAuditLog.after })
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.targetType, 'user'), eq(adminAuditLog.targetId, userId)))
    .orderBy(adminAuditLog.id);

describe('GET /api/admin/users', () => {
  it('finds a user by username, email, Telegram username, Telegram id and id', async () => {
    const telegramId = BigInt(7_000_000_000 + Math.floor(Math.random() * 1e6));
    const { user } = await insertUser(server, { telegramId, telegramUsername: `tg_find_${telegramId}` });
    for (const q of [user.username.toUpperCase(), user.email!, `@tg_find_${telegramId}`, String(telegramId), user.id]) {
      const res = await search(q);
      expect([q, res.status]).toEqual([q, 200]);
      const found = adminUsersResponseSchema.parse(res.body).users;
      expect([q, found.map((u) => u.id)]).toEqual([q, [user.id]]);
    }
    expect(adminUsersResponseSchema.parse((await search(user.username)).body).users[0]).toMatchObject({
      telegram_id: String(telegramId),
      role: 'USER',
      suspended_at: null,
      zp_balance: 0,
    });
    const empty = await server.get('/api/admin/users?q=', admin.token);
    expect([empty.status, empty.body.message]).toEqual([400, ADMIN_MESSAGES.searchRequired]);
  });
});

describe("a user's page", () => {
  it('shows balances, 2FA state, ledger, referrals and sessions, and never a secret', async () => {
    const referrer = await registerUser(server);
    await registerUser(server, { referralCode: referrer.user.referral_code });
    const res = await server.get(`/api/admin/users/${referrer.user.id}`, admin.token);
    expect(res.status).toBe(200);
    const page = adminUserDetailResponseSchema.parse(res.body);
    expect(page.user).toMatchObject({ id: referrer.user.id, two_factor_enabled: false });
    expect(page.referrals).toHaveLength(1);
    expect(page.sessions.length).toBeGreaterThanOrEqual(1);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, referrer.user.id));
    const sent = JSON.stringify(res.body);
    expect(sent).not.toContain(row!.passwordHash!);
    expect(sent).not.toMatch(/password_hash|two_factor_secret|"token"/);
    const missing = await server.get('/api/admin/users/00000000-0000-4000-8000-000000000000', admin.token);
    expect([missing.status, missing.body.message]).toEqual([404, 'User not found']);
  });
});

describe('role, suspension and adjustments', () => {
  it('changes a role with an audit entry, but not the admin’s own', async () => {
    const { user } = await insertUser(server);
    const res = await server.request('PUT', `/api/admin/users/${user.id}/role`, {
      body: { role: 'TESTER' },
      token: admin.token,
    });
    expect([res.status, res.body.message, res.body.user.role]).toEqual([200, 'Role changed', 'TESTER']);
    const bad = await server.request('PUT', `/api/admin/users/${user.id}/role`, {
      body: { role: 'ROOT' },
      token: admin.token,
    });
    expect([bad.status, bad.body.message]).toEqual([400, ADMIN_MESSAGES.invalidRole]);
    const self = await server.request('PUT', `/api/admin/users/${admin.user.id}/role`, {
      body: { role: 'USER' },
      token: admin.token,
    });
    expect([self.status, self.body.message]).toEqual([403, ADMIN_MESSAGES.notOnYourself]);
    expect(await audits(user.id)).toEqual([
      { action: 'user.role', before: { role: 'USER' }, after: { role: 'TESTER' } },
    ]);
  });

  it('suspends: sessions end at once, sign-in is refused with a clear message; reactivating lets them in', async () => {
    const account = await registerUser(server);
    expect((await server.get('/api/auth/me', account.token)).status).toBe(200);
    const res = await server.post(
      `/api/admin/users/${account.user.id}/suspend`,
      { reason: '  Spamming the referral link  ' },
      admin.token,
    );
    expect([res.status, res.body.message]).toEqual([200, 'User suspended; their sessions were ended']);
    expect(res.body.user.suspended_at).toEqual(expect.any(String));
    expect(res.body.user.suspension_reason).toBe('Spamming the referral link');
    expect(res.body.sessions.every((s: { revoked_at: string | null }) => s.revoked_at !== null)).toBe(true);
    // The app still open says why it was signed out: suspended, not expired (still 401: sign out).
    for (const path of ['/api/auth/me', '/api/mining/status', '/api/user/verify-token']) {
      const open = await server.get(path, account.token);
      expect([path, open.status, open.body.code, open.body.messageKey, open.body.message]).toEqual([
        path,
        401,
        'SESSION_EXPIRED',
        'identity.accountSuspended',
        IDENTITY_MESSAGES.accountSuspended,
      ]);
    }
    const claim = await server.request('POST', '/api/mining/claim', { token: account.token });
    expect([claim.status, claim.body.messageKey]).toEqual([401, 'identity.accountSuspended']);
    const login = await server.post('/api/auth/login', { email: account.email, password: account.password });
    expect([login.status, login.body.code, login.body.message]).toEqual([
      403,
      'ACCOUNT_SUSPENDED',
      IDENTITY_MESSAGES.accountSuspended,
    ]);
    const back = await server.post(`/api/admin/users/${account.user.id}/reactivate`, {}, admin.token);
    expect([back.status, back.body.user.suspended_at, back.body.user.suspension_reason]).toEqual([200, null, null]);
    const again = await server.post('/api/auth/login', { email: account.email, password: account.password });
    expect(again.status).toBe(200);
    // Reactivated, the old (ended) session is an expired one again.
    const old = await server.get('/api/auth/me', account.token);
    expect([old.status, old.body.messageKey]).toEqual([401, 'server.sessionExpired']);
    expect((await audits(account.user.id)).map((a) => a.action)).toEqual(['user.suspend', 'user.reactivate']);
    expect((await audits(account.user.id))[0]!.after).toEqual({
      suspended: true,
      reason: 'Spamming the referral link',
      revokedSessions: 1,
    });
  });

  it('refuses a suspension without a reason (or a blank or too long one) and changes nothing', async () => {
    const account = await registerUser(server);
    const url = `/api/admin/users/${account.user.id}/suspend`;
    for (const [body, message] of [
      [undefined, ADMIN_MESSAGES.suspensionReasonRequired],
      [{}, ADMIN_MESSAGES.suspensionReasonRequired],
      [{ reason: '   ' }, ADMIN_MESSAGES.suspensionReasonRequired],
      [{ reason: 42 }, ADMIN_MESSAGES.suspensionReasonRequired],
      [{ reason: 'x'.repeat(SUSPENSION_REASON_MAX + 1) }, ADMIN_MESSAGES.suspensionReasonTooLong],
    ] as const) {
      const res = await server.request('POST', url, { body, token: admin.token });
      expect([JSON.stringify(body), res.status, res.body.code, res.body.message]).toEqual([
        JSON.stringify(body),
        400,
        'VALIDATION_FAILED',
        message,
      ]);
    }
    const [row] = await server.database.db.select().from(users).where(eq(users.id, account.user.id));
    expect([row!.suspendedAt, row!.suspensionReason]).toEqual([null, null]);
    expect(await audits(account.user.id)).toEqual([]);
    expect((await server.get('/api/auth/me', account.token)).status).toBe(200);
    const longest = await server.post(url, { reason: 'y'.repeat(SUSPENSION_REASON_MAX) }, admin.token);
    expect([longest.status, longest.body.user.suspension_reason]).toEqual([200, 'y'.repeat(SUSPENSION_REASON_MAX)]);
  });

  it('suspending again keeps the first date and reason; the audit entry records each reason', async () => {
    const { user } = await insertUser(server);
    const url = `/api/admin/users/${user.id}/suspend`;
    const first = await server.post(url, { reason: 'First reason' }, admin.token);
    const second = await server.post(url, { reason: 'Second reason' }, admin.token);
    expect(second.body.user).toMatchObject({
      suspended_at: first.body.user.suspended_at,
      suspension_reason: 'First reason',
    });
    expect((await audits(user.id)).map((a) => (a.after as { reason: string }).reason)).toEqual([
      'First reason',
      'Second reason',
    ]);
  });

  it('adjusts a balance by a ledger entry with a reason and refuses going below zero', async () => {
    const { user } = await insertUser(server);
    await creditUser(server, user.id, { zp: 10 });
    const url = `/api/admin/users/${user.id}/adjustments`;
    const credit = await server.post(url, { currency: 'SEB', amount: 2.5, reason: 'Support ticket #12' }, admin.token);
    expect([credit.status, credit.body.message]).toEqual([200, 'Balance adjusted']);
    expect(credit.body.transactions[0]).toMatchObject({
      type: 'admin_adjustment',
      currency: 'SEB',
      amount: 2.5,
      description: 'Support ticket #12',
    });
    const debit = await server.post(url, { currency: 'ZP', amount: -4, reason: 'Duplicate reward' }, admin.token);
    expect(debit.body.user.zp_balance).toBe(6);
    const tooMuch = await server.post(url, { currency: 'ZP', amount: -6.0001, reason: 'Too much' }, admin.token);
    expect([tooMuch.status, tooMuch.body.message]).toEqual([409, ADMIN_MESSAGES.adjustmentNegative]);
    for (const body of [
      { currency: 'ZP', amount: 0, reason: 'x' },
      { currency: 'ZP', amount: 1, reason: '  ' },
      { currency: 'BTC', amount: 1, reason: 'x' },
      { currency: 'ZP', amount: 'lots', reason: 'x' },
    ]) {
      expect([JSON.stringify(body), (await server.post(url, body, admin.token)).status]).toEqual([
        JSON.stringify(body),
        400,
      ]);
    }
    const [row] = await server.database.db.select().from(users).where(eq(users.id, user.id));
    expect([row!.zpBalance, row!.socialCapitalScore]).toEqual([6, 2.5]);
    expect((await audits(user.id)).map((a) => a.action)).toEqual(['user.adjust', 'user.adjust']);
    expect(await ledgerInvariantViolations(server.database.db)).toEqual([]);
  });
});
