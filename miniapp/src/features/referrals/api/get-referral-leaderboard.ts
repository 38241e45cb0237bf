import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReferralLeaderboardResponse } from '@ziver/shared';
import { call } from '@/lib/call';
import { leaderboardEndpoint } from '@/lib/endpoints/leaderboard';
import { referralsQueryKey } from './get-referral-data';

/** GET /api/referrals/leaderboard: the top referrers and the user's own rank. */
export function getReferralLeaderboard({
  signal,
}: { signal?: AbortSignal } = {}): Promise<ReferralLeaderboardResponse> {
  return call(leaderboardEndpoint, { signal });
}

export function referralLeaderboardQueryOptions() {
  return queryOptions({
    queryKey: [...referralsQueryKey, 'leaderboard'],
    queryFn: ({ signal }) => getReferralLeaderboard({ signal }),
    staleTime: 60_000,
  });
}

export function useReferralLeaderboard() {
  return useQuery(referralLeaderboardQueryOptions());
}
