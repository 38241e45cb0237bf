import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChatMember, Message, Update, UserFromGetMe } from 'grammy/types';

/** One Bot API request as the bot sent it. */
export type RecordedCall = {
  method: string;
  /** The parsed JSON (or form) body; nested JSON strings in form bodies are parsed too. */
  payload: Record<string, unknown>;
  token: string;
  /** When it arrived (Date.now()), for asserting delays between calls. */
  at: number;
  /**
   * sendMessage only: whether Telegram would have delivered it (the stand-in processed it, even
   * if the answer was then slow or lost); false when refused or dropped before processing.
   */
  delivered?: boolean;
};

/**
 * A scripted answer for the next call to a method:
 * - `error`: a Bot API error (JSON body), as `failNext`;
 * - `html`: an HTTP error page that is not a Bot API answer (a proxy's 502); not processed;
 * - `delayMs`: processed normally, answered after the delay (slower than a client's timeout);
 * - `until`: processed normally, answered once the promise settles (a test that waits for the
 *   client to give up releases it then: slower than any timeout, on any machine);
 * - `drop`: the connection is closed without an answer, `before` processing the call (not
 *   delivered) or `after` (delivered, the answer lost).
 */
export type ScriptedAnswer =
  | { error: BotApiError }
  | { html: { status: number; body: string } }
  | { delayMs: number }
  | { until: Promise<unknown> }
  | { drop: 'before' | 'after' };

/** A Bot API error; `parameters.retry_after` (seconds) comes with 429 Too Many Requests. */
export type BotApiError = {
  error_code: number;
  description: string;
  parameters?: { retry_after?: number; migrate_to_chat_id?: number };
};

/** A failure below the Bot API: an HTTP status with a non-JSON body, or a dropped connection. */
export type TransportFailure = { status: number; body?: string } | { drop: true };

/** What getChatMember answers for one user of one chat: a status, or an error (bot not admin, …). */
export type ChatMemberAnswer =
  | { status: 'creator' | 'administrator' | 'member' | 'left' | 'kicked' }
  | { status: 'restricted'; is_member: boolean }
  | { error: BotApiError };

/** An update to queue; `update_id` is assigned when omitted. */
export type QueuedUpdate = Omit<Update, 'update_id'> & { update_id?: number };

export type BotApiRecorder = {
  /** The API root to give the bot (`client.apiRoot`), e.g. http://127.0.0.1:41234. */
  url: string;
  /** What getMe answers. */
  botInfo: UserFromGetMe;
  /** Every call so far, in order (refused ones included). */
  readonly calls: readonly RecordedCall[];
  /** The calls to one method, in order. */
  callsTo(method: string): RecordedCall[];
  /** Queues an update for getUpdates (long polling) and wakes a waiting poll. */
  pushUpdate(update: QueuedUpdate): Update;
  /**
   * The first call (already made or still to come) matching a method name or predicate. Waits up
   * to 30 s by default, as expect.poll does in every test project (LOADED_MACHINE in the
   * repository's vitest.config.ts): a bound for a hung test, not a timed assertion.
   */
  waitForCall(
    match: string | ((call: RecordedCall) => boolean),
    options?: { timeoutMs?: number },
  ): Promise<RecordedCall>;
  /**
   * Resolves once a long-polling bot has handled `update` (and every update before it): grammY
   * handles a batch in order and then confirms it with the next getUpdates' `offset`, so a poll
   * with an offset past the update is the observable end of its handling. The barrier for "and
   * nothing else was sent" checks.
   */
  waitForHandled(update: Update, options?: { timeoutMs?: number }): Promise<void>;
  /** Recorded calls to `method` the stand-in is still working on (a scripted delay, say): not answered or dropped yet. */
  processing(method: string): number;
  /** Requests to `method` whose headers have arrived but not their whole body (not in `calls` yet). */
  openRequests(method: string): number;
  /** The next call to `method` fails with this Bot API error (e.g. 403 "Forbidden: bot was blocked by the user"). */
  failNext(method: string, error: BotApiError): void;
  /** The next call to `method` gets this scripted answer (queued after earlier ones). */
  scriptNext(method: string, answer: ScriptedAnswer): void;
  /** sendMessage calls that were delivered (see RecordedCall.delivered), in order. */
  deliveredMessages(): RecordedCall[];
  /**
   * The next call to `method` gets a bare HTTP answer, as from a proxy in front of the Bot API
   * (e.g. 502 with an HTML page), or, with `drop`, its connection is closed without an answer.
   */
  failNextWith(method: string, failure: TransportFailure): void;
  /**
   * What getChatMember answers for (chat, user) from now on. Unset pairs answer `left`; a chat
   * given as `@name` also matches calls made with that name.
   */
  setChatMember(chatId: string | number, userId: number, answer: ChatMemberAnswer): void;
  /** What getWebhookInfo reports as Telegram's last failed delivery to the webhook (message, when). */
  setLastWebhookError(error: { message: string; date: Date } | undefined): void;
  /** The URL and secret of the last setWebhook, until deleteWebhook. */
  readonly webhook: { url: string; secretToken?: string } | undefined;
  /** Forgets the recorded calls (the update queue is kept). */
  clearCalls(): void;
  close(): Promise<void>;
};

