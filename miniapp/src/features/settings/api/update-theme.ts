import type { Theme } from '@ziver/shared/core';
import { call } from '@/lib/call';
import { updateThemeEndpoint } from '@/lib/endpoints/update-theme';

export type SettingsWriteResult = { message: string };

/** A settings write's acknowledgement as the screens use it (the message, '' when none). */
export function toWriteResult(answer: { message?: string }): SettingsWriteResult {
  return { message: answer.message ?? '' };
}

/** PUT /api/settings/appearance/theme. */
export function updateTheme(input: { theme: Theme }): Promise<SettingsWriteResult> {
  return call(updateThemeEndpoint, { body: input }).then(toWriteResult);
}
