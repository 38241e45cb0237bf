import type { UpdateDisplayRequest } from '@ziver/shared';
import { call } from '@/lib/call';
import { toWriteResult, type SettingsWriteResult } from './update-theme';

/** PUT /api/settings/appearance/display: the toggles sent; the others keep their value. */
export function updateDisplay(input: UpdateDisplayRequest): Promise<SettingsWriteResult> {
  return call('updateDisplay', { body: input }).then(toWriteResult);
}
