import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  customType,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TaskTranslations, TextTranslations } from '@ziver/shared';

const amount = (name: string) => numeric(name, { precision: 20, scale: 4, mode: 'number' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email'),
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['USER', 'TESTER', 'ADMIN'] })
      .notNull()
      .default('USER'),
    zpBalance: amount('zp_balance').notNull().default(0),
    socialCapitalScore: amount('social_capital_score').notNull().default(0),
    dailyStreakCount: integer('daily_streak_count').notNull().default(0),
    lastClaimDay: date('last_claim_day', { mode: 'string' }),
    /** Mirror of the open mining session's start (cleared on claim), kept in the same transaction. */
    miningSessionStartTime: timestamp('mining_session_start_time', { withTimezone: true }),
    referralCode: text('referral_code').notNull(),
    referredBy: uuid('referred_by'),
    avatarUrl: text('avatar_url'),
    bio: text('bio'),
    telegramId: bigint('telegram_id', { mode: 'bigint' }),
    telegramUsername: text('telegram_username'),
    twitterUsername: text('twitter_username'),
    linkedinUrl: text('linkedin_url'),
    googleSub: text('google_sub'),
    verified: boolean('verified').notNull().default(false),
    /**
     * The address the account was registered with (email sign-up or Google), never changed by an
     * email change: password reset by email goes to a verified address or to this one.
     */
    registeredEmail: text('registered_email'),
    theme: text('theme', { enum: ['dark', 'light', 'auto'] })
      .notNull()
      .default('dark'),
    language: text('language', { enum: ['en', 'es', 'fr', 'de', 'zh'] })
      .notNull()
      .default('en'),
    displayReducedMotion: boolean('display_reduced_motion').notNull().default(false),
    displayHighContrast: boolean('display_high_contrast').notNull().default(false),
    displayLargeText: boolean('display_large_text').notNull().default(false),
    notifyEmail: boolean('notify_email').notNull().default(true),
    notifyPush: boolean('notify_push').notNull().default(true),
    notifyMarketing: boolean('notify_marketing').notNull().default(false),
    notifySecurity: boolean('notify_security').notNull().default(true),
    /** "Hide me from public boards": left out of every leaderboard's entries (still sees its own rank). */
    hideFromBoards: boolean('hide_from_boards').notNull().default(false),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** TOTP secret, encrypted at rest (AES-256-GCM); set on setup, live once enabled. */
    twoFactorSecret: text('two_factor_secret'),
    /** The last TOTP time step accepted: a code cannot be used twice. */
    twoFactorLastStep: bigint('two_factor_last_step', { mode: 'number' }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** Bumped by every password change; a session is only valid for the version it was proven with. */
    passwordVersion: integer('password_version').notNull().default(0),
    /** Set when Telegram answers 403 (the user blocked the bot): no more messages are sent. */
    telegramBlockedAt: timestamp('telegram_blocked_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** Set by an admin: sessions are refused and no new one is created until reactivated. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** Why the admin suspended the account (required, 1-500 characters); null while active. */
    suspensionReason: text('suspension_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_referral_code_key').on(t.referralCode),
    uniqueIndex('users_telegram_id_key').on(t.telegramId),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
    index('users_referred_by_idx').on(t.referredBy),
    // The dashboard: sign-ups per day, and users who blocked the bot (few; rarely written).
    index('users_created_at_idx').on(t.createdAt),
    index('users_telegram_blocked_at_idx')
      .on(t.telegramBlockedAt)
      .where(sql`${t.telegramBlockedAt} IS NOT NULL`),
    // The all-time SEB board: visible accounts by score, best first.
    index('users_seb_board_idx')
      .on(t.socialCapitalScore.desc(), t.id)
      .where(sql`${t.suspendedAt} IS NULL AND ${t.hideFromBoards} = false AND ${t.socialCapitalScore} > 0`),
    check('users_zp_balance_nonnegative', sql`${t.zpBalance} >= 0`),
    check('users_seb_nonnegative', sql`${t.socialCapitalScore} >= 0`),
  ],
);

