import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { adminMessage } from '@ziver/bot';
import { startBotApiRecorder, type BotApiRecorder } from '@ziver/bot/testing';
import type { Language } from '@ziver/shared';
import { rowsOf, type DatabaseHandle } from '../../platform/db/client.js';
import { announcements, outboxMessages, users } from '../../platform/db/schema.js';
import { createLogger } from '../../platform/logger.js';
import { loadConfig } from '../../platform/config.js';
import { nextTelegramId } from '../../testing/telegram-init-data.js';
import { createTestDatabase } from '../../testing/test-database.js';
import { cancelAnnouncement } from '../admin/cancel-announcement.js';
import { startAnnouncement } from '../admin/start-announcement.js';
import { generatedCases } from '../../testing/cases.js';
import { countAnnouncementDeliveries, countDeliveriesByStatus } from './announcement-deliveries.js';
import {
  startAnnouncementSender,
  type AnnouncementSender,
  type AnnouncementSenderOptions,
} from './announcement-sender.js';
import { createBotMessageSender, type PreparedMessage, type SendOutcome } from './send-bot-message.js';

const TOKEN = `123456:${'A'.repeat(35)}`;
const MINIAPP = 'https://ziver.test';

let recorder: BotApiRecorder;
let database: DatabaseHandle;
const workers: AnnouncementSender[] = [];
const logger = createLogger(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' }));

beforeAll(async () => {
  recorder = await startBotApiRecorder();
  database = await createTestDatabase();
});

afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  // Nothing a test left running may reach the next test's workers.
  await db().update(announcements).set({ status: 'cancelled' }).where(eq(announcements.status, 'running'));
  // …and the next test's announcement reaches only the users it seeds.
  await db().update(users).set({ notifyPush: false });
  recorder.clearCalls();
});

afterAll(async () => {
  await database?.close();
  await recorder?.close();
});

const db = () => database.db;
// Time enough for any answer on a loaded machine: no send here is meant to time out.
const sender = () => createBotMessageSender({ token: TOKEN, apiRoot: recorder.url, timeoutMs: 20_000 });

type PrepareSend = AnnouncementSenderOptions['prepareSend'];

/** The production message builder over a raw sender pointed at the recorder. */
function realPrepare(): PrepareSend {
  const raw = sender();
  return (input) => {
    const message = adminMessage({ ...input, miniappUrl: MINIAPP });
    return raw.prepare({
      chatId: input.chatId,
      text: message.text,
      ...(message.parse_mode ? { parseMode: message.parse_mode } : {}),
      ...(message.reply_markup ? { replyMarkup: message.reply_markup } : {}),
    });
  };
}

/** Polls completed by the test's workers (their onPoll). */
let polls = 0;

/** Resolves once a worker has completed a poll that started after this call (two more polls). */
async function afterAnotherPoll() {
  const now = polls;
  await vi.waitFor(() => expect(polls).toBeGreaterThanOrEqual(now + 2), { timeout: 30_000, interval: 20 });
}

function startWorker(options: Partial<AnnouncementSenderOptions> = {}): AnnouncementSender {
  const worker = startAnnouncementSender({
    onPoll: () => polls++,
    db: db(),
    logger,
    prepareSend: realPrepare(),
    pollSeconds: 0.05,
    maxAttempts: 3,
    retrySeconds: 0.2,
    ratePerSecond: 30,
    batchSize: 50,
    leaseSeconds: 2,
    ...options,
  });
  workers.push(worker);
  return worker;
}

type Seed = { telegram?: boolean; notifyPush?: boolean; blocked?: boolean; language?: Language };

/** Users inserted in one statement; returns their ids and Telegram ids in order. */
async function seedUsers(seeds: Seed[]) {
  const rows = await db()
    .insert(users)
    .values(
      seeds.map((s) => {
        const n = randomBytes(6).toString('hex');
        return {
          username: `a_${n}`,
          email: `a_${n}@example.com`,
          referralCode: `A${n.toUpperCase()}`,
          telegramId: s.telegram === false ? null : BigInt(nextTelegramId()),
          notifyPush: s.notifyPush ?? true,
          telegramBlockedAt: s.blocked ? new Date() : null,
          language: s.language ?? 'en',
        };
      }),
    )
    .returning({ id: users.id, telegramId: users.telegramId });
  return rows.map((r) => ({ id: r.id, chatId: r.telegramId === null ? null : Number(r.telegramId) }));
}

async function anAdmin(): Promise<string> {
  const [admin] = await seedUsers([{ telegram: false }]);
  await db().update(users).set({ role: 'ADMIN' }).where(eq(users.id, admin!.id));
  return admin!.id;
}

