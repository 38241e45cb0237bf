import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  ADMIN_MESSAGES,
  adminSystemResponseSchema,
  dailyLoginRewardResponseSchema,
  DAILY_LOGIN_SEB,
  DAILY_LOGIN_ZP,
  keyedMessage,
} from '@ziver/shared';
import { adminAuditLog, transactions } from '../../platform/db/schema.js';
import { insertUser } from '../../testing/growth-factories.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';

let server: TestServer;
let admin: Awaited<ReturnType<typeof insertUser>>;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off', CONTRACT_CHECK: 'strict' });
  admin = await insertUser(server, { role: 'ADMIN' });
});
afterAll(() => server.stop());

const auditOf = (action: 'system.lockdown' | 'system.mining' | 'system.daily_login') =>
  server.database.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.action, action), eq(adminAuditLog.adminId, admin.user.id)));

describe('system settings from the console', () => {
  it('reads the defaults: lockdown off, the configured mining settings, 5 ZP and 1 SEB a day', async () => {
    const res = await server.get('/api/admin/system', admin.token);
    expect(res.status).toBe(200);
    expect(adminSystemResponseSchema.parse(res.body)).toEqual({
      success: true,
      lockdown: { enabled: false, message: null, translations: {}, updatedAt: null },
      mining: { MINING_CYCLE_HOURS: server.config.mining.cycleHours, MINING_REWARD: server.config.mining.reward },
      dailyLogin: { zp: DAILY_LOGIN_ZP, seb: DAILY_LOGIN_SEB },
      mail: {
        enabled: false,
        transport: `.eml files in ${server.config.mail.dir}`,
        from: 'Ziver <no-reply@ziver.local>',
      },
      push: {
        enabled: false,
        keys: 'generated, kept in DATA_DIR/vapid-keys.json',
        publicKey: server.config.push.vapid.publicKey,
        devices: 0,
      },
      outbox: [
        ['telegram', 'mining_ready'],
        ['telegram', 'announcement'],
        ['telegram', 'password_reset'],
        ['email', 'mining_ready'],
        ['email', 'mail'],
        ['email', 'announcement'],
        ['push', 'mining_ready'],
      ].map(([channel, kind]) => ({ channel, kind, pending: 0, due: 0, sending: 0, failed: 0, unconfirmed: 0 })),
      launchText: { message: null, translations: {}, updatedAt: null },
    });
  });

  it('shows the SMTP server by host and port, never its credentials', async () => {
    const other = await startTestServer(
      {
        MAIL: 'on',
        SMTP_URL: 'smtp://mailer:s3cret-pass@127.0.0.1:1',
        MAIL_POLL_SECONDS: '3600',
        JWT_SECRET: server.config.jwtSecret,
      },
      { database: server.database },
    );
    try {
      const res = await other.get('/api/admin/system', admin.token);
      expect(res.status).toBe(200);
      expect(res.body.mail).toEqual({
        enabled: true,
        transport: 'smtp://127.0.0.1:1',
        from: 'Ziver <no-reply@ziver.local>',
      });
      expect(JSON.stringify(res.body)).not.toContain('s3cret');
      expect(JSON.stringify(res.body)).not.toContain('mailer');
    } finally {
      await other.stop();
    }
  });

  it('shows push on with keys from the environment by their public half only, and the push queue', async () => {
    const keys = { publicKey: server.config.push.vapid.publicKey, privateKey: server.config.push.vapid.privateKey };
    const other = await startTestServer(
      {
        PUSH: 'on',
        PUSH_POLL_SECONDS: '3600',
        VAPID_PUBLIC_KEY: keys.publicKey,
        VAPID_PRIVATE_KEY: keys.privateKey,
        VAPID_SUBJECT: 'mailto:ops@ziver.test',
        JWT_SECRET: server.config.jwtSecret,
      },
      { database: server.database },
    );
    try {
      const res = await other.get('/api/admin/system', admin.token);
      expect(res.status).toBe(200);
      expect(res.body.push).toEqual({
        enabled: true,
        keys: 'VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY',
        publicKey: keys.publicKey,
        devices: 0,
      });
      expect(JSON.stringify(res.body)).not.toContain(keys.privateKey);
      expect(res.body.outbox).toContainEqual({
        channel: 'push',
        kind: 'mining_ready',
        pending: 0,
        due: 0,
        sending: 0,
        failed: 0,
        unconfirmed: 0,
      });
    } finally {
      await other.stop();
    }
  });

  it('records lockdown switches with before and after in the audit log', async () => {
    const on = await server.request('PUT', '/api/system/lockdown', {
      body: { enabled: true, message: 'Upgrading the ledger' },
      token: admin.token,
    });
    expect(on.status).toBe(200);
    const off = await server.request('PUT', '/api/system/lockdown', { body: { enabled: false }, token: admin.token });
    expect(off.status).toBe(200);
    const entries = (await auditOf('system.lockdown')).map((e) => [e.before, e.after]);
    expect(entries).toEqual([
      [
        { enabled: false, message: null, translations: {} },
        { enabled: true, message: 'Upgrading the ledger', translations: {} },
      ],
      [
        { enabled: true, message: 'Upgrading the ledger', translations: {} },
        { enabled: false, message: null, translations: {} },
      ],
    ]);
  });

  it('records mining setting changes with before and after', async () => {
    const before = adminSystemResponseSchema.parse((await server.get('/api/admin/system', admin.token)).body).mining;
    const res = await server.request('PUT', '/api/mining/settings', {
      body: { MINING_REWARD: 7.5 },
      token: admin.token,
    });
    expect(res.status).toBe(200);
    const [entry] = await auditOf('system.mining');
    expect(entry).toMatchObject({ before, after: { ...before, MINING_REWARD: 7.5 } });
  });

  it('sets the daily-login reward, which the next claim pays, and refuses bad amounts', async () => {
    const res = await server.request('PUT', '/api/admin/system/daily-login', {
      body: { zp: 12.5, seb: 0 },
      token: admin.token,
    });
    expect(res.status).toBe(200);
    expect(dailyLoginRewardResponseSchema.parse(res.body)).toEqual({
      success: true,
      ...keyedMessage('admin.dailyLoginUpdated'),
      dailyLogin: { zp: 12.5, seb: 0 },
    });
    const [entry] = await auditOf('system.daily_login');
    expect(entry).toMatchObject({ before: { zp: DAILY_LOGIN_ZP, seb: DAILY_LOGIN_SEB }, after: { zp: 12.5, seb: 0 } });

    const user = await insertUser(server);
    const claim = await server.post('/api/user/activity', { activityType: 'DAILY_LOGIN' }, user.token);
    expect(claim.status).toBe(200);
    const paid = await server.database.db
      .select({ currency: transactions.currency, amount: transactions.amount })
      .from(transactions)
      .where(eq(transactions.userId, user.user.id));
    expect(paid).toEqual([{ currency: 'ZP', amount: 12.5 }]);

    for (const body of [{ zp: -1, seb: 1 }, { zp: 1 }, { zp: 5000, seb: 1 }, { zp: 'five', seb: 1 }]) {
      const bad = await server.request('PUT', '/api/admin/system/daily-login', { body, token: admin.token });
      expect([JSON.stringify(body), bad.status]).toEqual([JSON.stringify(body), 400]);
    }
    const bad = await server.request('PUT', '/api/admin/system/daily-login', {
      body: { zp: -1, seb: 1 },
      token: admin.token,
    });
    expect(bad.body.message).toBe(ADMIN_MESSAGES.dailyLoginInvalid);
  });
});
