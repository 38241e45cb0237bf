import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { startBotApiRecorder, type BotApiRecorder } from '@ziver/bot/testing';
import { rowsOf, type DatabaseHandle } from '../../platform/db/client.js';
import { miningSessions, users } from '../../platform/db/schema.js';
import { createLogger } from '../../platform/logger.js';
import { loadConfig } from '../../platform/config.js';
import { miningNotices } from '../../testing/mining-notices.js';
import { nextTelegramId } from '../../testing/telegram-init-data.js';
import { createTestDatabase, TEST_PG_URL } from '../../testing/test-database.js';
import { startMiningNotifier, type MiningNotifier, type MiningNotifierOptions } from './mining-notifier.js';
import { createBotMessageSender } from './send-bot-message.js';

// A claim racing the mining-ready notice's sending marker: a claim that commits before the
// marker cancels the notice (the row 'skipped', the prepared request dropped, nothing sent); the
// marker waits for a claim still in flight on its cycle (FOR SHARE), then sees it.
const TOKEN = `123456:${'R'.repeat(35)}`;
const logger = createLogger(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' }));

let recorder: BotApiRecorder;
let database: DatabaseHandle;
const notifiers: MiningNotifier[] = [];

beforeAll(async () => {
  recorder = await startBotApiRecorder({ token: TOKEN });
  database = await createTestDatabase();
});
afterEach(async () => {
  await Promise.all(notifiers.splice(0).map((n) => n.stop()));
  recorder.clearCalls();
});
afterAll(async () => {
  await database?.close();
  await recorder?.close();
});

const db = () => database.db;

async function finishedCycle() {
  const n = randomBytes(5).toString('hex');
  const telegramId = nextTelegramId();
  const [user] = await db()
    .insert(users)
    .values({ username: `r_${n}`, referralCode: `R${n.toUpperCase()}`, telegramId: BigInt(telegramId) })
    .returning();
  const [cycle] = await db()
    .insert(miningSessions)
    .values({ userId: user!.id, startedAt: sql`now() - interval '4 hours'`, endsAt: sql`now()`, reward: 50 })
    .returning({ id: miningSessions.id });
  return { cycleId: cycle!.id, telegramId };
}

const claim = (cycleId: string) => sql`UPDATE mining_sessions SET claimed_at = now() WHERE id = ${cycleId}`;

/** A notifier whose prepared requests run `beforeMarker` once connected (just before the marker is written). */
function startNotifier(beforeMarker: () => Promise<void>) {
  const sender = createBotMessageSender({ token: TOKEN, apiRoot: recorder.url, timeoutMs: 20_000 });
  let cancelled = 0;
  const prepareSend: MiningNotifierOptions['prepareSend'] = async ({ chatId }) => {
    const prepared = await sender.prepare({ chatId, text: 'ready' });
    await beforeMarker();
    if (prepared.kind !== 'ready') return prepared;
    return {
      ...prepared,
      cancel: () => {
        cancelled++;
        prepared.cancel();
      },
    };
  };
  notifiers.push(
    startMiningNotifier({
      db: db(),
      logger,
      prepareSend,
      pollSeconds: 0.05,
      maxAttempts: 3,
      retrySeconds: 0.2,
      ratePerSecond: 100,
    }),
  );
  return { cancelled: () => cancelled };
}

const stateOf = async (cycleId: string) => (await miningNotices(db(), [cycleId])).get(cycleId)?.state;

describe('a claim racing the sending marker', () => {
  it('a claim committed after the connection, before the marker: the notice is skipped, nothing sent', async () => {
    const cycle = await finishedCycle();
    const notifier = startNotifier(async () => {
      await db().execute(claim(cycle.cycleId));
    });
    await expect.poll(() => stateOf(cycle.cycleId)).toBe('skipped');
    expect(notifier.cancelled()).toBe(1);
    expect(recorder.deliveredMessages()).toEqual([]);
  });

  it('a claim after the marker does not stop the notice: sent once', async () => {
    const cycle = await finishedCycle();
    startNotifier(async () => {});
    await expect.poll(() => stateOf(cycle.cycleId)).toBe('sent');
    await db().execute(claim(cycle.cycleId));
    expect(recorder.deliveredMessages().map((c) => c.payload.chat_id)).toEqual([cycle.telegramId]);
  });

  it.skipIf(!TEST_PG_URL)(
    'a claim still in flight when the marker is written: the marker waits for it, then skips',
    async () => {
      const cycle = await finishedCycle();
      const name = rowsOf<{ name: string }>(await db().execute(sql`SELECT current_database() AS name`))[0]!.name;
      const url = new URL(TEST_PG_URL!);
      url.pathname = `/${name}`;
      const claimer = new pg.Client({ connectionString: url.toString() });
      await claimer.connect();
      try {
        let isClaiming = false;
        const notifier = startNotifier(async () => {
          if (isClaiming) return;
          isClaiming = true;
          await claimer.query('BEGIN');
          await claimer.query('UPDATE mining_sessions SET claimed_at = now() WHERE id = $1', [cycle.cycleId]);
        });
        // The marker's statement waits on the claim's row lock…
        await vi.waitFor(
          async () => {
            const waiting = await claimer.query(
              `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'`,
              [name],
            );
            expect(waiting.rows[0].n).toBe(1);
          },
          { timeout: 30_000, interval: 20 },
        );
        // …and sees it once committed.
        await claimer.query('COMMIT');
        await expect.poll(() => stateOf(cycle.cycleId)).toBe('skipped');
        expect(notifier.cancelled()).toBe(1);
        expect(recorder.deliveredMessages()).toEqual([]);
      } finally {
        await claimer.end();
      }
    },
  );
});
