import type { Transformer } from 'grammy';
import type { BotLogger } from './logger.js';

/**
 * A failed Bot API call, by what an operator does about it: `network` (Telegram not reached or
 * no answer), `rate_limited` (429), `server_error` (5xx), `unauthorized` (401/404: the token is
 * wrong or revoked), `forbidden` (403: a user blocked the bot), `bad_request` (400), `other`.
 */
export type BotApiErrorKind =
  'network' | 'rate_limited' | 'server_error' | 'unauthorized' | 'forbidden' | 'bad_request' | 'other';

/** Kinds that mean Telegram is unreachable or refusing us as a whole: logged (rate-limited). */
const OUTAGE_KINDS: ReadonlySet<BotApiErrorKind> = new Set(['network', 'rate_limited', 'server_error', 'unauthorized']);

/** At most one log line per method and kind in this window; the next one says how many it stood for. */
export const OUTAGE_LOG_INTERVAL_MS = 60_000;

export function errorKindOf(errorCode: number): BotApiErrorKind {
  if (errorCode === 429) return 'rate_limited';
  if (errorCode >= 500) return 'server_error';
  if (errorCode === 401 || errorCode === 404) return 'unauthorized';
  if (errorCode === 403) return 'forbidden';
  if (errorCode === 400) return 'bad_request';
  return 'other';
}

export type ApiErrorObserver = {
  /** Told about every failed attempt (metrics). */
  onError?: (kind: BotApiErrorKind, method: string) => void;
  logger: BotLogger;
  now?: () => number;
};

/**
 * An API transformer that sees every attempt of every call (install it before the retries, so
 * it sits closest to the network): counts each failure, and logs outages — a failed getUpdates,
 * a reply that is being retried — at most once a minute per method and kind, with how many
 * failures the line stands for. Only the method, kind and Telegram's own description are
 * logged: the HTTP client's error names the URL, which holds the token.
 */
export function apiErrorObserver({ onError, logger, now = Date.now }: ApiErrorObserver): Transformer {
  const lastLogged = new Map<string, { at: number; suppressed: number }>();
  const note = (kind: BotApiErrorKind, method: string, detail: Record<string, unknown>) => {
    onError?.(kind, method);
    if (!OUTAGE_KINDS.has(kind)) return;
    const key = `${method}:${kind}`;
    const entry = lastLogged.get(key);
    const at = now();
    if (entry && at - entry.at < OUTAGE_LOG_INTERVAL_MS) {
      entry.suppressed++;
      return;
    }
    lastLogged.set(key, { at, suppressed: 0 });
    logger.warn(
      { method, kind, ...detail, failuresSinceLastLine: (entry?.suppressed ?? 0) + 1 },
      'Bot API call failed',
    );
  };
  return async (prev, method, payload, signal) => {
    let result: Awaited<ReturnType<typeof prev>>;
    try {
      result = await prev(method, payload, signal);
    } catch (error) {
      // Our own stop (an aborted long poll) is not a failure of Telegram's.
      if (!signal?.aborted) note('network', method, { error: (error as Error).name });
      throw error;
    }
    if (!result.ok)
      note(errorKindOf(result.error_code), method, { errorCode: result.error_code, description: result.description });
    return result;
  };
}
