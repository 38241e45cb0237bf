import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { buildStartUpdate, startBotApiRecorder, type BotApiRecorder } from '@ziver/bot/testing';
import { startServer, type RunningServer } from './server.js';
import { createTestDatabase } from './testing/test-database.js';
import { startTestServer, type TestServer } from './testing/test-server.js';
import { loadConfig } from './platform/config.js';
import type { DatabaseHandle } from './platform/db/client.js';
import { TELEGRAM_WEBHOOK_URL_PATH, webhookSecretFor } from './start-telegram.js';

const TOKEN = `123456:${'W'.repeat(35)}`;
const SECRET = 'webhook_Secret-42';

let servers: TestServer[] = [];
let recorder: BotApiRecorder | undefined;
let database: DatabaseHandle | undefined;

afterEach(async () => {
  for (const server of servers) await server.stop();
  await recorder?.close();
  await database?.close();
  servers = [];
  recorder = undefined;
  database = undefined;
});

async function startWebhookServer(options: { database?: DatabaseHandle } = {}): Promise<TestServer> {
  recorder ??= await startBotApiRecorder({ token: TOKEN });
  const server = await startTestServer(
    {
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_API_ROOT: recorder.url,
      PUBLIC_URL: 'https://ziver.test',
      MINIAPP_URL: 'https://ziver.test',
      TELEGRAM_WEBHOOK_SECRET: SECRET,
    },
    options.database ? { database: options.database } : {},
  );
  servers.push(server);
  return server;
}

function post(url: string, body: string | undefined, headers: Record<string, string>) {
  return fetch(`${url}${TELEGRAM_WEBHOOK_URL_PATH}`, {
    method: 'POST',
    headers,
    ...(body === undefined ? {} : { body }),
  });
}

const json = { 'content-type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': SECRET };

describe('webhook: what Telegram (and others) may post', () => {
  it('checks the secret before the body: a wrong secret with malformed JSON is 401, not 400', async () => {
    const server = await startWebhookServer();
    const res = await post(server.url, '{not json', { ...json, 'X-Telegram-Bot-Api-Secret-Token': 'wrong' });
    expect(res.status).toBe(401);
    expect(webhookSecretFor(server.config)).toBe(SECRET);
  });

  it('a missing or wrong content type, malformed JSON or no update_id answers 400, never 500, and sends nothing', async () => {
    const server = await startWebhookServer();
    const update = JSON.stringify(buildStartUpdate({ from: { id: 9301 } }));
    const secretOnly = { 'X-Telegram-Bot-Api-Secret-Token': SECRET };

    const noType = await post(server.url, update, secretOnly);
    expect(noType.status).toBe(400);
    expect(await noType.json()).toEqual({
      success: false,
      code: 'INVALID_UPDATE',
      message: 'Updates must be sent as application/json',
    });
    expect((await post(server.url, update, { ...secretOnly, 'content-type': 'text/plain' })).status).toBe(400);

    const malformed = await post(server.url, '{"update_id": 1, "message": {', json);
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({
      success: false,
      code: 'INVALID_UPDATE',
      message: 'The update is not valid JSON',
    });
    expect((await post(server.url, '', json)).status).toBe(400);
    expect((await post(server.url, '[1,2]', json)).status).toBe(400);
    expect((await post(server.url, '{"message": {}}', json)).status).toBe(400);
    expect((await post(server.url, '{"update_id": "7"}', json)).status).toBe(400);

    expect(recorder!.callsTo('sendMessage')).toEqual([]);
    // The same update, well formed, is handled.
    expect((await post(server.url, update, json)).status).toBe(200);
    expect(recorder!.callsTo('sendMessage').map((c) => c.payload.chat_id)).toEqual([9301]);
  });

  it('an update_id delivered twice, to two instances on one database, is handled once', async () => {
    database = await createTestDatabase();
    const first = await startWebhookServer({ database });
    const second = await startWebhookServer({ database });
    const update = JSON.stringify(buildStartUpdate({ from: { id: 9302 }, updateId: 880_001 }));

    // Concurrently to both instances, then again to the first (Telegram's re-delivery after a timeout).
    const answers = await Promise.all([post(first.url, update, json), post(second.url, update, json)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect((await post(first.url, update, json)).status).toBe(200);
    // An instance answers an update only once it has handled it (bot/src/webhook.ts awaits the
    // handler): all three answers are in, so every reply either would send has been sent.
    expect(recorder!.callsTo('sendMessage').map((c) => c.payload.chat_id)).toEqual([9302]);

    // Another update_id from the same user is handled.
    const next = JSON.stringify(buildStartUpdate({ from: { id: 9302 }, updateId: 880_002 }));
    expect((await post(second.url, next, json)).status).toBe(200);
    expect(recorder!.callsTo('sendMessage')).toHaveLength(2);
  });
});

describe('start-up checks', () => {
  it('an http PUBLIC_URL with a bot token is refused at start, naming the variable', () => {
    expect(() =>
      loadConfig({ TELEGRAM_BOT_TOKEN: TOKEN, PUBLIC_URL: 'http://ziver.test' }, { persistSecrets: false }),
    ).toThrow(/PUBLIC_URL: must be an https:\/\/ URL when TELEGRAM_BOT_TOKEN is set/);
    // Without a bot there is no webhook: http is accepted (local sign-in links).
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }, { persistSecrets: false }).telegram.publicUrl).toBe(
      'http://localhost:3000',
    );
  });

  it('a webhook URL Telegram refuses (400) turns the bot off once instead of retrying forever', async () => {
    recorder = await startBotApiRecorder({ token: TOKEN });
    recorder.failNext('setWebhook', {
      error_code: 400,
      description: 'Bad Request: bad webhook: Failed to resolve host',
    });
    const server = await startWebhookServer();
    expect((await server.get('/api/health')).body.bot).toBe('off');
    // The time under test: start-up retries come after a 2 s backoff (start-telegram.ts), so
    // waiting past the first retry's time is what shows there is none. No event marks a retry
    // that never comes.
    // eslint-disable-next-line no-restricted-syntax -- a real backoff is the thing under test
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(recorder.callsTo('setWebhook')).toHaveLength(1);
  });
});

describe('the bot token in logs', () => {
  it('a run where the Bot API keeps failing (dropped connections) logs errors, none with the token', async () => {
    recorder = await startBotApiRecorder({ token: TOKEN });
    for (let i = 0; i < 2; i++) recorder.failNextWith('getMe', { drop: true });
    let logs = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs += chunk.toString('utf8');
        done();
      },
    });
    const config = loadConfig(
      {
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'debug',
        MINIAPP_DIST: '/nonexistent-miniapp-dist',
        TELEGRAM_BOT_TOKEN: TOKEN,
        TELEGRAM_API_ROOT: recorder.url,
      },
      { persistSecrets: false },
    );
    database = await createTestDatabase();
    let running: RunningServer | undefined;
    try {
      running = await startServer(config, { database, logger: pino({ level: 'debug' }, sink) });
      // Two dropped getMe calls, retried by the start-up loop (after 2 s, 4 s), then one answers.
      await recorder.waitForCall((c) => c.method === 'getMe' && recorder!.callsTo('getMe').length === 3, {
        timeoutMs: 25_000,
      });
    } finally {
      await running?.close();
    }
    expect(logs).toContain('could not reach the Telegram Bot API; retrying');
    expect(logs).toContain('Network request for');
    expect(logs).not.toContain(TOKEN);
    expect(logs).not.toContain(TOKEN.split(':')[1]);
  }, 40_000);
});
