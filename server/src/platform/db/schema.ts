import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const amount = (name: string) => numeric(name, { precision: 20, scale: 4, mode: 'number' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email'),
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['USER', 'TESTER', 'ADMIN'] }).notNull().default('USER'),
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
    theme: text('theme', { enum: ['dark', 'light', 'auto'] }).notNull().default('dark'),
    language: text('language', { enum: ['en', 'es', 'fr', 'de', 'zh'] }).notNull().default('en'),
    notifyEmail: boolean('notify_email').notNull().default(true),
    notifyPush: boolean('notify_push').notNull().default(true),
    notifyMarketing: boolean('notify_marketing').notNull().default(false),
    notifySecurity: boolean('notify_security').notNull().default(true),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    twoFactorSecret: text('two_factor_secret'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_referral_code_key').on(t.referralCode),
    uniqueIndex('users_telegram_id_key').on(t.telegramId),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
    index('users_referred_by_idx').on(t.referredBy),
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
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mining_sessions_one_open_per_user').on(t.userId).where(sql`${t.claimedAt} IS NULL`),
    index('mining_sessions_ends_at_idx').on(t.endsAt).where(sql`${t.claimedAt} IS NULL`),
  ],
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
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('transactions_idempotency_key').on(t.idempotencyKey),
    index('transactions_user_created_idx').on(t.userId, t.createdAt),
    check('transactions_amount_nonzero', sql`${t.amount} <> 0`),
  ],
);

/** Settings an admin can change at run time (mining cycle and reward, lockdown). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;