/** Sign-in sessions: a JWT carries the session id; revoking the row ends the session. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The user's password version when the sign-in was proven; a later change ends the session. */
    passwordVersion: integer('password_version').notNull().default(0),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/** Mining cycles. At most one unclaimed cycle per user, enforced by a partial unique index. */
export const miningSessions = pgTable(
  'mining_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    reward: amount('reward').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /**
     * When the cycle's mining-ready notices were written to the outbox (one row per channel the
     * user has on); null while it runs and until the first poll after it ends.
     */
    noticesQueuedAt: timestamp('notices_queued_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mining_sessions_one_open_per_user')
      .on(t.userId)
      .where(sql`${t.claimedAt} IS NULL`),
    index('mining_sessions_ends_at_idx')
      .on(t.endsAt)
      .where(sql`${t.claimedAt} IS NULL`),
    // The cycles whose notices are still to be written: only running and just-ended ones.
    index('mining_sessions_notices_due_idx')
      .on(t.endsAt)
      .where(sql`${t.noticesQueuedAt} IS NULL AND ${t.claimedAt} IS NULL`),
  ],
);

/** Single-use hashed 2FA backup codes (XXXX-XXXX-XXXX). */
export const twoFactorBackupCodes = pgTable(
  'two_factor_backup_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('two_factor_backup_codes_user_hash').on(t.userId, t.codeHash)],
);

/**
 * Short-lived single-use tokens: the pending second step of a sign-in ('2fa') and one-time
 * login tokens ('login'). Only a hash of the token is stored.
 */
export const authChallenges = pgTable(
  'auth_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['2fa', 'login'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    attempts: integer('attempts').notNull().default(0),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('auth_challenges_token_hash_key').on(t.tokenHash)],
);

/**
 * Password reset links (POST /auth/forgot-password): single-use, 30 minutes, only the SHA-256
 * of the token is stored. Spending one is a conditional UPDATE (used_at IS NULL, not expired).
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_token_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_id_idx').on(t.userId),
  ],
);

/**
 * Email verification links (registration, email change, resend): single-use, 24 hours, only the
 * SHA-256 of the token is stored, with the address it was sent to (it verifies only while the
 * account still has that address). Issuing one deletes the account's unused ones (a new link
 * supersedes the old). Spending one is a conditional UPDATE (used_at IS NULL, not expired).
 */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('email_verification_tokens_token_hash_key').on(t.tokenHash),
    index('email_verification_tokens_user_id_idx').on(t.userId),
  ],
);

/** Who invited whom. One row per invited user; removal is recorded, never deleted. */
export const referrals = pgTable(
  'referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referredId: uuid('referred_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['signup', 'telegram', 'apply', 'suggestion'] }).notNull(),
    rewardPaidAt: timestamp('reward_paid_at', { withTimezone: true }),
    /**
     * The referrer's reward waits for review: set by the integrity job while the invitee is
     * flagged (cleared when it no longer is); the claim skips a held row (docs/decisions.md
     * "Integrity: held referral rewards").
     */
    rewardHeldAt: timestamp('reward_held_at', { withTimezone: true }),
    /** An operator dropped the held reward: it never pays (the hold stays). */
    rewardDroppedAt: timestamp('reward_dropped_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('referrals_referred_active_key')
      .on(t.referredId)
      .where(sql`${t.removedAt} IS NULL`),
    index('referrals_referrer_idx').on(t.referrerId),
    index('referrals_created_at_idx').on(t.createdAt),
    // The held rewards (the dashboard's figure, the job's clearing): few rows, read whole.
    index('referrals_held_idx')
      .on(t.referredId)
      .where(sql`${t.rewardHeldAt} IS NOT NULL AND ${t.rewardPaidAt} IS NULL AND ${t.removedAt} IS NULL`),
    // The referrals board: active referrals of a period, index-only.
    index('referrals_board_idx')
      .on(t.createdAt, t.referrerId)
      .where(sql`${t.removedAt} IS NULL`),
    check('referrals_not_self', sql`${t.referrerId} <> ${t.referredId}`),
  ],
);

