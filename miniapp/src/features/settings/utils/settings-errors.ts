import { MESSAGES } from '@ziver/shared/core';
import { isApiError } from '@/lib/api-client';
import { serverTextOf, type ServerText } from '@/i18n/server-message';

/**
 * A failed settings call (docs/spec.md §8): the server's message, else the generic message, else
 * 'An error occurred'. `fallback` is 'Failed to update settings' for writes and 'Failed to fetch
 * settings' for reads.
 */
export function settingsErrorMessage(
  error: unknown,
  fallback: string = MESSAGES.failedUpdateSettings,
): ServerText | string {
  if (isApiError(error)) return serverTextOf(error) ?? fallback;
  if (error instanceof Error && error.message) return fallback;
  return MESSAGES.genericError;
}
