import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GrammyError, HttpError } from 'grammy';
import type { ChatMember } from 'grammy/types';
import { startBotApiRecorder, type BotApiRecorder } from '@ziver/bot/testing';
import { type CHANNEL_CHECK_MESSAGES, TASK_MESSAGES, channelCheckMessage } from '@ziver/shared';
import { tasks } from '../../platform/db/schema.js';
import { insertUser } from '../../testing/growth-factories.js';
import { nextTelegramId } from '../../testing/telegram-init-data.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { ChannelCheckError, createChannelMembershipChecker, isChannelMember } from './check-channel-membership.js';

const TOKEN = `123456:${'A'.repeat(35)}`;

function apiError(error_code: number, description: string): GrammyError {
  return new GrammyError(
    `Call to 'getChatMember' failed! (${error_code}: ${description})`,
    { ok: false, error_code, description },
    'getChatMember',
    {},
  );
}

const user = { id: 1, is_bot: false, first_name: 'A' };

describe('isChannelMember', () => {
  it('counts member, administrator, creator and restricted members; not left or kicked', () => {
    expect(isChannelMember({ status: 'member', user })).toBe(true);
    expect(isChannelMember({ status: 'administrator', user } as ChatMember)).toBe(true);
    expect(isChannelMember({ status: 'creator', user } as ChatMember)).toBe(true);
    expect(isChannelMember({ status: 'restricted', user, is_member: true } as ChatMember)).toBe(true);
    expect(isChannelMember({ status: 'restricted', user, is_member: false } as ChatMember)).toBe(false);
    expect(isChannelMember({ status: 'left', user })).toBe(false);
    expect(isChannelMember({ status: 'kicked', user, until_date: 0 })).toBe(false);
  });
});

