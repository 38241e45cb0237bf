import type { UpdateDisplayRequest } from '@ziver/shared';
import { api } from '@/lib/api-client';
import type { SettingsWriteResult } from './update-theme';

function parseWrite(data: unknown): SettingsWriteResult {
  const message = (data as { message?: unknown } | null)?.message;
  return { message: typeof message === 'string' ? message : '' };
}

/** PUT /api/settings/appearance/display: the toggles sent; the others keep their value. */
export function updateDisplay(input: UpdateDisplayRequest): Promise<SettingsWriteResult> {
  return api.request('PUT', '/settings/appearance/display', { body: input, parse: parseWrite });
}
