import { isApiError } from './api-client';

/**
 * The `{status}` of the spec's "Failed to fetch ...: {status}" messages: the HTTP status, or null
 * when no answer came back (the caller shows "network error" instead).
 */
export function failureStatus(error: unknown): number | null {
  return isApiError(error) && error.status > 0 ? error.status : null;
}
