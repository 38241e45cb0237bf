import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { startBotApiRecorder, type BotApiRecorder } from '@ziver/bot/testing';
import { rowsOf, type DatabaseHandle } from '../../platform/db/client.js';
import { announcements, users } from '../../platform/db/schema.js';
import { createLogger } from '../../platform/logger.js';
import { loadConfig } from '../../platform/config.js';
import { nextTelegramId } from '../../testing/telegram-init-data.js';
import { createTestDatabase, TEST_PG_URL } from '../../testing/test-database.js';
import { startAnnouncement } from '../admin/start-announcement.js';
import { countAnnouncementDeliveries } from './announcement-deliveries.js';
import { startAnnouncementSender, type AnnouncementSender } from './announcement-sender.js';
import { createBotMessageSender } from './send-bot-message.js';
import { TYPESCRIPT_CHILD_ARGS } from '../../testing/app-instances.js';

// An announcement worker killed with SIGKILL (a crashed server) while Telegram holds one of its
// requests, then a new worker on the same PostgreSQL database: every recipient gets the message
// exactly once. Needs a second process on the same database, so PostgreSQL only.
const TOKEN = `123456:${'K'.repeat(35)}`;
const CHILD = fileURLToPath(new URL('../../testing/announcer-process.ts', import.meta.url));
const SERVER_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

let recorder: BotApiRecorder;
let database: DatabaseHandle;
const children: ChildProcess[] = [];
const workers: AnnouncementSender[] = [];

beforeAll(async () => {
  recorder = await startBotApiRecorder({ token: TOKEN });
  database = await createTestDatabase();
});
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});
afterAll(async () => {
  await database?.close();
  await recorder?.close();
});

const db = () => database.db;

if (!TEST_PG_URL) {
  console.info('announcement-kill: DATABASE_URL not set; the killed-instance test (a second process) is skipped.');
}

describe.skipIf(!TEST_PG_URL)('announcements when an instance is killed (kill -9)', () => {
  const databaseUrl = async () => {
    const result = await db().execute(sql`SELECT current_database() AS name`);
    const url = new URL(TEST_PG_URL!);
    url.pathname = `/${rowsOf<{ name: string }>(result)[0]!.name}`;
    return url.toString();
  };

  async function startChild(): Promise<ChildProcess> {
    const child = spawn(process.execPath, [...TYPESCRIPT_CHILD_ARGS, CHILD], {
      cwd: SERVER_ROOT,
      env: {
        PATH: process.env.PATH,
        ANNOUNCER_DATABASE_URL: await databaseUrl(),
        ANNOUNCER_API_ROOT: recorder.url,
        ANNOUNCER_TOKEN: TOKEN,
        ANNOUNCER_LEASE_SECONDS: '2',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('ready')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`announcer process exited (${code}) before it was ready`)));
    });
    return child;
  }

  it('killed while Telegram holds its 50th message: a new worker finishes, every user gets it exactly once', async () => {
    const rows = await db()
      .insert(users)
      .values(
        Array.from({ length: 200 }, () => {
          const n = randomBytes(6).toString('hex');
          return { username: `k_${n}`, referralCode: `K${n.toUpperCase()}`, telegramId: BigInt(nextTelegramId()) };
        }),
      )
      .returning({ id: users.id, telegramId: users.telegramId });
    const [admin] = rows;
    const id = await startAnnouncement(db(), {
      isBotOn: true,
      adminId: admin!.id,
      request: { text: 'Killed midway', format: 'plain', withButton: false, language: null },
    });
    for (let i = 0; i < 49; i++) recorder.scriptNext('sendMessage', { delayMs: 0 });
    recorder.scriptNext('sendMessage', { delayMs: 1_500 });
    const child = await startChild();
    await recorder.waitForCall(() => recorder.callsTo('sendMessage').length === 50, { timeoutMs: 20_000 });
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
    const afterKill = recorder.callsTo('sendMessage').length;
    expect(afterKill).toBeLessThan(200);

    const sender = createBotMessageSender({ token: TOKEN, apiRoot: recorder.url, timeoutMs: 1_000 });
    const logger = createLogger(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }));
    workers.push(
      startAnnouncementSender({
        db: db(),
        logger,
        prepareSend: ({ chatId, text }) => sender.prepare({ chatId, text }),
        pollSeconds: 0.05,
        maxAttempts: 3,
        retrySeconds: 0.2,
        ratePerSecond: 1000,
        leaseSeconds: 2,
      }),
    );
    const statusOf = async () =>
      (await db().select({ s: announcements.status }).from(announcements).where(eq(announcements.id, id)))[0]?.s;
    await expect.poll(statusOf, { timeout: 30_000, interval: 100 }).toBe('done');
    // The held request (answered after 1.5 s) is through at the stand-in: every delivery counted.
    await vi.waitFor(() => expect(recorder.processing('sendMessage')).toBe(0), { timeout: 30_000 });

    const times = new Map<number, number>();
    for (const call of recorder.deliveredMessages()) {
      const chatId = Number(call.payload.chat_id);
      times.set(chatId, (times.get(chatId) ?? 0) + 1);
    }
    expect(rows.map((r) => times.get(Number(r.telegramId)) ?? 0)).toEqual(rows.map(() => 1));
    const counts = (await countAnnouncementDeliveries(db(), { announcementIds: [id] })).get(id)!;
    // The held message: delivered, never resent, and 'unconfirmed' since no one heard the answer.
    expect(counts).toMatchObject({ sent: 199, unconfirmed: 1, pending: 0, sending: 0, failed: 0 });
  });
});
