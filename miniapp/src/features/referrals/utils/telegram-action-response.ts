import { publicUserSchema } from '@ziver/shared';
import { sessionStore } from '@/lib/session';

export type TelegramActionResponse = {
  message: string | null;
  messageKey: string | null;
  params: Record<string, string | number>;
};

/**
 * Reads a verify or disconnect answer. It may carry the updated user (telegram_username set or
 * cleared): the session takes it so the rest of the app shows the change.
 */
export function readTelegramActionResponse(data: unknown): TelegramActionResponse {
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const user = publicUserSchema.safeParse(record.user);
  if (user.success) sessionStore.updateUser(user.data);
  return {
    message: typeof record.message === 'string' ? record.message : null,
    messageKey: typeof record.messageKey === 'string' ? record.messageKey : null,
    params:
      typeof record.params === 'object' && record.params !== null
        ? (record.params as Record<string, string | number>)
        : {},
  };
}
