/**
 * Whether a Bot API request that got no usable answer may have reached Telegram: the one rule for
 * the bot's calls (bot-api-fetch.ts) and the server's notifications (send-bot-message.ts).
 * Telegram's methods have no idempotency key, so only a request Telegram provably never got may
 * be sent again; anything else could arrive twice.
 *
 * - `not-delivered`: never wholly written (could not connect, reset while writing): Telegram
 *   cannot act on an incomplete request. Also a proxy's error page (`deliveryOfForeignAnswer`).
 * - `unknown`: written, then no answer (dropped, timed out): Telegram may have delivered it.
 */
export type Delivery = 'not-delivered' | 'unknown';

/** A request that failed before any answer came. */
export type LostRequest = {
  /** The whole request, body included, was handed to the operating system (the request's 'finish'). */
  isWritten: boolean;
};

/** What became of a request that failed before any answer (see `Delivery`). */
export function deliveryOfLostRequest(lost: LostRequest): Delivery {
  return lost.isWritten ? 'unknown' : 'not-delivered';
}

/**
 * A kept-alive socket reset before any answer: most likely the server had closed the idle
 * connection without reading the request (Node's keep-alive race), but not provably — a server
 * that took the request and then dropped the connection looks the same. Notifications send it
 * again once on a fresh connection (docs/reliability.md); the bot's calls do not.
 */
export function isKeepAliveRace(failure: { isReusedSocket: boolean; code: string | undefined }): boolean {
  return failure.isReusedSocket && failure.code === 'ECONNRESET';
}

/**
 * What became of a request answered with something that is not a Bot API answer (see
 * `isBotApiAnswer`): an error page (status ≥ 300, a proxy's 502) comes from something in front of
 * Telegram that did not pass the request on; a 2xx cannot be read either way.
 */
export function deliveryOfForeignAnswer(status: number): Delivery {
  return status >= 300 ? 'not-delivered' : 'unknown';
}

/** A Bot API answer: `{ ok: true, result }` or `{ ok: false, error_code, description }`. */
export type BotApiAnswer =
  { ok: true; result?: unknown } | { ok: false; error_code: number; description?: unknown; parameters?: unknown };

/** Whether a parsed HTTP body is Telegram's own answer (anything else is `deliveryOfForeignAnswer`). */
export function isBotApiAnswer(value: unknown): value is BotApiAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const answer = value as Record<string, unknown>;
  return answer.ok === true || (answer.ok === false && typeof answer.error_code === 'number');
}

/** A network error named by its code only: its message may carry the address, never needed in a log. */
export function describeNetworkError(error: { code?: string | undefined }): string {
  return error.code ? `network error ${error.code}` : 'network error';
}
