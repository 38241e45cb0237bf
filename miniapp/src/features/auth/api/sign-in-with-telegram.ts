import type { AuthResponse, TelegramSignInRequest } from '@ziver/shared';
import { call } from '@/lib/call';
import { telegramEndpoint } from '@/lib/endpoints/telegram';

/** POST /api/auth/telegram with the raw launch initData, which the server checks with the bot token. */
export function signInWithTelegram(input: TelegramSignInRequest): Promise<AuthResponse> {
  return call(telegramEndpoint, { body: input });
}
