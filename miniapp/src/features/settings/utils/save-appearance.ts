import type { QueryClient } from '@tanstack/react-query';
import type { AppearanceSettings } from '@ziver/shared';
import { appearanceSettingsQueryKey } from '../api/get-appearance-settings';
import { saveOptimistically, type SaveOptions, type SaveOutcome } from './save-optimistically';

/**
 * A change of theme, language or display toggles, saved optimistically. A read of the appearance
 * still under way is cancelled first: it was asked before the change, and its answer, applied by
 * ServerAppearanceSync, would undo it. Once saved, the cached appearance holds the new value
 * (`saved`), or, when nothing had been read yet, is read again (the server now holds the change).
 */
export async function saveAppearance<T>(
  queryClient: QueryClient,
  options: SaveOptions<T>,
  saved: (data: AppearanceSettings) => AppearanceSettings,
): Promise<SaveOutcome> {
  // Cancelled at once (before the change is shown), not after a tick.
  const cancelled = queryClient.cancelQueries({ queryKey: appearanceSettingsQueryKey });
  const outcome = await saveOptimistically(options);
  await cancelled;
  if (!outcome.ok) return outcome;
  if (queryClient.getQueryData(appearanceSettingsQueryKey) === undefined) {
    void queryClient.invalidateQueries({ queryKey: appearanceSettingsQueryKey });
  } else {
    queryClient.setQueryData<AppearanceSettings>(appearanceSettingsQueryKey, (data) => data && saved(data));
  }
  return outcome;
}
