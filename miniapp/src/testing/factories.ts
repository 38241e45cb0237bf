import type { PublicUser } from '@ziver/shared';
import type { Session } from '@/lib/session';
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

/** A mining status; `startedAt` and `now` let a test place itself inside a cycle. */
export function buildMiningStatus(overrides: Partial<MiningStatusSnapshot> = {}): MiningStatusSnapshot {
  return {
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

/** A fetch Response with a JSON body. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
