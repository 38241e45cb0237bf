import { queryOptions, useQuery } from '@tanstack/react-query';
import { MINING_STATUS_POLL_MS } from '@ziver/shared/core';
import { callTimed } from '@/lib/early-calls';
import { shouldPollStatus, type MiningStatusSnapshot } from '../utils/mining-view';
import { answerReader } from '@/lib/call';
import { miningStatusEndpoint } from '@/lib/endpoints/mining-status';

const readMiningStatus = answerReader(miningStatusEndpoint);

export const miningStatusQueryKey = ['mining', 'status'] as const;

/** Stamps a status body with its arrival time (used by start and claim answers too). */
export function toSnapshot(data: unknown, meta?: { receivedAt: number }): MiningStatusSnapshot {
  return { ...readMiningStatus(data), receivedAt: meta?.receivedAt ?? Date.now() };
}

/** GET /api/mining/status */
export async function getMiningStatus({ signal }: { signal?: AbortSignal } = {}): Promise<MiningStatusSnapshot> {
  const { answer, receivedAt } = await callTimed(miningStatusEndpoint, { signal });
  return toSnapshot(answer, { receivedAt });
}

/** Polls every 5 s while a cycle runs, until the server says the reward can be claimed. */
export function miningStatusQueryOptions() {
  return queryOptions({
    queryKey: miningStatusQueryKey,
    queryFn: ({ signal }) => getMiningStatus({ signal }),
    refetchInterval: (query) => (shouldPollStatus(query.state.data) ? MINING_STATUS_POLL_MS : false),
  });
}

export function useMiningStatus() {
  return useQuery(miningStatusQueryOptions());
}
