import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import type { ApiClientOptions } from 'grammy';
import {
  deliveryOfForeignAnswer,
  deliveryOfLostRequest,
  describeNetworkError,
  isBotApiAnswer,
  type Delivery,
} from './delivery.js';

/**
 * A Bot API call that failed without Telegram's answer. `isNotDelivered`: Telegram provably never
 * got it (delivery.ts), so it may be sent again; otherwise it may have been delivered. The
 * message names the error code or HTTP status only, never the URL (it holds the token).
 */
export class BotApiTransportError extends Error {
  readonly isNotDelivered: boolean;
  readonly code: string | undefined;

  constructor(message: string, delivery: Delivery, code?: string) {
    super(`${message} (${delivery === 'not-delivered' ? 'did not reach Telegram' : 'may have reached Telegram'})`);
    this.name = 'BotApiTransportError';
    this.isNotDelivered = delivery === 'not-delivered';
    this.code = code;
  }
}

/** What grammY passes to `fetch` (client.js: method, headers, a JSON string or a multipart stream, signal). */
type FetchInit = {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Readable;
  signal?: AbortSignal;
};

/** The part of a fetch Response grammY reads (`res.json()`). */
type Answer = { status: number; ok: boolean; json(): Promise<unknown> };

/**
 * grammY's `client.fetch` on node:http(s). grammY's default client (node-fetch) cannot say
 * whether a failed request had been written, so a retry could not know whether Telegram already
 * had it; this one fails with a `BotApiTransportError` that says so. A non-JSON error page
 * (a proxy's 502) fails the same way. It never sends anything again by itself.
 */
export function createBotApiFetch(): NonNullable<ApiClientOptions['fetch']> {
  // An idle socket is dropped after 4 s, before a server closes it (Node's default 5 s, nginx
  // 75 s): a request written on a socket the server has just closed could not be resent.
  const agents = {
    http: new http.Agent({ keepAlive: true, timeout: 4_000 }),
    https: new https.Agent({ keepAlive: true, timeout: 4_000 }),
  };

  const request = (url: URL, init: FetchInit): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const isHttps = url.protocol === 'https:';
      const body = init.body;
      const headers = { ...init.headers };
      if (typeof body === 'string') headers['content-length'] = String(Buffer.byteLength(body));
      const req = (isHttps ? https : http).request(url, {
        method: init.method ?? 'POST',
        headers,
        agent: isHttps ? agents.https : agents.http,
        ...(init.signal ? { signal: init.signal } : {}),
      });
      let isWritten = false;
      let isAnswered = false;
      // 'finish': the whole request, body included, was handed to the operating system.
      req.on('finish', () => (isWritten = true));
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (isAnswered) return;
        // A kept-alive socket reset after writing (delivery.ts `isKeepAliveRace`) is no proof either.
        reject(new BotApiTransportError(describeNetworkError(error), deliveryOfLostRequest({ isWritten }), error.code));
      });
      req.on('response', (res) => {
        isAnswered = true;
        const chunks: Buffer[] = [];
        const lost = () =>
          reject(new BotApiTransportError('connection dropped during the answer', 'unknown', 'ECONNRESET'));
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('aborted', lost);
        res.on('error', lost);
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status, ok: status >= 200 && status < 300, json: () => readAnswer(status, text) });
        });
      });
      if (typeof body === 'object') body.pipe(req);
      else req.end(body);
    });

  const botApiFetch = (url: string | URL, init: FetchInit = {}) => request(new URL(url), init);
  return botApiFetch as unknown as NonNullable<ApiClientOptions['fetch']>;
}

async function readAnswer(status: number, text: string): Promise<unknown> {
  const answer = parseJson(text);
  if (isBotApiAnswer(answer)) return answer;
  throw new BotApiTransportError(`HTTP ${status} without a Bot API answer`, deliveryOfForeignAnswer(status));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
