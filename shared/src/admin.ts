import { z } from 'zod';
import { messageFields, optionalMessageFields } from './message-schema.js';
import { FEEDBACK_PRIORITIES, FEEDBACK_STATUSES, FEEDBACK_TYPES, feedbackSchema } from './feedback.js';
import { TRANSLATION_LANGUAGES } from './operator-texts.js';
import { safeText } from './text.js';
import { ROLES } from './constants.js';
import { appSettingsSchema, currencySchema, roleSchema } from './schemas.js';
import { walletSchema } from './wallet.js';
import { launchTextSchema } from './system.js';
import { accountRiskSchema } from './integrity.js';

/** Operators' console (issue 14): limits, texts and the /api/admin/* schemas. */
export const ADMIN_REPLY_MAX = 2000;
/** The largest reward an admin can give for one feedback, per currency. */
export const FEEDBACK_REWARD_MAX = 100_000;
export const AUDIT_LOG_PAGE_MAX = 100;
/** The largest daily-login reward an admin can set, per currency. */
export const DAILY_LOGIN_REWARD_MAX = 1_000;
/** The largest manual adjustment, either way, and its reason's length. */
export const ADJUSTMENT_MAX = 1_000_000;
export const ADJUSTMENT_REASON_MAX = 200;
/** A suspension's reason (required), shown on the user's page and in the audit log. */
export const SUSPENSION_REASON_MAX = 500;
/** The users list: rows per page (at most), the farthest page, and the most rows one CSV export holds. */
export const ADMIN_USERS_PAGE_MAX = 100;
export const ADMIN_USERS_PAGE_SIZE = 25;
export const ADMIN_USERS_LAST_PAGE = 100_000;
export const ADMIN_USERS_EXPORT_MAX = 10_000;
/** What the users list sorts by: sign-up time, last activity, ZP balance. */
export const ADMIN_USER_SORTS = ['joined', 'last_seen', 'zp'] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;

/** Texts the console's API answers (the spec leaves them open). */
export const ADMIN_MESSAGES = {
  feedbackUpdated: 'Feedback updated',
  feedbackRewarded: 'Reward sent',
  feedbackAlreadyRewarded: 'This feedback has already been rewarded',
  rewardRequired: 'Give a reward in ZP, SEB or both',
  rewardInvalid: `A reward must be a number from 0 to ${FEEDBACK_REWARD_MAX}`,
  replyTooLong: `The reply must be at most ${ADMIN_REPLY_MAX} characters`,
  invalidStatus: 'Choose a status: new, reviewing, resolved or rejected',
  invalidFilter: 'Unknown filter value',
  dailyLoginUpdated: 'Daily login reward updated',
  userNotFound: 'User not found',
  searchRequired: 'Type a username, email, Telegram username or id to search',
  notOnYourself: 'You cannot change your own role or suspend yourself',
  roleChanged: 'Role changed',
  invalidRole: 'Choose a role: USER, TESTER or ADMIN',
  suspended: 'User suspended; their sessions were ended',
  reactivated: 'User reactivated',
  adjusted: 'Balance adjusted',
  adjustmentNegative: 'This adjustment would make the balance negative',
  adjustmentInvalid: `An adjustment must be a non-zero number of at most ${ADJUSTMENT_MAX} either way`,
  reasonRequired: 'Give a reason for the adjustment',
  reasonTooLong: `The reason must be at most ${ADJUSTMENT_REASON_MAX} characters`,
  dailyLoginInvalid: `A daily login reward must be a number from 0 to ${DAILY_LOGIN_REWARD_MAX}`,
  suspensionReasonRequired: 'Give a reason for the suspension',
  suspensionReasonTooLong: `The reason must be at most ${SUSPENSION_REASON_MAX} characters`,
  auditPersonInvalid: 'Give a username or a user id',
  auditDateInvalid: 'Dates must be written YYYY-MM-DD',
  auditDateOrder: 'The start date must not be after the end date',
  usersPageInvalid: `The page must be a whole number from 1 to ${ADMIN_USERS_LAST_PAGE}`,
  usersPageSizeInvalid: `The page size must be a whole number from 1 to ${ADMIN_USERS_PAGE_MAX}`,
  usersSortInvalid: 'Sort by joined, last_seen or zp',
  sortDirectionInvalid: 'The order must be asc or desc',
  yesNoInvalid: 'Use true or false',
  exportTooLarge: `More than ${ADMIN_USERS_EXPORT_MAX} users match: narrow the filter to export them`,
} as const;

