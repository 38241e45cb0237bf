import type { DisconnectTelegramResponse, VerifyConnectionResponse } from '@ziver/shared';
import { sessionStore } from '@/lib/session';

export type TelegramActionResponse = {
  message: string | null;
  messageKey: string | null;
  params: Record<string, string | number>;
};

/**
 * Takes a verify or disconnect answer (read by its contract schema): it carries the updated user
 * (telegram_username set or cleared), which the session takes so the rest of the app shows it.
 */
export function takeTelegramAction({
  message,
  messageKey,
  params,
  user,
}: VerifyConnectionResponse | DisconnectTelegramResponse): TelegramActionResponse {
  sessionStore.updateUser(user);
  return { message, messageKey, params };
}
