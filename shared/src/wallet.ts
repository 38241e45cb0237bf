import { z } from 'zod';
import { WALLET_MESSAGES } from './feature-messages.js';
import { messageFields } from './message-schema.js';

/**
 * TON Connect 2 wallet linking with `ton_proof` (docs.ton.org, "How to authenticate users with
 * ton_proof"). A wallet is linked and verified only: no transfers, no cash value.
 */

/** TON Connect's chain ids: `-239` is mainnet, `-3` testnet. */
export const TON_CHAINS = { mainnet: '-239', testnet: '-3' } as const;
export type TonNetwork = keyof typeof TON_CHAINS;
export const TON_NETWORKS = ['mainnet', 'testnet'] as const;

/** How long an issued payload, and a proof's timestamp, stay acceptable. */
export const TON_PROOF_TTL_SECONDS = 15 * 60;

/** The wallet contracts whose state init the server can read a public key from. */
export const WALLET_VERSIONS = ['v3R2', 'v4R2', 'v5R1'] as const;
export type WalletVersion = (typeof WALLET_VERSIONS)[number];

const base64 = (max: number, message: string) =>
  z
    .string({ error: message })
    .min(1, message)
    .max(max, message)
    .regex(/^[A-Za-z0-9+/_-]+={0,2}$/, message);

/** A linked wallet as the owner (and the console) sees it. */
export const walletSchema = z.object({
  /** User-friendly form: non-bounceable (a wallet is a user account, decisions §23), testOnly on testnet, URL-safe. */
  address: z.string(),
  /** Raw form `0:<64 hex>`. */
  rawAddress: z.string(),
  network: z.enum(TON_NETWORKS),
  version: z.enum(WALLET_VERSIONS),
  linkedAt: z.string(),
});
export type Wallet = z.infer<typeof walletSchema>;

/** GET /api/wallet: whether wallets are on here, the manifest to connect with, and the linked one. */
export const walletStatusResponseSchema = z.object({
  success: z.literal(true),
  enabled: z.boolean(),
  /** Present when enabled: the TON Connect manifest URL the mini app connects with. */
  manifestUrl: z.string().optional(),
  /** Present when enabled: the network this instance accepts. */
  network: z.enum(TON_NETWORKS).optional(),
  /**
   * Present when enabled and the bot is known: the mini app's t.me link (t.me/<bot>/<short name>,
   * or t.me/<bot>), where a wallet opened from inside Telegram sends the user back.
   */
  returnUrl: z.string().optional(),
  wallet: walletSchema.nullable(),
});
export type WalletStatusResponse = z.infer<typeof walletStatusResponseSchema>;

/** POST /api/wallet/ton-proof/payload: a single-use payload bound to the caller. */
export const tonProofPayloadResponseSchema = z.object({
  success: z.literal(true),
  payload: z.string(),
  expiresAt: z.string(),
});
export type TonProofPayloadResponse = z.infer<typeof tonProofPayloadResponseSchema>;

/** POST /api/wallet/ton-proof: the account and proof exactly as TON Connect hands them to the app. */
export const tonProofRequestSchema = z.object({
  /** Raw address `<workchain>:<64 hex>`. */
  address: z
    .string({ error: WALLET_MESSAGES.addressInvalid })
    .regex(/^-?\d{1,3}:[0-9a-fA-F]{64}$/, WALLET_MESSAGES.addressInvalid),
  /** TON Connect chain id: `-239` (mainnet) or `-3` (testnet). */
  network: z.enum([TON_CHAINS.mainnet, TON_CHAINS.testnet], { error: WALLET_MESSAGES.networkInvalid }),
  public_key: z
    .string({ error: WALLET_MESSAGES.publicKeyInvalid })
    .regex(/^[0-9a-fA-F]{64}$/, WALLET_MESSAGES.publicKeyInvalid),
  proof: z.object(
    {
      timestamp: z.number({ error: WALLET_MESSAGES.proofInvalid }).int(WALLET_MESSAGES.proofInvalid).nonnegative(),
      domain: z.object(
        {
          lengthBytes: z.number({ error: WALLET_MESSAGES.proofInvalid }).int().positive().max(253),
          value: z.string({ error: WALLET_MESSAGES.proofInvalid }).min(1).max(253),
        },
        { error: WALLET_MESSAGES.proofInvalid },
      ),
      signature: base64(200, WALLET_MESSAGES.signatureFormat),
      payload: z.string({ error: WALLET_MESSAGES.proofInvalid }).min(1).max(128),
      state_init: base64(8_192, WALLET_MESSAGES.stateInitFormat),
    },
    { error: WALLET_MESSAGES.proofInvalid },
  ),
});
export type TonProofRequest = z.infer<typeof tonProofRequestSchema>;

export const walletLinkedResponseSchema = z.object({
  success: z.literal(true),
  ...messageFields,
  wallet: walletSchema,
});
export const walletUnlinkedResponseSchema = z.object({ success: z.literal(true), ...messageFields, wallet: z.null() });
export type WalletLinkedResponse = z.infer<typeof walletLinkedResponseSchema>;
export type WalletUnlinkedResponse = z.infer<typeof walletUnlinkedResponseSchema>;
