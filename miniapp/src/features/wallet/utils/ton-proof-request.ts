import { tonProofRequestSchema, type TonProofRequest } from '@ziver/shared';

/** What TON Connect hands the app for a connected wallet (the parts of `Wallet` that are read here). */
export type ConnectedWalletLike = {
  account: { address: string; chain: string; publicKey?: string; walletStateInit: string };
  connectItems?: {
    tonProof?:
      | {
          name: 'ton_proof';
          proof: {
            timestamp: number;
            domain: { lengthBytes: number; value: string };
            payload: string;
            signature: string;
          };
        }
      | { name: 'ton_proof'; error: { code: number; message?: string } };
  };
};

/**
 * The body of POST /wallet/ton-proof from a wallet TON Connect just connected: its account and
 * signed `ton_proof`, the state init moved next to the proof as the server reads it. Null when
 * the wallet answered without a proof (an error item, no public key, or fields of the wrong shape).
 */
export function tonProofRequestOf(wallet: ConnectedWalletLike): TonProofRequest | null {
  const item = wallet.connectItems?.tonProof;
  if (!item || !('proof' in item)) return null;
  const { account } = wallet;
  const parsed = tonProofRequestSchema.safeParse({
    address: account.address,
    network: account.chain,
    public_key: account.publicKey,
    proof: {
      timestamp: item.proof.timestamp,
      domain: { lengthBytes: item.proof.domain.lengthBytes, value: item.proof.domain.value },
      signature: item.proof.signature,
      payload: item.proof.payload,
      state_init: account.walletStateInit,
    },
  });
  return parsed.success ? parsed.data : null;
}
