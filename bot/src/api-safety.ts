import { autoRetry } from '@grammyjs/auto-retry';
import { Api, type Transformer } from 'grammy';

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
/** Retries of one call after 429, 5xx or a network error (backoff 3 s, 6 s, 12 s…). */
export const RETRY_MAX_ATTEMPTS = 5;

/**
 * The bot's replies and other calls: 429 waits `retry_after`, 5xx and network errors are
 * retried with exponential backoff (grammY's auto-retry), and no error carries the token.
 */
export function installApiSafety(api: Api, token: string, options: { retries: boolean }): Api {
  // Installed later = called first: the redaction wraps the retries, so it sees the final error.
  if (options.retries) {
    api.config.use(autoRetry({ maxDelaySeconds: RETRY_MAX_DELAY_SECONDS, maxRetryAttempts: RETRY_MAX_ATTEMPTS }));
  }
  api.config.use(redactingTransformer(token));
  return api;
}

/**
 * An Api that calls Telegram once per call: no automatic retries (a retried sendMessage that
 * timed out after Telegram accepted it would send the message twice), token redacted. For
 * senders that own their retry semantics (the mining-ready notifier).
 */
export function createSingleAttemptApi(token: string, apiRoot: string | undefined): Api {
  const api = new Api(token, apiRoot ? { apiRoot } : {});
  return installApiSafety(api, token, { retries: false });
}
