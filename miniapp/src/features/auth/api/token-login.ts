import type { AuthResponse, TokenLoginRequest } from '@ziver/shared';
import { call } from '@/lib/call';
import { tokenLoginEndpoint } from '@/lib/endpoints/token-login';

/** POST /api/auth/token-login: redeems a single-use sign-in link token. */
export function tokenLogin(input: TokenLoginRequest): Promise<AuthResponse> {
  return call(tokenLoginEndpoint, { body: input });
}
