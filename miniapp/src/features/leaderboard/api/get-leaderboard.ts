import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { call, type Answer } from '@/lib/call';
import { leaderboardsEndpoint } from '@/lib/endpoints/leaderboards';

export type LeaderboardAnswer = Answer<'leaderboards'>;
export type LeaderboardChoice = {
  board: 'seb' | 'zp' | 'referrals';
  period: 'week' | 'all';
  scope: 'global' | 'friends';
};

/** GET /api/leaderboard: one page of a board and my own rank. */
export function getLeaderboard(choice: LeaderboardChoice, page: number, signal?: AbortSignal) {
  return call(leaderboardsEndpoint, { query: { ...choice, page }, signal });
}

/** A board's pages, 50 entries each, the next asked for while `hasMore`. */
export function leaderboardQueryOptions(choice: LeaderboardChoice) {
  return infiniteQueryOptions({
    queryKey: ['leaderboard', choice],
    queryFn: ({ pageParam, signal }) => getLeaderboard(choice, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: LeaderboardAnswer) => (last.hasMore ? last.page + 1 : undefined),
    staleTime: 30_000,
  });
}

/** The board chosen; the previous one stays on screen while the next loads. */
export function useLeaderboard(choice: LeaderboardChoice) {
  return useInfiniteQuery({ ...leaderboardQueryOptions(choice), placeholderData: keepPreviousData });
}
