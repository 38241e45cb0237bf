import { GOOGLE_TOKEN_MIN_LENGTH, MESSAGES } from '@ziver/shared/core';

/**
 * Checks the ID token Google handed over before it is sent (docs/spec.md §5): it must be present
 * ('No token received from Google OAuth') and a string of at least 10 characters ('Invalid
 * token format'). Returns the message, or null when the token may be sent.
 */
export function googleTokenProblem(token: unknown): string | null {
  if (token === undefined || token === null || token === '') return MESSAGES.noGoogleToken;
  if (typeof token !== 'string' || token.trim().length < GOOGLE_TOKEN_MIN_LENGTH) return MESSAGES.invalidTokenFormat;
  return null;
}

/**
 * Why Google sign-in could not start, for 'Google sign-in failed' plus a reason; null when there
 * is no reason to give, which shows 'Failed to initialize Google sign-in' (docs/spec.md §8).
 */
export function googleInitReason(error: unknown): string | null {
  if (error instanceof Error && error.message.trim()) return error.message.trim();
  if (typeof error === 'string' && error.trim()) return error.trim();
  return null;
}
