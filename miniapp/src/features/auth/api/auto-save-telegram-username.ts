import type { TelegramAutoSaveResponse } from '@ziver/shared';
import { api } from '@/lib/api-client';
import { boolean, literal, object, type Reader } from '@/lib/answer-shape';
import { readPublicUser } from '@/lib/public-user-shape';

/** The answer (telegramAutoSaveResponseSchema), checked without zod: start-up calls it. */
export const readTelegramAutoSave: Reader<TelegramAutoSaveResponse> = object({
  success: literal(true),
  saved: boolean,
  user: readPublicUser,
});

/** POST /api/user/telegram-auto-save: the server keeps it only when the account has none. */
export function autoSaveTelegramUsername(telegramUsername: string): Promise<TelegramAutoSaveResponse> {
  return api.post(
    '/user/telegram-auto-save',
    { telegram_username: telegramUsername },
    { parse: (data) => readTelegramAutoSave(data) },
  );
}