/**
 * A referral code a Telegram user arrived with (bot /start CODE), applied when they first sign in.
 * The dashboard's referral funnel counts those still waiting by created_at.
 */
export const pendingReferrals = pgTable(
  'pending_referrals',
  {
    telegramId: bigint('telegram_id', { mode: 'bigint' }).primaryKey(),
    referralCode: text('referral_code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('pending_referrals_created_at_idx').on(t.createdAt)],
);

/** 6-digit codes the bot issues to link a Telegram account to a web account. */
export const telegramConnectionCodes = pgTable(
  'telegram_connection_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    telegramId: bigint('telegram_id', { mode: 'bigint' }).notNull(),
    telegramUsername: text('telegram_username'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('telegram_codes_live_code_key')
      .on(t.code)
      .where(sql`${t.usedAt} IS NULL`),
    uniqueIndex('telegram_codes_live_user_key')
      .on(t.telegramId)
      .where(sql`${t.usedAt} IS NULL`),
  ],
);

export type TaskRule = { rule_type: string; expectedValue: number };

/** The task catalogue (seeded by migration, edited by admins). Retired tasks keep their history. */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    kind: text('kind', { enum: ['rule', 'link', 'channel', 'home_screen'] }).notNull(),
    linkUrl: text('link_url'),
    channel: text('channel'),
    rules: jsonb('rules').$type<TaskRule[]>().notNull().default([]),
    zpReward: amount('zp_reward').notNull(),
    sebReward: amount('seb_reward').notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
    /** es/fr/de/zh title and description; `title`/`description` above are the English (required) text. */
    translations: jsonb('translations').$type<TaskTranslations>().notNull().default({}),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tasks_slug_key').on(t.slug),
    check('tasks_rewards_nonnegative', sql`${t.zpReward} >= 0 AND ${t.sebReward} >= 0`),
  ],
);

export const taskCompletions = pgTable(
  'task_completions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.taskId] })],
);

/**
 * The ledger: append-only. Every change of a cached balance on `users` is one row here, written
 * in the same database transaction. `idempotency_key` makes each credit happen at most once.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    currency: text('currency', { enum: ['ZP', 'SEB'] }).notNull(),
    amount: amount('amount').notNull(),
    description: text('description').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    idempotencyKey: text('idempotency_key'),
    /** A reversal's reversed entry (an integrity action's reversals name it): at most one reversal per entry. */
    reversesId: uuid('reverses_id').references((): AnyPgColumn => transactions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('transactions_idempotency_key').on(t.idempotencyKey),
    uniqueIndex('transactions_reverses_id_key')
      .on(t.reversesId)
      .where(sql`${t.reversesId} IS NOT NULL`),
    // History pages in their order (newest first, id breaks ties): an index-only walk finds a page's ids.
    // It also serves every (user_id, created_at range) query, so it replaced (user_id, created_at).
    index('transactions_user_created_id_desc_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The ZP and SEB boards: one currency's entries of a period with what they add up, index-only.
    index('transactions_board_idx').on(t.currency, t.createdAt, t.userId, t.type, t.amount),
    check('transactions_amount_nonzero', sql`${t.amount} <> 0`),
    // The dashboard's live days (today, and yesterday for an hour): the ledger is append-only, so
    // rows lie in created_at order and a BRIN index (a few pages, nearly free to keep) finds a day.
    index('transactions_created_at_brin').using('brin', t.createdAt),
  ],
);

