import type { TelegramAutoSaveResponse } from '@ziver/shared';
import { call } from '@/lib/call';

/** POST /api/user/telegram-auto-save: the server keeps it only when the account has none. */
export function autoSaveTelegramUsername(telegramUsername: string): Promise<TelegramAutoSaveResponse> {
  return call('telegramAutoSave', { body: { telegram_username: telegramUsername } });
}
