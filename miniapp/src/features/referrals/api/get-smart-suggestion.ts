import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONTRACT, type SmartSuggestionResponse } from '@ziver/shared';
import { api } from '@/lib/api-client';
import { referralsQueryKey } from './get-referral-data';

export const smartSuggestionQueryKey = [...referralsQueryKey, 'smart-suggestion'] as const;

/**
 * GET /api/referrals/smart-suggestion: a referrer for someone who joined without one; always 200
 * (`referrer` null when nobody fits, `canApply` false when the user cannot take a referrer).
 */
export function getSmartSuggestion({ signal }: { signal?: AbortSignal } = {}): Promise<SmartSuggestionResponse> {
  const { path, response } = CONTRACT.smartSuggestion;
  return api.get(path, { signal, parse: (data) => response.parse(data) });
}

export function smartSuggestionQueryOptions() {
  return queryOptions({
    queryKey: smartSuggestionQueryKey,
    queryFn: ({ signal }) => getSmartSuggestion({ signal }),
    retry: false,
    retryOnMount: false,
    refetchOnWindowFocus: false,
  });
}

/** Only asked for users who joined recently (the server's apply window); see InvitedCard. */
export function useSmartSuggestion(isEnabled: boolean) {
  return useQuery({ ...smartSuggestionQueryOptions(), enabled: isEnabled });
}
