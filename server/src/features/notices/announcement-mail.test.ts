import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { announcementResponseSchema } from '@ziver/shared';
import { startBotApiRecorder, type BotApiRecorder } from '@ziver/bot/testing';
import { insertUser } from '../../testing/growth-factories.js';
import { startSmtpStandIn, type SmtpStandIn } from '../../testing/smtp-stand-in.js';
import { nextTelegramId, TEST_BOT_TOKEN } from '../../testing/telegram-init-data.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';

// Operators' announcements by email (issue 39, item 8): the same announcement goes to Telegram
// and, through the mail lane of the one outbox, to users with marketing mail on, over real SMTP.
let recorder: BotApiRecorder;
let smtp: SmtpStandIn;
let server: TestServer;
let admin: Awaited<ReturnType<typeof insertUser>>;

beforeAll(async () => {
  recorder = await startBotApiRecorder({ token: TEST_BOT_TOKEN });
  smtp = await startSmtpStandIn();
  server = await startTestServer({
    RATE_LIMITS: 'off',
    CONTRACT_CHECK: 'strict',
    TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
    TELEGRAM_API_ROOT: recorder.url,
    PUBLIC_URL: 'https://ziver.test',
    ANNOUNCE_POLL_SECONDS: '0.1',
    MAIL: 'on',
    SMTP_URL: smtp.url,
    MAIL_POLL_SECONDS: '0.05',
  });
  admin = await insertUser(server, { role: 'ADMIN' });
});
afterAll(async () => {
  await server.stop();
  await smtp.close();
  await recorder.close();
});

describe('announcements by email', () => {
  it('mail users with marketing on and a verified or registered address, in their language; progress counts them', async () => {
    const frVerified = await insertUser(server, { language: 'fr', notifyMarketing: true, verified: true });
    const enRegistered = await insertUser(server, { notifyMarketing: true });
    await server.database.db.execute(
      // The account's address is the one it registered with.
      sql`UPDATE users SET registered_email = email WHERE id = ${enRegistered.user.id}`,
    );
    const marketingOff = await insertUser(server, { verified: true });
    const unverifiedChanged = await insertUser(server, { notifyMarketing: true, registeredEmail: 'old@example.com' });
    const suspended = await insertUser(server, { notifyMarketing: true, verified: true });
    await server.database.db.execute(sql`UPDATE users SET suspended_at = now() WHERE id = ${suspended.user.id}`);
    const onTelegram = await insertUser(server, { telegramId: BigInt(nextTelegramId()) });

    // The console's preview counts them before anything is sent.
    const audience = await server.get('/api/admin/announcements/audience', admin.token);
    expect(audience.body).toMatchObject({ recipients: 1, email: 2 });

    const created = await server.post(
      '/api/admin/announcements',
      { text: '<b>New</b> tasks &amp; more', format: 'html', translations: { fr: '<b>Nouvelles</b> tâches' } },
      admin.token,
    );
    expect(created.status).toBe(201);
    const { announcement } = announcementResponseSchema.parse(created.body);
    // One on Telegram, two by email.
    expect(announcement.recipients).toBe(3);

    const progressOf = async () =>
      announcementResponseSchema.parse(
        (await server.get(`/api/admin/announcements/${announcement.id}`, admin.token)).body,
      ).announcement;
    await expect.poll(async () => (await progressOf()).status, { timeout: 30_000, interval: 100 }).toBe('done');
    expect(await progressOf()).toMatchObject({ remaining: 0, counts: { sent: 3, failed: 0 } });

    const fr = await vi.waitFor(() => smtp.received.find((m) => m.to.includes(frVerified.user.email!))!, {
      timeout: 30_000,
    });
    expect(fr.subject).toBe('Des nouvelles de Ziver');
    expect(fr.text).toContain('Nouvelles tâches');
    expect(fr.text).toContain('Paramètres → Notifications');
    expect(fr.text).toContain('https://ziver.test/settings/notifications');
    expect(fr.html).toContain('lang="fr"');
    const en = smtp.received.find((m) => m.to.includes(enRegistered.user.email!));
    expect(en?.subject).toBe('News from Ziver');
    expect(en?.text).toContain('New tasks & more');
    expect(en?.html).toContain('New tasks &#38; more');
    expect(en?.html).not.toContain('<b>');
    for (const nobody of [marketingOff, unverifiedChanged, suspended, onTelegram, admin]) {
      expect(smtp.received.filter((m) => m.to.includes(nobody.user.email!))).toHaveLength(0);
    }
    expect(recorder.deliveredMessages().map((c) => String(c.payload.chat_id))).toEqual([
      String(onTelegram.user.telegramId),
    ]);
  });
});
