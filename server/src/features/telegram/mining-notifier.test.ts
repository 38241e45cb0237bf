import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { startBotApiRecorder, type BotApiRecorder } from '@ziver/bot/testing';
import type { DatabaseHandle } from '../../platform/db/client.js';
import { miningSessions, users } from '../../platform/db/schema.js';
import { generatedCases } from '../../testing/cases.js';
import { nextTelegramId } from '../../testing/telegram-init-data.js';
import { dropOpenNotices, miningNotices, openNoticeCount } from '../../testing/mining-notices.js';
import { createTestDatabase } from '../../testing/test-database.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';

const TOKEN = `123456:${'A'.repeat(35)}`;
/** The second instance's token, so the recorder tells who sent what (one bot in real life). */
const TOKEN_B = `123456:${'B'.repeat(35)}`;
const READY_EN = 'Your mining cycle is complete: your ZP reward is ready to claim!';
const OPEN_EN = { inline_keyboard: [[{ text: 'Open Ziver', web_app: { url: 'https://ziver.test' } }]] };

let recorder: BotApiRecorder;
let database: DatabaseHandle;
const servers: TestServer[] = [];

beforeAll(async () => {
  recorder = await startBotApiRecorder();
  database = await createTestDatabase();
});

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
  // Nothing a test left pending may reach the next test's schedulers.
  await dropOpenNotices(db());
  recorder.clearCalls();
});

afterAll(async () => {
  await database?.close();
  await recorder?.close();
});

const db = () => database.db;

/** One server instance (bot in webhook mode, so it never polls) on the shared database. */
async function startInstance(env: Record<string, string> = {}): Promise<TestServer> {
  const server = await startTestServer(
    {
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_API_ROOT: recorder.url,
      PUBLIC_URL: 'https://ziver.test',
      NOTIFY_POLL_SECONDS: '0.1',
      NOTIFY_RETRY_SECONDS: '0.2',
      NOTIFY_MAX_ATTEMPTS: '3',
      ...env,
    },
    { database },
  );
  servers.push(server);
  return server;
}

type UserOptions = { telegram?: boolean; notifyPush?: boolean; language?: 'en' | 'es' | 'fr' | 'de' | 'zh' };

/** A user (linked to Telegram unless told otherwise) with one mining cycle that has just ended. */
async function userWithFinishedCycle(options: UserOptions = {}) {
  const [user] = await usersWithFinishedCycles([options]);
  return user!;
}

/** `userWithFinishedCycle` for each of `options`, in one insert of the users and one of the cycles. */
async function usersWithFinishedCycles(options: UserOptions[]) {
  const values = options.map((o) => {
    const n = randomBytes(5).toString('hex');
    const telegramId = o.telegram === false ? null : nextTelegramId();
    return {
      telegramId,
      row: {
        username: `n_${n}`,
        email: `n_${n}@example.com`,
        referralCode: `N${n.toUpperCase()}`,
        telegramId: telegramId === null ? null : BigInt(telegramId),
        notifyPush: o.notifyPush ?? true,
        language: o.language ?? 'en',
      },
    };
  });
  const inserted = await db()
    .insert(users)
    .values(values.map((v) => v.row))
    .returning({ id: users.id, username: users.username });
  const idOf = new Map(inserted.map((u) => [u.username, u.id]));
  const userIds = values.map((v) => idOf.get(v.row.username)!);
  const cycles = await db()
    .insert(miningSessions)
    .values(userIds.map((userId) => finishedCycleRow(userId)))
    .returning({ id: miningSessions.id, userId: miningSessions.userId });
  const cycleOf = new Map(cycles.map((c) => [c.userId, c.id]));
  return values.map((v, i) => ({ userId: userIds[i]!, telegramId: v.telegramId, cycleId: cycleOf.get(userIds[i]!)! }));
}

function finishedCycleRow(userId: string, endedSecondsAgo = 1) {
  return {
    userId,
    startedAt: sql`now() - interval '4 hours'`,
    endsAt: sql`now() - make_interval(secs => ${endedSecondsAgo})`,
    reward: 50,
  };
}

