import type { Language } from '@ziver/shared/core';
import { call } from '@/lib/call';
import { updateLanguageEndpoint } from '@/lib/endpoints/update-language';
import { toWriteResult, type SettingsWriteResult } from './update-theme';

/** PUT /api/settings/appearance/language. */
export function updateLanguage(input: { language: Language }): Promise<SettingsWriteResult> {
  return call(updateLanguageEndpoint, { body: input }).then(toWriteResult);
}
