import type { TonProofPayloadResponse } from '@ziver/shared';
import { call } from '@/lib/call';
import { walletTonProofPayloadEndpoint } from '@/lib/endpoints/wallet-ton-proof-payload';

/**
 * POST /api/wallet/ton-proof/payload: a single-use payload bound to the signed-in user, for the
 * wallet to sign in its `ton_proof`. Not cached: each connection attempt spends one.
 */
export function createTonProofPayload(): Promise<TonProofPayloadResponse> {
  return call(walletTonProofPayloadEndpoint);
}
