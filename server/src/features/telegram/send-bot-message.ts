import http from 'node:http';
import https from 'node:https';
import {
  deliveryOfForeignAnswer,
  deliveryOfLostRequest,
  describeNetworkError,
  errorKindOf,
  isBotApiAnswer,
  isKeepAliveRace,
  type BotApiErrorKind,
} from '@ziver/bot';

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

export type BotMessage = { chatId: number; text: string; replyMarkup?: unknown; parseMode?: 'HTML' };

/**
 * A sendMessage request connected and with its headers sent, its body not yet written: Telegram
 * cannot act on it yet, so everything up to `send()` can fail or be cancelled without any doubt.
 */
export type PreparedMessage = {
  kind: 'ready';
  /** Writes the body (from here Telegram may deliver the message) and waits for the answer. Never throws. */
  send(): Promise<SendOutcome>;
  /** Drops the request before its body is written: Telegram never processes it. */
  cancel(): void;
};

export type BotMessageSender = {
  /** Connects and sends the headers; a failure here is `not-delivered`. Never throws. */
  prepare(message: BotMessage): Promise<PreparedMessage | SendOutcome>;
  /** `prepare`, then `send` at once. */
  send(message: BotMessage): Promise<SendOutcome>;
};

type Result = { outcome: SendOutcome; isStaleSocket: boolean };
type Opened = { result: Promise<Result>; write?: () => void; cancel?: () => void };