/** Settings an admin can change at run time (mining cycle and reward, lockdown). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded files (avatars, feedback attachments), kept in the database so every server instance
 * reads them with no extra service. `key` is content-addressed and unguessable (an HMAC of the
 * bytes under a server secret); a row never changes once written.
 */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  kind: text('kind', { enum: ['avatar', 'attachment', 'referral_card'] }).notNull(),
  contentType: text('content_type').notNull(),
  byteSize: integer('byte_size').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  data: bytea('data').notNull(),
  createdAt: createdAt(),
});

/**
 * The rendered referral images (the inline card's photo, the story), one per user, variant and
 * language: `fingerprint` hashes what was drawn (name, code, link, texts, layout version), so an
 * image is rendered again only when one of those changed. The bytes are a stored file (public,
 * content-addressed URL Telegram fetches).
 */
export const referralCardImages = pgTable(
  'referral_card_images',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    variant: text('variant', { enum: ['card', 'story'] }).notNull(),
    language: text('language').notNull(),
    fingerprint: text('fingerprint').notNull(),
    fileKey: text('file_key')
      .notNull()
      .references(() => storedFiles.key),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.variant, t.language] })],
);

export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['suggestion', 'bug', 'complaint', 'feature'] }).notNull(),
    priority: text('priority', { enum: ['low', 'medium', 'high'] }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: ['new', 'reviewing', 'resolved', 'rejected'] })
      .notNull()
      .default('new'),
    adminReply: text('admin_reply'),
    rewardZp: amount('reward_zp'),
    rewardSeb: amount('reward_seb'),
    /** Set once, when the admin's reward is posted as a `feedback_reward` ledger entry. */
    rewardedAt: timestamp('rewarded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_user_created_idx').on(t.userId, t.createdAt)],
);

export const feedbackAttachments = pgTable(
  'feedback_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    feedbackId: uuid('feedback_id')
      .notNull()
      .references(() => feedback.id, { onDelete: 'cascade' }),
    fileKey: text('file_key')
      .notNull()
      .references(() => storedFiles.key),
    /** The name the browser sent, for display only. */
    fileName: text('file_name').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('feedback_attachments_position_key').on(t.feedbackId, t.position)],
);

export type UserRow = typeof users.$inferSelect;
export type TaskRow = typeof tasks.$inferSelect;
export type ReferralRow = typeof referrals.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;

/**
 * Telegram updates received by the webhook, to handle each update_id once across instances
 * (Telegram delivers an update again when the answer was slow or lost). Rows older than a day
 * are deleted: Telegram gives up re-delivering long before.
 */
