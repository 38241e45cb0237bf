import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  ANNOUNCEMENT_MESSAGES,
  ANNOUNCEMENT_TEXT_MAX,
  announcementAudienceResponseSchema,
  announcementResponseSchema,
  dismissNoticeResponseSchema,
  noticesResponseSchema,
  OPERATOR_TEXT_MESSAGES,
  type Announcement,
} from '@ziver/shared';
import { startBotApiRecorder, type BotApiRecorder } from '@ziver/bot/testing';
import { createSession } from '../../platform/auth.js';
import { adminAuditLog, announcements, noticeDismissals, users } from '../../platform/db/schema.js';
import { insertUser } from '../../testing/growth-factories.js';
import { nextTelegramId, TEST_BOT_TOKEN } from '../../testing/telegram-init-data.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';

let recorder: BotApiRecorder;
let server: TestServer;
let adminToken: string;

beforeAll(async () => {
  recorder = await startBotApiRecorder({ token: TEST_BOT_TOKEN });
  server = await startTestServer({
    RATE_LIMITS: 'off',
    CONTRACT_CHECK: 'strict',
    TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
    TELEGRAM_API_ROOT: recorder.url,
    ANNOUNCE_POLL_SECONDS: '0.1',
  });
  adminToken = (await insertUser(server, { role: 'ADMIN' })).token;
});
afterAll(async () => {
  await server.stop();
  await recorder.close();
});

const linked = (overrides: Partial<typeof users.$inferInsert> = {}) =>
  insertUser(server, { telegramId: BigInt(nextTelegramId()), ...overrides });
const webOnly = (overrides: Partial<typeof users.$inferInsert> = {}) => insertUser(server, overrides);

async function announce(body: Record<string, unknown>): Promise<Announcement> {
  const res = await server.post('/api/admin/announcements', { format: 'plain', ...body }, adminToken);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return announcementResponseSchema.parse(res.body).announcement;
}

async function noticesOf(token: string) {
  const res = await server.get('/api/notices', token);
  expect(res.status).toBe(200);
  return noticesResponseSchema.parse(res.body).notices;
}

const dismiss = (id: string, token: string) => server.post(`/api/notices/${id}/dismiss`, undefined, token);

async function audience(language?: string) {
  const res = await server.get(
    `/api/admin/announcements/audience${language ? `?language=${language}` : ''}`,
    adminToken,
  );
  expect(res.status).toBe(200);
  return announcementAudienceResponseSchema.parse(res.body);
}

