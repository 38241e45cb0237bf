import { CURRENCIES } from '@ziver/shared/core';
import type { MiningClaimResponse, MiningStatus, TransactionView } from '@ziver/shared';
import {
  arrayOf,
  boolean,
  literal,
  messageFields,
  nullable,
  number,
  object,
  oneOf,
  recordOf,
  string,
  unknownValue,
  type Reader,
} from '@/lib/answer-shape';
import { readPublicUser } from '@/lib/public-user-shape';

// The mining screen's answers, checked by hand rather than with the shared zod schemas, so zod
// stays off this screen. mining-answers.test.ts checks each reader accepts and refuses exactly
// what its schema (miningStatusSchema, miningClaimResponseSchema, recentTransactionsResponseSchema)
// does, and returns the same value.

const readMiningUserData = object({
  zp_balance: number,
  social_capital_score: number,
  daily_streak_count: number,
  mining_session_start_time: nullable(string),
});

/** GET /mining/status, and POST /mining/start (the same body; its message fields are dropped). */
export const readMiningStatus: Reader<MiningStatus> = object({
  success: literal(true),
  isMining: boolean,
  canClaim: boolean,
  timeRemaining: number,
  progress: number,
  cycleEndsAt: nullable(string),
  userData: readMiningUserData,
  appSettings: object({ MINING_CYCLE_HOURS: number, MINING_REWARD: number }),
});

/** POST /mining/claim */
export const readMiningClaim: Reader<MiningClaimResponse> = object({
  success: literal(true),
  ...messageFields,
  reward: object({ zp: number, seb: number, streak: number, durationMinutes: number }),
  user: readPublicUser,
  userData: readMiningUserData,
});

const readTransaction: Reader<TransactionView> = object({
  id: string,
  type: string,
  currency: oneOf(CURRENCIES),
  amount: number,
  description: string,
  created_at: string,
  metadata: recordOf(unknownValue),
});

/** GET /transactions/recent/list: the entries. */
export const readRecentTransactions: Reader<{ success: true; transactions: TransactionView[] }> = object({
  success: literal(true),
  transactions: arrayOf(readTransaction),
});
