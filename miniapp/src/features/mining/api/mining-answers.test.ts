import { describe, expect, it } from 'vitest';
import { miningClaimResponseSchema, miningStatusSchema, recentTransactionsResponseSchema } from '@ziver/shared';
import type { Reader } from '@/lib/answer-shape';
import { expectAgreement, mutationsOf } from '@/testing/answer-agreement';
import { buildMiningStatus, buildUser } from '@/testing/factories';
import { readMiningClaim, readMiningStatus, readRecentTransactions } from './mining-answers';

const { receivedAt: _receivedAt, ...status } = buildMiningStatus({
  isMining: true,
  progress: 0.25,
  timeRemaining: 10_800_000,
  cycleEndsAt: '2025-01-05T14:00:00.000Z',
  userData: { zp_balance: 10.5, social_capital_score: 3, daily_streak_count: 2, mining_session_start_time: 'x' },
});

const claim = {
  success: true,
  message: 'Reward claimed',
  messageKey: 'spec.rewardClaimed',
  params: { zp: 50, unit: 'ZP' },
  reward: { zp: 50, seb: 1, streak: 3, durationMinutes: 240 },
  user: buildUser({ email: null, role: 'ADMIN', theme: 'light', language: 'zh', telegram_id: '42' }),
  userData: { zp_balance: 60, social_capital_score: 4, daily_streak_count: 3, mining_session_start_time: null },
};

const recent = {
  success: true,
  transactions: [
    {
      id: 't1',
      type: 'mining_reward',
      currency: 'ZP',
      amount: 50,
      description: 'Mining reward',
      created_at: '2025-01-05T10:00:00.000Z',
      metadata: { streak: 3, nested: { a: [1, 2] }, none: null },
    },
    {
      id: 't2',
      type: 'referral_bonus_reversal',
      currency: 'SEB',
      amount: -1,
      description: '',
      created_at: 'x',
      metadata: {},
    },
  ],
};

describe.each([
  ['mining status', readMiningStatus, miningStatusSchema, status],
  ['mining claim', readMiningClaim, miningClaimResponseSchema, claim],
  ['recent transactions', readRecentTransactions, recentTransactionsResponseSchema, recent],
] as const)('the %s reader agrees with the shared zod schema', (_name, read, schema, body) => {
  it('reads a valid answer to the value the schema returns, and drops unknown fields like it', () => {
    expect(read(body)).toEqual(schema.parse(body));
    const extra = { ...structuredClone(body), token: 'secret' };
    expectAgreement(read as Reader<unknown>, schema, extra, 'extra field');
    expect(read(extra)).not.toHaveProperty('token');
  });

  it('accepts and refuses exactly what the schema does, field by field', () => {
    for (const [label, mutated] of mutationsOf(body)) {
      expectAgreement(read as Reader<unknown>, schema, mutated, label);
    }
  });

  it('refuses what is not an object', () => {
    for (const other of [null, undefined, 'ok', 1, [], [body]]) {
      expectAgreement(read as Reader<unknown>, schema, other, String(other));
    }
  });
});
