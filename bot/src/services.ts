import type { TierName } from '@ziver/shared';

/** Where a user's mining stands, as /balance shows it. */
export type MiningState = { state: 'idle' } | { state: 'running'; secondsLeft: number } | { state: 'ready' };

/** Whether a `/start CODE` code is valid and whether it will apply to this Telegram user. */
export type PendingReferralOutcome = 'will_apply' | 'invalid' | 'has_account';

/** The Ziver account linked to a Telegram user, as /balance shows it. */
export type AccountSummary = {
  username: string;
  zpBalance: number;
  sebScore: number;
  tier: TierName;
  streakDays: number;
  mining: MiningState;
};

/** What /connect gets: a fresh code, or the account this Telegram user is already linked to. */
export type ConnectionCodeResult =
  | { status: 'issued'; code: string; expiresAt: Date; ttlMinutes: number }
  | { status: 'already_linked'; username: string };

/** A one-time "sign in on the web" link; null when the Telegram user has no linked account. */
export type LoginLink = { url: string; ttlMinutes: number };

/**
 * Use cases the server injects into the bot. The bot never imports server internals and never
 * touches the database: every feature that needs data calls one of these. Members are optional
 * so the bot runs (and is tested) with only the services a deployment provides; a command whose
 * service is missing answers that it is not available.
 */
export type BotServices = {
  /**
   * Remembers the referral code from `/start <code>` for this Telegram user, to be applied when
   * they first sign in (docs/architecture.md §6).
   */
  pendingReferrals?: {
    /**
     * What became of the code: `will_apply` (it exists and this Telegram user has no account
     * yet), `invalid` (no such code) or `has_account` (the user already has an account, so it
     * cannot be used for them). Void when the service cannot tell.
     */
    remember(input: { telegramId: number; referralCode: string }): Promise<PendingReferralOutcome | void>;
  };
  /** /balance: the linked account's balances and mining state, or null when none is linked. */
  accounts?: {
    summary(input: { telegramId: number }): Promise<AccountSummary | null>;
  };
  /**
   * /connect: a 6-digit code (10 minutes, single use) that links this Telegram user to the web
   * account that enters it; issuing a new one invalidates the previous one.
   */
  connectionCodes?: {
    issue(input: { telegramId: number; telegramUsername: string | undefined }): Promise<ConnectionCodeResult>;
  };
  /**
   * /login: a one-time link signing the linked account in on the web; null when none is linked,
   * 'lockdown' while the server is in maintenance (only admins get a link then).
   */
  loginLinks?: {
    issue(input: { telegramId: number }): Promise<LoginLink | 'lockdown' | null>;
  };
  /**
   * /reset: queues a password reset link for the account linked to this Telegram user, sent in
   * this chat through the server's outbox; does nothing when none is linked (the bot answers the
   * same either way).
   */
  passwordResets?: {
    request(input: { telegramId: number }): Promise<void>;
  };
  /**
   * Whether the bot may message this Telegram user: false when they blocked it (my_chat_member
   * "kicked"), true again when they unblock it or write to it. Notifications skip blocked users.
   */
  reachability?: {
    update(input: { telegramId: number; isReachable: boolean }): Promise<void>;
  };
};
