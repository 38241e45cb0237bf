import { Api, GrammyError, HttpError } from 'grammy';
import { createServer, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { installApiSafety, redactToken, REDACTED_TOKEN } from './api-safety.js';
import {
  buildMessageUpdate,
  buildStartUpdate,
  createRecordingLogger,
  startBotApiRecorder,
  startTestBot,
  TEST_BOT_TOKEN,
  type TestBot,
} from './testing/index.js';

let running: TestBot | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

/** Every string an error carries (message, stack, nested errors), as a structured logger would see it. */
function everythingIn(value: unknown, seen = new Set<unknown>()): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null || seen.has(value)) return String(value);
  seen.add(value);
  return Object.getOwnPropertyNames(value)
    .map((key) => `${key}=${everythingIn((value as Record<string, unknown>)[key], seen)}`)
    .join('\n');
}

/** A port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const replies = (bot: TestBot, chatId: number) =>
  bot.recorder.callsTo('sendMessage').filter((c) => c.payload.chat_id === chatId);

describe('replies survive transient Bot API failures, and never arrive twice', () => {
  it('429: waits retry_after, then sends the reply once', async () => {
    running = await startTestBot();
    running.recorder.failNext('sendMessage', {
      error_code: 429,
      description: 'Too Many Requests: retry after 1',
      parameters: { retry_after: 1 },
    });
    running.recorder.pushUpdate(buildStartUpdate({ from: { id: 7101 } }));

    await running.recorder.waitForCall((c) => c.method === 'sendMessage' && replies(running!, 7101).length === 2, {
      timeoutMs: 8_000,
    });
    const [refused, sent] = replies(running, 7101);
    expect(sent!.at - refused!.at).toBeGreaterThanOrEqual(1_000);
    expect(sent!.payload).toEqual(refused!.payload);
    expect(running.logger.entries.filter((e) => e.level === 'error')).toEqual([]);
  });

  it('502 from a proxy (an HTML page, not JSON): retried with backoff, the reply arrives', async () => {
    running = await startTestBot();
    running.recorder.failNextWith('sendMessage', { status: 502, body: '<html><h1>502 Bad Gateway</h1></html>' });
    running.recorder.pushUpdate(buildStartUpdate({ from: { id: 7102 } }));

    await running.recorder.waitForCall((c) => c.method === 'sendMessage' && replies(running!, 7102).length === 2, {
      timeoutMs: 10_000,
    });
    expect(replies(running, 7102)).toHaveLength(2);
    expect(running.logger.entries.filter((e) => e.level === 'error')).toEqual([]);
  });

  it('502 as a Bot API answer: retried with backoff, the reply arrives once', async () => {
    running = await startTestBot();
    running.recorder.failNext('sendMessage', { error_code: 502, description: 'Bad Gateway' });
    running.recorder.pushUpdate(buildMessageUpdate('/help', { from: { id: 7103 } }));

    await expect.poll(() => running!.recorder.deliveredMessages(), { interval: 20 }).toHaveLength(1);
    expect(replies(running, 7103)).toHaveLength(2);
    expect(running.logger.entries.filter((e) => e.level === 'error')).toEqual([]);
  });

  it('a reply whose connection dropped after Telegram took it is not sent again: the user gets it once, the failure is logged without the token', async () => {
    running = await startTestBot();
    running.recorder.scriptNext('sendMessage', { drop: 'after' });
    running.recorder.pushUpdate(buildMessageUpdate('/help', { from: { id: 7106 } }));

    // The failed call ends the update: once it is logged, nothing is left that could resend it.
    const errors = () => running!.logger.entries.filter((e) => e.level === 'error');
    await expect.poll(errors, { interval: 20 }).toHaveLength(1);
    expect(replies(running, 7106)).toHaveLength(1);
    expect(running.recorder.deliveredMessages()).toHaveLength(1);
    const [logged] = errors();
    expect(logged!.msg).toBe('a Bot API call failed while handling an update');
    expect(logged!.obj).toMatchObject({ err: expect.any(HttpError) as unknown });
    expect(everythingIn(logged!.obj)).toContain('may have reached Telegram');
    expect(everythingIn(logged!.obj)).not.toContain(TEST_BOT_TOKEN);
  });

  it('a call Telegram never got (connection refused) is sent again after a backoff and arrives once', async () => {
    const port = await freePort();
    const logger = createRecordingLogger();
    const { createBot } = await import('./bot.js');
    const bot = createBot({ token: TEST_BOT_TOKEN, apiRoot: `http://127.0.0.1:${port}`, logger });

    const sending = bot.api.sendMessage(7107, 'hello');
    // The first try was refused (nothing listens yet); the Bot API comes up before the resend.
    const resends = () =>
      logger.entries.filter((e) => e.msg === 'a Bot API call did not reach Telegram; sending it again');
    await expect.poll(resends, { interval: 10 }).toHaveLength(1);
    expect(resends()[0]).toMatchObject({ level: 'warn', obj: { method: 'sendMessage', attempt: 1, delaySeconds: 3 } });
    expect(everythingIn(resends()[0]!.obj)).toContain('ECONNREFUSED');
    const recorder = await startBotApiRecorder({ token: TEST_BOT_TOKEN, port });
    try {
      expect((await sending).text).toBe('hello');
      expect(recorder.deliveredMessages().map((c) => c.payload.chat_id)).toEqual([7107]);
      expect(recorder.calls).toHaveLength(1);
    } finally {
      await recorder.close();
    }
  });

  it('apiWithoutRetries tries once: a 429 or a dropped connection fails the call at once', async () => {
    running = await startTestBot();
    const { recorder, bot } = running;
    recorder.failNext('sendMessage', {
      error_code: 429,
      description: 'Too Many Requests: retry after 5',
      parameters: { retry_after: 5 },
    });
    const limited = await bot.apiWithoutRetries.sendMessage(7104, 'hi').catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(GrammyError);
    expect((limited as GrammyError).parameters.retry_after).toBe(5);

    recorder.failNextWith('sendMessage', { drop: true });
    const dropped = await bot.apiWithoutRetries.sendMessage(7104, 'hi').catch((error: unknown) => error);
    expect(dropped).toBeInstanceOf(HttpError);
    expect(recorder.callsTo('sendMessage')).toHaveLength(2);
  });
});

describe('the bot token never shows', () => {
  it('a network error from the HTTP client names the URL with the token; the bot scrubs it from every error', async () => {
    const recorder = await startBotApiRecorder({ token: TEST_BOT_TOKEN });
    const closedRoot = recorder.url;
    await recorder.close();

    // grammY's default client (node-fetch) names the URL in its error: the check below can fail.
    const raw = await new Api(TEST_BOT_TOKEN, { apiRoot: closedRoot }).getMe().catch((error: unknown) => error);
    expect(everythingIn(raw)).toContain(TEST_BOT_TOKEN);
    const scrubbed = installApiSafety(new Api(TEST_BOT_TOKEN, { apiRoot: closedRoot }), TEST_BOT_TOKEN, {
      retries: false,
    });
    const error = await scrubbed.getMe().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    const text = everythingIn(error);
    expect(text).not.toContain(TEST_BOT_TOKEN);
    expect(text).not.toContain(TEST_BOT_TOKEN.split(':')[1]);
    expect(text).toContain(REDACTED_TOKEN);

    // The bot's own client names the error code only; its Apis scrub anything else all the same.
    const { createBot } = await import('./bot.js');
    const bot = createBot({ token: TEST_BOT_TOKEN, apiRoot: closedRoot });
    const botError = await bot.apiWithoutRetries.getMe().catch((e: unknown) => e);
    expect(botError).toBeInstanceOf(HttpError);
    expect(everythingIn(botError)).toContain('ECONNREFUSED');
    expect(everythingIn(botError)).not.toContain(TEST_BOT_TOKEN.split(':')[1]);
  });

  it('redactToken replaces the token, its URL-encoded form and any token-shaped string', () => {
    expect(redactToken(`GET /bot${TEST_BOT_TOKEN}/getMe`, TEST_BOT_TOKEN)).toBe(`GET /bot${REDACTED_TOKEN}/getMe`);
    expect(redactToken(`x ${encodeURIComponent(TEST_BOT_TOKEN)} y`, TEST_BOT_TOKEN)).toBe(`x ${REDACTED_TOKEN} y`);
    expect(redactToken(`/bot987654321:${'Z'.repeat(35)}/x`, TEST_BOT_TOKEN)).toBe(`/bot${REDACTED_TOKEN}/x`);
    expect(redactToken('update 123456 at 12:30', TEST_BOT_TOKEN)).toBe('update 123456 at 12:30');
  });
});

describe('chat types', () => {
  it('a /start posted in a channel is never answered; the same in a group is', async () => {
    running = await startTestBot({ miniappUrl: 'https://ziver.test' });
    const channel = { id: -1_009_999, type: 'channel' as const, title: 'Ziver news' };
    running.recorder.pushUpdate({
      channel_post: {
        message_id: 1,
        chat: channel,
        date: Math.floor(Date.now() / 1000),
        text: '/start',
        entities: [{ type: 'bot_command', offset: 0, length: 6 }],
      },
    });
    const group = { id: -1_008_888, type: 'supergroup' as const, title: 'Ziver fans' };
    const last = running.recorder.pushUpdate(buildStartUpdate({ from: { id: 7105 }, chat: group }));

    await running.recorder.waitForCall((c) => c.method === 'sendMessage' && c.payload.chat_id === group.id);
    // Both updates handled (the bot confirmed them): anything it would send has been sent.
    await running.recorder.waitForHandled(last);
    expect(running.recorder.callsTo('sendMessage').map((c) => c.payload.chat_id)).toEqual([group.id]);
  });
});
