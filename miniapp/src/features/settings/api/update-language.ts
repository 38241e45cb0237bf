import type { Language } from '@ziver/shared/core';
import { api } from '@/lib/api-client';
import type { SettingsWriteResult } from './update-theme';

function parseWrite(data: unknown): SettingsWriteResult {
  const message = (data as { message?: unknown } | null)?.message;
  return { message: typeof message === 'string' ? message : '' };
}

/** PUT /api/settings/appearance/language. */
export function updateLanguage(input: { language: Language }): Promise<SettingsWriteResult> {
  return api.put('/settings/appearance/language', input, { parse: parseWrite });
}