/** The audit log's action names (closed list: the console translates them). */
export const ADMIN_ACTIONS = [
  'feedback.update',
  'feedback.reward',
  'system.lockdown',
  'system.mining',
  'system.daily_login',
  'system.launch_text',
  'user.role',
  'user.suspend',
  'user.reactivate',
  'user.adjust',
  'task.create',
  'task.update',
  'task.retire',
  'task.reactivate',
  'announcement.send',
  'announcement.cancel',
  'announcement.withdraw_notice',
  'user.message',
  'user.wallet_unlink',
  'users.export',
  'wallets.export',
  'integrity.ring_review',
  'integrity.ring_suspend',
  'integrity.ring_reverse_rewards',
  'integrity.reward_release',
  'integrity.reward_drop',
  'integrity.account_review',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

/**
 * The actor of audit entries written from the server's command line (`npm run make-admin`),
 * which acts for no signed-in admin: the nil UUID, which no account has.
 */
export const COMMAND_LINE_ACTOR_ID = '00000000-0000-0000-0000-000000000000';

// ---------- feedback inbox ----------

export const adminFeedbackQuerySchema = z.object({
  type: z.enum(FEEDBACK_TYPES, { error: ADMIN_MESSAGES.invalidFilter }).optional(),
  priority: z.enum(FEEDBACK_PRIORITIES, { error: ADMIN_MESSAGES.invalidFilter }).optional(),
  status: z.enum(FEEDBACK_STATUSES, { error: ADMIN_MESSAGES.invalidFilter }).optional(),
});
export type AdminFeedbackQuery = z.infer<typeof adminFeedbackQuerySchema>;

/** A feedback as an admin sees it: the author's view plus who sent it. */
export const adminFeedbackSchema = feedbackSchema.extend({
  user: z.object({ id: z.string(), username: z.string() }),
});
export type AdminFeedback = z.infer<typeof adminFeedbackSchema>;

export const adminFeedbackListResponseSchema = z.object({
  success: z.literal(true),
  feedback: z.array(adminFeedbackSchema),
});
export type AdminFeedbackListResponse = z.infer<typeof adminFeedbackListResponseSchema>;

/** PUT /api/admin/feedback/{id}: the status and the reply the author sees (null clears it). */
export const updateFeedbackStatusRequestSchema = z.object({
  status: z.enum(FEEDBACK_STATUSES, { error: ADMIN_MESSAGES.invalidStatus }),
  reply: safeText({ error: ADMIN_MESSAGES.replyTooLong })
    .trim()
    .max(ADMIN_REPLY_MAX, ADMIN_MESSAGES.replyTooLong)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type UpdateFeedbackStatusRequest = z.infer<typeof updateFeedbackStatusRequestSchema>;

const rewardAmount = z
  .number({ error: ADMIN_MESSAGES.rewardInvalid })
  .finite(ADMIN_MESSAGES.rewardInvalid)
  .min(0, ADMIN_MESSAGES.rewardInvalid)
  .max(FEEDBACK_REWARD_MAX, ADMIN_MESSAGES.rewardInvalid)
  .multipleOf(0.0001, ADMIN_MESSAGES.rewardInvalid);

/** POST /api/admin/feedback/{id}/reward: ZP and SEB (at least one above zero). */
export const rewardFeedbackRequestSchema = z
  .object({ zp: rewardAmount.default(0), seb: rewardAmount.default(0) })
  .refine((r) => r.zp > 0 || r.seb > 0, { message: ADMIN_MESSAGES.rewardRequired });
export type RewardFeedbackRequest = z.infer<typeof rewardFeedbackRequestSchema>;

export const adminFeedbackResponseSchema = z.object({
  success: z.literal(true),
  ...messageFields,
  feedback: adminFeedbackSchema,
});
export type AdminFeedbackResponse = z.infer<typeof adminFeedbackResponseSchema>;

// ---------- audit log ----------

/** A user named in an audit filter: a username (any case, "@" allowed) or a user id. */
const auditPersonFilter = safeText({ error: ADMIN_MESSAGES.auditPersonInvalid })
  .trim()
  .min(1, ADMIN_MESSAGES.auditPersonInvalid)
  .max(100, ADMIN_MESSAGES.auditPersonInvalid)
  .optional();

/** A UTC calendar day, YYYY-MM-DD (a real date: 2026-02-30 is refused). */
const auditDayFilter = z
  .string({ error: ADMIN_MESSAGES.auditDateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, ADMIN_MESSAGES.auditDateInvalid)
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
  }, ADMIN_MESSAGES.auditDateInvalid)
  .optional();

/**
 * GET /api/admin/audit-log: a page, optionally narrowed by who acted (`actor`), the action, who
 * or what it was done to (`target`: a username, or the id of a user, feedback, task or
 * announcement) and UTC days `from`..`to` (both included).
 */
export const auditLogQuerySchema = z
  .object({
    page: z.coerce.number({ error: 'page must be a whole number from 1' }).int().min(1).default(1),
    limit: z.coerce
      .number({ error: `limit must be from 1 to ${AUDIT_LOG_PAGE_MAX}` })
      .int()
      .min(1)
      .max(AUDIT_LOG_PAGE_MAX)
      .default(50),
    actor: auditPersonFilter,
    action: z.enum(ADMIN_ACTIONS, { error: ADMIN_MESSAGES.invalidFilter }).optional(),
    target: auditPersonFilter,
    from: auditDayFilter,
    to: auditDayFilter,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: ADMIN_MESSAGES.auditDateOrder, path: ['to'] });
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

/** Someone named in an entry: their id and current username (null once the account is gone). */
const auditPersonSchema = z.object({ id: z.string(), username: z.string().nullable() });

export const auditLogEntrySchema = z.object({
  id: z.number(),
  admin: auditPersonSchema,
  action: z.enum(ADMIN_ACTIONS),
  target_type: z.string(),
  target_id: z.string().nullable(),
  /** The user the action was about: the target user, or a feedback's author; null otherwise. */
  target_user: auditPersonSchema.nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

export const auditLogResponseSchema = z.object({
  success: z.literal(true),
  entries: z.array(auditLogEntrySchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;

// ---------- system ----------

const dailyLoginAmount = z
  .number({ error: ADMIN_MESSAGES.dailyLoginInvalid })
  .min(0, ADMIN_MESSAGES.dailyLoginInvalid)
  .max(DAILY_LOGIN_REWARD_MAX, ADMIN_MESSAGES.dailyLoginInvalid)
  .multipleOf(0.0001, ADMIN_MESSAGES.dailyLoginInvalid);

/** PUT /api/admin/system/daily-login: the reward credited once a day (applies from the next claim). */
export const dailyLoginRewardSchema = z.object({ zp: dailyLoginAmount, seb: dailyLoginAmount });
export type DailyLoginReward = z.infer<typeof dailyLoginRewardSchema>;

/** GET /api/admin/system: the switches the console edits, as in force now. */
export const adminSystemResponseSchema = z.object({
  success: z.literal(true),
  lockdown: z.object({
    enabled: z.boolean(),
    message: z.string().nullable(),
    translations: z.partialRecord(z.enum(TRANSLATION_LANGUAGES), z.string()),
    updatedAt: z.string().nullable(),
  }),
  mining: appSettingsSchema,
  dailyLogin: dailyLoginRewardSchema,
  /** Outgoing mail: on or off, where it goes (the SMTP host and port, or the .eml folder; never credentials), the sender. */
  mail: z.object({ enabled: z.boolean(), transport: z.string(), from: z.string() }),
  /** Browser push: on or off, where its VAPID keys come from, the public key (never the private one), the subscribed devices. */
  push: z.object({
    enabled: z.boolean(),
    keys: z.string(),
    publicKey: z.string(),
    devices: z.number().int().nonnegative(),
  }),
  /** The outbox now, per channel and kind (the figures /metrics reads). */
  outbox: z.array(
    z.object({
      channel: z.enum(['telegram', 'email', 'push']),
      kind: z.enum(['mining_ready', 'announcement', 'mail', 'password_reset']),
      pending: z.number().int().nonnegative(),
      due: z.number().int().nonnegative(),
      sending: z.number().int().nonnegative(),
      failed: z.number().int().nonnegative(),
      unconfirmed: z.number().int().nonnegative(),
    }),
  ),
  /** The coming-soon pages' launch text (issue 38, item 15). */
  launchText: launchTextSchema,
});
export type AdminSystemResponse = z.infer<typeof adminSystemResponseSchema>;

export const dailyLoginRewardResponseSchema = z.object({
  success: z.literal(true),
  ...messageFields,
  dailyLogin: dailyLoginRewardSchema,
});
export type DailyLoginRewardResponse = z.infer<typeof dailyLoginRewardResponseSchema>;

// ---------- users ----------

/** A yes/no filter in a query string: `true` or `false`. */
const yesNoFilter = z
  .enum(['true', 'false'], { error: ADMIN_MESSAGES.yesNoInvalid })
  .transform((value) => value === 'true')
  .optional();

/**
 * Which users the list and its CSV export hold, and in what order: an optional search (`q`, as
 * before: username, email or Telegram username contains it, or a Telegram id or user id is it),
 * the role, suspended or not, Telegram linked or not, and who referred them (`referredBy`: a user
 * id or username). Newest sign-ups first unless `sort`/`dir` say otherwise.
 */
export const adminUserFilterSchema = z.object({
  q: safeText({ error: ADMIN_MESSAGES.searchRequired })
    .trim()
    .min(1, ADMIN_MESSAGES.searchRequired)
    .max(100, ADMIN_MESSAGES.searchRequired)
    .optional(),
  sort: z.enum(ADMIN_USER_SORTS, { error: ADMIN_MESSAGES.usersSortInvalid }).default('joined'),
  dir: z.enum(SORT_DIRECTIONS, { error: ADMIN_MESSAGES.sortDirectionInvalid }).default('desc'),
  role: z.enum(ROLES, { error: ADMIN_MESSAGES.invalidRole }).optional(),
  suspended: yesNoFilter,
  telegram: yesNoFilter,
  referredBy: auditPersonFilter,
});
export type AdminUserFilter = z.infer<typeof adminUserFilterSchema>;

/** GET /api/admin/users: one page of the filtered, sorted list. */
export const adminUserSearchQuerySchema = adminUserFilterSchema.extend({
  page: z.coerce
    .number({ error: ADMIN_MESSAGES.usersPageInvalid })
    .int(ADMIN_MESSAGES.usersPageInvalid)
    .min(1, ADMIN_MESSAGES.usersPageInvalid)
    .max(ADMIN_USERS_LAST_PAGE, ADMIN_MESSAGES.usersPageInvalid)
    .default(1),
  pageSize: z.coerce
    .number({ error: ADMIN_MESSAGES.usersPageSizeInvalid })
    .int(ADMIN_MESSAGES.usersPageSizeInvalid)
    .min(1, ADMIN_MESSAGES.usersPageSizeInvalid)
    .max(ADMIN_USERS_PAGE_MAX, ADMIN_MESSAGES.usersPageSizeInvalid)
    .default(ADMIN_USERS_PAGE_SIZE),
});
export type AdminUserSearchQuery = z.infer<typeof adminUserSearchQuerySchema>;

/** The CSV export's file name: the UTC day it was made. */
export const usersExportFileName = (at: Date) => `ziver-users-${at.toISOString().slice(0, 10)}.csv`;

export const adminUserSummarySchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  telegram_username: z.string().nullable(),
  telegram_id: z.string().nullable(),
  role: roleSchema,
  suspended_at: z.string().nullable(),
  zp_balance: z.number(),
  seb_balance: z.number(),
  created_at: z.string(),
  /** Why the account is suspended; null while active. */
  suspension_reason: z.string().nullable(),
  /** The last request with a session (kept to within minutes); null when never seen. */
  last_seen_at: z.string().nullable(),
  /** Who referred them (an active referral); null for none. */
  referred_by: z.object({ id: z.string(), username: z.string() }).nullable(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummarySchema>;

export const adminUsersResponseSchema = z.object({
  success: z.literal(true),
  users: z.array(adminUserSummarySchema),
  /** How many users match the filter (all pages). */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

/** A user's page: balances, 2FA, recent ledger, referrals and sessions. */
export const adminUserDetailResponseSchema = z.object({
  success: z.literal(true),
  ...optionalMessageFields,
  user: adminUserSummarySchema.extend({ two_factor_enabled: z.boolean() }),
  transactions: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      currency: currencySchema,
      amount: z.number(),
      description: z.string(),
      created_at: z.string(),
      /** What the row is rendered from in the reader's language (the description is the spec's English). */
      metadata: z.record(z.string(), z.unknown()),
    }),
  ),
  referrals: z.array(z.object({ id: z.string(), username: z.string(), created_at: z.string() })),
  /** The TON wallet linked with a verified ton_proof, or null. */
  wallet: walletSchema.nullable(),
  sessions: z.array(
    z.object({
      id: z.string(),
      method: z.string(),
      created_at: z.string(),
      last_seen_at: z.string().nullable(),
      expires_at: z.string(),
      revoked_at: z.string().nullable(),
    }),
  ),
  /** The account's integrity risk score with its reasons (issue 41). */
  risk: accountRiskSchema,
});
export type AdminUserDetailResponse = z.infer<typeof adminUserDetailResponseSchema>;

/** POST /api/admin/users/{id}/suspend: the reason is required and stored with the suspension. */
export const suspendUserRequestSchema = z.object({
  reason: safeText({ error: ADMIN_MESSAGES.suspensionReasonRequired })
    .trim()
    .min(1, ADMIN_MESSAGES.suspensionReasonRequired)
    .max(SUSPENSION_REASON_MAX, ADMIN_MESSAGES.suspensionReasonTooLong),
});
export type SuspendUserRequest = z.infer<typeof suspendUserRequestSchema>;

export const changeRoleRequestSchema = z.object({ role: z.enum(ROLES, { error: ADMIN_MESSAGES.invalidRole }) });

export const adjustBalanceRequestSchema = z.object({
  currency: currencySchema,
  amount: z
    .number({ error: ADMIN_MESSAGES.adjustmentInvalid })
    .min(-ADJUSTMENT_MAX, ADMIN_MESSAGES.adjustmentInvalid)
    .max(ADJUSTMENT_MAX, ADMIN_MESSAGES.adjustmentInvalid)
    .multipleOf(0.0001, ADMIN_MESSAGES.adjustmentInvalid)
    .refine((v) => v !== 0, ADMIN_MESSAGES.adjustmentInvalid),
  reason: safeText({ error: ADMIN_MESSAGES.reasonRequired })
    .trim()
    .min(1, ADMIN_MESSAGES.reasonRequired)
    .max(ADJUSTMENT_REASON_MAX, ADMIN_MESSAGES.reasonTooLong),
});
export type AdjustBalanceRequest = z.infer<typeof adjustBalanceRequestSchema>;
