import type { DisconnectTelegramResponse, VerifyConnectionResponse } from '@ziver/shared';
import { answerReader } from '@/lib/answer-shape';
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
function takeTelegramAction({
  message,
  messageKey,
  params,
  user,
}: VerifyConnectionResponse | DisconnectTelegramResponse) {
  sessionStore.updateUser(user);
  return { message, messageKey, params };
}

const readVerifyConnection = answerReader('telegramVerifyConnection');
const readDisconnect = answerReader('telegramDisconnect');

/** The answer of POST /telegram/verify-connection. */
export function readVerifyConnectionResponse(data: unknown): TelegramActionResponse {
  return takeTelegramAction(readVerifyConnection(data));
}

/** The answer of POST /telegram/disconnect. */
export function readDisconnectResponse(data: unknown): TelegramActionResponse {
  return takeTelegramAction(readDisconnect(data));
}
