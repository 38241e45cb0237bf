import { isApiError } from '@/lib/api-client';
import { serverTextOf, type ServerText } from '@/i18n/server-message';

/** The spec's trigger for reloading the list (docs/spec.md §8): the server says the requirements are not met. */
export function isRequirementsNotMet(text: ServerText | null | undefined): boolean {
  return text?.messageKey === 'tasks.requirementsNotMet' || text?.messageKey === 'tasks.requirementsNotMetList';
}

export type CompletionFailure = {
  /** The list is stale: reload it (unmet requirements, or completed elsewhere). */
  shouldReload: boolean;
  /** The server's text (shown from its key), when it sent one; the screen falls back to 'Failed to complete task.'. */
  serverMessage: ServerText | null;
};

export function describeCompletionFailure(error: unknown): CompletionFailure {
  const serverMessage = serverTextOf(error);
  const shouldReload = isRequirementsNotMet(serverMessage) || (isApiError(error) && error.status === 409);
  return { shouldReload, serverMessage };
}
