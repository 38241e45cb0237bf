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
  // Short-lived keep-alive: reusing a socket the server is closing could make a request look
  // written when Telegram never read it (an `unknown` that was really `not-delivered`).
  const agent = new transport.Agent({ keepAlive: true, keepAliveMsecs: 1_000, timeout: 4_000 });

  return (message) =>
    new Promise<SendOutcome>((resolve) => {
      const body = JSON.stringify({
        chat_id: message.chatId,
        text: message.text,
        ...(message.replyMarkup === undefined ? {} : { reply_markup: message.replyMarkup }),
      });
      let isWritten = false;
      let isSettled = false;
      const settle = (outcome: SendOutcome) => {
        if (isSettled) return;
        isSettled = true;
        clearTimeout(timer);
        resolve(outcome);
      };
      const lost = (reason: string): SendOutcome =>
        isWritten ? { kind: 'unknown', reason } : { kind: 'not-delivered', reason };

      const req = transport.request(url, {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      const timer = setTimeout(() => {
        settle(lost(`no answer within ${timeoutMs} ms`));
        req.destroy();
      }, timeoutMs);
      // 'finish': the whole request was handed to the operating system.
      req.on('finish', () => {
        isWritten = true;
      });
      req.on('error', (error: NodeJS.ErrnoException) => settle(lost(describeNetworkError(error))));
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
