import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppearanceSettings } from '@ziver/shared';
import { api } from '@/lib/api-client';
import { loadSchemas } from '@/lib/schemas';

export const appearanceSettingsQueryKey = ['settings', 'appearance'] as const;

/** GET /api/settings/appearance: settings.theme.value and settings.language.value. */
export async function getAppearanceSettings({ signal }: { signal?: AbortSignal } = {}): Promise<AppearanceSettings> {
  const schemas = loadSchemas();
  const response = await api.get('/settings/appearance', {
    signal,
    parse: async (data) => (await schemas).appearanceSettingsResponseSchema.parse(data),
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
