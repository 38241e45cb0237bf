import { MESSAGES } from '@ziver/shared/core';
import type { AuthResponse } from '@ziver/shared';
import { ApiError } from '@/lib/api-client';
import { DEFAULT_APP_SETTINGS, type Session } from '@/lib/session';

/** The session to store from a login or registration answer. */
export function toSession(response: AuthResponse): Session {
  const { token, user } = response;
  if (typeof token !== 'string' || token.length === 0 || !user) {
    throw new ApiError({
      status: 200,
      code: 'INVALID_RESPONSE',
      message: MESSAGES.invalidTokenReceived,
      serverMessage: null,
    });
  }
  return { user: { ...user, token }, appSettings: response.appSettings ?? DEFAULT_APP_SETTINGS };
}
