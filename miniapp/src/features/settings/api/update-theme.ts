import type { Theme } from '@ziver/shared/core';
import { api } from '@/lib/api-client';

export type SettingsWriteResult = { message: string };

function parseWrite(data: unknown): SettingsWriteResult {
  const message = (data as { message?: unknown } | null)?.message;
  return { message: typeof message === 'string' ? message : '' };
}

/** PUT /api/settings/appearance/theme. */
export function updateTheme(input: { theme: Theme }): Promise<SettingsWriteResult> {
  return api.put('/settings/appearance/theme', input, { parse: parseWrite });
}
