import type { PublicUser } from '@ziver/shared';
import type { Session } from '@/lib/session';
import { vi } from 'vitest';
import { contractAnswer, contractBody, errorAnswer, type ContractBody } from './contract-answer';
import type { MiningStatusSnapshot } from '@/features/mining/utils/mining-view';

export function buildUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 'user-1',
    username: 'amina',
    email: 'amina@example.com',
    avatar_url: null,
    bio: null,
    zp_balance: 0,
    social_capital_score: 0,
    daily_streak_count: 0,
    mining_session_start_time: null,
    created_at: '2025-01-05T10:00:00.000Z',
    last_seen: null,
    telegram_username: null,
    telegram_id: null,
    twitter_username: null,
    linkedin_url: null,
    verified: false,
    role: 'USER',
    referral_code: 'AMINA1',
    two_factor_enabled: false,
    theme: 'dark',
    language: 'en',
    ...overrides,
  };
}

export function buildSession(overrides: { user?: Partial<PublicUser>; token?: string } = {}): Session {
  return {
    user: { ...buildUser(overrides.user), token: overrides.token ?? 'token-abc' },
    appSettings: { MINING_CYCLE_HOURS: 4, MINING_REWARD: 50 },
  };
}

/**
 * A mining status as the client keeps it (the answer plus when it arrived); the answer part must
 * pass the contract, so a seeded query cache holds only what a server could have sent.
 */
export function buildMiningStatus(overrides: Partial<MiningStatusSnapshot> = {}): MiningStatusSnapshot {
  const snapshot: MiningStatusSnapshot = {
    success: true,
    isMining: false,
    canClaim: false,
    timeRemaining: 0,
    progress: 0,
    cycleEndsAt: null,
    userData: { zp_balance: 0, social_capital_score: 0, daily_streak_count: 0, mining_session_start_time: null },
    appSettings: { MINING_CYCLE_HOURS: 4, MINING_REWARD: 50 },
    receivedAt: Date.parse('2025-01-05T10:00:00.000Z'),
    ...overrides,
  };
  const { receivedAt: _receivedAt, ...body } = snapshot;
  contractBody('miningStatus', body);
  return snapshot;
}

/** The body of a `GET /mining/status` answer (a snapshot without the client's `receivedAt`). */
export function buildMiningStatusBody(overrides: Partial<MiningStatusSnapshot> = {}): ContractBody<'miningStatus'> {
  const { receivedAt: _receivedAt, ...body } = buildMiningStatus(overrides);
  return body;
}

/** A status for a cycle started at `start`, as the server would report it at `serverNow`. */
export function buildRunningStatus(
  start: string,
  cycleHours: number,
  serverNow: number,
  receivedAt: number,
): MiningStatusSnapshot {
  const startMs = Date.parse(start);
  const cycleMs = cycleHours * 3_600_000;
  const elapsed = serverNow - startMs;
  const canClaim = elapsed >= cycleMs;
  return buildMiningStatus({
    isMining: !canClaim,
    canClaim,
    progress: canClaim ? 1 : elapsed / cycleMs,
    timeRemaining: canClaim ? 0 : cycleMs - elapsed,
    cycleEndsAt: new Date(startMs + cycleMs).toISOString(),
    userData: { zp_balance: 10, social_capital_score: 20, daily_streak_count: 2, mining_session_start_time: start },
    appSettings: { MINING_CYCLE_HOURS: cycleHours, MINING_REWARD: 50 },
    receivedAt,
  });
}

/**
 * A server for the signed-in mining screen's first GETs (early.js asks for them): no cycle
 * running, no recent activity; anything else is 404.
 */
export function miningScreenServer() {
  return vi.fn(async (url: string) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/api/mining/status') return contractAnswer('miningStatus', buildMiningStatusBody());
    if (path === '/api/transactions/recent/list') {
      return contractAnswer('recentTransactions', { success: true, transactions: [] });
    }
    return errorAnswer('NOT_FOUND', 'server.notFound');
  });
}
