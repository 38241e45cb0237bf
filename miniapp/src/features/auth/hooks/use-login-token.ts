import { serverTextOf, type ServerText } from '@/i18n/server-message';
import { useEffect, useRef, useState } from 'react';
import { MESSAGES } from '@ziver/shared/core';
import { isApiError } from '@/lib/api-client';
import { getCurrentUser } from '../api/get-current-user';
import { tokenLogin } from '../api/token-login';
import { redeemLoginToken, TokenLoginError } from '../utils/redeem-login-token';
import type { SignInResult } from '../utils/sign-in-result';

export type LoginTokenState =
  | { status: 'idle' }
  | { status: 'running' }
  | { status: 'done'; result: SignInResult }
  | { status: 'failed'; message: ServerText | string };

function tokenLoginMessage(error: unknown): ServerText | string {
  if (error instanceof TokenLoginError) return error.message;
  const sent = serverTextOf(error);
  if (sent) return sent;
  if (isApiError(error) && error.code === 'INVALID_RESPONSE') return MESSAGES.invalidTokenReceived;
  return MESSAGES.loginFailed;
}

/** Redeems `/login?token=…` once (docs/spec.md §5); `token` is undefined when the link carries none. */
export function useLoginToken(token: string | null | undefined): LoginTokenState {
  const [state, setState] = useState<LoginTokenState>(() =>
    token === undefined ? { status: 'idle' } : { status: 'running' },
  );
  const hasStarted = useRef(false);

  useEffect(() => {
    if (token === undefined || hasStarted.current) return;
    hasStarted.current = true;
    setState({ status: 'running' });
    redeemLoginToken(token, { tokenLogin, getCurrentUser })
      .then((result) => setState({ status: 'done', result }))
      .catch((error: unknown) => setState({ status: 'failed', message: tokenLoginMessage(error) }));
  }, [token]);

  return state;
}
