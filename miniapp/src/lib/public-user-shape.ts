import { LANGUAGES, ROLES, THEMES } from '@ziver/shared/core';
import type { PublicUser } from '@ziver/shared';
import { boolean, nullable, number, object, oneOf, string, type Reader } from './answer-shape';

/** The user as the API presents it (publicUserSchema), checked without zod. */
export const readPublicUser: Reader<PublicUser> = object({
  id: string,
  username: string,
  email: nullable(string),
  avatar_url: nullable(string),
  bio: nullable(string),
  zp_balance: number,
  social_capital_score: number,
  daily_streak_count: number,
  mining_session_start_time: nullable(string),
  created_at: string,
  last_seen: nullable(string),
  telegram_username: nullable(string),
  telegram_id: nullable(string),
  twitter_username: nullable(string),
  linkedin_url: nullable(string),
  verified: boolean,
  role: oneOf(ROLES),
  referral_code: string,
  two_factor_enabled: boolean,
  theme: oneOf(THEMES),
  language: oneOf(LANGUAGES),
});
