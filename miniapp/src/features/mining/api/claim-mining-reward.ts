import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { MiningClaimResponse } from '@ziver/shared';
import { isApiError } from '@/lib/api-client';
import { call } from '@/lib/call';
import { miningClaimEndpoint } from '@/lib/endpoints/mining-claim';
import { sessionStore } from '@/lib/session';
import { statusAfterClaim, type MiningStatusSnapshot } from '../utils/mining-view';
import { miningStatusQueryKey } from './get-mining-status';

/** POST /api/mining/claim: 409 when the cycle has not finished or none was started. */
export function claimMiningReward(): Promise<MiningClaimResponse> {
  return call(miningClaimEndpoint);
}

/**
 * The claim was refused because no cycle is open: the screen only offers Claim for a finished
 * cycle, so it was claimed already (an earlier tap, another device). The intent is done.
 */
export function isAlreadyClaimed(error: unknown): boolean {
  return isApiError(error) && error.code === 'MINING_NOT_STARTED';
}

/**
 * Claims, shows the fresh balances at once, then refreshes the status from the server. A refusal
 * saying the cycle was claimed already refreshes the screen instead of failing.
 */
export function useClaimMiningReward(
  options: Omit<UseMutationOptions<MiningClaimResponse, Error, void>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: claimMiningReward,
    onSuccess: (response, ...rest) => {
      sessionStore.updateUser(response.user);
      queryClient.setQueryData<MiningStatusSnapshot>(miningStatusQueryKey, (current) =>
        current ? statusAfterClaim(current, response.user, Date.now()) : current,
      );
      void queryClient.invalidateQueries({ queryKey: miningStatusQueryKey });
      // The reward is new ledger entries: balances, history and recent activity change.
      void queryClient.invalidateQueries({ queryKey: ['transactions'] });
      return options.onSuccess?.(response, ...rest);
    },
    onError: (error, ...rest) => {
      void queryClient.invalidateQueries({ queryKey: miningStatusQueryKey });
      if (isAlreadyClaimed(error)) {
        // Claimed by an earlier tap or another device: the reward is in, so show it, not an error.
        void queryClient.invalidateQueries({ queryKey: ['transactions'] });
        return;
      }
      return options.onError?.(error, ...rest);
    },
  });
}
