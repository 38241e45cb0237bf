import { MESSAGES, SERVER_MESSAGES } from '@ziver/shared/core';
import { isApiError } from '@/lib/api-client';
import { serverTextOf, type ServerText } from '@/i18n/server-message';

/**
 * A refusal during maintenance (503 LOCKDOWN) on the sign-up and sign-in screens: the maintenance
 * text in the reader's language (server.lockdown), never "Server error". An operator's own notice
 * comes only in English here; the screen's maintenance banner shows it in the reader's language.
 */
function lockdownText(error: unknown): ServerText | null {
  if (!isApiError(error) || error.code !== 'LOCKDOWN') return null;
  return { message: SERVER_MESSAGES.lockdown, messageKey: 'server.lockdown', params: {} };
}

/** The registration error catalogue of docs/spec.md §8 (English; the screen translates known messages), or maintenance. */
export function registerErrorMessage(error: unknown): ServerText | string {
  if (!isApiError(error)) return MESSAGES.registrationFailed;
  const closed = lockdownText(error);
  if (closed) return closed;
  if (error.status === 400) return serverTextOf(error) ?? MESSAGES.invalidRegistrationData;
  if (error.status === 409) return serverTextOf(error) ?? MESSAGES.userExists;
  if (error.status >= 500) return MESSAGES.serverError;
  return MESSAGES.registrationFailed;
}

/** The login page shows the server's text (from its key), or 'Login failed.' (docs/spec.md §8). */
export function loginErrorMessage(error: unknown): ServerText {
  return (
    lockdownText(error) ?? serverTextOf(error) ?? { message: MESSAGES.loginFailed, messageKey: 'spec.loginFailed' }
  );
}

/** Codes whose server message says more than the spec's generic text (rate limit, not configured, expired, a replayed code). */
const TELLING_CODES = new Set<string>([
  'RATE_LIMITED',
  'GOOGLE_NOT_CONFIGURED',
  'TELEGRAM_NOT_CONFIGURED',
  'TWO_FACTOR_CHALLENGE_INVALID',
  'TWO_FACTOR_CODE_REUSED',
]);

function tellingServerMessage(error: unknown): ServerText | null {
  return isApiError(error) && TELLING_CODES.has(error.code) ? serverTextOf(error) : null;
}

/** Google: 'Google authentication failed. Please try again.' unless the server said why (docs/spec.md §8). */
export function googleErrorMessage(error: unknown): ServerText | string {
  return lockdownText(error) ?? tellingServerMessage(error) ?? MESSAGES.googleAuthFailed;
}

/** The second step: 'Two-factor authentication failed. Please try again.' (docs/spec.md §8), or an expired attempt / rate limit. */
export function twoFactorErrorMessage(error: unknown): ServerText | string {
  return tellingServerMessage(error) ?? MESSAGES.twoFactorFailed;
}

/** Whether the 2FA challenge is gone (expired or too many attempts): the user must sign in again. */
export function isChallengeExpired(error: unknown): boolean {
  return isApiError(error) && error.code === 'TWO_FACTOR_CHALLENGE_INVALID';
}

/** Telegram sign-in: the server's message (it says to reopen the app when the data is stale), else 'Login failed.' */
export function telegramErrorMessage(error: unknown): ServerText | string {
  return lockdownText(error) ?? serverTextOf(error) ?? MESSAGES.loginFailed;
}

/** Telegram rejected the launch data (bad or stale signature): reopening the app gives fresh data. */
export function shouldReopenTelegram(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}
