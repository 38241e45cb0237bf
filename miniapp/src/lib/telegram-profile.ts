import { usePlatform } from './platform/platform-provider';

/** Telegram usernames: 5-32 letters, digits and underscores. */
const TELEGRAM_USERNAME = /^[A-Za-z0-9_]{5,32}$/;

/** A Telegram username without its '@', or null when the value is not one. */
export function normalizeTelegramUsername(value: string | null | undefined): string | null {
  const trimmed = value?.trim().replace(/^@/, '') ?? '';
  return TELEGRAM_USERNAME.test(trimmed) ? trimmed : null;
}

/**
 * The username Telegram reports for the user who opened the mini app (from the launch
 * initData), for a profile form's "Use detected". Null outside Telegram or without one.
 * The server itself saves it at Telegram sign-in, from the signed initData.
 */
export function useDetectedTelegramUsername(): string | null {
  return normalizeTelegramUsername(usePlatform().telegramUsername);
}

/** Whether a username field holds the detected one (the 'Auto-detected from Telegram' badge). */
export function isDetectedTelegramUsername(value: string, detected: string | null): boolean {
  const normalized = normalizeTelegramUsername(value);
  return detected !== null && normalized !== null && normalized.toLowerCase() === detected.toLowerCase();
}