describe('createChannelMembershipChecker', () => {
  function setUp(answer: (chat: string, userId: number) => Promise<ChatMember>) {
    let clock = 1_000_000;
    const calls: [string, number][] = [];
    const warnings: unknown[] = [];
    const check = createChannelMembershipChecker({
      getChatMember: (chat, userId) => {
        calls.push([chat, userId]);
        return answer(chat, userId);
      },
      botUsername: () => 'ziver_bot',
      logger: { warn: (obj: unknown, msg?: string) => void warnings.push({ obj, msg }) } as never,
      now: () => clock,
    });
    const ask = (telegramId = 42n, channel = '@ziver_news') => check({ userId: 'u', telegramId, channel });
    const recheck = () => check({ userId: 'u', telegramId: 42n, channel: '@ziver_news', fresh: true });
    return { ask, recheck, calls, warnings, advance: (ms: number) => void (clock += ms) };
  }

  it('caches a member for 60 s and a non-member for 10 s, per user and channel', async () => {
    let status: 'member' | 'left' = 'member';
    const { ask, calls, advance } = setUp(async () => ({ status, user }) as ChatMember);
    expect(await ask()).toBe(true);
    advance(59_000);
    expect(await ask()).toBe(true);
    expect(calls).toHaveLength(1);
    expect(await ask(43n)).toBe(true); // another user: its own answer
    expect(await ask(42n, '@other_channel')).toBe(true);
    expect(calls).toHaveLength(3);

    status = 'left';
    advance(2_000);
    expect(await ask()).toBe(false);
    advance(9_000);
    expect(await ask()).toBe(false);
    expect(calls).toHaveLength(4);
    status = 'member'; // they joined: asked again after 10 s
    advance(2_000);
    expect(await ask()).toBe(true);
    expect(calls).toEqual([
      ['@ziver_news', 42],
      ['@ziver_news', 43],
      ['@other_channel', 42],
      ['@ziver_news', 42],
      ['@ziver_news', 42],
    ]);
  });

  it('a fresh re-check asks again after a cached "not a member", but reuses a cached member', async () => {
    let status: 'member' | 'left' = 'left';
    const { ask, recheck, calls } = setUp(async () => ({ status, user }) as ChatMember);
    expect(await ask()).toBe(false);
    status = 'member'; // joined a second later: the plain ask still has the cached answer
    expect(await ask()).toBe(false);
    expect(calls).toHaveLength(1);
    expect(await recheck()).toBe(true);
    expect(calls).toHaveLength(2);
    expect(await recheck()).toBe(true);
    expect(await ask()).toBe(true);
    expect(calls).toHaveLength(2);
  });

  it('shares one Bot API call between concurrent asks', async () => {
    const { ask, calls } = setUp(async () => ({ status: 'member', user }) as ChatMember);
    expect(await Promise.all([ask(), ask(), ask()])).toEqual([true, true, true]);
    expect(calls).toHaveLength(1);
  });

  it('explains each failure: bot not an admin, unknown channel, user unknown to the bot, Telegram unreachable', async () => {
    const cases: [Error, keyof typeof CHANNEL_CHECK_MESSAGES][] = [
      [apiError(400, 'Bad Request: member list is inaccessible'), 'botNotAdmin'],
      [apiError(403, 'Forbidden: bot is not a member of the channel chat'), 'botNotAdmin'],
      [apiError(400, 'Bad Request: chat not found'), 'channelNotFound'],
      [apiError(400, 'Bad Request: PARTICIPANT_ID_INVALID'), 'userUnknown'],
      [apiError(400, 'Bad Request: user not found'), 'userUnknown'],
      [apiError(500, 'Internal Server Error'), 'unavailable'],
      [new HttpError('Network request for getChatMember failed!', new Error('ECONNREFUSED')), 'unavailable'],
    ];
    for (const [error, reason] of cases) {
      const { ask } = setUp(async () => {
        throw error;
      });
      const failure = await ask().catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(ChannelCheckError);
      expect(failure).toMatchObject({
        reason,
        message: channelCheckMessage(reason, { channel: '@ziver_news', botUsername: 'ziver_bot' }),
      });
    }
    expect(channelCheckMessage('botNotAdmin', { channel: '@ziver_news' })).toBe(
      'Channel membership cannot be checked right now: the Ziver bot must be an administrator of @ziver_news. Please try again later.',
    );
    expect(channelCheckMessage('userUnknown', { channel: '@x', botUsername: 'ziver_bot' })).toBe(
      'Open the Ziver bot (@ziver_bot) in Telegram and press Start, then try again.',
    );
  });

  it('tells the operator once per channel (every 10 minutes) when the bot must be made an admin', async () => {
    const { ask, warnings, advance } = setUp(async () => {
      throw apiError(400, 'Bad Request: member list is inaccessible');
    });
    for (let i = 0; i < 3; i++) await ask(BigInt(100 + i)).catch(() => undefined);
    expect(warnings).toEqual([
      {
        obj: expect.objectContaining({ channel: '@ziver_news' }),
        msg: 'channel tasks cannot be checked: make the bot an administrator of @ziver_news',
      },
    ]);
    advance(10 * 60_000);
    await ask(200n).catch(() => undefined);
    expect(warnings).toHaveLength(2);
  });
});

