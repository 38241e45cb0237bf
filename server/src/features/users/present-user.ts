import type { PublicUser } from '@ziver/shared';
import type { UserRow } from '../../platform/db/schema.js';

/** The allow-list of user fields the API sends. Hashes and secrets are never listed. */
export function presentUser(user: UserRow): PublicUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    avatar_url: user.avatarUrl,
    bio: user.bio,
    zp_balance: Number(user.zpBalance),
    social_capital_score: Number(user.socialCapitalScore),
    daily_streak_count: user.dailyStreakCount,
    mining_session_start_time: user.miningSessionStartTime?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
    last_seen: user.lastSeenAt?.toISOString() ?? null,
    telegram_username: user.telegramUsername,
    telegram_id: user.telegramId === null ? null : String(user.telegramId),
    twitter_username: user.twitterUsername,
    linkedin_url: user.linkedinUrl,
    verified: user.verified,
    role: user.role,
    referral_code: user.referralCode,
    two_factor_enabled: user.twoFactorEnabled,
    theme: user.theme,
    language: user.language,
  };
}
