import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SmartSuggestionResponse } from '@ziver/shared';
import { call } from '@/lib/call';
import { smartSuggestionEndpoint } from '@/lib/endpoints/smart-suggestion';
import { referralsQueryKey } from './get-referral-data';

export const smartSuggestionQueryKey = [...referralsQueryKey, 'smart-suggestion'] as const;

/**
 * GET /api/referrals/smart-suggestion: a referrer for someone who joined without one; always 200.
 * Without one it is `success: false` (`referrer` null, `canApply` false when the user cannot take
 * a referrer): an answer here, not an error.
 */
export function getSmartSuggestion({ signal }: { signal?: AbortSignal } = {}): Promise<SmartSuggestionResponse> {
  // Its `success: false` answer (nobody to suggest) is an answer, not an error (the contract's union says so).
  return call(smartSuggestionEndpoint, { signal });
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
