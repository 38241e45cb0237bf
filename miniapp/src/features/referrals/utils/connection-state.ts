import { isApiError } from '@/lib/api-client';
import type { TelegramConnectionStatus } from '../api/get-telegram-connection';

/** The Telegram connect card's states (docs/spec.md §4), plus loading and "this server cannot link Telegram". */
export type ConnectionState = 'loading' | 'not_connected' | 'connected' | 'unavailable';

/**
 * From the connection-status query: connected or not when it answered; unavailable when the
 * server has no such route (404) or no bot (503 TELEGRAM_NOT_CONFIGURED). Any other failure falls
 * back to the session: a user with a linked Telegram id is connected, anyone else may try a code.
 */
export function connectionStateOf(
  query: { data?: TelegramConnectionStatus | undefined; error: unknown; isPending: boolean },
  isLinkedInSession: boolean,
): ConnectionState {
  if (query.data) return query.data.hasTelegram ? 'connected' : 'not_connected';
  if (query.isPending && !query.error) return 'loading';
  if (isApiError(query.error) && (query.error.status === 404 || query.error.code === 'TELEGRAM_NOT_CONFIGURED')) {
    return 'unavailable';
  }
  return isLinkedInSession ? 'connected' : 'not_connected';
}
