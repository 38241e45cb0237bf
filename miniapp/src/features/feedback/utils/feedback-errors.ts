import { FEEDBACK_MESSAGES, interpolate } from '@ziver/shared';
import { isApiError } from '@/lib/api-client';
import { serverTextOf, type ServerText } from '@/i18n/server-message';
import { EmptyBodyError } from '@/lib/upload';

/**
 * What a failed submission shows (docs/spec.md §8), in English: the server's message when it sent one,
 * 'Server returned {status} with empty body' for an empty failure, the thrown reason when the
 * request never got an answer, else the generic text. Screens translate it.
 */
export function submitErrorMessage(error: unknown): ServerText | string {
  if (error instanceof EmptyBodyError) return interpolate(FEEDBACK_MESSAGES.emptyBody, { status: error.status });
  if (isApiError(error)) {
    const sent = serverTextOf(error);
    if (sent) return sent;
    if (error.status === 0) return interpolate(FEEDBACK_MESSAGES.submissionFailed, { reason: error.message });
    return FEEDBACK_MESSAGES.submitFailed;
  }
  const reason = error instanceof Error ? error.message : String(error);
  return interpolate(FEEDBACK_MESSAGES.submissionFailed, { reason });
}

/** What a failed history load shows: 'Failed to fetch feedback history: {status}'. */
export function historyErrorMessage(error: unknown): string {
  const status = isApiError(error) ? error.status : 0;
  return interpolate(FEEDBACK_MESSAGES.fetchHistoryFailed, { status });
}
