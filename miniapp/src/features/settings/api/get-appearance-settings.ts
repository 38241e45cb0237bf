import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppearanceSettings } from '@ziver/shared';
import { api } from '@/lib/api-client';
import { LANGUAGES, THEMES } from '@ziver/shared/core';
import { boolean, literal, object, oneOf, optionalMessageFields, type Reader } from '@/lib/answer-shape';

/** The answer (appearanceSettingsResponseSchema), checked without zod: start-up asks for it. */
export const readAppearanceSettings: Reader<{ success: true; settings: AppearanceSettings }> = object({
  success: literal(true),
  ...optionalMessageFields,
  settings: object({
    theme: object({ value: oneOf(THEMES) }),
    language: object({ value: oneOf(LANGUAGES) }),
    display: object({ reducedMotion: boolean, highContrast: boolean, largeText: boolean }),
  }),
});

export const appearanceSettingsQueryKey = ['settings', 'appearance'] as const;

/** GET /api/settings/appearance: settings.theme.value and settings.language.value. */
export async function getAppearanceSettings({ signal }: { signal?: AbortSignal } = {}): Promise<AppearanceSettings> {
  const response = await api.get('/settings/appearance', {
    signal,
    parse: (data) => readAppearanceSettings(data),
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
