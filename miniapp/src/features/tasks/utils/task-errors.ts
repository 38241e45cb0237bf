import { TASK_MESSAGES } from '@ziver/shared/core';
import { isApiError } from '@/lib/api-client';

/** The server's task messages the locales translate (the admin ones are never shown here). */
const TRANSLATED = [
  'notFound',
  'alreadyCompleted',
  'requirementsNotMet',
  'confirmLink',
  'channelUnavailable',
  'channelNeedsTelegram',
  'channelCheckFailed',
  'channelNotMember',
  'channelMember',
  'unknownRule',
  'completed',
] as const satisfies readonly (keyof typeof TASK_MESSAGES)[];
export type TaskMessageKey = (typeof TRANSLATED)[number];

const KEY_BY_TEXT = new Map<string, TaskMessageKey>(TRANSLATED.map((key) => [TASK_MESSAGES[key], key]));

/** The spec's trigger for reloading the list (spec §8): the server says the requirements are not met. */
export function isRequirementsNotMet(text: string | null | undefined): boolean {
  return typeof text === 'string' && text.toLowerCase().includes('requirements not met');
}

/** The locale key of a task message the server sends ('Task requirements not met: …' included). */
export function taskMessageKeyOf(text: string): TaskMessageKey | undefined {
  if (isRequirementsNotMet(text)) return 'requirementsNotMet';
  return KEY_BY_TEXT.get(text);
}

export type CompletionFailure = {
  /** The list is stale: reload it (unmet requirements, or completed elsewhere). */
  shouldReload: boolean;
  /** The server's message, when it sent one; the screen falls back to 'Failed to complete task.'. */
  serverMessage: string | null;
};

export function describeCompletionFailure(error: unknown): CompletionFailure {
  const serverMessage = isApiError(error) ? error.serverMessage : null;
  const shouldReload = isRequirementsNotMet(serverMessage) || (isApiError(error) && error.status === 409);
  return { shouldReload, serverMessage };
}