const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * A raw Bot API `sendMessage` for messages the server sends on its own (notifications), one
 * attempt per message. It does not go through the bot's grammY API on purpose: no transformer
 * (auto-retry, …) may resend a message whose first try timed out, and the outcome must say
 * whether the request was written before it failed. The one exception, sent again once on a
 * fresh connection: a kept-alive socket reset before any answer, the server having closed the
 * idle connection without reading the request (the keep-alive race; Node's `request.reusedSocket`).
 * The token is part of the URL only: no reason or log text ever contains it.
 */
export function createBotMessageSender(options: {
  token: string;
  apiRoot: string;
  /** The whole exchange (connect, write, answer). Default 8 s. */
  timeoutMs?: number;
}): BotMessageSender {
  const timeoutMs = options.timeoutMs ?? 8_000;
  const url = new URL(`${options.apiRoot.replace(/\/+$/, '')}/bot${options.token}/sendMessage`);
  const isHttps = url.protocol === 'https:';
  const transport = isHttps ? https : http;
  // Keep-alive for throughput (sends are sequential), but an idle socket is dropped after 1 s,
  // long before a server closes it (nginx: 75 s).
  const agent = new transport.Agent({ keepAlive: true, timeout: 1_000 });

  const open = (body: string, reuse: boolean, deadlineAt: number) =>
    new Promise<Opened>((resolveOpen) => {
      let isWritten = false;
      let isDone = false;
      let resolveResult!: (result: Result) => void;
      const result = new Promise<Result>((resolve) => (resolveResult = resolve));
      const done = (outcome: SendOutcome, isStaleSocket = false) => {
        if (isDone) return;
        isDone = true;
        clearTimeout(timer);
        resolveResult({ outcome, isStaleSocket });
        resolveOpen({ result }); // no effect once ready
      };

      const req = transport.request(url, {
        method: 'POST',
        agent: reuse ? agent : false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      const timer = setTimeout(
        () => {
          done({ kind: deliveryOfLostRequest({ isWritten }), reason: `no answer within ${timeoutMs} ms` });
          req.destroy();
        },
        Math.max(0, deadlineAt - Date.now()),
      );
      // 'finish': the whole request, body included, was handed to the operating system.
      req.on('finish', () => {
        isWritten = true;
      });
      // Which failures may be sent again: delivery.ts in @ziver/bot, shared with the bot's calls.
      req.on('error', (error: NodeJS.ErrnoException) =>
        done(
          { kind: deliveryOfLostRequest({ isWritten }), reason: describeNetworkError(error) },
          isKeepAliveRace({ isReusedSocket: req.reusedSocket, code: error.code }),
        ),
      );
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_RESPONSE_BYTES) chunks.push(chunk);
        });
        res.on('error', (error: NodeJS.ErrnoException) =>
          done({ kind: 'unknown', reason: describeNetworkError(error) }),
        );
        res.on('aborted', () => done({ kind: 'unknown', reason: 'connection dropped during the answer' }));
        res.on('end', () => done(classifyAnswer(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8'))));
      });
      req.on('socket', (socket) => {
        const ready = () =>
          resolveOpen({
            result,
            write: () => {
              if (!isDone) req.end(body);
            },
            cancel: () => {
              done({ kind: 'not-delivered', reason: 'cancelled before the message was written' });
              req.destroy();
            },
          });
        if (socket.connecting) socket.once(isHttps ? 'secureConnect' : 'connect', ready);
        else ready();
      });
      req.flushHeaders();
    });

  const prepareAttempt = async (
    body: string,
    reuse: boolean,
    deadlineAt: number,
  ): Promise<PreparedMessage | SendOutcome> => {
    const opened = await open(body, reuse, deadlineAt);
    const { write, cancel } = opened;
    if (!write || !cancel) return (await opened.result).outcome; // failed before the body: not delivered
    return {
      kind: 'ready',
      cancel,
      send: async () => {
        write();
        const { outcome, isStaleSocket } = await opened.result;
        if (!isStaleSocket || Date.now() >= deadlineAt) return outcome;
        const again = await prepareAttempt(body, false, deadlineAt);
        return again.kind === 'ready' ? again.send() : again;
      },
    };
  };

  const prepare = (message: BotMessage) =>
    prepareAttempt(
      JSON.stringify({
        chat_id: message.chatId,
        text: message.text,
        ...(message.parseMode ? { parse_mode: message.parseMode } : {}),
        ...(message.replyMarkup === undefined ? {} : { reply_markup: message.replyMarkup }),
      }),
      true,
      Date.now() + timeoutMs,
    );

  return {
    prepare,
    send: async (message) => {
      const prepared = await prepare(message);
      return prepared.kind === 'ready' ? prepared.send() : prepared;
    },
  };
}

function classifyAnswer(status: number, text: string): SendOutcome {
  const json = parseJson(text);
  // Not a Bot API answer: a proxy's error page (Telegram did not take the message), or a 2xx
  // that cannot be read either way (delivery.ts).
  if (!isBotApiAnswer(json)) {
    return { kind: deliveryOfForeignAnswer(status), reason: `HTTP ${status} without a Bot API answer` };
  }
  if (json.ok) {
    const result = json.result as { message_id?: unknown } | undefined;
    return { kind: 'sent', messageId: Number(result?.message_id ?? 0) };
  }
  const parameters = json.parameters as { retry_after?: unknown } | undefined;
  const retryAfter = Number(parameters?.retry_after);
  return {
    kind: 'refused',
    errorCode: json.error_code,
    description: typeof json.description === 'string' ? json.description.slice(0, 300) : `HTTP ${status}`,
    ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfter } : {}),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The same sender, telling `onError` the kind of every send that did not go through (the
 * server's Bot API error metrics): refusals by Telegram's error code, the rest as `network`.
 */
export function observeSendErrors(
  sender: BotMessageSender,
  onError: (kind: BotApiErrorKind) => void,
): BotMessageSender {
  const note = (outcome: SendOutcome): SendOutcome => {
    if (outcome.kind === 'refused') onError(errorKindOf(outcome.errorCode));
    else if (outcome.kind !== 'sent') onError('network');
    return outcome;
  };
  return {
    async prepare(message) {
      const prepared = await sender.prepare(message);
      if (prepared.kind !== 'ready') return note(prepared);
      return { ...prepared, send: async () => note(await prepared.send()) };
    },
    send: async (message) => note(await sender.send(message)),
  };
}
