import { autoRetry } from '@grammyjs/auto-retry';
import { Api, HttpError, type ApiClientOptions, type Transformer } from 'grammy';
import { BotApiTransportError } from './bot-api-fetch.js';

/** What replaces the bot token wherever it would appear. */
export const REDACTED_TOKEN = '<bot-token>';

/** Any bot token (`123456:ABC…`), also as it appears in a Bot API URL (`/bot123456:ABC…/`). */
const TOKEN_PATTERN = /\d{5,}:[A-Za-z0-9_-]{20,}/g;

/** The text with the token (given, URL-encoded, or any token-shaped string) replaced. */
export function redactToken(text: string, token: string): string {
  let result = text;
  for (const form of new Set([token, encodeURIComponent(token)])) {
    if (form) result = result.split(form).join(REDACTED_TOKEN);
  }
  return result.replace(TOKEN_PATTERN, REDACTED_TOKEN);
}

/**
 * Scrubs the token from an error and everything it carries (grammY's HttpError keeps the HTTP
 * client's error, whose message names the request URL, and that URL contains the token), in
 * place, so no log line, error message or response built from it can show the token.
 */
export function redactError(error: unknown, token: string, seen = new Set<unknown>()): void {
  if (typeof error !== 'object' || error === null || seen.has(error)) return;
  seen.add(error);
  for (const key of Object.getOwnPropertyNames(error)) {
    let value: unknown;
    try {
      value = (error as Record<string, unknown>)[key];
    } catch {
      continue;
    }
    if (typeof value === 'string') {
      const clean = redactToken(value, token);
      if (clean !== value) {
        try {
          Object.defineProperty(error, key, { value: clean, configurable: true, writable: true });
        } catch {
          // A frozen property: nothing more can be done with it.
        }
      }
    } else if (typeof value === 'object' && value !== null) {
      redactError(value, token, seen);
    }
  }
}

/** An API transformer that scrubs the token from every error a call throws (network errors carry the URL). */
export function redactingTransformer(token: string): Transformer {
  return async (prev, method, payload, signal) => {
    try {
      return await prev(method, payload, signal);
    } catch (error) {
      redactError(error, token);
      throw error;
    }
  };
}

/** Longest `retry_after` a reply waits for; longer and the call fails (the update is logged). */
export const RETRY_MAX_DELAY_SECONDS = 60;
/** Retries of one call after 429, 5xx, or a network error before Telegram got it. */
export const RETRY_MAX_ATTEMPTS = 5;
/** The first backoff; each next one doubles (3 s, 6 s, 12 s…), as auto-retry's. */
const RETRY_FIRST_DELAY_SECONDS = 3;

/** Told of each call sent again because Telegram never got it (Telegram unreachable, a proxy's 502). */
export type OnResend = (event: { method: string; attempt: number; reason: string; delaySeconds: number }) => void;

/**
 * Sends a call again, with backoff, only when the HTTP client says Telegram provably never got it
 * (bot-api-fetch.ts, delivery.ts); a call that may have reached Telegram fails at once: a resent
 * reply would arrive twice. At most RETRY_MAX_ATTEMPTS resends (auto-retry's own network loop has
 * no bound, so it is off: `rethrowHttpErrors`).
 */
export function resendingTransformer(onResend: OnResend = () => {}): Transformer {
  return async (prev, method, payload, signal) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await prev(method, payload, signal);
      } catch (error) {
        const cause = error instanceof HttpError ? error.error : undefined;
        const isNotDelivered = cause instanceof BotApiTransportError && cause.isNotDelivered;
        if (!isNotDelivered || attempt > RETRY_MAX_ATTEMPTS || signal?.aborted) throw error;
        const delaySeconds = RETRY_FIRST_DELAY_SECONDS * 2 ** (attempt - 1);
        onResend({ method, attempt, reason: cause.message, delaySeconds });
        await pause(delaySeconds * 1000, signal);
      }
    }
  };
}

/** Waits, or rejects as soon as the call is aborted (bot.stop()). */
function pause(ms: number, signal: Parameters<Transformer>[3]): Promise<void> {
  return new Promise((resolve, reject) => {
    const abort = () => {
      clearTimeout(timer);
      reject(new Error('Request aborted while waiting to send it again'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', abort);
  });
}

/**
 * The bot's replies and other calls: 429 waits `retry_after` and a 5xx Bot API answer is retried
 * with backoff (grammY's auto-retry: Telegram refused the call); a network failure or proxy page
 * is resent only when Telegram never got the call (`resendingTransformer`); no error carries the token.
 */
export function installApiSafety(api: Api, token: string, options: { retries: boolean; onResend?: OnResend }): Api {
  // Installed later = called first: the redaction wraps the retries, so it sees the final error.
  if (options.retries) {
    // Innermost: each of auto-retry's tries gets its own bounded resends of a call never delivered.
    api.config.use(resendingTransformer(options.onResend));
    api.config.use(
      autoRetry({
        maxDelaySeconds: RETRY_MAX_DELAY_SECONDS,
        maxRetryAttempts: RETRY_MAX_ATTEMPTS,
        rethrowHttpErrors: true,
      }),
    );
  }
  api.config.use(redactingTransformer(token));
  return api;
}

/**
 * An Api that calls Telegram once per call: no automatic retries (a retried sendMessage that
 * timed out after Telegram accepted it would send the message twice), token redacted. For
 * senders that own their retry semantics. Same HTTP client as the bot (`fetch`), which sends
 * nothing again by itself.
 */
export function createSingleAttemptApi(
  token: string,
  apiRoot: string | undefined,
  fetch: NonNullable<ApiClientOptions['fetch']>,
): Api {
  const api = new Api(token, { ...(apiRoot ? { apiRoot } : {}), fetch });
  return installApiSafety(api, token, { retries: false });
}