async function finishedCycle(userId: string, endedSecondsAgo = 1): Promise<string> {
  const [cycle] = await db()
    .insert(miningSessions)
    .values(finishedCycleRow(userId, endedSecondsAgo))
    .returning({ id: miningSessions.id });
  return cycle!.id;
}

/** Each cycle's Telegram notice in the outbox. */
const cyclesById = (ids: string[]) => miningNotices(db(), ids);

async function waitUntil(condition: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  await vi.waitFor(async () => expect(await condition()).toBe(true), { timeout: timeoutMs, interval: 50 });
}

const pendingCount = (ids: string[]) => openNoticeCount(db(), ids);

const canaries = new Set<number>();
/** The chats messaged, canaries (afterAnotherPoll) left out. */
const sentTo = () =>
  recorder
    .callsTo('sendMessage')
    .map((c) => Number(c.payload.chat_id))
    .filter((id) => !canaries.has(id));

/**
 * The barrier for "and nothing else goes out": a canary cycle that ends now is only notified by
 * a poll that starts after this call, so once the canary's message is out, the instance sending
 * it has polled again after everything earlier. Repeated until an instance of each bot token
 * has sent one (two instances: both polled again). sentTo() leaves canaries out.
 */
async function afterAnotherPoll(tokens: string[] = [TOKEN]): Promise<void> {
  const seen = new Set<string>();
  for (let i = 0; i < 20 && seen.size < tokens.length; i++) {
    const canary = await userWithFinishedCycle();
    canaries.add(canary.telegramId!);
    const call = await recorder.waitForCall(
      (c) => c.method === 'sendMessage' && c.payload.chat_id === canary.telegramId,
    );
    seen.add(call.token);
  }
  expect([...seen].sort()).toEqual([...tokens].sort());
}

/** Linked users with a finished cycle in the two-instance test: ten or more batches of 4 in the full run. */
const LINKED_USERS = generatedCases(16, 40);

