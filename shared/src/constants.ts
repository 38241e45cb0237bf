/** Business constants and limits (docs/spec.md §9). Server defaults and client limits both read these. */
export const MINING_CYCLE_HOURS_DEFAULT = 4;
export const MINING_REWARD_DEFAULT = 50;
export const MINING_STATUS_POLL_MS = 5_000;
export const MINING_CLIENT_TICK_MS = 1_000;
/** SEB points per claim: base plus one per streak day, capped. */
export const MINING_SEB_BASE = 10;
export const MINING_SEB_MAX = 50;

export const DAILY_LOGIN_ZP = 5;
export const DAILY_LOGIN_SEB = 1;

export const REFERRAL_BONUS_ZP = 100;
export const REFERRAL_REWARD_ZP = 150;
export const MAX_REFERRALS = 50;
export const REFERRAL_MINING_WINDOW_HOURS = 4;
/** A signed-in user may apply a code themselves (POST /referrals/apply) only this long after joining. */
export const REFERRAL_APPLY_WINDOW_DAYS = 7;

export const TELEGRAM_CODE_LENGTH = 6;
export const TELEGRAM_CODE_TTL_MINUTES = 10;

export const TRANSACTIONS_PAGE_SIZE = 20;
export const RECENT_TRANSACTIONS_DEFAULT_LIMIT = 10;
export const STATS_DEFAULT_PERIOD = 'month';

export const AVATAR_MAX_BYTES = 1024 * 1024;
export const BIO_MAX = 500;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const REGISTER_PASSWORD_MIN = 6;
export const CHANGED_PASSWORD_MIN = 8;
export const FEEDBACK_TITLE_MAX = 100;
export const FEEDBACK_MESSAGE_MAX = 1000;
export const ATTACHMENT_MAX_BYTES = 5_242_880;
export const ATTACHMENT_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const TWO_FACTOR_CODE_LENGTH = 6;
export const GOOGLE_TOKEN_MIN_LENGTH = 10;

export const SESSION_CHECK_DELAY_MS = 800;
export const PLATFORM_DETECTION_DELAY_MS = 100;
export const HEARTBEAT_MS = 60_000;
export const LOCKDOWN_POLL_MS = 30_000;
export const MIN_LOADING_SCREEN_MS = 1_000;

export const STORAGE_KEYS = { session: 'session', theme: 'ziver-theme', language: 'ziver-language' } as const;
export const THEMES = ['dark', 'light', 'auto'] as const;
export type Theme = (typeof THEMES)[number];
export const LANGUAGES = ['en', 'es', 'fr', 'de', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  zh: 'Chinese',
};

export const CURRENCIES = ['ZP', 'SEB'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const ROLES = ['USER', 'TESTER', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];

export const EARNING_TYPES = [
  'mining_reward',
  'task_reward',
  'referral_bonus',
  'referral_reward',
  'feedback_reward',
  'daily_login',
] as const;
export const SPENDING_TYPES = ['withdrawal', 'purchase'] as const;
/** An admin's manual correction (credit or debit), always with a reason. */
export const ADJUSTMENT_TYPES = ['admin_adjustment'] as const;
export const TRANSACTION_TYPES = [...EARNING_TYPES, ...SPENDING_TYPES, ...ADJUSTMENT_TYPES] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
/** A compensating entry (e.g. a removed referral) is stored as `<type>_reversal` with the opposite sign. */
export const REVERSAL_SUFFIX = '_reversal';

/** What POST /api/user/activity records. */
export const USER_ACTIVITY_TYPES = ['DAILY_LOGIN'] as const;
export type UserActivityType = (typeof USER_ACTIVITY_TYPES)[number];

/** Amounts are kept with 4 decimals (NUMERIC(20,4)) and displayed with up to 4. */
export const AMOUNT_DECIMALS = 4;
