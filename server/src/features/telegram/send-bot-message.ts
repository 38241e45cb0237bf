import http from 'node:http';
import https from 'node:https';

/**
 * What became of one sendMessage, as far as this process can know:
 * - `sent`: Telegram answered ok.
 * - `refused`: Telegram answered with a Bot API error (JSON `ok: false`): not delivered.
 * - `not-delivered`: the request never reached Telegram (could not connect, reset while writing)
 *   or a proxy answered with a non-JSON error page (502 HTML): safe to send again.
 * - `unknown`: the request was written but no answer came (timeout, connection dropped): Telegram
 *   may have delivered it. Sending again could duplicate the message.
 */
export type SendOutcome =
  | { kind: 'sent'; messageId: number }
  | { kind: 'refused'; errorCode: number; description: string; retryAfter?: number }
  | { kind: 'not-delivered'; reason: string }
  | { kind: 'unknown'; reason: string };

export type BotMessage = { chatId: number; text: string; replyMarkup?: unknown };

/** One sendMessage request, exactly one attempt: never retried, never throws. */
export type SendBotMessage = (message: BotMessage) => Promise<SendOutcome>;

const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * A raw Bot API `sendMessage` for messages the server sends on its own (notifications). It does
 * not go through the bot's grammY API on purpose: no transformer (auto-retry, …) may resend a
 * message whose first try timed out, and the outcome must say whether the request was written
 * before it failed. The token is part of the URL only: no reason or log text ever contains it.
 */
export function createBotMessageSender(options: {
  token: string;
  apiRoot: string;
  /** The whole exchange (connect, write, answer). Default 8 s. */
  timeoutMs?: number;
}): SendBotMessage {
  const timeoutMs = options.timeoutMs ?? 8_000;
  const url = new URL(`${options.apiRoot.replace(/\/+$/, '')}/bot${options.token}/sendMessage`);
  const transport = url.protocol === 'https:' ? https : http;
  // Keep-alive for throughput (sends are sequential), but an idle socket is dropped after 1 s,
  // long before a server closes it (nginx: 75 s).
  const agent = new transport.Agent({ keepAlive: true, timeout: 1_000 });

  const attempt = (body: string, reuse: boolean, budgetMs: number) =>
    new Promise<{ outcome: SendOutcome; isStaleSocket: boolean }>((resolve) => {
      let isWritten = false;
      let isSettled = false;
      const settle = (outcome: SendOutcome, isStaleSocket = false) => {
        if (isSettled) return;
        isSettled = true;
        clearTimeout(timer);
        resolve({ outcome, isStaleSocket });
      };
      const lost = (reason: string): SendOutcome =>
        isWritten ? { kind: 'unknown', reason } : { kind: 'not-delivered', reason };

      const req = transport.request(url, {
        method: 'POST',
        agent: reuse ? agent : false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      const timer = setTimeout(() => {
        settle(lost(`no answer within ${timeoutMs} ms`));
        req.destroy();
      }, budgetMs);
      // 'finish': the whole request was handed to the operating system.
      req.on('finish', () => {
        isWritten = true;
      });
      req.on('error', (error: NodeJS.ErrnoException) =>
        // A kept-alive socket the server had already closed: reset before any answer, the
        // request never read (the keep-alive race; see Node's `request.reusedSocket`).
        settle(lost(describeNetworkError(error)), req.reusedSocket && error.code === 'ECONNRESET'),
      );
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_RESPONSE_BYTES) chunks.push(chunk);
        });
        res.on('error', (error: NodeJS.ErrnoException) =>
          settle({ kind: 'unknown', reason: describeNetworkError(error) }),
        );
        res.on('aborted', () => settle({ kind: 'unknown', reason: 'connection dropped during the answer' }));
        res.on('end', () => settle(classifyAnswer(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8'))));
      });
      req.end(body);
    });

  return async (message) => {
    const body = JSON.stringify({
      chat_id: message.chatId,
      text: message.text,
      ...(message.replyMarkup === undefined ? {} : { reply_markup: message.replyMarkup }),
    });
    const startedAt = Date.now();
    const first = await attempt(body, true, timeoutMs);
    if (!first.isStaleSocket) return first.outcome;
    // The one case sent again: on a fresh connection, within what is left of the time limit.
    const left = timeoutMs - (Date.now() - startedAt);
    if (left <= 0) return first.outcome;
    return (await attempt(body, false, left)).outcome;
  };
}

function classifyAnswer(status: number, text: string): SendOutcome {
  const json = parseJson(text);
  if (json && json.ok === true) {
    const result = json.result as { message_id?: unknown } | undefined;
    return { kind: 'sent', messageId: Number(result?.message_id ?? 0) };
  }
  if (json && json.ok === false && typeof json.error_code === 'number') {
    const parameters = json.parameters as { retry_after?: unknown } | undefined;
    const retryAfter = Number(parameters?.retry_after);
    return {
      kind: 'refused',
      errorCode: json.error_code,
      description: typeof json.description === 'string' ? json.description.slice(0, 300) : `HTTP ${status}`,
      ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfter } : {}),
    };
  }
  // Not a Bot API answer: an error page from a proxy in front of Telegram, which did not take
  // the message. A 2xx that is not a Bot API answer cannot be read either way.
  if (status >= 300) return { kind: 'not-delivered', reason: `HTTP ${status} without a Bot API answer` };
  return { kind: 'unknown', reason: `HTTP ${status} without a Bot API answer` };
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The error code only: a network error's message may carry the address, never needed in a log. */
function describeNetworkError(error: NodeJS.ErrnoException): string {
  return error.code ? `network error ${error.code}` : 'network error';
}
