import type { TelegramAutoSaveResponse } from '@ziver/shared';
import { api } from '@/lib/api-client';
import { answerReader } from '@/lib/answer-shape';

/** POST /api/user/telegram-auto-save: the server keeps it only when the account has none. */
export function autoSaveTelegramUsername(telegramUsername: string): Promise<TelegramAutoSaveResponse> {
  return api.post(
    '/user/telegram-auto-save',
    { telegram_username: telegramUsername },
    { parse: answerReader('telegramAutoSave') },
  );
}
