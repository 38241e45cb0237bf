import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppearanceSettings } from '@ziver/shared';
import { call } from '@/lib/call';
import { appearanceEndpoint } from '@/lib/endpoints/appearance';

export const appearanceSettingsQueryKey = ['settings', 'appearance'] as const;

/** GET /api/settings/appearance: settings.theme.value and settings.language.value. */
export async function getAppearanceSettings({ signal }: { signal?: AbortSignal } = {}): Promise<AppearanceSettings> {
  const response = await call(appearanceEndpoint, { signal });
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
