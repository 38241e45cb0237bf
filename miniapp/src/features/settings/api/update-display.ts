import type { UpdateDisplayRequest } from '@ziver/shared';
import { call } from '@/lib/call';
import { updateDisplayEndpoint } from '@/lib/endpoints/update-display';
import { toWriteResult, type SettingsWriteResult } from './update-theme';

/** PUT /api/settings/appearance/display: the toggles sent; the others keep their value. */
export function updateDisplay(input: UpdateDisplayRequest): Promise<SettingsWriteResult> {
  return call(updateDisplayEndpoint, { body: input }).then(toWriteResult);
}
