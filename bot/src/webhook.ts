import { timingSafeEqual } from 'node:crypto';
import { webhookCallback, type Bot, type Context } from 'grammy';
import type { Request, RequestHandler, Response } from 'express';

/** Telegram sends updates of at most a few hundred KB; anything larger is refused unread. */
export const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;

export type WebhookHandlerOptions = {
  /** False while the bot is not up: updates get 503 and Telegram delivers them again later. */
  isReady?: () => boolean;
  /**
   * Records an update_id; false when it was already recorded (Telegram re-delivers an update
   * whose answer was slow or lost), so the update is answered 200 and not handled again.
   */
  claimUpdate?: (updateId: number) => Promise<boolean>;
};

const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

function refuse(res: Response, status: number, code: string, message: string): void {
  res.status(status).json({ success: false, code, message });
}

function secretMatches(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The request body as text, at most `limit` bytes; undefined when it is larger. */
async function readBody(req: Request, limit: number): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Express handler for Telegram's webhook, mounted without a body parser. In order: the
 * X-Telegram-Bot-Api-Secret-Token header is checked before the body is read (401); the bot
 * must be up (503, Telegram retries); the body must be `application/json` (400), at most 1 MB
 * (413) and a JSON object with an integer `update_id` (400); an update_id already handled is
 * answered 200 without handling it again. A slow update is answered 200 after the timeout and
 * keeps running: an error status would make Telegram deliver (and the bot handle) it again.
 */
export function webhookHandler<C extends Context>(
  bot: Bot<C>,
  secretToken: string,
  options: WebhookHandlerOptions = {},
): RequestHandler {
  const handleUpdate = webhookCallback(bot, 'express', { secretToken, onTimeout: 'return' }) as unknown as (
    req: Request,
    res: Response,
  ) => Promise<void>;

  return async (req, res, next) => {
    try {
      if (!secretMatches(req.headers[SECRET_HEADER], secretToken)) {
        return refuse(res, 401, 'UNAUTHORIZED', 'Wrong or missing secret token');
      }
      if (options.isReady && !options.isReady()) {
        return refuse(res, 503, 'UNAVAILABLE', 'The bot is starting');
      }
      if (!req.is('application/json')) {
        return refuse(res, 400, 'INVALID_UPDATE', 'Updates must be sent as application/json');
      }
      const text = await readBody(req, WEBHOOK_BODY_LIMIT_BYTES);
      if (text === undefined) return refuse(res, 413, 'PAYLOAD_TOO_LARGE', 'The update is too large');
      let update: unknown;
      try {
        update = JSON.parse(text);
      } catch {
        return refuse(res, 400, 'INVALID_UPDATE', 'The update is not valid JSON');
      }
      const updateId = (update as { update_id?: unknown } | null)?.update_id;
      if (typeof update !== 'object' || Array.isArray(update) || !Number.isSafeInteger(updateId)) {
        return refuse(res, 400, 'INVALID_UPDATE', 'The update has no update_id');
      }
      if (options.claimUpdate && !(await options.claimUpdate(updateId as number))) {
        res.status(200).end();
        return;
      }
      // grammY's express adapter takes an already parsed body from req.body.
      (req as { body?: unknown }).body = update;
      await handleUpdate(req, res);
    } catch (error) {
      next(error);
    }
  };
}
