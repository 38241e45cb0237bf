import type { Transformer } from 'grammy';
import { afterEach, describe, expect, it } from 'vitest';
import { apiErrorObserver, errorKindOf, OUTAGE_LOG_INTERVAL_MS, type BotApiErrorKind } from './api-errors.js';
import {
  buildStartUpdate,
  createRecordingLogger,
  startTestBot,
  TEST_BOT_TOKEN,
  type TestBot,
} from './testing/index.js';

let running: TestBot | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

type Prev = Parameters<Transformer>[0];
const answering =
  (answer: () => Awaited<ReturnType<Prev>>): Prev =>
  async () =>
    answer();

describe('Bot API errors, counted by kind', () => {
  it('names each Bot API error code by what an operator does about it', () => {
    expect([429, 500, 502, 401, 404, 403, 400, 409].map(errorKindOf)).toEqual([
      'rate_limited',
      'server_error',
      'server_error',
      'unauthorized',
      'unauthorized',
      'forbidden',
      'bad_request',
      'other',
    ]);
  });

  it('counts every attempt of a reply that Telegram refused first and then took, and logs the outage without the token', async () => {
    const kinds: [BotApiErrorKind, string][] = [];
    running = await startTestBot({ onApiError: (kind, method) => kinds.push([kind, method]) });
    running.recorder.failNext('sendMessage', {
      error_code: 429,
      description: 'Too Many Requests: retry after 1',
      parameters: { retry_after: 1 },
    });
    running.recorder.pushUpdate(buildStartUpdate({ from: { id: 7301 } }));
    await running.recorder.waitForCall(
      (c) => c.method === 'sendMessage' && running!.recorder.callsTo('sendMessage').length === 2,
      { timeoutMs: 8_000 },
    );

    expect(kinds).toEqual([['rate_limited', 'sendMessage']]);
    const lines = running.logger.entries.filter((e) => e.msg === 'Bot API call failed');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.obj).toMatchObject({ method: 'sendMessage', kind: 'rate_limited', errorCode: 429 });
    expect(JSON.stringify(running.logger.entries)).not.toContain(TEST_BOT_TOKEN.split(':')[1]);
  }, 15_000);

  it('logs an outage once a minute per method and kind, saying how many failures the line stands for', async () => {
    let now = 1_000_000;
    const logger = createRecordingLogger();
    const counted: BotApiErrorKind[] = [];
    const observe = apiErrorObserver({ logger, now: () => now, onError: (kind) => counted.push(kind) });
    const badGateway = answering(() => ({ ok: false, error_code: 502, description: 'Bad Gateway' }));
    const refused: Prev = async () => {
      throw new Error('connect ECONNREFUSED');
    };

    for (let i = 0; i < 3; i++) await observe(badGateway, 'getUpdates', {});
    await expect(observe(refused, 'getUpdates', {})).rejects.toThrow('ECONNREFUSED');
    now += OUTAGE_LOG_INTERVAL_MS;
    await observe(badGateway, 'getUpdates', {});
    // A user who blocked the bot is counted, never logged as an outage.
    await observe(
      answering(() => ({ ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' })),
      'sendMessage',
      { chat_id: 1, text: 'hi' },
    );

    expect(counted).toEqual(['server_error', 'server_error', 'server_error', 'network', 'server_error', 'forbidden']);
    expect(logger.entries.map((e) => e.obj)).toEqual([
      {
        method: 'getUpdates',
        kind: 'server_error',
        errorCode: 502,
        description: 'Bad Gateway',
        failuresSinceLastLine: 1,
      },
      { method: 'getUpdates', kind: 'network', error: 'Error', failuresSinceLastLine: 1 },
      {
        method: 'getUpdates',
        kind: 'server_error',
        errorCode: 502,
        description: 'Bad Gateway',
        failuresSinceLastLine: 3,
      },
    ]);
  });
});
