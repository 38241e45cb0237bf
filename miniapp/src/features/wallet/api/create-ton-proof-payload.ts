import { CONTRACT, tonProofPayloadResponseSchema, type TonProofPayloadResponse } from '@ziver/shared';
import { api } from '@/lib/api-client';

/**
 * POST /api/wallet/ton-proof/payload: a single-use payload bound to the signed-in user, for the
 * wallet to sign in its `ton_proof`. Not cached: each connection attempt spends one.
 */
export function createTonProofPayload(): Promise<TonProofPayloadResponse> {
  return api.post(CONTRACT.walletTonProofPayload.path, undefined, {
    parse: (data) => tonProofPayloadResponseSchema.parse(data),
  });
}
