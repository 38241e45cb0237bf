import type { TelegramAutoSaveResponse } from '@ziver/shared';
import { call } from '@/lib/call';
import { telegramAutoSaveEndpoint } from '@/lib/endpoints/telegram-auto-save';

/** POST /api/user/telegram-auto-save: the server keeps it only when the account has none. */
export function autoSaveTelegramUsername(telegramUsername: string): Promise<TelegramAutoSaveResponse> {
  return call(telegramAutoSaveEndpoint, { body: { telegram_username: telegramUsername } });
}