export const telegramWebhookUpdates = pgTable(
  'telegram_webhook_updates',
  {
    updateId: bigint('update_id', { mode: 'number' }).primaryKey(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('telegram_webhook_updates_received_idx').on(t.receivedAt)],
);
export type StoredFileRow = typeof storedFiles.$inferSelect;
export type FeedbackRow = typeof feedback.$inferSelect;
export type FeedbackAttachmentRow = typeof feedbackAttachments.$inferSelect;

/**
 * What admins did: one row per action (who, what, on what, the state before and after).
 * Append-only: the code has no update or delete path and a trigger refuses UPDATE and DELETE.
 * `admin_id` has no foreign key, so deleting a user cannot rewrite the record.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    adminId: uuid('admin_id').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_audit_log_created_idx').on(t.createdAt),
    index('admin_audit_log_target_idx').on(t.targetType, t.targetId),
    // The console's "by actor" filter.
    index('admin_audit_log_admin_idx').on(t.adminId, t.id),
  ],
);
export type AdminAuditLogRow = typeof adminAuditLog.$inferSelect;

/**
 * Who was active on which (UTC) day: one row per user per day, written with ON CONFLICT DO NOTHING
 * by every signed-in activity: the presence flush (`features/users/presence.ts`), the daily login,
 * a mining start (`platform/active-day.ts`) and a claim. The dashboard's "active" and retention.
 */
export const userActivityDays = pgTable(
  'user_activity_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] })],
);

/**
 * The dashboard's figures of closed UTC days, computed once (`features/admin/get-dashboard.ts`):
 * a day is closed an hour after it ends, when no buffered heartbeat or open transaction can still
 * add to it. `figures` is a day of the dashboard's answer without its day and live counts.
 */
export const adminDashboardDays = pgTable('admin_dashboard_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  figures: jsonb('figures').$type<unknown>().notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Announcements sent through the bot by an admin (issue 14). A durable job: the recipients are
 * fixed when it starts (one outbox_messages row each), a worker in every server instance
 * sends them, and a restart picks up where it stopped.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdBy: uuid('created_by').notNull(),
    /** The English text; readers of a language in `translations` get that one instead. */
    text: text('text').notNull(),
    translations: jsonb('translations').$type<TextTranslations>().notNull().default({}),
    format: text('format', { enum: ['html', 'plain'] }).notNull(),
    withButton: boolean('with_button').notNull().default(false),
    /**
     * Users the in-app notice was addressed to at the start (every user not suspended, in the
     * target language). Null: sent before in-app notices existed, so it is not shown in the app.
     */
    inAppRecipientCount: integer('in_app_recipient_count'),
    /** Only users with this language; null: everyone eligible. */
    targetLanguage: text('target_language', { enum: ['en', 'es', 'fr', 'de', 'zh'] }),
    status: text('status', { enum: ['running', 'done', 'cancelled'] })
      .notNull()
      .default('running'),
    recipientCount: integer('recipient_count').notNull().default(0),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /**
     * When an operator withdrew the in-app notice (its own confirmed action): from then on no
     * user sees it. Stopping the Telegram sending leaves the notice where it is.
     */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    index('announcements_created_idx').on(t.createdAt),
    check('announcements_status_check', sql`${t.status} IN ('running', 'done', 'cancelled')`),
  ],
);
export type AnnouncementRow = typeof announcements.$inferSelect;

export const OUTBOX_CHANNELS = ['telegram', 'email', 'push'] as const;
export type OutboxChannelName = (typeof OUTBOX_CHANNELS)[number];
export const OUTBOX_KINDS = ['mining_ready', 'announcement', 'mail', 'password_reset'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];
const OUTBOX_STATES = [
  'pending',
  'sending',
  'sent',
  'failed',
  'skipped',
  'unconfirmed',
  'blocked',
  'cancelled',
] as const;

/**
 * The one outbox (platform/outbox/runner.ts): every message the server sends on its own, on any
 * channel. `pending` → (claimed: attempts + 1, next_at = lease) → `sending` (send_id committed
 * before the far side can act) → `sent` | `failed` | `unconfirmed` (outcome unknown: never resent)
 * | `blocked` (recipient unreachable) | `skipped` (nobody to tell any more); `cancelled` (an
 * announcement stopped before it was sent). The dedupe key makes each message exist once
 * (`mining_ready:<cycle>:<channel>`, `announcement:<id>:<user>[:email]`, a mail's own key,
 * `password-reset:<token id>:telegram` for a reset link sent in the bot's chat).
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel', { enum: OUTBOX_CHANNELS }).notNull(),
    kind: text('kind', { enum: OUTBOX_KINDS }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The announcement a row belongs to (its progress and cancel read by it). */
    announcementId: uuid('announcement_id').references(() => announcements.id, { onDelete: 'cascade' }),
    dedupeKey: text('dedupe_key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    state: text('state', { enum: OUTBOX_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Due at (pending; null: now), or the end of the lease (claimed, sending). */
    nextAt: timestamp('next_at', { withTimezone: true }),
    sendId: uuid('send_id'),
    sendStartedAt: timestamp('send_started_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('outbox_messages_dedupe_key').on(t.dedupeKey),
    index('outbox_messages_due_idx')
      .on(t.channel, t.kind, t.nextAt)
      .where(sql`${t.state} IN ('pending', 'sending')`),
    index('outbox_messages_announcement_idx')
      .on(t.announcementId, t.state)
      .where(sql`${t.announcementId} IS NOT NULL`),
    // The dashboard's sends per day and the queue figures (/metrics, console): cheap at millions
    // of rows, as neither index holds the settled majority.
    index('outbox_messages_sent_at_idx')
      .on(t.sentAt)
      .where(sql`${t.sentAt} IS NOT NULL`),
    index('outbox_messages_open_idx')
      .on(t.channel, t.kind, t.state)
      .where(sql`${t.state} IN ('pending', 'sending', 'failed', 'unconfirmed')`),
    check(
      'outbox_messages_state_check',
      sql`${t.state} IN (${sql.raw(OUTBOX_STATES.map((s) => `'${s}'`).join(', '))})`,
    ),
    check('outbox_messages_channel_check', sql`${t.channel} IN ('telegram', 'email', 'push')`),
    check('outbox_messages_kind_check', sql`${t.kind} IN (${sql.raw(OUTBOX_KINDS.map((k) => `'${k}'`).join(', '))})`),
  ],
);

