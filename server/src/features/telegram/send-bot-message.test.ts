import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import net from 'node:net';
import { startBotApiRecorder, type BotApiRecorder } from '@ziver/bot/testing';
import { createBotMessageSender, type BotMessageSender } from './send-bot-message.js';

const TOKEN = `123456:${'S'.repeat(35)}`;
const MESSAGE = { chatId: 4242, text: 'Your mining cycle is complete', replyMarkup: { inline_keyboard: [] } };

let recorder: BotApiRecorder;
let send: BotMessageSender['send'];

beforeAll(async () => {
  recorder = await startBotApiRecorder({ token: TOKEN });
  send = createBotMessageSender({ token: TOKEN, apiRoot: recorder.url, timeoutMs: 400 }).send;
});
beforeEach(() => recorder.clearCalls());
afterAll(() => recorder.close());

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('createBotMessageSender (one raw sendMessage attempt)', () => {
  it('sends the message once and reports it sent', async () => {
    expect(await send(MESSAGE)).toEqual({ kind: 'sent', messageId: expect.any(Number) });
    expect(recorder.callsTo('sendMessage').map((c) => c.payload)).toEqual([
      { chat_id: 4242, text: 'Your mining cycle is complete', reply_markup: { inline_keyboard: [] } },
    ]);
    expect(recorder.deliveredMessages()).toHaveLength(1);
  });

  it('a Bot API error (JSON body) is "refused", with retry_after for a 429, and never retried', async () => {
    recorder.failNext('sendMessage', {
      error_code: 429,
      description: 'Too Many Requests',
      parameters: { retry_after: 7 },
    });
    expect(await send(MESSAGE)).toEqual({
      kind: 'refused',
      errorCode: 429,
      description: 'Too Many Requests',
      retryAfter: 7,
    });
    recorder.failNext('sendMessage', { error_code: 502, description: 'Bad Gateway' });
    expect(await send(MESSAGE)).toEqual({ kind: 'refused', errorCode: 502, description: 'Bad Gateway' });
    expect(recorder.callsTo('sendMessage')).toHaveLength(2);
    expect(recorder.deliveredMessages()).toHaveLength(0);
  });

  it('an HTML error page (a proxy 502) is "not delivered"', async () => {
    recorder.scriptNext('sendMessage', { html: { status: 502, body: '<html><body>502 Bad Gateway</body></html>' } });
    expect(await send(MESSAGE)).toEqual({ kind: 'not-delivered', reason: 'HTTP 502 without a Bot API answer' });
    expect(recorder.callsTo('sendMessage')).toHaveLength(1);
  });

  it('a refused connection is "not delivered" and its reason carries neither the token nor the address', async () => {
    const port = await closedPort();
    const offline = createBotMessageSender({ token: TOKEN, apiRoot: `http://127.0.0.1:${port}`, timeoutMs: 400 });
    const outcome = await offline.send(MESSAGE);
    expect(outcome).toEqual({ kind: 'not-delivered', reason: 'network error ECONNREFUSED' });
  });

  it('an answer slower than the timeout is "unknown" (Telegram may have delivered it), sent once', async () => {
    recorder.scriptNext('sendMessage', { delayMs: 900 });
    const started = Date.now();
    expect(await send(MESSAGE)).toEqual({ kind: 'unknown', reason: 'no answer within 400 ms' });
    expect(Date.now() - started).toBeLessThan(800);
    // The stand-in processes the message after its 900 ms delay (Telegram did deliver it)...
    await vi.waitFor(() => expect(recorder.deliveredMessages()).toHaveLength(1), { timeout: 30_000 });
    // ... and the sender never sent it a second time.
    expect(recorder.callsTo('sendMessage')).toHaveLength(1);
  });

  it('a connection dropped after the request was written is "unknown"', async () => {
    recorder.scriptNext('sendMessage', { drop: 'after' });
    expect(await send(MESSAGE)).toMatchObject({ kind: 'unknown' });
    recorder.scriptNext('sendMessage', { drop: 'before' });
    expect(await send(MESSAGE)).toMatchObject({ kind: 'unknown' });
    expect(recorder.callsTo('sendMessage')).toHaveLength(2);
    expect(recorder.deliveredMessages()).toHaveLength(1);
  });

  it('a kept-alive socket the server reset before reading the request is sent again once, on a fresh connection', async () => {
    // A raw server: answers the first request of each connection and keeps it open, then resets
    // the connection when a second request arrives on it, without reading it (the keep-alive race).
    let answered = 0;
    const server = net.createServer((socket) => {
      let requests = 0;
      socket.on('data', (chunk) => {
        if (!chunk.toString('latin1').startsWith('POST ')) return;
        if (++requests > 1) return void socket.resetAndDestroy();
        answered++;
        const json = JSON.stringify({ ok: true, result: { message_id: answered } });
        socket.write(
          `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${json.length}\r\nconnection: keep-alive\r\n\r\n${json}`,
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      const racy = createBotMessageSender({ token: TOKEN, apiRoot: `http://127.0.0.1:${port}`, timeoutMs: 1_000 });
      expect(await racy.send(MESSAGE)).toEqual({ kind: 'sent', messageId: 1 });
      expect(await racy.send(MESSAGE)).toEqual({ kind: 'sent', messageId: 2 });
      expect(answered).toBe(2);
    } finally {
      server.close();
    }
  });

  it('prepare connects and sends the headers only: Telegram gets nothing before send(), and nothing at all after cancel()', async () => {
    const sender = createBotMessageSender({ token: TOKEN, apiRoot: recorder.url, timeoutMs: 2_000 });
    const cancelled = await sender.prepare(MESSAGE);
    if (cancelled.kind !== 'ready') throw new Error(`not ready: ${cancelled.kind}`);
    cancelled.cancel();
    // Whatever of the cancelled request reached the stand-in is closed before the next one.
    await vi.waitFor(() => expect(recorder.openRequests('sendMessage')).toBe(0));

    const prepared = await sender.prepare({ ...MESSAGE, chatId: 4343 });
    if (prepared.kind !== 'ready') throw new Error(`not ready: ${prepared.kind}`);
    // The stand-in has the prepared request's headers, and still no call: the body is held back.
    await vi.waitFor(() => expect(recorder.openRequests('sendMessage')).toBe(1));
    expect(recorder.callsTo('sendMessage')).toEqual([]);
    const writtenAt = Date.now();
    expect(await prepared.send()).toMatchObject({ kind: 'sent' });
    const calls = recorder.callsTo('sendMessage');
    expect(calls.map((c) => c.payload.chat_id)).toEqual([4343]);
    expect(calls[0]!.at).toBeGreaterThanOrEqual(writtenAt);
    expect(recorder.deliveredMessages()).toHaveLength(1);
  });

  it('prepare against an unreachable Bot API is "not delivered"', async () => {
    const port = await closedPort();
    const offline = createBotMessageSender({ token: TOKEN, apiRoot: `http://127.0.0.1:${port}`, timeoutMs: 400 });
    expect(await offline.prepare(MESSAGE)).toEqual({ kind: 'not-delivered', reason: 'network error ECONNREFUSED' });
  });
});