describe('announcements in several languages (issue 29, item 7)', () => {
  it('refuses bad translations with a clear 400 and starts nothing', async () => {
    const before = await server.database.db.$count(announcements);
    const cases: [unknown, string, string | RegExp][] = [
      [{ text: '', translations: { fr: 'Bonjour' } }, 'text', ANNOUNCEMENT_MESSAGES.textRequired],
      [{ text: 'Hi', translations: { pt: 'Olá' } }, 'translations.pt', OPERATOR_TEXT_MESSAGES.unknownLanguage],
      [{ text: 'Hi', translations: { en: 'Hello' } }, 'translations.en', OPERATOR_TEXT_MESSAGES.unknownLanguage],
      [{ text: 'Hi', translations: 'Bonjour' }, 'translations', OPERATOR_TEXT_MESSAGES.translationsInvalid],
      [
        { text: 'Hi', translations: { de: 'x'.repeat(ANNOUNCEMENT_TEXT_MAX + 1) } },
        'translations.de',
        ANNOUNCEMENT_MESSAGES.textTooLong,
      ],
      [{ text: '<b>Hi</b>', format: 'html', translations: { es: '<b>Hola' } }, 'translations.es', /never closed/],
    ];
    for (const [body, field, message] of cases) {
      const res = await server.post('/api/admin/announcements', { format: 'plain', ...(body as object) }, adminToken);
      expect([res.status, res.body.code], JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED']);
      expect(res.body.details, JSON.stringify(body)).toContainEqual(
        expect.objectContaining({
          field,
          message: typeof message === 'string' ? message : expect.stringMatching(message),
        }),
      );
    }
    expect(await server.database.db.$count(announcements)).toBe(before);
  });

  it('sends each Telegram user the text in their language, English when it has none', async () => {
    const french = await linked({ language: 'fr' });
    const german = await linked({ language: 'de' });
    const chinese = await linked({ language: 'zh' });
    recorder.clearCalls();
    const started = await announce({
      text: 'New tasks are out',
      translations: { fr: 'De nouvelles tâches', zh: '新任务上线了', es: '   ' },
    });
    expect(started.translations).toEqual({ fr: 'De nouvelles tâches', zh: '新任务上线了' });
    await expect
      .poll(
        async () => {
          const res = await server.get(`/api/admin/announcements/${started.id}`, adminToken);
          return announcementResponseSchema.parse(res.body).announcement.status;
        },
        { interval: 100 },
      )
      .toBe('done');
    const textTo = (user: { user: { telegramId: bigint | null } }) =>
      recorder.deliveredMessages().find((c) => String(c.payload.chat_id) === String(user.user.telegramId))?.payload
        .text;
    expect([textTo(french), textTo(german), textTo(chinese)]).toEqual([
      'De nouvelles tâches',
      'New tasks are out',
      '新任务上线了',
    ]);
  });
});

describe('in-app notices (issue 29, item 8)', () => {
  it('counts the audience by channel: Telegram, and in-app for everyone not suspended', async () => {
    const before = await audience('es');
    await linked({ language: 'es' });
    await linked({ language: 'es', notifyPush: false });
    await webOnly({ language: 'es' });
    await webOnly({ language: 'es' });
    const suspended = await webOnly({ language: 'es' });
    await server.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.user.id));
    await webOnly({ language: 'de' });
    const after = await audience('es');
    expect({
      recipients: after.recipients - before.recipients,
      inApp: after.inApp - before.inApp,
      inAppOnly: after.inAppOnly - before.inAppOnly,
    }).toEqual({ recipients: 1, inApp: 4, inAppOnly: 3 });
    const everyone = await audience();
    expect(everyone.inApp).toBeGreaterThan(after.inApp);
    expect(everyone.inApp).toBeGreaterThanOrEqual(everyone.recipients);
  });

  it('shows a web-only user the notice in their language until they dismiss it, on every session', async () => {
    const french = await webOnly({ language: 'fr' });
    const german = await webOnly({ language: 'de' });
    const started = await announce({ text: 'Maintenance on Sunday', translations: { fr: 'Maintenance dimanche' } });
    expect(started.in_app_recipients).toBeGreaterThanOrEqual(2);
    expect(started.recipients).toBeLessThan(started.in_app_recipients!);
    const [frenchNotice] = await noticesOf(french.token);
    expect(frenchNotice).toMatchObject({ id: started.id, text: 'Maintenance dimanche', format: 'plain' });
    expect((await noticesOf(german.token))[0]).toMatchObject({ id: started.id, text: 'Maintenance on Sunday' });

    const dismissed = await dismiss(started.id, french.token);
    expect(dismissed.status).toBe(200);
    expect(dismissNoticeResponseSchema.parse(dismissed.body).messageKey).toBe('announcements.noticeDismissed');
    // Gone for this user on every session (the dismissal is the server's), still there for others.
    const otherSession = await insertUserSession(french.user.id);
    expect((await noticesOf(otherSession)).map((n) => n.id)).not.toContain(started.id);
    expect((await noticesOf(french.token)).map((n) => n.id)).not.toContain(started.id);
    expect((await noticesOf(german.token)).map((n) => n.id)).toContain(started.id);
    // Twice: the same answer, one row.
    expect((await dismiss(started.id, french.token)).status).toBe(200);
    expect(await server.database.db.$count(noticeDismissals, eq(noticeDismissals.userId, french.user.id))).toBe(1);
  });

  it('answers 404 for an unknown notice, someone else’s, or one not addressed to the caller', async () => {
    const spanish = await webOnly({ language: 'es' });
    const forGermans = await announce({ text: 'Nur für Deutsche', language: 'de' });
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', forGermans.id]) {
      const res = await dismiss(id, spanish.token);
      expect([res.status, res.body.code, res.body.messageKey], id).toEqual([
        404,
        'NOT_FOUND',
        'announcements.noticeNotFound',
      ]);
    }
    expect((await noticesOf(spanish.token)).map((n) => n.id)).not.toContain(forGermans.id);
    expect(await server.database.db.$count(noticeDismissals, eq(noticeDismissals.userId, spanish.user.id))).toBe(0);
    expect((await server.get('/api/notices')).status).toBe(401);
  });

  it("keeps a stopped announcement's notice until it is withdrawn, its own audited action", async () => {
    const early = await webOnly({ language: 'en' });
    const user = await webOnly({ language: 'en' });
    const stopped = await announce({ text: 'Oops, wrong text' });
    expect((await noticesOf(early.token)).map((n) => n.id)).toContain(stopped.id);
    // Stopped (as the cancel route leaves it; the job may have finished already here): still shown.
    await server.database.db.update(announcements).set({ status: 'cancelled' }).where(eq(announcements.id, stopped.id));
    expect((await noticesOf(early.token)).map((n) => n.id)).toContain(stopped.id);

    const path = `/api/admin/announcements/${stopped.id}/withdraw-notice`;
    expect((await server.post(path, {}, user.token)).status).toBe(403);
    expect((await noticesOf(early.token)).map((n) => n.id)).toContain(stopped.id);
    const withdrawn = await server.post(path, {}, adminToken);
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    const answer = announcementResponseSchema.parse(withdrawn.body);
    expect(answer.message).toBe(ANNOUNCEMENT_MESSAGES.noticeWithdrawn);
    expect(answer.announcement.withdrawn_at).not.toBeNull();
    expect((await noticesOf(early.token)).map((n) => n.id)).not.toContain(stopped.id);
    const again = await server.post(path, {}, adminToken);
    expect([again.status, again.body.message]).toEqual([409, ANNOUNCEMENT_MESSAGES.noticeAlreadyWithdrawn]);
    const audit = await server.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetId, stopped.id), eq(adminAuditLog.action, 'announcement.withdraw_notice')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ notice: 'withdrawn', inAppRecipients: stopped.in_app_recipients });
    expect((await server.post('/api/admin/announcements/not-a-uuid/withdraw-notice', {}, adminToken)).status).toBe(404);
  });

  it('hides announcements sent before the user signed up', async () => {
    const early = await webOnly({ language: 'en' });
    const kept = await announce({ text: 'Hello early users' });
    const late = await webOnly({ language: 'en' });
    expect((await noticesOf(early.token)).map((n) => n.id)).toContain(kept.id);
    expect((await noticesOf(late.token)).map((n) => n.id)).not.toContain(kept.id);
    const refused = await dismiss(kept.id, late.token);
    expect(refused.status).toBe(404);
  });
});

async function insertUserSession(userId: string): Promise<string> {
  const [user] = await server.database.db.select().from(users).where(eq(users.id, userId));
  const { token } = await createSession(server.database.db, server.config, {
    userId,
    method: 'password',
    passwordVersion: user!.passwordVersion,
  });
  return token;
}