export type BotApiRecorderOptions = {
  /** When set, any other token gets 401 Unauthorized, as from Telegram. */
  token?: string;
  botInfo?: Partial<UserFromGetMe>;
  /** Longest a getUpdates call is held open, whatever its `timeout` (seconds). Default 1. */
  maxPollSeconds?: number;
  /** The port to listen on (a bot that could not connect before it listened). Default: any free port. */
  port?: number;
};

const PATH = /^\/bot([^/]+)\/([A-Za-z]+)$/;

/**
 * A local stand-in for api.telegram.org: answers the Bot API methods grammY uses with
 * realistic results and records every call, so tests assert exactly what the bot sent.
 * Listens on 127.0.0.1, any free port unless `port` is given.
 */
export async function startBotApiRecorder(options: BotApiRecorderOptions = {}): Promise<BotApiRecorder> {
  const maxPollMs = (options.maxPollSeconds ?? 1) * 1000;
  const tokenId = Number(options.token?.split(':')[0]) || 123456;
  const botInfo: UserFromGetMe = {
    id: tokenId,
    is_bot: true,
    first_name: 'Ziver',
    username: 'ziver_test_bot',
    can_join_groups: true,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: false,
    has_topics_enabled: false,
    allows_users_to_create_topics: false,
    can_manage_bots: false,
    supports_join_request_queries: false,
    ...options.botInfo,
  };

  const calls: RecordedCall[] = [];
  const callWaiters = new Set<{ match: (call: RecordedCall) => boolean; resolve: (call: RecordedCall) => void }>();
  const scripts = new Map<string, ScriptedAnswer[]>();
  const chatMembers = new Map<string, ChatMemberAnswer>();
  const memberKey = (chatId: unknown, userId: unknown) => `${String(chatId)}|${String(userId)}`;
  let queue: Update[] = [];
  let nextUpdateId = 1;
  let nextMessageId = 1;
  let webhook: BotApiRecorder['webhook'];
  let lastWebhookError: { message: string; date: Date } | undefined;
  const pollWaiters = new Set<() => void>();

  const record = (call: RecordedCall) => {
    calls.push(call);
    for (const waiter of callWaiters) {
      if (waiter.match(call)) {
        callWaiters.delete(waiter);
        waiter.resolve(call);
      }
    }
  };

  const pendingUpdates = (offset: number, limit: number) => {
    // Telegram forgets every update below the offset: the bot has confirmed them.
    queue = queue.filter((u) => u.update_id >= offset);
    return queue.slice(0, limit);
  };

  const getUpdates = async (payload: Record<string, unknown>, res: ServerResponse): Promise<Update[]> => {
    const offset = typeof payload.offset === 'number' ? payload.offset : 0;
    const limit = typeof payload.limit === 'number' ? Math.min(Math.max(payload.limit, 1), 100) : 100;
    const timeoutMs = Math.min((typeof payload.timeout === 'number' ? payload.timeout : 0) * 1000, maxPollMs);
    const ready = pendingUpdates(offset, limit);
    if (ready.length > 0 || timeoutMs <= 0) return ready;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        pollWaiters.delete(done);
        res.off('close', done);
        resolve();
      };
      // eslint-disable-next-line no-restricted-syntax -- the stand-in's long-poll timeout, as Telegram's
      const timer = setTimeout(done, timeoutMs);
      pollWaiters.add(done);
      res.once('close', done); // the bot aborted the poll (bot.stop())
    });
    return pendingUpdates(offset, limit);
  };

  const sendMessage = (payload: Record<string, unknown>): Message => {
    const chatId = Number(payload.chat_id);
    const message = {
      message_id: nextMessageId++,
      from: botInfo,
      chat:
        chatId > 0
          ? { id: chatId, type: 'private', first_name: 'User' }
          : { id: chatId, type: 'supergroup', title: 'Group' },
      date: Math.floor(Date.now() / 1000),
      text: String(payload.text ?? ''),
      ...(isInlineKeyboard(payload.reply_markup) ? { reply_markup: payload.reply_markup } : {}),
    };
    return message as Message;
  };

  const getChatMember = (payload: Record<string, unknown>): ChatMember => {
    const userId = Number(payload.user_id);
    const found = chatMembers.get(memberKey(payload.chat_id, userId)) ?? { status: 'left' as const };
    if ('error' in found) throw found.error;
    const user = { id: userId, is_bot: false, first_name: 'User' };
    if (found.status === 'restricted') {
      return {
        status: 'restricted',
        user,
        is_member: found.is_member,
        can_send_messages: false,
        can_send_audios: false,
        can_send_documents: false,
        can_send_photos: false,
        can_send_videos: false,
        can_send_video_notes: false,
        can_send_voice_notes: false,
        can_send_polls: false,
        can_send_other_messages: false,
        can_add_web_page_previews: false,
        can_change_info: false,
        can_invite_users: false,
        can_pin_messages: false,
        can_manage_topics: false,
        until_date: 0,
      } as ChatMember;
    }
    if (found.status === 'kicked') return { status: 'kicked', user, until_date: 0 } as ChatMember;
    return { status: found.status, user } as ChatMember;
  };

  // As Telegram answers it (Bot API 8.0): a PreparedInlineMessage, kept by Telegram for a day.
  let nextPreparedId = 1;
  const savePreparedInlineMessage = (payload: Record<string, unknown>) => {
    const result = payload.result as { type?: unknown; id?: unknown } | undefined;
    if (!Number.isInteger(Number(payload.user_id)) || Number(payload.user_id) <= 0) {
      throw { error_code: 400, description: 'Bad Request: invalid user_id specified' };
    }
    if (typeof result?.type !== 'string' || typeof result.id !== 'string') {
      throw { error_code: 400, description: 'Bad Request: RESULT_ID_INVALID' };
    }
    return {
      id: `prep${String(nextPreparedId++).padStart(8, '0')}`,
      expiration_date: Math.floor(Date.now() / 1000) + 24 * 3600,
    };
  };

  const answer = async (method: string, payload: Record<string, unknown>, res: ServerResponse): Promise<unknown> => {
    switch (method) {
      case 'getMe':
        return botInfo;
      case 'getUpdates':
        if (webhook) {
          throw {
            error_code: 409,
            description:
              "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
          };
        }
        return getUpdates(payload, res);
      case 'setWebhook':
        webhook = { url: String(payload.url ?? '') };
        if (typeof payload.secret_token === 'string') webhook.secretToken = payload.secret_token;
        if (payload.drop_pending_updates === true) queue = [];
        return true;
      case 'deleteWebhook':
        webhook = undefined;
        if (payload.drop_pending_updates === true) queue = [];
        return true;
      case 'getWebhookInfo':
        return {
          url: webhook?.url ?? '',
          has_custom_certificate: false,
          pending_update_count: queue.length,
          ...(lastWebhookError
            ? {
                last_error_date: Math.floor(lastWebhookError.date.getTime() / 1000),
                last_error_message: lastWebhookError.message,
              }
            : {}),
        };
      case 'sendMessage':
        return sendMessage(payload);
      case 'getChatMember':
        return getChatMember(payload);
      case 'savePreparedInlineMessage':
        return savePreparedInlineMessage(payload);
      default:
        // setMyCommands, setChatMenuButton, answerCallbackQuery, … all answer `true`.
        return true;
    }
  };

  // Requests whose headers have arrived and whose body has not (yet), by method: a prepared
  // message (headers sent, body held back) is observable here while `calls` has nothing.
  const open = new Map<string, number>();
  const busy = new Map<string, number>();
  const server = createServer((req, res) => {
    const method = PATH.exec(new URL(req.url ?? '/', 'http://recorder').pathname)?.[2] ?? '';
    open.set(method, (open.get(method) ?? 0) + 1);
    let isOpen = true;
    const settle = () => {
      if (isOpen) open.set(method, (open.get(method) ?? 1) - 1);
      isOpen = false;
    };
    req.once('end', settle);
    req.once('close', settle);
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent)
        reply(res, 500, { ok: false, error_code: 500, description: `Recorder error: ${String(error)}` });
    });
  });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const match = PATH.exec(new URL(req.url ?? '/', 'http://recorder').pathname);
    if (!match) return reply(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
    const [, token = '', method = ''] = match;
    const payload = await readPayload(req);
    const call: RecordedCall = { method, payload, token, at: Date.now() };
    if (method === 'sendMessage') call.delivered = false;
    record(call);
    busy.set(method, (busy.get(method) ?? 0) + 1);
    try {
      await respond(call, res);
    } finally {
      busy.set(method, (busy.get(method) ?? 1) - 1);
    }
  };

  const respond = async (call: RecordedCall, res: ServerResponse) => {
    const { method, payload, token } = call;
    if (options.token && token !== options.token)
      return reply(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });

    const script = scripts.get(method)?.shift();
    if (script && 'error' in script) return reply(res, script.error.error_code, { ok: false, ...script.error });
    if (script && 'html' in script) {
      res.writeHead(script.html.status, { 'content-type': 'text/html' });
      return void res.end(script.html.body);
    }
    if (script && 'drop' in script && script.drop === 'before') return void res.socket?.destroy();
    if (script && 'delayMs' in script) {
      // eslint-disable-next-line no-restricted-syntax -- a scripted slow answer is the stand-in's behaviour
      await new Promise((resolve) => setTimeout(resolve, script.delayMs));
    }
    if (script && 'until' in script) await script.until.catch(() => undefined);
    try {
      const result = await answer(method, payload, res);
      if (method === 'sendMessage') call.delivered = true;
      if (script && 'drop' in script) return void res.socket?.destroy();
      if (!res.destroyed) reply(res, 200, { ok: true, result });
    } catch (error) {
      const apiError = error as BotApiError;
      if (!res.destroyed) reply(res, apiError.error_code, { ok: false, ...apiError });
    }
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  const recorder: BotApiRecorder = {
    url: `http://127.0.0.1:${port}`,
    botInfo,
    calls,
    get webhook() {
      return webhook;
    },
    callsTo: (method) => calls.filter((c) => c.method === method),
    openRequests: (method) => open.get(method) ?? 0,
    processing: (method) => busy.get(method) ?? 0,
    pushUpdate(update) {
      const full = { ...update, update_id: update.update_id ?? nextUpdateId } as Update;
      nextUpdateId = Math.max(nextUpdateId, full.update_id) + 1;
      queue.push(full);
      for (const wake of [...pollWaiters]) wake();
      return full;
    },
    waitForCall(match, { timeoutMs = 30_000 } = {}) {
      const predicate = typeof match === 'string' ? (c: RecordedCall) => c.method === match : match;
      const found = calls.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          match: predicate,
          resolve: (call: RecordedCall) => {
            clearTimeout(timer);
            resolve(call);
          },
        };
        // eslint-disable-next-line no-restricted-syntax -- a deadline that fails the wait, not a sleep
        const timer = setTimeout(() => {
          callWaiters.delete(waiter);
          const seen = calls.map((c) => c.method).join(', ') || 'none';
          reject(new Error(`No matching Bot API call within ${timeoutMs} ms (calls so far: ${seen})`));
        }, timeoutMs);
        callWaiters.add(waiter);
      });
    },
    async waitForHandled(update, options) {
      await recorder.waitForCall(
        (c) => c.method === 'getUpdates' && typeof c.payload.offset === 'number' && c.payload.offset > update.update_id,
        options,
      );
    },
    failNext(method, error) {
      scripts.set(method, [...(scripts.get(method) ?? []), { error }]);
    },
    scriptNext(method, answer) {
      scripts.set(method, [...(scripts.get(method) ?? []), answer]);
    },
    deliveredMessages: () => calls.filter((c) => c.method === 'sendMessage' && c.delivered === true),
    setLastWebhookError(error) {
      lastWebhookError = error;
    },
    failNextWith(method, transport) {
      const answer: ScriptedAnswer =
        'drop' in transport
          ? { drop: 'before' }
          : {
              html: {
                status: transport.status,
                body: transport.body ?? `<html><body><h1>${transport.status}</h1></body></html>`,
              },
            };
      scripts.set(method, [...(scripts.get(method) ?? []), answer]);
    },
    setChatMember(chatId, userId, answer) {
      chatMembers.set(memberKey(chatId, userId), answer);
    },
    clearCalls() {
      calls.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const wake of [...pollWaiters]) wake();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return recorder;
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function isInlineKeyboard(markup: unknown): boolean {
  return typeof markup === 'object' && markup !== null && 'inline_keyboard' in markup;
}

async function readPayload(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const url = new URL(req.url ?? '/', 'http://recorder');
  const payload: Record<string, unknown> = Object.fromEntries(url.searchParams);
  if (body.length === 0) return payload;

  const contentType = req.headers['content-type'] ?? '';
  if (contentType.includes('application/json')) return { ...payload, ...(JSON.parse(body.toString('utf8')) as object) };

  // grammY sends multipart when a request carries files; nested objects are JSON strings there.
  const form = await new Request('http://recorder/', {
    method: 'POST',
    headers: { 'content-type': contentType },
    body,
  }).formData();
  for (const [key, value] of form) {
    payload[key] = typeof value === 'string' ? parseMaybeJson(value) : { filename: value.name, size: value.size };
  }
  return payload;
}

function parseMaybeJson(value: string): unknown {
  if (!/^[[{]/.test(value)) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}
