import { afterEach, describe, expect, it } from 'vitest';
import { buildStartUpdate, startBotApiRecorder, type BotApiRecorder } from '@ziver/bot/testing';
import { startTestServer, type TestServer } from './testing/test-server.js';
import { TELEGRAM_WEBHOOK_URL_PATH, webhookSecretFor } from './start-telegram.js';

const TOKEN = `123456:${'A'.repeat(35)}`;
const WELCOME = /^Welcome to Ziver!\n\nMine ZP every cycle/;

let server: TestServer | undefined;
let recorder: BotApiRecorder | undefined;

afterEach(async () => {
  // The server first: it stops long polling against the recorder.
  await server?.stop();
  await recorder?.close();
  server = undefined;
  recorder = undefined;
});

async function startWithBot(env: Record<string, string> = {}) {
  recorder = await startBotApiRecorder({ token: TOKEN });
  server = await startTestServer({
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_API_ROOT: recorder.url,
    MINIAPP_URL: 'https://ziver.test',
    ...env,
  });
  return { server, recorder };
}

function postUpdate(url: string, update: unknown, headers: Record<string, string> = {}) {
  return fetch(`${url}${TELEGRAM_WEBHOOK_URL_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(update),
  });
}

describe('Telegram bot hosted by the server', () => {
  it('long polling (no PUBLIC_URL): sets up the bot and answers /start with the mini app button', async () => {
    const { server, recorder } = await startWithBot();
    expect(server.deps.config.telegram.publicUrl).toBeUndefined();

    recorder.pushUpdate(buildStartUpdate({ from: { id: 9001, language_code: 'en' }, payload: 'REF123' }));
    const reply = await recorder.waitForCall((c) => c.method === 'sendMessage' && c.payload.chat_id === 9001);
    expect(reply.payload.text).toMatch(WELCOME);
    expect(reply.payload.reply_markup).toEqual({
      inline_keyboard: [[{ text: 'Open Ziver', web_app: { url: 'https://ziver.test' } }]],
    });
    // No user has the code REF123: the reply says so and does not carry it to the app.
    expect(reply.payload.text).toContain('The invite code REF123 does not exist');

    const methods = recorder.calls.map((c) => c.method).filter((m) => m !== 'getUpdates');
    expect(methods).toEqual([
      'getMe',
      ...Array(5).fill('setMyCommands'),
      'setChatMenuButton',
      'deleteWebhook',
      'sendMessage',
    ]);
    expect(recorder.callsTo('setChatMenuButton')[0]?.payload).toEqual({
      menu_button: { type: 'web_app', text: 'Open Ziver', web_app: { url: 'https://ziver.test' } },
    });
    expect(recorder.callsTo('setWebhook')).toEqual([]);
    expect((await server.get('/api/health')).body.bot).toBe('on');
  });

  it('webhook (PUBLIC_URL set): registers the webhook with a secret and answers updates posted with it', async () => {
    const { server, recorder } = await startWithBot({ PUBLIC_URL: 'https://ziver.test' });

    const [setWebhook] = recorder.callsTo('setWebhook');
    const secret = webhookSecretFor(server.config);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{1,256}$/);
    expect(setWebhook?.payload).toEqual({
      url: 'https://ziver.test/api/telegram/webhook',
      secret_token: secret,
      drop_pending_updates: false,
    });
    expect(recorder.callsTo('getUpdates')).toEqual([]);
    expect(recorder.callsTo('deleteWebhook')).toEqual([]);

    const update = buildStartUpdate({ from: { id: 9002, language_code: 'es' }, payload: 'REF456' });
    const res = await postUpdate(server.url, update, { 'X-Telegram-Bot-Api-Secret-Token': secret });
    expect(res.status).toBe(200);
    // grammY answers the webhook only after the update is handled: the reply is already recorded.
    const replies = recorder.callsTo('sendMessage');
    expect(replies).toHaveLength(1);
    expect(replies[0]?.payload).toMatchObject({
      chat_id: 9002,
      text: expect.stringMatching(/^¡Bienvenido a Ziver![^]*El código de invitación REF456 no existe/),
      reply_markup: {
        inline_keyboard: [[{ text: 'Abrir Ziver', web_app: { url: 'https://ziver.test' } }]],
      },
    });
  });

  it('webhook: refuses an update with a wrong or missing secret header with 401 and sends nothing', async () => {
    const { server, recorder } = await startWithBot({ PUBLIC_URL: 'https://ziver.test' });
    const update = buildStartUpdate({ from: { id: 9003 } });

    const wrong = await postUpdate(server.url, update, { 'X-Telegram-Bot-Api-Secret-Token': 'not-the-secret' });
    expect(wrong.status).toBe(401);
    const missing = await postUpdate(server.url, update);
    expect(missing.status).toBe(401);
    expect(recorder.callsTo('sendMessage')).toEqual([]);
  });

  it('webhook: uses TELEGRAM_WEBHOOK_SECRET when configured', async () => {
    const { server, recorder } = await startWithBot({
      PUBLIC_URL: 'https://ziver.test',
      TELEGRAM_WEBHOOK_SECRET: 'my_Secret-1',
    });
    expect(recorder.callsTo('setWebhook')[0]?.payload.secret_token).toBe('my_Secret-1');

    const res = await postUpdate(server.url, buildStartUpdate({ from: { id: 9004 } }), {
      'X-Telegram-Bot-Api-Secret-Token': 'my_Secret-1',
    });
    expect(res.status).toBe(200);
    expect(recorder.callsTo('sendMessage').map((c) => c.payload.chat_id)).toEqual([9004]);
  });

  it('without a token the bot is off: health says so and the Bot API is never called', async () => {
    recorder = await startBotApiRecorder();
    server = await startTestServer({ TELEGRAM_API_ROOT: recorder.url, MINIAPP_URL: 'https://ziver.test' });

    const health = await server.get('/api/health');
    expect(health.status).toBe(200);
    expect(health.body.bot).toBe('off');
    expect((await postUpdate(server.url, buildStartUpdate())).status).toBe(404);
    expect(recorder.calls).toEqual([]);
  });

  it('keeps serving the API when the Bot API refuses the token', async () => {
    recorder = await startBotApiRecorder({ token: `654321:${'B'.repeat(35)}` });
    server = await startTestServer({ TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: recorder.url });

    const health = await server.get('/api/health');
    expect(health.status).toBe(200);
    expect(health.body.bot).toBe('off');
    expect(recorder.calls.map((c) => c.method)).toEqual(['getMe']);
  });

  it('starts the API within seconds when the Bot API is unreachable, and the bot once it answers', async () => {
    recorder = await startBotApiRecorder({ token: TOKEN });
    const port = new URL(recorder.url).port;
    await recorder.close();
    // Serving while the bot still waits for the Bot API (it never answers here): the API did not
    // wait for the bot, whatever the machine's speed.
    server = await startTestServer({ TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: `http://127.0.0.1:${port}` });
    expect((await server.get('/api/health')).body).toMatchObject({ status: 'ok', bot: 'starting' });
    // Webhook-less updates cannot arrive; the bot retries in the background until stopped.
    recorder = undefined;
  });
});
