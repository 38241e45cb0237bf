import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountReviewResponse,
  HeldRewardActionResponse,
  IntegrityRingActionResponse,
  IntegrityRingResponse,
  IntegrityRingsResponse,
} from '@ziver/shared';
import { call } from '@/lib/call';
import { adminIntegrityHeldRewardEndpoint } from '@/lib/endpoints/admin-integrity-held-reward';
import { adminIntegrityReviewAccountEndpoint } from '@/lib/endpoints/admin-integrity-review-account';
import { adminIntegrityReverseRingRewardsEndpoint } from '@/lib/endpoints/admin-integrity-reverse-ring-rewards';
import { adminIntegrityReviewRingEndpoint } from '@/lib/endpoints/admin-integrity-review-ring';
import { adminIntegrityRingEndpoint } from '@/lib/endpoints/admin-integrity-ring';
import { adminIntegrityRingsEndpoint } from '@/lib/endpoints/admin-integrity-rings';
import { adminIntegritySuspendRingEndpoint } from '@/lib/endpoints/admin-integrity-suspend-ring';
import { auditLogQueryKey } from './get-audit-log';
import { dashboardQueryKey } from './get-dashboard';
import { adminUsersQueryKey } from './users';

export const integrityQueryKey = ['admin', 'integrity'] as const;

/** GET /api/admin/integrity/rings: one page of rings, highest score first. */
export function useRings(page: number) {
  return useQuery({
    queryKey: [...integrityQueryKey, 'rings', page],
    queryFn: ({ signal }): Promise<IntegrityRingsResponse> =>
      call(adminIntegrityRingsEndpoint, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/integrity/rings/{id}: one ring. */
export function useRing(id: string) {
  return useQuery({
    queryKey: [...integrityQueryKey, 'ring', id],
    queryFn: ({ signal }): Promise<IntegrityRingResponse> =>
      call(adminIntegrityRingEndpoint, { params: { id }, signal }),
  });
}

export const RING_ACTIONS = ['suspend', 'reverse', 'review'] as const;
export type RingAction = (typeof RING_ACTIONS)[number];

const ENDPOINTS = {
  suspend: adminIntegritySuspendRingEndpoint,
  reverse: adminIntegrityReverseRingRewardsEndpoint,
  review: adminIntegrityReviewRingEndpoint,
};

/** Suspend all, reverse the referral rewards, mark reviewed: each refreshes the ring, the lists, users and the audit log. */
export function useRingAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason }: { action: RingAction; reason: string }): Promise<IntegrityRingActionResponse> =>
      call(ENDPOINTS[action], { params: { id }, body: { reason } }),
    onSuccess: (answer) =>
      queryClient.setQueryData<IntegrityRingResponse>([...integrityQueryKey, 'ring', id], {
        success: true,
        ring: answer.ring,
        threshold: answer.threshold,
      }),
    onSettled: () => refreshAfterAction(queryClient),
  });
}

/** Release (pay now, once) or drop (never pay) a held referral reward; refreshes the rings, users, the dashboard and the audit log. */
export function useHeldRewardAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      referralId,
      action,
      reason,
    }: {
      referralId: string;
      action: 'release' | 'drop';
      reason: string;
    }): Promise<HeldRewardActionResponse> =>
      call(adminIntegrityHeldRewardEndpoint, { params: { id: referralId }, body: { action, reason } }),
    onSettled: () => refreshAfterAction(queryClient),
  });
}

/** Mark an account reviewed and legitimate (its held rewards are released). */
export function useReviewAccount(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reason }: { reason: string }): Promise<AccountReviewResponse> =>
      call(adminIntegrityReviewAccountEndpoint, { params: { id: userId }, body: { reason } }),
    onSettled: () => refreshAfterAction(queryClient),
  });
}

function refreshAfterAction(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: integrityQueryKey });
  void queryClient.invalidateQueries({ queryKey: adminUsersQueryKey });
  void queryClient.invalidateQueries({ queryKey: auditLogQueryKey });
  void queryClient.invalidateQueries({ queryKey: dashboardQueryKey });
}
