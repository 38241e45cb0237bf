import type { Language } from '@ziver/shared/core';
import { call } from '@/lib/call';
import { toWriteResult, type SettingsWriteResult } from './update-theme';

/** PUT /api/settings/appearance/language. */
export function updateLanguage(input: { language: Language }): Promise<SettingsWriteResult> {
  return call('updateLanguage', { body: input }).then(toWriteResult);
}
