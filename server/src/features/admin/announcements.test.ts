import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  ANNOUNCEMENT_MESSAGES,
  ANNOUNCEMENT_TEXT_MAX,
  announcementAudienceResponseSchema,
  announcementResponseSchema,
  announcementsResponseSchema,
  directMessageResponseSchema,
} from '@ziver/shared';
import { startBotApiRecorder, type BotApiRecorder } from '@ziver/bot/testing';
import { adminAuditLog, users } from '../../platform/db/schema.js';
import { insertUser } from '../../testing/growth-factories.js';
import { nextTelegramId, TEST_BOT_TOKEN } from '../../testing/telegram-init-data.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';

let recorder: BotApiRecorder;
let server: TestServer;
let admin: Awaited<ReturnType<typeof insertUser>>;

beforeAll(async () => {
  recorder = await startBotApiRecorder({ token: TEST_BOT_TOKEN });
  server = await startTestServer({
    RATE_LIMITS: 'off',
    CONTRACT_CHECK: 'strict',
    TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
    TELEGRAM_API_ROOT: recorder.url,
    PUBLIC_URL: 'https://ziver.test',
    ANNOUNCE_POLL_SECONDS: '0.1',
  });
  admin = await insertUser(server, { role: 'ADMIN' });
});
afterAll(async () => {
  await server.stop();
  await recorder.close();
});

const linked = (overrides: Partial<typeof users.$inferInsert> = {}) =>
  insertUser(server, { telegramId: BigInt(nextTelegramId()), ...overrides });

async function auditActions(targetId: string) {
  const rows = await server.database.db
    .select({ action: adminAuditLog.action, after: adminAuditLog.after })
    .from(adminAuditLog)
    .where(eq(adminAuditLog.targetId, targetId))
    .orderBy(adminAuditLog.id);
  return rows;
}

