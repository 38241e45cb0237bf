import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LOCKDOWN_POLL_MS, type Language } from '@ziver/shared/core';
import type { SystemStatus } from '@ziver/shared';
import { call } from '@/lib/call';
import { systemStatusEndpoint } from '@/lib/endpoints/system-status';

export const systemStatusQueryKey = ['system', 'status'] as const;

/**
 * GET /api/system/status (public): lockdownMode, and while it is on the maintenance message in the
 * reader's `language` (?lang=, decisions.md §25; English asks without it, the answer's default).
 */
export function getSystemStatus({
  signal,
  language = 'en',
}: { signal?: AbortSignal; language?: string } = {}): Promise<SystemStatus> {
  const isTranslated = language !== 'en' && (LANGUAGES as readonly string[]).includes(language);
  return call(systemStatusEndpoint, { query: { lang: isTranslated ? (language as Language) : undefined }, signal });
}

/** Checked on start and every 30 s while the app is open (docs/spec.md §4), in the background too. */
export function systemStatusQueryOptions(language = 'en') {
  return queryOptions({
    queryKey: [...systemStatusQueryKey, language],
    queryFn: ({ signal }) => getSystemStatus({ signal, language }),
    refetchInterval: LOCKDOWN_POLL_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
    retry: false,
    // A change of language keeps the last answer until the one in the new language arrives.
    placeholderData: keepPreviousData,
  });
}

/** The status with the message in the reader's language (asked again when the language changes). */
export function useSystemStatus() {
  const { i18n } = useTranslation();
  return useQuery(systemStatusQueryOptions(i18n.language));
}
