import type { QueryClient } from '@tanstack/react-query';
import { miningStatusQueryOptions } from '@/features/mining/api/get-mining-status';
import { recentTransactionsQueryOptions } from '@/features/mining/api/get-recent-transactions';
import { MiningScreen } from '@/features/mining/components/mining-screen';
import { RECENT_ACTIVITY_LIMIT } from '@/features/mining/components/recent-activity';
import { apiUrl } from '@/lib/early-calls';
import { miningStatusEndpoint } from '@/lib/endpoints/mining-status';
import { recentTransactionsEndpoint } from '@/lib/endpoints/recent-transactions';
import { hasEarlyRequest } from '@/lib/early-requests';

/** How long the first frame may wait for answers the early start has asked for. */
const EARLY_ANSWER_WAIT_MS = 1_000;

/**
 * Before the screen's first frame (app/router.tsx): when the early start in index.html has
 * asked for the status and the recent activity, the queries take those answers first, so the
 * ring and the list appear in one frame instead of skeletons then two more renders. Without
 * early answers (any later visit) the screen renders at once and asks as usual.
 */
export function prepare(queryClient: QueryClient): Promise<unknown> {
  const waits: Promise<void>[] = [];
  if (hasEarlyRequest(apiUrl(miningStatusEndpoint))) waits.push(queryClient.prefetchQuery(miningStatusQueryOptions()));
  if (hasEarlyRequest(apiUrl(recentTransactionsEndpoint, { query: { limit: RECENT_ACTIVITY_LIMIT } })))
    waits.push(queryClient.prefetchQuery(recentTransactionsQueryOptions(RECENT_ACTIVITY_LIMIT)));
  if (waits.length === 0) return Promise.resolve();
  return Promise.race([Promise.all(waits), new Promise((resolve) => setTimeout(resolve, EARLY_ANSWER_WAIT_MS))]);
}

export default function MiningRoute() {
  return <MiningScreen />;
}
