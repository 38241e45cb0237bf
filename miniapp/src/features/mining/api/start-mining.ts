import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import { callTimed } from '@/lib/early-calls';
import { miningStartEndpoint } from '@/lib/endpoints/mining-start';
import type { MiningStatusSnapshot } from '../utils/mining-view';
import { miningStatusQueryKey, toSnapshot } from './get-mining-status';

/** POST /api/mining/start: answers 201 with the new status; 409 when a cycle already runs. */
export async function startMining(): Promise<MiningStatusSnapshot> {
  // The start answer (the status and a message), then the status alone as a snapshot.
  const { answer, receivedAt } = await callTimed(miningStartEndpoint);
  return toSnapshot(answer, { receivedAt });
}

/** The start was refused because a cycle already runs: the intent is already done. */
export function isAlreadyStarted(error: unknown): boolean {
  return isApiError(error) && error.code === 'MINING_ALREADY_ACTIVE';
}

/** Starts a cycle; a refusal saying one already runs refreshes the status instead of failing. */
export function useStartMining(
  options: Omit<UseMutationOptions<MiningStatusSnapshot, Error, void>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: startMining,
    onSuccess: (status, ...rest) => {
      queryClient.setQueryData(miningStatusQueryKey, status);
      return options.onSuccess?.(status, ...rest);
    },
    onError: (error, ...rest) => {
      // A cycle already running (another device, an earlier tap) is what the user asked for:
      // show it, and do not report a failure.
      if (isAlreadyStarted(error)) return queryClient.invalidateQueries({ queryKey: miningStatusQueryKey });
      return options.onError?.(error, ...rest);
    },
  });
}
