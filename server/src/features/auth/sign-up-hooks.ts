import type { Db } from '../../platform/db/client.js';
import type { SignInMethod } from '../../platform/auth.js';
import type { UserRow } from '../../platform/db/schema.js';
import type { TelegramInitDataUser } from './telegram-init-data.js';

/** What applying a referral reports back; merged into the sign-in response. */
export type ReferralOutcome = {
  referralApplied: boolean;
  referrer?: { username: string; referral_code: string } | null;
};

/**
 * The seam where the referrals feature plugs into sign-up (docs/architecture.md §4, §6). The auth
 * routes call these when they are given and do nothing referral-related otherwise: pass them
 * as the second argument of `authRoutes(deps, hooks)`.
 */
export type SignUpHooks = {
  /**
   * A referral code sent with a sign-up (register, first Google sign-in, first Telegram sign-in
   * with `referralCode`), applied to the new user.
   */
  applyReferralCode?(input: {
    db: Db;
    user: UserRow;
    referralCode: string;
    source: 'signup' | 'telegram';
  }): Promise<ReferralOutcome>;
  /**
   * The pending referral a Telegram user arrived with (bot `/start CODE`), called on every
   * Telegram sign-in with `isNewUser`; the referrals feature decides whether it still applies.
   */
  applyPendingTelegramReferral?(input: {
    db: Db;
    user: UserRow;
    telegramId: bigint;
    isNewUser: boolean;
  }): Promise<ReferralOutcome>;
  /**
   * POST /auth/pending-referral: remembers a code for a validated Telegram id that has no account
   * yet (the same as the bot's `/start CODE`).
   */
  savePendingTelegramReferral?(input: {
    db: Db;
    telegramId: bigint;
    referralCode: string;
  }): Promise<
    | { saved: true; referrer: { username: string; referral_code: string } }
    | { saved: false; reason: 'invalid_code' | 'already_registered' }
  >;
};

/** A sign-up or sign-in as the integrity feature records it (its network, client and Telegram facts). */
export type SignInEvent = {
  user: UserRow;
  method: SignInMethod;
  isNewUser: boolean;
  /** Express's req.ip (TRUST_PROXY decides whether X-Forwarded-For counts). */
  ip: string | undefined;
  userAgent: string | undefined;
  acceptLanguage: string | undefined;
  telegram?: TelegramInitDataUser;
};

/**
 * Observers of sign-ins (the integrity feature's signals). Called after the account exists and
 * its referral is applied, before the session is issued; a failure is logged, never the sign-in's.
 */
export type SignInObserver = (event: SignInEvent) => Promise<void>;