describe('channel tasks through the API, answered by the Bot API recorder', () => {
  let recorder: BotApiRecorder;
  let server: TestServer;
  let taskId: string;

  beforeAll(async () => {
    recorder = await startBotApiRecorder({ token: TOKEN });
    server = await startTestServer({
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_API_ROOT: recorder.url,
      PUBLIC_URL: 'https://ziver.test',
      NOTIFICATIONS: 'off',
    });
    const [task] = await server.database.db
      .insert(tasks)
      .values({
        slug: 'join-ziver-news',
        title: 'Join the Ziver news channel',
        description: 'Join @ziver_news on Telegram',
        kind: 'channel',
        channel: '@ziver_news',
        zpReward: 20,
        sebReward: 2,
      })
      .returning();
    taskId = task!.id;
  });

  afterAll(async () => {
    await server?.stop();
    await recorder?.close();
  });

  const complete = (token: string) => server.post(`/api/tasks/${taskId}/complete`, {}, token);

  it('a member completes the task once; getChatMember is asked with the channel and Telegram id', async () => {
    const telegramId = nextTelegramId();
    const { token } = await insertUser(server, { telegramId: BigInt(telegramId) });
    recorder.setChatMember('@ziver_news', telegramId, { status: 'member' });

    const res = await complete(token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, reward: { zp: 20, seb: 2 } });
    expect(recorder.callsTo('getChatMember').filter((c) => c.payload.user_id === telegramId)).toEqual([
      expect.objectContaining({ payload: { chat_id: '@ziver_news', user_id: telegramId } }),
    ]);
    expect((await complete(token)).status).toBe(409);
  });

  it('a restricted user who is still a member completes it too', async () => {
    const telegramId = nextTelegramId();
    const { token } = await insertUser(server, { telegramId: BigInt(telegramId) });
    recorder.setChatMember('@ziver_news', telegramId, { status: 'restricted', is_member: true });
    expect((await complete(token)).status).toBe(200);
  });

  it('a user who left, or was banned, is refused and told to join', async () => {
    const telegramId = nextTelegramId();
    const { token } = await insertUser(server, { telegramId: BigInt(telegramId) });
    recorder.setChatMember('@ziver_news', telegramId, { status: 'left' });

    const list = await server.get('/api/tasks', token);
    const card = list.body.find((t: { id: string }) => t.id === taskId);
    expect(card.progress.progress).toEqual([
      expect.objectContaining({
        rule_type: 'channel_membership',
        isValid: false,
        message: TASK_MESSAGES.channelNotMember,
      }),
    ]);
    const refused = await complete(token);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`${TASK_MESSAGES.requirementsNotMet}: ${TASK_MESSAGES.channelNotMember}`);

    const bannedId = nextTelegramId();
    const banned = await insertUser(server, { telegramId: BigInt(bannedId) });
    recorder.setChatMember('@ziver_news', bannedId, { status: 'kicked' });
    expect((await complete(banned.token)).body.message).toBe(
      `${TASK_MESSAGES.requirementsNotMet}: ${TASK_MESSAGES.channelNotMember}`,
    );
  });

  it('after joining, POST /validate sees the membership at once (GET /progress may keep the cached answer) and Complete works', async () => {
    const telegramId = nextTelegramId();
    const { token } = await insertUser(server, { telegramId: BigInt(telegramId) });
    recorder.setChatMember('@ziver_news', telegramId, { status: 'left' });
    const before = await server.get(`/api/tasks/${taskId}/progress`, token);
    expect(before.body).toMatchObject({ success: true, taskId, is_completed: false, canComplete: false });

    recorder.setChatMember('@ziver_news', telegramId, { status: 'member' });
    const cached = await server.get(`/api/tasks/${taskId}/progress`, token);
    expect(cached.body.canComplete).toBe(false);
    const rechecked = await server.post(`/api/tasks/${taskId}/validate`, {}, token);
    expect(rechecked.status).toBe(200);
    expect(rechecked.body).toMatchObject({ success: true, taskId, is_completed: false, canComplete: true });
    expect(rechecked.body.progress.progress[0]).toMatchObject({
      rule_type: 'channel_membership',
      isValid: true,
      message: TASK_MESSAGES.channelMember,
    });
    expect((await complete(token)).status).toBe(200);
    expect(recorder.callsTo('getChatMember').filter((c) => c.payload.user_id === telegramId)).toHaveLength(2);
  });

  it('when Telegram refuses getChatMember, the task explains instead of failing', async () => {
    const telegramId = nextTelegramId();
    const { token } = await insertUser(server, { telegramId: BigInt(telegramId) });
    recorder.setChatMember('@ziver_news', telegramId, {
      error: { error_code: 400, description: 'Bad Request: member list is inaccessible' },
    });
    const res = await complete(token);
    expect(res.status).toBe(400);
    // The user is told why (the bot must be an administrator of the channel), not a generic failure.
    expect(res.body.message).toMatch(
      new RegExp(`^${TASK_MESSAGES.requirementsNotMet}: .*administrator of @ziver_news`),
    );
    const progress = await server.get(`/api/tasks/${taskId}/progress`, token);
    expect(progress.status).toBe(200);
    expect(progress.body.progress.progress[0]).toMatchObject({ isValid: false });
    expect(progress.body.progress.progress[0].message).toMatch(/administrator of @ziver_news/);
  });

  it('a user without Telegram is told to connect it, and Telegram is not asked', async () => {
    const { token } = await insertUser(server);
    const before = recorder.callsTo('getChatMember').length;
    const res = await complete(token);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(TASK_MESSAGES.channelNeedsTelegram);
    expect(recorder.callsTo('getChatMember')).toHaveLength(before);
  });
});
