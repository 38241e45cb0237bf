/**
 * Use cases the server injects into the bot. The bot never imports server internals and never
 * touches the database: every feature that needs data calls one of these. Members are optional
 * so the bot runs (and is tested) with only the services a deployment provides.
 */
export type BotServices = {
  /**
   * Remembers the referral code from `/start <code>` for this Telegram user, to be applied when
   * they first sign in (ARCHITECTURE §6). Issue 5/6 implements it on the server; until then the
   * code only travels to the register page as `?ref=`.
   */
  pendingReferrals?: {
    remember(input: { telegramId: number; referralCode: string }): Promise<void>;
  };
};
