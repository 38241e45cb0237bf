import { type PendingReferralRequest, type PendingReferralResponse } from '@ziver/shared';
import { call } from '@/lib/call';
import { pendingReferralEndpoint } from '@/lib/endpoints/pending-referral';

/**
 * POST /api/auth/pending-referral (public): before sign-up, the caller's own Telegram identity
 * (the signed launch initData, never a bare id) keeps a referral code, applied at its first
 * Telegram sign-in like the bot's `/start CODE`. 404 for an unknown code.
 */
export function savePendingReferral(input: PendingReferralRequest): Promise<PendingReferralResponse> {
  return call(pendingReferralEndpoint, { body: input });
}
