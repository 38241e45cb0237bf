import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppearanceSettings } from '@ziver/shared';
import { api } from '@/lib/api-client';
import { answerReader } from '@/lib/answer-shape';

export const appearanceSettingsQueryKey = ['settings', 'appearance'] as const;

/** GET /api/settings/appearance: settings.theme.value and settings.language.value. */
export async function getAppearanceSettings({ signal }: { signal?: AbortSignal } = {}): Promise<AppearanceSettings> {
  const response = await api.get('/settings/appearance', {
    signal,
    parse: answerReader('appearance'),
  });
  return response.settings;
}

export function appearanceSettingsQueryOptions() {
  return queryOptions({
    queryKey: appearanceSettingsQueryKey,
    queryFn: ({ signal }) => getAppearanceSettings({ signal }),
  });
}

export function useAppearanceSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...appearanceSettingsQueryOptions(), enabled });
}
