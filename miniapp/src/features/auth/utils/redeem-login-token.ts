import { MESSAGES } from '@ziver/shared/core';
import { tokenLoginRequestSchema, type AuthResponse } from '@ziver/shared';
import type { CurrentUser } from '../api/get-current-user';
import { readSignInResult, type SignInResult } from './sign-in-result';

/** A token-login failure carrying the message to show (docs/spec.md §5 and §8). */
export class TokenLoginError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TokenLoginError';
  }
}

type Deps = {
  tokenLogin: (input: { token: string }) => Promise<AuthResponse>;
  getCurrentUser: (options: { token: string }) => Promise<CurrentUser>;
};

/**
 * The token login of docs/spec.md §5: the token must be a non-empty string ('Invalid token received');
 * after the login, the current-user call made with the new session must succeed ('Token
 * validation failed'). A 2FA challenge is passed on for the second step.
 */
export async function redeemLoginToken(token: string | null, deps: Deps): Promise<SignInResult> {
  const parsed = tokenLoginRequestSchema.safeParse({ token });
  if (!parsed.success) throw new TokenLoginError(MESSAGES.invalidTokenReceived);

  const result = readSignInResult(await deps.tokenLogin(parsed.data));
  if (result.kind === 'two-factor') return result;

  let current: CurrentUser;
  try {
    current = await deps.getCurrentUser({ token: result.session.user.token });
  } catch (error) {
    throw new TokenLoginError(MESSAGES.tokenValidationFailed, { cause: error });
  }
  const session = {
    user: { ...current.user, token: result.session.user.token },
    appSettings: current.appSettings ?? result.session.appSettings,
  };
  return { ...result, session };
}
