import type { TelegramAutoSaveResponse } from '@ziver/shared';
import { api } from '@/lib/api-client';
import { loadSchemas } from '@/lib/schemas';

/** POST /api/user/telegram-auto-save: the server keeps it only when the account has none. */
export function autoSaveTelegramUsername(telegramUsername: string): Promise<TelegramAutoSaveResponse> {
  const schemas = loadSchemas();
  return api.post(
    '/user/telegram-auto-save',
    { telegram_username: telegramUsername },
    { parse: async (data) => (await schemas).telegramAutoSaveResponseSchema.parse(data) },
  );
}