describe('announcements API', () => {
  it('counts the audience: linked, notifications on, not blocked, not suspended; per language', async () => {
    await linked({ language: 'fr' });
    await linked({ language: 'fr', notifyPush: false });
    await linked({ language: 'fr', telegramBlockedAt: new Date() });
    const suspended = await linked({ language: 'fr' });
    await server.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.user.id));
    await insertUser(server, { language: 'fr' });
    const res = await server.get('/api/admin/announcements/audience?language=fr', admin.token);
    expect(res.status).toBe(200);
    expect(announcementAudienceResponseSchema.parse(res.body)).toEqual({
      success: true,
      recipients: 1,
      // The in-app notice reaches every French user not suspended; three of them only in the app.
      inApp: 4,
      inAppOnly: 3,
      // Mail is off on this server.
      email: 0,
      button: 'web_app',
      isBotOn: true,
    });
    const bad = await server.get('/api/admin/announcements/audience?language=xx', admin.token);
    expect([bad.status, bad.body.message]).toEqual([400, ANNOUNCEMENT_MESSAGES.invalidLanguage]);
  });

  it('refuses text Telegram would refuse: bad HTML, too long, empty', async () => {
    const cases: [unknown, number, string | RegExp][] = [
      [{ text: '<b>bold', format: 'html' }, 400, /never closed/],
      [{ text: '<div>x</div>', format: 'html' }, 400, /does not support/],
      [{ text: 'a < b', format: 'html' }, 400, /&lt;/],
      [{ text: '<a>x</a>', format: 'html' }, 400, /href/],
      [{ text: '<b onclick="x">bold</b>', format: 'html' }, 400, /does not support this attribute: <b onclick>/],
      [{ text: 'x'.repeat(ANNOUNCEMENT_TEXT_MAX + 1), format: 'plain' }, 400, ANNOUNCEMENT_MESSAGES.textTooLong],
      [{ text: '   ', format: 'plain' }, 400, ANNOUNCEMENT_MESSAGES.textRequired],
      [{ text: 'Hi', format: 'markdown' }, 400, ANNOUNCEMENT_MESSAGES.invalidFormat],
      [{ text: 'Hi', language: 'xx' }, 400, ANNOUNCEMENT_MESSAGES.invalidLanguage],
    ];
    for (const [body, status, message] of cases) {
      const res = await server.post('/api/admin/announcements', body, admin.token);
      expect([res.status, res.body.code]).toEqual([status, 'VALIDATION_FAILED']);
      expect(res.body.message).toMatch(message);
    }
    // 4096 visible characters are fine even when the HTML around them is longer.
    const long = `<b>${'x'.repeat(ANNOUNCEMENT_TEXT_MAX - 1)}&amp;</b>`;
    const check = await server.post(
      '/api/admin/users/00000000-0000-0000-0000-000000000000/message',
      { text: long, format: 'html' },
      admin.token,
    );
    expect([check.status, check.body.message]).toEqual([404, 'User not found']);
  });

  it('sends an announcement to one language, shows its progress until done, and lists it in the history', async () => {
    const germans = await Promise.all([
      linked({ language: 'de' }),
      linked({ language: 'de' }),
      linked({ language: 'de' }),
    ]);
    await linked({ language: 'en' });
    recorder.clearCalls();
    const created = await server.post(
      '/api/admin/announcements',
      { text: '<i>Neu</i>: Aufgaben', format: 'html', withButton: true, language: 'de' },
      admin.token,
    );
    expect(created.status).toBe(201);
    const { announcement } = announcementResponseSchema.parse(created.body);
    expect([announcement.status, announcement.recipients, announcement.language]).toEqual(['running', 3, 'de']);

    const progressOf = async () =>
      announcementResponseSchema.parse(
        (await server.get(`/api/admin/announcements/${announcement.id}`, admin.token)).body,
      ).announcement;
    await expect.poll(async () => (await progressOf()).status, { interval: 100 }).toBe('done');
    const progress = await progressOf();
    expect(progress).toMatchObject({ status: 'done', remaining: 0, counts: { sent: 3, failed: 0, blocked: 0 } });
    expect(progress.finished_at).not.toBeNull();
    const sentTo = recorder.deliveredMessages().map((c) => String(c.payload.chat_id));
    expect(sentTo.sort()).toEqual(germans.map((g) => String(g.user.telegramId)).sort());
    expect(recorder.deliveredMessages()[0]!.payload).toMatchObject({
      text: '<i>Neu</i>: Aufgaben',
      parse_mode: 'HTML',
      reply_markup: { inline_keyboard: [[{ text: 'Ziver öffnen', web_app: { url: 'https://ziver.test' } }]] },
    });

    const history = announcementsResponseSchema.parse(
      (await server.get('/api/admin/announcements', admin.token)).body,
    ).announcements;
    expect(history[0]).toMatchObject({ id: announcement.id, status: 'done', counts: { sent: 3 } });
    expect(history[0]!.created_by.username).toBe(admin.user.username);

    // Done: it cannot be cancelled any more.
    const cancel = await server.post(`/api/admin/announcements/${announcement.id}/cancel`, {}, admin.token);
    expect([cancel.status, cancel.body.message]).toEqual([409, ANNOUNCEMENT_MESSAGES.notRunning]);
    expect((await auditActions(announcement.id)).map((a) => a.action)).toEqual(['announcement.send']);
  });

  it('answers 404 for an unknown announcement and 409 when no one would receive it', async () => {
    for (const id of ['00000000-0000-0000-0000-000000000000', 'not-a-uuid']) {
      expect((await server.get(`/api/admin/announcements/${id}`, admin.token)).status).toBe(404);
      expect((await server.post(`/api/admin/announcements/${id}/cancel`, {}, admin.token)).status).toBe(404);
    }
    const nobody = await server.post('/api/admin/announcements', { text: 'Hi', language: 'zh' }, admin.token);
    expect([nobody.status, nobody.body.message]).toEqual([409, ANNOUNCEMENT_MESSAGES.noRecipients]);
  });

  it('messages one user at once and says whether it arrived: sent, blocked, no Telegram', async () => {
    const target = await linked({ language: 'es', notifyPush: false });
    recorder.clearCalls();
    const sent = await server.post(
      `/api/admin/users/${target.user.id}/message`,
      { text: 'Hola <b>amigo</b>', format: 'html', withButton: true },
      admin.token,
    );
    expect(directMessageResponseSchema.parse(sent.body)).toEqual({
      success: true,
      result: 'sent',
      message: ANNOUNCEMENT_MESSAGES.messageSent,
      messageKey: 'announcements.messageSent',
      params: {},
    });
    expect(recorder.deliveredMessages().map((c) => c.payload)).toEqual([
      expect.objectContaining({
        chat_id: Number(target.user.telegramId),
        text: 'Hola <b>amigo</b>',
        parse_mode: 'HTML',
        reply_markup: { inline_keyboard: [[{ text: 'Abrir Ziver', web_app: { url: 'https://ziver.test' } }]] },
      }),
    ]);

    recorder.failNext('sendMessage', { error_code: 403, description: 'Forbidden: bot was blocked by the user' });
    const blocked = await server.post(`/api/admin/users/${target.user.id}/message`, { text: 'Again' }, admin.token);
    expect([blocked.status, blocked.body.result, blocked.body.message, blocked.body.messageKey]).toEqual([
      200,
      'blocked',
      ANNOUNCEMENT_MESSAGES.userBlocked,
      'announcements.userBlocked',
    ]);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, target.user.id));
    expect(row!.telegramBlockedAt).not.toBeNull();

    const webOnly = await insertUser(server);
    const none = await server.post(`/api/admin/users/${webOnly.user.id}/message`, { text: 'Hi' }, admin.token);
    expect([none.status, none.body.result]).toEqual([200, 'no_telegram']);

    expect((await auditActions(target.user.id)).map((a) => [a.action, (a.after as { result: string }).result])).toEqual(
      [
        ['user.message', 'sent'],
        ['user.message', 'blocked'],
      ],
    );
    expect((await auditActions(webOnly.user.id)).map((a) => a.action)).toEqual(['user.message']);

    const bad = await server.post(
      `/api/admin/users/${target.user.id}/message`,
      { text: '<b>x', format: 'html' },
      admin.token,
    );
    expect(bad.status).toBe(400);
  });

  it('refuses a USER and a TESTER with 403 and changes nothing', async () => {
    const user = await insertUser(server);
    const tester = await insertUser(server, { role: 'TESTER' });
    const target = await linked();
    const count = async () =>
      ((await server.database.db.execute(sql`SELECT count(*)::int AS n FROM announcements`)) as any).rows;
    const before = await count();
    recorder.clearCalls();
    for (const { token } of [user, tester]) {
      const calls = [
        server.get('/api/admin/announcements/audience', token),
        server.get('/api/admin/announcements', token),
        server.post('/api/admin/announcements', { text: 'Hi' }, token),
        server.post(`/api/admin/users/${target.user.id}/message`, { text: 'Hi' }, token),
      ];
      for (const res of await Promise.all(calls)) expect([res.status, res.body.code]).toEqual([403, 'FORBIDDEN']);
    }
    expect(await count()).toEqual(before);
    expect(recorder.callsTo('sendMessage')).toEqual([]);
  });
});

