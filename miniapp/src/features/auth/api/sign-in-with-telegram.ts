import { authResponseSchema, type AuthResponse, type TelegramSignInRequest } from '@ziver/shared';
import { api } from '@/lib/api-client';

/** POST /api/auth/telegram with the raw launch initData, which the server checks with the bot token. */
export function signInWithTelegram(input: TelegramSignInRequest): Promise<AuthResponse> {
  return api.post('/auth/telegram', input, { parse: (data) => authResponseSchema.parse(data) });
}
