import { useState } from 'react';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { MiningClaimResponse } from '@ziver/shared';
import { isApiError } from '@/lib/api-client';
import { call } from '@/lib/call';
import { miningClaimEndpoint } from '@/lib/endpoints/mining-claim';
import { sessionStore } from '@/lib/session';
import { statusAfterClaim, type MiningStatusSnapshot } from '../utils/mining-view';
import { miningStatusQueryKey } from './get-mining-status';

/** POST /api/mining/claim: 409 when the cycle has not finished or none was started. */
export function claimMiningReward(idempotencyKey?: string): Promise<MiningClaimResponse> {
  return call(miningClaimEndpoint, idempotencyKey === undefined ? {} : { idempotencyKey });
}

/** A failure after which the claim may have been credited or not: a 503 or no answer at all. */
export function isRetryableClaimFailure(error: unknown): boolean {
  return isApiError(error) && (error.status === 0 || error.status === 503) && error.code !== 'LOCKDOWN';
}

/**
 * One claim intent (a press of Claim) with its Idempotency-Key: the key is made on the first
 * send and kept while the answers leave it unknown whether the claim was credited (a 503, a
 * network error), so the retries of the intent are answered with the first claim's answer; an
 * answer (success or refusal) ends the intent, and the next press makes a new key.
 */
export function createClaimIntent(newKey: () => string = () => crypto.randomUUID()) {
  let key: string | undefined;
  return async (): Promise<MiningClaimResponse> => {
    key ??= newKey();
    try {
      const answer = await claimMiningReward(key);
      key = undefined;
      return answer;
    } catch (error) {
      if (!isRetryableClaimFailure(error)) key = undefined;
      throw error;
    }
  };
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
  const [claim] = useState(() => createClaimIntent());
  return useMutation({
    // A 503 or a lost answer is retried twice, with the intent's key (so it is credited once).
    retry: (failures, error) => failures < 2 && isRetryableClaimFailure(error),
    ...options,
    mutationFn: claim,
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
