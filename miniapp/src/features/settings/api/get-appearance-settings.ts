import { queryOptions, useQuery } from '@tanstack/react-query';
import { appearanceSettingsResponseSchema, type AppearanceSettings } from '@ziver/shared';
import { api } from '@/lib/api-client';

export const appearanceSettingsQueryKey = ['settings', 'appearance'] as const;

/** GET /api/settings/appearance: settings.theme.value and settings.language.value. */
export async function getAppearanceSettings({ signal }: { signal?: AbortSignal } = {}): Promise<AppearanceSettings> {
  const response = await api.get('/settings/appearance', {
    signal,
    parse: (data) => appearanceSettingsResponseSchema.parse(data),
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