export const OUTBOX_PAUSE_REASONS = ['rate_limit', 'outage'] as const;
export type OutboxPauseReason = (typeof OUTBOX_PAUSE_REASONS)[number];

/**
 * A channel's lanes paused by the far side (Telegram's 429 retry_after, an outage): one row per
 * channel, the latest end any instance was told. The runner writes it when a delivery pauses its
 * lane; the announcement progress reads it ("paused by Telegram's rate limit until 14:05").
 */
export const outboxPauses = pgTable(
  'outbox_pauses',
  {
    channel: text('channel', { enum: OUTBOX_CHANNELS }).primaryKey(),
    pausedUntil: timestamp('paused_until', { withTimezone: true }).notNull(),
    reason: text('reason', { enum: OUTBOX_PAUSE_REASONS }).notNull(),
  },
  (t) => [check('outbox_pauses_reason_check', sql`${t.reason} IN ('rate_limit', 'outage')`)],
);

/**
 * Browser Web Push subscriptions (platform/push/): one row per device endpoint (the unique index:
 * a device that subscribes again, or for another account, moves its row), with the keys its
 * payloads are encrypted to (RFC 8291). Removed on unsubscribe and when the push service answers
 * 404/410 (the subscription is gone). A mining-ready notice is one outbox row per cycle and
 * subscription (decisions.md §45).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key (65 bytes, base64url). */
    p256dh: text('p256dh').notNull(),
    /** The 16-byte authentication secret, base64url. */
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * A user's dismissal of an announcement's in-app notice (kept server-side, so it stays dismissed on
 * every device). One row per user and announcement: dismissing twice changes nothing.
 */
export const noticeDismissals = pgTable(
  'notice_dismissals',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.announcementId] })],
);

/**
 * ton_proof payloads (issue 31): only the SHA-256 of the payload is kept, bound to the user it was
 * issued to. A proof consumes its payload with one conditional update (`used_at IS NULL`), so a
 * payload links at most once even when two proofs race.
 */
