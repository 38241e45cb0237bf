import { MESSAGES } from '@ziver/shared/core';
import type { AuthResponse } from '@ziver/shared';
import { ApiError } from '@/lib/api-client';
import type { Session } from '@/lib/session';
import { toSession } from './to-session';

/** How the user proved who they are; it decides where they land and what they are told. */
export type SignInMethod = 'password' | 'google' | 'telegram' | 'token';

/** A sign-in answer is either a session, or the 2FA challenge for the second step. */
export type SignInResult =
  { kind: 'two-factor'; challenge: string } | { kind: 'session'; session: Session; isNewUser: boolean };

/** Reads a login, Google, Telegram, token-login or verify-2fa answer (docs/spec.md §3 auth responses). */
export function readSignInResult(response: AuthResponse): SignInResult {
  if (response.twoFactorRequired) {
    if (!response.token) {
      throw new ApiError({ status: 200, code: 'INVALID_RESPONSE', message: MESSAGES.invalidTokenReceived });
    }
    return { kind: 'two-factor', challenge: response.token };
  }
  return { kind: 'session', session: toSession(response), isNewUser: response.isNewUser === true };
}

export type SignInDestination = {
  path: '/mining' | '/profile/setup';
  /** 'new': the first-sign-in welcome on /profile/setup; 'back': a welcome-back message with the username. */
  welcome: 'new' | 'back' | null;
};

/**
 * Where a sign-in ends (docs/spec.md §2): a first Google (or Telegram) sign-in opens /profile/setup with
 * the welcome; a returning one opens /mining with a welcome back; everything else opens /mining.
 */
export function destinationAfterSignIn({
  method,
  isNewUser,
}: {
  method: SignInMethod;
  isNewUser: boolean;
}): SignInDestination {
  const isExternal = method === 'google' || method === 'telegram';
  if (isExternal && isNewUser) return { path: '/profile/setup', welcome: 'new' };
  return { path: '/mining', welcome: isExternal ? 'back' : null };
}
