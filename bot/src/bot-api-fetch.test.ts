import http from 'node:http';
import net from 'node:net';
import { Api, HttpError, InputFile } from 'grammy';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BotApiTransportError, createBotApiFetch } from './bot-api-fetch.js';
import { startBotApiRecorder, TEST_BOT_TOKEN, type BotApiRecorder } from './testing/index.js';

let recorder: BotApiRecorder;
beforeEach(async () => {
  recorder = await startBotApiRecorder({ token: TEST_BOT_TOKEN });
});
afterEach(() => recorder.close());

const apiAt = (apiRoot: string) => new Api(TEST_BOT_TOKEN, { apiRoot, fetch: createBotApiFetch() });

/** The client's verdict on a failed call (grammY wraps it in an HttpError). */
async function failureOf(call: Promise<unknown>): Promise<BotApiTransportError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  const cause = (error as HttpError).error;
  expect(cause).toBeInstanceOf(BotApiTransportError);
  return cause as BotApiTransportError;
}

describe('createBotApiFetch (grammY on node:http, says whether a failed call reached Telegram)', () => {
  it('answers, JSON and multipart requests alike', async () => {
    expect((await apiAt(recorder.url).sendMessage(7201, 'hi')).text).toBe('hi');

    // A file upload is a multipart stream; checked on the raw bytes a server reads.
    let body = '';
    const server = http.createServer((req, res) => {
      req.on('data', (chunk: Buffer) => (body += chunk.toString('latin1')));
      req.on('end', () => res.end(JSON.stringify({ ok: true, result: true })));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      const api = apiAt(`http://127.0.0.1:${port}`);
      await api.sendDocument(7201, new InputFile(Buffer.from('the file'), 'a.txt'));
      expect(body).toContain('filename=a.txt');
      expect(body).toContain('\r\n\r\nthe file\r\n');
      expect(body).toMatch(/--\r\n$/);
    } finally {
      server.close();
    }
  });

  it('a refused connection did not reach Telegram; the error names neither the token nor the address', async () => {
    const closedRoot = recorder.url;
    await recorder.close();
    const failure = await failureOf(apiAt(closedRoot).sendMessage(7202, 'hi'));
    expect(failure).toMatchObject({ isNotDelivered: true, code: 'ECONNREFUSED' });
    expect(failure.message).toBe('network error ECONNREFUSED (did not reach Telegram)');
  });

  it('a connection dropped after the request was written may have reached Telegram, on a fresh or a kept-alive socket', async () => {
    const api = apiAt(recorder.url);
    recorder.scriptNext('sendMessage', { drop: 'after' });
    expect(await failureOf(api.sendMessage(7203, 'first'))).toMatchObject({ isNotDelivered: false });
    await api.getMe(); // leaves a kept-alive socket
    recorder.scriptNext('sendMessage', { drop: 'before' });
    expect(await failureOf(api.sendMessage(7203, 'second'))).toMatchObject({ isNotDelivered: false });
    expect(recorder.callsTo('sendMessage')).toHaveLength(2);
  });

  it("a proxy's error page did not reach Telegram; a 200 that is not a Bot API answer may have", async () => {
    const api = apiAt(recorder.url);
    recorder.failNextWith('sendMessage', { status: 502, body: '<html><h1>502 Bad Gateway</h1></html>' });
    expect(await failureOf(api.sendMessage(7204, 'hi'))).toMatchObject({ isNotDelivered: true });
    recorder.failNextWith('sendMessage', { status: 200, body: '<html>captive portal</html>' });
    expect(await failureOf(api.sendMessage(7204, 'hi'))).toMatchObject({ isNotDelivered: false });
  });

  it('a kept-alive socket reset after the request was written is never sent again by the client', async () => {
    // Answers the first request on each connection and resets it when a second one arrives: the
    // keep-alive race, which looks the same as a server that took the request and then failed.
    let requests = 0;
    const server = net.createServer((socket) => {
      let onThisSocket = 0;
      socket.on('data', (chunk) => {
        if (!chunk.toString('latin1').startsWith('POST ')) return;
        requests++;
        if (++onThisSocket > 1) return void socket.resetAndDestroy();
        const json = JSON.stringify({ ok: true, result: true });
        socket.write(
          `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${json.length}\r\nconnection: keep-alive\r\n\r\n${json}`,
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      const api = apiAt(`http://127.0.0.1:${port}`);
      expect(await api.setMyCommands([])).toBe(true);
      expect(await failureOf(api.setMyCommands([]))).toMatchObject({ isNotDelivered: false, code: 'ECONNRESET' });
      expect(requests).toBe(2);
    } finally {
      server.close();
    }
  });
});