describe('with the bot off', () => {
  it('answers 503 to a message for a linked user and reports the bot off in the audience', async () => {
    const off = await startTestServer({ RATE_LIMITS: 'off', CONTRACT_CHECK: 'strict' });
    try {
      const boss = await insertUser(off, { role: 'ADMIN' });
      const target = await insertUser(off, { telegramId: BigInt(nextTelegramId()) });
      const res = await off.post(`/api/admin/users/${target.user.id}/message`, { text: 'Hi' }, boss.token);
      expect([res.status, res.body.message]).toEqual([503, ANNOUNCEMENT_MESSAGES.botOff]);
      const audience = await off.get('/api/admin/announcements/audience', boss.token);
      expect(audience.body).toMatchObject({ recipients: 1, isBotOn: false, button: null });
    } finally {
      await off.stop();
    }
  });

  it('an announcement started with the bot off is done at once: no Telegram delivery queued, the in-app notice counted', async () => {
    const off = await startTestServer({ RATE_LIMITS: 'off', CONTRACT_CHECK: 'strict' });
    try {
      const boss = await insertUser(off, { role: 'ADMIN' });
      await insertUser(off, { telegramId: BigInt(nextTelegramId()) });
      const res = await off.post('/api/admin/announcements', { text: 'Maintenance tonight' }, boss.token);
      expect(res.status).toBe(201);
      const { announcement } = announcementResponseSchema.parse(res.body);
      // Before: 'running' with one pending delivery no worker would ever send ("Sending · 100% · Remaining 0").
      expect(announcement).toMatchObject({ status: 'done', recipients: 0, remaining: 0 });
      expect(announcement.in_app_recipients).toBeGreaterThanOrEqual(2);
      const [entry] = await off.database.db
        .select({ after: adminAuditLog.after })
        .from(adminAuditLog)
        .where(eq(adminAuditLog.targetId, announcement.id));
      expect(entry?.after).toMatchObject({ recipients: 0, inAppRecipients: announcement.in_app_recipients });
    } finally {
      await off.stop();
    }
  });
});

