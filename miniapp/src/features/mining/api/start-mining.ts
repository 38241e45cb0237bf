import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import type { MiningStatusSnapshot } from '../utils/mining-view';
import { miningStatusQueryKey, toSnapshot } from './get-mining-status';

/** POST /api/mining/start: answers 201 with the new status; 409 when a cycle already runs. */
export function startMining(): Promise<MiningStatusSnapshot> {
  return api.post('/mining/start', undefined, { parse: toSnapshot });
}

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
      // A cycle already running (another device, a double tap): show it.
      if (isApiError(error) && error.code === 'MINING_ALREADY_ACTIVE') {
        void queryClient.invalidateQueries({ queryKey: miningStatusQueryKey });
      }
      return options.onError?.(error, ...rest);
    },
  });
}