describe('mining-ready notifications', () => {
  it('two server instances on one database send exactly one message per finished cycle', async () => {
    const made = await usersWithFinishedCycles([
      { telegram: false },
      { notifyPush: false },
      {},
      ...Array.from({ length: LINKED_USERS }, (_, i) => ({ language: i % 2 === 0 ? 'en' : 'es' }) as const),
    ]);
    const [noTelegram, pushOff, running] = [made[0]!, made[1]!, made[2]!];
    const linked = made.slice(3);
    await db()
      .update(miningSessions)
      .set({ endsAt: sql`now() + interval '1 hour'` })
      .where(eq(miningSessions.id, running.cycleId));

    // Small batches, so both instances keep claiming from the same queue while the other sends.
    await Promise.all([
      startInstance({ NOTIFY_BATCH_SIZE: '4' }),
      startInstance({ NOTIFY_BATCH_SIZE: '4', TELEGRAM_BOT_TOKEN: TOKEN_B }),
    ]);
    const finished = [...linked, noTelegram, pushOff].map((u) => u.cycleId);
    await waitUntil(async () => (await pendingCount(finished)) === 0);
    await afterAnotherPoll([TOKEN, TOKEN_B]); // both instances polled again: nothing else may go out

    expect(sentTo().sort()).toEqual(linked.map((u) => u.telegramId!).sort());
    const sentBy = (token: string) => recorder.callsTo('sendMessage').filter((c) => c.token === token).length;
    expect(sentBy(TOKEN)).toBeGreaterThan(0);
    expect(sentBy(TOKEN_B)).toBeGreaterThan(0);
    const first = recorder.callsTo('sendMessage').find((c) => c.payload.chat_id === linked[0]!.telegramId)!;
    expect(first.payload).toEqual({ chat_id: linked[0]!.telegramId, text: READY_EN, reply_markup: OPEN_EN });
    const spanish = recorder.callsTo('sendMessage').find((c) => c.payload.chat_id === linked[1]!.telegramId)!;
    expect(spanish.payload).toEqual({
      chat_id: linked[1]!.telegramId,
      text: 'Tu ciclo de minería ha terminado: ¡tu recompensa de ZP está lista para reclamar!',
      reply_markup: { inline_keyboard: [[{ text: 'Abrir Ziver', web_app: { url: 'https://ziver.test' } }]] },
    });

    const rows = await cyclesById([...finished, running.cycleId]);
    for (const u of linked) {
      expect(rows.get(u.cycleId)).toMatchObject({ state: 'sent', attempts: 1, nextAt: null });
      expect(rows.get(u.cycleId)!.sentAt).toBeInstanceOf(Date);
    }
    // Nobody to tell on Telegram: no row is written for them.
    expect(rows.get(noTelegram.cycleId)).toMatchObject({ state: 'none', sentAt: null });
    expect(rows.get(pushOff.cycleId)).toMatchObject({ state: 'none', sentAt: null });
    expect(rows.get(running.cycleId)).toMatchObject({ state: 'pending', attempts: 0 });
  });

  it('a restart mid-way still sends every pending message exactly once', async () => {
    const linked = await usersWithFinishedCycles(Array.from({ length: 8 }, () => ({})));
    const first = await startInstance({ NOTIFY_RATE_PER_SECOND: '4' });
    await waitUntil(async () => recorder.callsTo('sendMessage').length >= 2);
    await first.stop();
    servers.splice(servers.indexOf(first), 1);

    const ids = linked.map((u) => u.cycleId);
    const afterStop = await cyclesById(ids);
    const left = [...afterStop.values()].filter((r) => r.state === 'pending');
    expect(left.length).toBeGreaterThan(0);
    // The stopped instance handed its claimed cycles back: due at once, the try not counted.
    for (const row of left) expect(row).toMatchObject({ nextAt: null, attempts: 0 });

    await startInstance();
    await waitUntil(async () => (await pendingCount(ids)) === 0);
    await afterAnotherPoll();
    expect(sentTo().sort()).toEqual(linked.map((u) => u.telegramId!).sort());
  });

  it('notifies a repeat user for every cycle, but not for a cycle claimed before the message went out', async () => {
    const user = await userWithFinishedCycle();
    await startInstance();
    await waitUntil(async () => sentTo().length === 1);

    // The reward is claimed, a new cycle starts and ends: one more message.
    await db()
      .update(miningSessions)
      .set({ claimedAt: sql`now()` })
      .where(eq(miningSessions.id, user.cycleId));
    const second = await finishedCycle(user.userId);
    await waitUntil(async () => sentTo().length === 2);
    expect((await cyclesById([user.cycleId])).get(user.cycleId)).toMatchObject({
      state: 'sent',
      attempts: 1,
    });

    // A cycle claimed before the scheduler got to it is skipped without a message.
    await db()
      .update(miningSessions)
      .set({ claimedAt: sql`now()` })
      .where(eq(miningSessions.id, second));
    const quick = await db()
      .insert(miningSessions)
      .values({
        userId: user.userId,
        startedAt: sql`now() - interval '4 hours'`,
        endsAt: sql`now()`,
        reward: 50,
        claimedAt: sql`now()`,
      })
      .returning({ id: miningSessions.id });
    await waitUntil(async () => (await pendingCount([quick[0]!.id])) === 0);
    expect((await cyclesById([quick[0]!.id])).get(quick[0]!.id)).toMatchObject({ state: 'none' });
    expect(sentTo()).toEqual([user.telegramId, user.telegramId]);
  });

  it('a 403 (bot blocked) marks the user blocked and is never retried', async () => {
    recorder.failNext('sendMessage', { error_code: 403, description: 'Forbidden: bot was blocked by the user' });
    const user = await userWithFinishedCycle();
    await startInstance();
    await waitUntil(async () => (await pendingCount([user.cycleId])) === 0);
    await afterAnotherPoll();

    expect(sentTo()).toEqual([user.telegramId]);
    expect((await cyclesById([user.cycleId])).get(user.cycleId)).toMatchObject({
      state: 'skipped',
      sentAt: null,
    });
    const [row] = await db().select().from(users).where(eq(users.id, user.userId));
    expect(row!.telegramBlockedAt).toBeInstanceOf(Date);

    // Their next cycle is skipped without asking Telegram.
    await db()
      .update(miningSessions)
      .set({ claimedAt: sql`now()` })
      .where(eq(miningSessions.id, user.cycleId));
    const next = await finishedCycle(user.userId);
    await waitUntil(async () => (await pendingCount([next])) === 0);
    expect(sentTo()).toEqual([user.telegramId]);
  });

  it('a 429 waits for retry_after, then sends once (the 429 is not counted as a try)', async () => {
    recorder.failNext('sendMessage', {
      error_code: 429,
      description: 'Too Many Requests: retry after 1',
      parameters: { retry_after: 1 },
    });
    const user = await userWithFinishedCycle();
    await startInstance();
    await waitUntil(async () => (await pendingCount([user.cycleId])) === 0);

    const calls = recorder.callsTo('sendMessage');
    expect(calls).toHaveLength(2);
    const [refused, sent] = calls.map((c) => c.at);
    expect(sent! - refused!).toBeGreaterThanOrEqual(950);
    expect((await cyclesById([user.cycleId])).get(user.cycleId)).toMatchObject({
      state: 'sent',
      attempts: 1,
    });
  });

  it('a Bot API refusal (400) is retried with growing delays, then given up as failed', async () => {
    for (let i = 0; i < 3; i++) {
      recorder.failNext('sendMessage', { error_code: 400, description: 'Bad Request: message is too long' });
    }
    const user = await userWithFinishedCycle();
    await startInstance();
    await waitUntil(async () => (await pendingCount([user.cycleId])) === 0);
    await afterAnotherPoll();

    const times = recorder
      .callsTo('sendMessage')
      .filter((c) => c.payload.chat_id === user.telegramId)
      .map((c) => c.at!);
    expect(times).toHaveLength(3); // NOTIFY_MAX_ATTEMPTS=3
    // NOTIFY_RETRY_SECONDS=0.2: about 0.2 s, then 0.4 s.
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(190);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(390);
    expect((await cyclesById([user.cycleId])).get(user.cycleId)).toMatchObject({
      state: 'failed',
      attempts: 3,
      sentAt: null,
    });
  });

  it('a 500 followed by success sends once; the 500 (an outage) is not counted as a try', async () => {
    recorder.failNext('sendMessage', { error_code: 500, description: 'Internal Server Error' });
    const user = await userWithFinishedCycle();
    await startInstance();
    await waitUntil(async () => (await pendingCount([user.cycleId])) === 0);
    expect(sentTo()).toEqual([user.telegramId, user.telegramId]);
    expect(recorder.deliveredMessages().map((c) => c.payload.chat_id)).toEqual([user.telegramId]);
    expect((await cyclesById([user.cycleId])).get(user.cycleId)).toMatchObject({
      state: 'sent',
      attempts: 1,
    });
  });

  it('NOTIFICATIONS=off sends nothing and leaves the cycles pending for later', async () => {
    const user = await userWithFinishedCycle();
    await startInstance({ NOTIFICATIONS: 'off' });
    expect(sentTo()).toEqual([]);
    expect((await cyclesById([user.cycleId])).get(user.cycleId)).toMatchObject({
      state: 'pending',
      attempts: 0,
    });
    // Later an instance that sends (its own bot token) picks the cycle up: the message goes out
    // once, from it, so the instance with notifications off never claimed or sent it.
    await startInstance({ TELEGRAM_BOT_TOKEN: TOKEN_B });
    await waitUntil(async () => (await pendingCount([user.cycleId])) === 0);
    expect(recorder.callsTo('sendMessage').map((c) => [c.payload.chat_id, c.token])).toEqual([
      [user.telegramId, TOKEN_B],
    ]);
  });
});