describe('with no Telegram recipient', () => {
  it('an announcement only the app shows is done at once, not left sending', async () => {
    await insertUser(server, { language: 'zh' }); // signed up on the web: no Telegram
    const res = await server.post('/api/admin/announcements', { text: '仅在应用内', language: 'zh' }, admin.token);
    expect(res.status).toBe(201);
    const { announcement } = announcementResponseSchema.parse(res.body);
    expect(announcement).toMatchObject({ status: 'done', recipients: 0, remaining: 0 });
  });
});

describe("with Telegram's rate limit", () => {
  it('says sending is paused by the rate limit and until when; stopping it asks nothing more of Telegram', async () => {
    const limited = await startBotApiRecorder({ token: TEST_BOT_TOKEN });
    const paused = await startTestServer({
      RATE_LIMITS: 'off',
      CONTRACT_CHECK: 'strict',
      TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
      TELEGRAM_API_ROOT: limited.url,
      ANNOUNCE_POLL_SECONDS: '0.1',
    });
    try {
      const boss = await insertUser(paused, { role: 'ADMIN' });
      for (let i = 0; i < 2; i++) await insertUser(paused, { telegramId: BigInt(nextTelegramId()) });
      // Telegram's answer to a bot that sends too fast (Bot API: 429 with parameters.retry_after).
      limited.failNext('sendMessage', {
        error_code: 429,
        description: 'Too Many Requests: retry after 600',
        parameters: { retry_after: 600 },
      });
      const before = Date.now();
      const res = await paused.post('/api/admin/announcements', { text: 'Hello' }, boss.token);
      expect(res.status).toBe(201);
      const { id } = announcementResponseSchema.parse(res.body).announcement;
      const progressOf = async () =>
        announcementResponseSchema.parse((await paused.get(`/api/admin/announcements/${id}`, boss.token)).body)
          .announcement;
      await expect.poll(async () => (await progressOf()).paused, { interval: 100, timeout: 30_000 }).not.toBeNull();
      const progress = await progressOf();
      expect(progress).toMatchObject({ status: 'running', remaining: 2, paused: { reason: 'rate_limit' } });
      const until = Date.parse(progress.paused!.until);
      expect(until).toBeGreaterThanOrEqual(before + 600_000 - 1_000);
      expect(until).toBeLessThanOrEqual(Date.now() + 600_000 + 1_000);
      const listed = announcementsResponseSchema.parse((await paused.get('/api/admin/announcements', boss.token)).body);
      expect(listed.announcements[0]).toMatchObject({ id, paused: { reason: 'rate_limit' } });

      const stopped = await paused.post(`/api/admin/announcements/${id}/cancel`, {}, boss.token);
      expect(stopped.status).toBe(200);
      const after = announcementResponseSchema.parse(stopped.body).announcement;
      expect(after).toMatchObject({ status: 'cancelled', paused: null, withdrawn_at: null });
      expect(limited.deliveredMessages()).toHaveLength(0);
    } finally {
      await paused.stop();
      await limited.close();
    }
  });
});
