import { authResponseSchema, type AuthResponse, type TokenLoginRequest } from '@ziver/shared';
import { api } from '@/lib/api-client';

/** POST /api/auth/token-login: redeems a single-use sign-in link token. */
export function tokenLogin(input: TokenLoginRequest): Promise<AuthResponse> {
  return api.post('/auth/token-login', input, { parse: (data) => authResponseSchema.parse(data) });
}