async function waitUntil(condition: () => Promise<boolean> | boolean, timeoutMs = 60_000): Promise<void> {
  await vi.waitFor(async () => expect(await condition()).toBe(true), { timeout: timeoutMs, interval: 50 });
}

const statusOf = async (id: string) =>
  (await db().select({ status: announcements.status }).from(announcements).where(eq(announcements.id, id)))[0]?.status;
const countsOf = async (id: string) => (await countAnnouncementDeliveries(db(), { announcementIds: [id] })).get(id)!;
const deliveredChatIds = () => recorder.deliveredMessages().map((c) => Number(c.payload.chat_id));

/** How many times each chat got a message. */
function tally(chatIds: number[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const id of chatIds) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

/**
 * The crash-and-restart run's size: linked users (a twentieth blocked the bot, a twentieth turned
 * notifications off, a tenth speak Spanish) and the send of instance A that never returns, a
 * ninth of the eligible ones (instance B, running beside it, takes about half of the queue).
 */
const LINKED = generatedCases(300, 1000);
const ELIGIBLE = LINKED - 2 * (LINKED / 20);
const CRASH_AT = Math.round(ELIGIBLE / 9);

describe('announcement worker', () => {
  it(
    `sends ${LINKED} seeded users exactly one message each across a crash and a restart, skipping blocked and opted-out users`,
    { timeout: 300_000 },
    async () => {
      const adminId = await anAdmin();
      const seeds: Seed[] = Array.from({ length: LINKED }, (_, i) => ({
        blocked: i % 20 === 0,
        notifyPush: i % 20 !== 1,
        language: i % 10 === 2 ? 'es' : 'en',
      }));
      // …and 20 without Telegram.
      const seeded = await seedUsers([...seeds, ...Array.from({ length: 20 }, () => ({ telegram: false }))]);
      const linked = seeded.slice(0, LINKED);
      const eligible = linked.filter((_, i) => i % 20 !== 0 && i % 20 !== 1);
      const excluded = [...linked.filter((_, i) => i % 20 === 0 || i % 20 === 1), ...seeded.slice(LINKED)];
      expect(eligible).toHaveLength(ELIGIBLE);

      const id = await startAnnouncement(db(), {
        isBotOn: true,
        adminId,
        request: { text: '<b>News</b> &amp; more', format: 'html', withButton: true, language: null },
      });
      expect(await countsOf(id)).toMatchObject({ pending: ELIGIBLE });

      // The first sends meet Telegram's refusals: 3 users blocked the bot since the start, a 429,
      // a 502 with a Bot API body and a proxy's 502 page.
      for (let i = 0; i < 3; i++)
        recorder.failNext('sendMessage', { error_code: 403, description: 'Forbidden: bot was blocked by the user' });
      recorder.failNext('sendMessage', {
        error_code: 429,
        description: 'Too Many Requests: retry after 1',
        parameters: { retry_after: 1 },
      });
      recorder.failNext('sendMessage', { error_code: 502, description: 'Bad Gateway' });
      recorder.failNextWith('sendMessage', { status: 502 });

      // Instance A dies while Telegram holds its CRASH_AT-th message (it was delivered; A never hears);
      // instance B is stopped (a restart) at the same moment; instance C starts afterwards.
      let prepared = 0;
      let hang!: () => void;
      const hung = new Promise<void>((resolve) => (hang = resolve));
      const prepareA = realPrepare();
      const dying: PrepareSend = async (input) => {
        const message = await prepareA(input);
        if (message.kind !== 'ready' || ++prepared !== CRASH_AT) return message;
        const crash: PreparedMessage = {
          kind: 'ready',
          cancel: message.cancel,
          send: async () => {
            const outcome: SendOutcome = await message.send();
            await hung; // the instance is gone: its outcome is never recorded
            return outcome;
          },
        };
        return crash;
      };
      // Leases longer than a batch takes on a loaded machine: A still holds its last row when it
      // marks it 'sending' (a shorter lease let B claim it first, and nothing was in flight).
      startWorker({ prepareSend: dying, ratePerSecond: 1000, leaseSeconds: 15 });
      const b = startWorker({ ratePerSecond: 1000, leaseSeconds: 15 });

      try {
        await waitUntil(() => prepared >= CRASH_AT, 120_000);
        await b.stop();
        // A's last message, in flight for good.
        await waitUntil(async () => (await countsOf(id)).sending === 1);
        // A's sends before its last were answered (the last may still be on its way to the
        // stand-in); at most the 6 scripted refusals above were among them, wherever they fell; B
        // adds what it sent before it stopped (none, if the 429's pause held it).
        const deliveredBeforeRestart = recorder.deliveredMessages().length;
        expect(deliveredBeforeRestart).toBeGreaterThanOrEqual(CRASH_AT - 7);
        expect(deliveredBeforeRestart).toBeLessThan(ELIGIBLE - 3);
        expect(await statusOf(id)).toBe('running');

        startWorker({ ratePerSecond: 1000 });
        await waitUntil(async () => (await statusOf(id)) === 'done', 150_000);

        const counts = await countsOf(id);
        expect(counts).toEqual({
          pending: 0,
          sending: 0,
          sent: ELIGIBLE - 4,
          blocked: 3,
          failed: 0,
          skipped: 0,
          unconfirmed: 1, // A's message: delivered, and never sent again
          cancelled: 0,
        });

        const times = tally(deliveredChatIds());
        const notDelivered = recorder
          .callsTo('sendMessage')
          .filter((c) => !c.delivered)
          .map((c) => Number(c.payload.chat_id));
        // Every eligible user got it exactly once, except the 3 Telegram refused with 403.
        const refused = new Set(
          recorder
            .callsTo('sendMessage')
            .slice(0, 3)
            .map((c) => Number(c.payload.chat_id)),
        );
        expect(refused.size).toBe(3);
        for (const user of eligible)
          expect([user.chatId, times.get(user.chatId!) ?? 0]).toEqual([user.chatId, refused.has(user.chatId!) ? 0 : 1]);
        for (const user of excluded) expect(times.get(user.chatId ?? -1)).toBeUndefined();
        expect([...times.values()].every((n) => n === 1)).toBe(true);
        expect(recorder.deliveredMessages()).toHaveLength(ELIGIBLE - 3);
        expect(notDelivered.filter((chatId) => refused.has(chatId))).toHaveLength(3);

        // The 403s are remembered on the users, so no later message tries them.
        const blockedRows = await db()
          .select({ telegramId: users.telegramId })
          .from(users)
          .where(isNotNull(users.telegramBlockedAt));
        const blockedIds = new Set(blockedRows.map((r) => Number(r.telegramId)));
        for (const chatId of refused) expect(blockedIds.has(chatId)).toBe(true);
        expect(blockedIds.size).toBe(LINKED / 20 + 3);

        // The message as Telegram got it: HTML, with the web_app button in the user's language.
        const spanish = linked.find((u, i) => i % 10 === 2 && !refused.has(u.chatId!))!;
        const toSpanish = recorder.deliveredMessages().find((c) => Number(c.payload.chat_id) === spanish.chatId)!;
        expect(toSpanish.payload).toMatchObject({
          text: '<b>News</b> &amp; more',
          parse_mode: 'HTML',
          reply_markup: { inline_keyboard: [[{ text: 'Abrir Ziver', web_app: { url: MINIAPP } }]] },
        });

        // The counts the dashboard reads add up to the recipients.
        const totals = await countDeliveriesByStatus(db());
        expect(totals.sent + totals.blocked + totals.unconfirmed).toBe(ELIGIBLE);
      } finally {
        hang();
      }
    },
  );

  it('two instances on one database never send one delivery twice', { timeout: 60_000 }, async () => {
    const adminId = await anAdmin();
    const seeded = await seedUsers(Array.from({ length: 120 }, () => ({})));
    const id = await startAnnouncement(db(), {
      isBotOn: true,
      adminId,
      request: { text: 'Hello', format: 'plain', withButton: false, language: null },
    });
    startWorker({ ratePerSecond: 1000, batchSize: 10 });
    startWorker({ ratePerSecond: 1000, batchSize: 10 });
    await waitUntil(async () => (await statusOf(id)) === 'done');
    const times = tally(deliveredChatIds());
    expect(seeded.map((u) => times.get(u.chatId!))).toEqual(seeded.map(() => 1));
    expect((await countsOf(id)).sent).toBe(120);
  });

  it('targets one language only', { timeout: 30_000 }, async () => {
    const adminId = await anAdmin();
    const seeded = await seedUsers([{ language: 'de' }, { language: 'de' }, { language: 'en' }, { language: 'fr' }]);
    const id = await startAnnouncement(db(), {
      isBotOn: true,
      adminId,
      request: { text: 'Hallo', format: 'plain', withButton: false, language: 'de' },
    });
    startWorker({ ratePerSecond: 1000 });
    await waitUntil(async () => (await statusOf(id)) === 'done');
    expect(deliveredChatIds().sort()).toEqual([seeded[0]!.chatId, seeded[1]!.chatId].sort());
    expect(recorder.deliveredMessages()[0]!.payload).not.toHaveProperty('parse_mode');
  });

  it('stays under the configured rate', { timeout: 30_000 }, async () => {
    const adminId = await anAdmin();
    await seedUsers(Array.from({ length: 24 }, () => ({})));
    const id = await startAnnouncement(db(), {
      isBotOn: true,
      adminId,
      request: { text: 'Slowly', format: 'plain', withButton: false, language: null },
    });
    const startedAt = Date.now();
    startWorker({ ratePerSecond: 10 });
    await waitUntil(async () => (await statusOf(id)) === 'done');
    const times = recorder.deliveredMessages().map((c) => c.at);
    expect(times).toHaveLength(24);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(2_200);
    // No one-second window holds more than 10 (+1 for the window's edge).
    for (const t of times) expect(times.filter((u) => u >= t && u < t + 1000).length).toBeLessThanOrEqual(11);
  });

  it('cancel stops the remaining deliveries; nothing is sent after it', { timeout: 60_000 }, async () => {
    const adminId = await anAdmin();
    await seedUsers(Array.from({ length: 150 }, () => ({})));
    const id = await startAnnouncement(db(), {
      isBotOn: true,
      adminId,
      request: { text: 'Soon cancelled', format: 'plain', withButton: false, language: null },
    });
    startWorker({ ratePerSecond: 25 });
    await waitUntil(() => recorder.deliveredMessages().length >= 20);
    await cancelAnnouncement(db(), { adminId, announcementId: id });
    await waitUntil(async () => (await countsOf(id)).sending === 0, 5_000);
    const sentAtCancel = recorder.deliveredMessages().length;
    await afterAnotherPoll();
    expect(recorder.deliveredMessages()).toHaveLength(sentAtCancel);
    const counts = await countsOf(id);
    expect(await statusOf(id)).toBe('cancelled');
    expect(counts.pending).toBe(0);
    expect(counts.sent).toBe(sentAtCancel);
    expect(counts.sent + counts.cancelled).toBe(150);
    expect(counts.cancelled).toBeGreaterThan(50);
    // A cancelled announcement cannot be cancelled again.
    await expect(cancelAnnouncement(db(), { adminId, announcementId: id })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const audit = await db().execute(sql`SELECT action FROM admin_audit_log WHERE target_id = ${id} ORDER BY id`);
    expect(rowsOf<{ action: string }>(audit).map((r) => r.action)).toEqual([
      'announcement.send',
      'announcement.cancel',
    ]);
  });

  it(
    'a refusal that cannot succeed later fails at once; Telegram 5xx beyond the tries fails too',
    { timeout: 30_000 },
    async () => {
      const adminId = await anAdmin();
      const [first, second] = await seedUsers([{}, {}]);
      recorder.failNext('sendMessage', { error_code: 400, description: "Bad Request: can't parse entities" });
      for (let i = 0; i < 3; i++)
        recorder.failNext('sendMessage', { error_code: 500, description: 'Internal Server Error' });
      const id = await startAnnouncement(db(), {
        isBotOn: true,
        adminId,
        request: { text: 'Doomed', format: 'plain', withButton: false, language: null },
      });
      startWorker({ ratePerSecond: 1000, maxAttempts: 3, retrySeconds: 0.1 });
      await waitUntil(async () => (await statusOf(id)) === 'done', 20_000);
      expect(await countsOf(id)).toMatchObject({ failed: 2, sent: 0, pending: 0 });
      // The first recipient (in delivery order) met the 400 once; the other the three 500s.
      const calls = recorder.callsTo('sendMessage').map((c) => Number(c.payload.chat_id));
      const [refused, ...retried] = calls;
      expect(new Set(calls)).toEqual(new Set([first!.chatId, second!.chatId]));
      expect(retried).toEqual([retried[0], retried[0], retried[0]]);
      expect(retried[0]).not.toBe(refused);
      const errors = await db()
        .select({ error: outboxMessages.lastError })
        .from(outboxMessages)
        .where(eq(outboxMessages.announcementId, id))
        .orderBy(outboxMessages.id);
      expect(errors.map((e) => e.error)).toEqual([
        "400 Bad Request: can't parse entities",
        '500 Internal Server Error',
      ]);
    },
  );

  it('refuses an announcement no one would receive', async () => {
    const adminId = await anAdmin();
    await expect(
      startAnnouncement(db(), {
        isBotOn: true,
        adminId,
        request: { text: 'Nobody', format: 'plain', withButton: false, language: 'zh' },
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    const rows = await db()
      .select()
      .from(outboxMessages)
      .where(sql`false`);
    expect(rows).toEqual([]);
  });
});