export const tonProofPayloads = pgTable(
  'ton_proof_payloads',
  {
    payloadHash: text('payload_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  // The user index serves the cascade of a deleted user; the expiry one the sweep of old payloads.
  (t) => [index('ton_proof_payloads_user_idx').on(t.userId), index('ton_proof_payloads_expires_idx').on(t.expiresAt)],
);

/**
 * TON wallets linked with a verified ton_proof: one per user (the primary key) and one user per
 * address (the unique index), so a race between two accounts is settled by the database.
 */
export const tonWallets = pgTable(
  'ton_wallets',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Raw form, lower case: `<workchain>:<64 hex>`. */
    address: text('address').notNull(),
    network: text('network', { enum: ['mainnet', 'testnet'] }).notNull(),
    version: text('version', { enum: ['v3R2', 'v4R2', 'v5R1'] }).notNull(),
    publicKey: text('public_key').notNull(),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ton_wallets_address_key').on(t.address)],
);
export type TonWalletRow = typeof tonWallets.$inferSelect;

/**
 * The wallet links' audit trail beside the ledger (links move no points, so they are not ledger
 * rows): one row per link and unlink, append-only like the admin audit log. `user_id` and
 * `admin_id` have no foreign key, so deleting a user cannot rewrite the record.
 */
export const tonWalletEvents = pgTable(
  'ton_wallet_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id').notNull(),
    action: text('action', { enum: ['link', 'unlink'] }).notNull(),
    address: text('address').notNull(),
    network: text('network', { enum: ['mainnet', 'testnet'] }).notNull(),
    version: text('version', { enum: ['v3R2', 'v4R2', 'v5R1'] }).notNull(),
    /** The operator who unlinked it; null when the owner did. */
    adminId: uuid('admin_id'),
    createdAt: createdAt(),
  },
  (t) => [index('ton_wallet_events_user_idx').on(t.userId, t.id), index('ton_wallet_events_address_idx').on(t.address)],
);

/**
 * Answers kept for the Idempotency-Key request header (platform/idempotency.ts): one row per
 * user and key, written in the transaction of the credit it answers, so a retry after a lost
 * answer finds it. `fingerprint` is the method, path and body hash of the first request; rows
 * older than a day are swept.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    status: integer('status').notNull(),
    answer: jsonb('answer').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * Integrity signals (issue 41): one row per sign-up or sign-in, with its network, client and
 * Telegram facts. Bounded: the integrity job keeps the newest SIGNALS_KEPT_PER_ACCOUNT per
 * account (features/integrity/, docs/operations.md "Data retention").
 */
export const accountSignals = pgTable(
  'account_signals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['signup', 'signin'] }).notNull(),
    method: text('method').notNull(),
    ip: text('ip'),
    /** The IP's block: IPv4 /24 or IPv6 /48 (platform/network-block.ts). */
    network: text('network'),
    userAgent: text('user_agent'),
    acceptLanguage: text('accept_language'),
    telegramId: bigint('telegram_id', { mode: 'bigint' }),
    telegramPremium: boolean('telegram_premium'),
    telegramLanguage: text('telegram_language'),
    /** The Telegram account's estimated creation year (features/integrity/telegram-account-age.ts). */
    telegramYear: integer('telegram_year'),
    createdAt: createdAt(),
  },
  (t) => [
    index('account_signals_user_idx').on(t.userId, t.id),
    index('account_signals_created_idx').on(t.createdAt),
    index('account_signals_network_idx').on(t.network, t.createdAt),
  ],
);

/** Each account's risk score (0-100) with its reasons, written by the integrity job. */
export const accountRisk = pgTable('account_risk', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  score: integer('score').notNull(),
  reasons: jsonb('reasons')
    .$type<{ code: string; weight: number; detail: Record<string, string | number | boolean> }[]>()
    .notNull()
    .default([]),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  /** Marked legitimate by an admin: the reasons in `reviewed_reasons` no longer count. */
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  reviewedBy: uuid('reviewed_by'),
  reviewedReasons: jsonb('reviewed_reasons').$type<string[]>().notNull().default([]),
});

/** Accounts grouped by strong shared signals, recomputed by the integrity job. `key` keeps a ring's id across runs. */
export const integrityRings = pgTable(
  'integrity_rings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    score: integer('score').notNull(),
    signals: jsonb('signals').$type<{ kind: string; value: string; accounts: number }[]>().notNull().default([]),
    memberCount: integer('member_count').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by'),
  },
  (t) => [uniqueIndex('integrity_rings_key').on(t.key), index('integrity_rings_score_idx').on(t.score)],
);

export const integrityRingMembers = pgTable(
  'integrity_ring_members',
  {
    ringId: uuid('ring_id')
      .notNull()
      .references(() => integrityRings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.ringId, t.userId] }), index('integrity_ring_members_user_idx').on(t.userId)],
);
