import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, type PublicLaunchTextResponse } from '@ziver/shared';
import { call } from '@/lib/call';
import { launchTextEndpoint } from '@/lib/endpoints/launch-text';

export const launchTextQueryKey = ['system', 'launch-text'] as const;

/** GET /api/system/launch-text?lang= (public): the operator's launch line for this reader, or null. */
export function getLaunchText({
  signal,
  language = 'en',
}: { signal?: AbortSignal; language?: string } = {}): Promise<PublicLaunchTextResponse> {
  const lang = (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : undefined;
  return call(launchTextEndpoint, { query: { lang }, signal });
}

export const launchTextQueryOptions = (language = 'en') =>
  queryOptions({
    queryKey: [...launchTextQueryKey, language],
    queryFn: ({ signal }) => getLaunchText({ signal, language }),
    staleTime: 60_000,
  });

/** The launch line in the reader's language (asked again when the language changes). */
export function useLaunchText() {
  const { i18n } = useTranslation();
  return useQuery(launchTextQueryOptions(i18n.language));
}
