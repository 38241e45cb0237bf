import { z } from 'zod';
import { messageFields } from './message-schema.js';
import { formatAmount } from './domain.js';
import { publicUserSchema } from './schemas.js';
import { safeText } from './text.js';
import { TASK_MESSAGES } from './feature-messages.js';
import { LANGUAGES, type Language } from './constants.js';

/** The six rule types of docs/spec.md §3. */
export const TASK_RULE_TYPES = [
  'mining_streak',
  'referral_count',
  'zp_balance',
  'tasks_completed',
  'social_capital_score',
  'mining_session_duration',
] as const;
export type TaskRuleType = (typeof TASK_RULE_TYPES)[number];

/**
 * Checks that are not rules on the user's stats and appear in a task's progress beside them:
 * membership of a Telegram channel (channel tasks).
 */
export const TASK_CHECK_TYPES = [...TASK_RULE_TYPES, 'channel_membership'] as const;
export type TaskCheckType = (typeof TASK_CHECK_TYPES)[number];

/**
 * rule: the user's stats reach the rules; link: a page to visit, confirmed by the user; channel:
 * membership of a Telegram channel, checked by the bot; home_screen: Ziver added to the phone's
 * home screen, reported by the mini app when Telegram says so (Mini Apps 8.0+).
 */
export const TASK_KINDS = ['rule', 'link', 'channel', 'home_screen'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

/**
 * The Telegram events a home_screen task's completion report names: home_screen_added (the user
 * added the shortcut from Telegram's prompt) or home_screen_checked (checkHomeScreenStatus
 * answered 'added': it was there already). The client sends nothing for other answers.
 */
export const HOME_SCREEN_EVENTS = ['home_screen_added', 'home_screen_checked'] as const;
export type HomeScreenEvent = (typeof HOME_SCREEN_EVENTS)[number];

/**
 * The numbers the rules are evaluated against, as GET /tasks/user-stats returns them.
 * - mining_streak: the user's daily mining streak (users.daily_streak_count), in days.
 * - referral_count: active (not removed) referrals the user made.
 * - zp_balance: the current ZP balance.
 * - tasks_completed: tasks the user has completed (retired ones included).
 * - social_capital_score: the current SEB score.
 * - mining_session_duration: total minutes mined in claimed cycles (an unclaimed cycle does not count).
 */
export type UserTaskStats = Record<TaskRuleType, number>;

const RULE_LABELS: Record<TaskRuleType, { label: string; unit: string }> = {
  mining_streak: { label: 'Mining streak', unit: ' days' },
  referral_count: { label: 'Active referrals', unit: '' },
  zp_balance: { label: 'ZP balance', unit: ' ZP' },
  tasks_completed: { label: 'Tasks completed', unit: '' },
  social_capital_score: { label: 'SEB score', unit: ' SEB' },
  mining_session_duration: { label: 'Time mined', unit: ' minutes' },
};

// ---------- evaluation (pure) ----------

export type RuleResult = {
  rule_type: TaskCheckType | string;
  isValid: boolean;
  message: string;
  expectedValue: number;
  actualValue: number;
};

export type TaskProgress = {
  /** 0..100, whole numbers; 100 only when every check passes. */
  percentage: number;
  canComplete: boolean;
  completedCount: number;
  totalCount: number;
  progress: RuleResult[];
};

function isRuleType(value: string): value is TaskRuleType {
  return (TASK_RULE_TYPES as readonly string[]).includes(value);
}

/** One rule against the user's stats: valid when the actual value reaches the expected one. */
export function evaluateRule(rule: { rule_type: string; expectedValue: number }, stats: UserTaskStats): RuleResult {
  const expectedValue = Number(rule.expectedValue);
  if (!isRuleType(rule.rule_type) || !Number.isFinite(expectedValue)) {
    return {
      rule_type: rule.rule_type,
      isValid: false,
      message: TASK_MESSAGES.unknownRule,
      expectedValue: 0,
      actualValue: 0,
    };
  }
  const actualValue = Number(stats[rule.rule_type] ?? 0);
  const isValid = actualValue >= expectedValue;
  const { label, unit } = RULE_LABELS[rule.rule_type];
  const counts = `${formatAmount(actualValue)}/${formatAmount(expectedValue)}${unit}`;
  const message = isValid
    ? `${label}: ${counts} (done)`
    : `${label}: ${counts} (${formatAmount(expectedValue - actualValue)} more needed)`;
  return { rule_type: rule.rule_type, isValid, message, expectedValue, actualValue };
}

function fraction(result: RuleResult): number {
  if (result.isValid) return 1;
  if (result.expectedValue <= 0) return 0;
  return Math.min(1, Math.max(0, result.actualValue / result.expectedValue));
}

/**
 * Progress from already evaluated checks. A task with no checks (a plain link task) is 100%
 * and completable. The percentage is the mean of each check's progress, floored, so a task
 * shows 100 only when it can be completed.
 */
export function summariseProgress(results: RuleResult[]): TaskProgress {
  const totalCount = results.length;
  const completedCount = results.filter((r) => r.isValid).length;
  const canComplete = completedCount === totalCount;
  const mean = totalCount === 0 ? 1 : results.reduce((sum, r) => sum + fraction(r), 0) / totalCount;
  const percentage = canComplete ? 100 : Math.min(99, Math.floor(mean * 100));
  return { percentage, canComplete, completedCount, totalCount, progress: results };
}

/** A task's rules against the user's stats, plus any extra checks (e.g. channel membership). */
export function evaluateTaskRules(
  rules: readonly { rule_type: string; expectedValue: number }[],
  stats: UserTaskStats,
  extraChecks: RuleResult[] = [],
): TaskProgress {
  return summariseProgress([...rules.map((rule) => evaluateRule(rule, stats)), ...extraChecks]);
}

/** The channel-membership check as it appears in a channel task's progress. */
export function channelMembershipResult(isMember: boolean, message: string): RuleResult {
  return {
    rule_type: 'channel_membership',
    isValid: isMember,
    message,
    expectedValue: 1,
    actualValue: isMember ? 1 : 0,
  };
}

// ---------- translations ----------

/** The languages a task may be translated into; English is the task's own title and description. */
export const TASK_TRANSLATION_LANGUAGES = LANGUAGES.filter(
  (language): language is Exclude<Language, 'en'> => language !== 'en',
);
export type TaskTranslationLanguage = (typeof TASK_TRANSLATION_LANGUAGES)[number];

export const TASK_TITLE_MAX = 100;
export const TASK_DESCRIPTION_MAX = 1000;

/** One language's title and description; a missing (null) field falls back to English. */
export type TaskTranslation = { title: string | null; description: string | null };
/** Stored (tasks.translations) and answered to admins: each language, each field optional. */
export type TaskTranslations = Partial<Record<TaskTranslationLanguage, Partial<TaskTranslation>>>;

/**
 * A task's title and description in the reader's language: each field falls back to English on
 * its own, so a half-translated task still reads whole.
 */
export function localizeTaskText(
  task: { title: string; description: string; translations?: TaskTranslations | null },
  language: Language | string | null | undefined,
): { title: string; description: string } {
  const translation =
    language && language !== 'en' ? task.translations?.[language as TaskTranslationLanguage] : undefined;
  return {
    title: translation?.title || task.title,
    description: translation?.description || task.description,
  };
}

// ---------- requests ----------

export const taskRuleSchema = z.object({
  rule_type: z.enum(TASK_RULE_TYPES, { error: `rule_type must be one of ${TASK_RULE_TYPES.join(', ')}` }),
  expectedValue: z.number().finite().min(0).max(1e12),
});
export type TaskRuleInput = z.infer<typeof taskRuleSchema>;

const httpsUrl = safeText()
  .trim()
  .max(500)
  .refine((value) => {
    try {
      return new URL(value).protocol === 'https:';
    } catch {
      return false;
    }
  }, 'link_url must be an https URL');

const taskFields = {
  slug: safeText()
    .trim()
    .min(3)
    .max(64)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug may only contain lower-case letters, digits and single dashes'),
  title: safeText().trim().min(1, 'Title is required').max(TASK_TITLE_MAX),
  description: safeText().trim().min(1, 'Description is required').max(TASK_DESCRIPTION_MAX),
  kind: z.enum(TASK_KINDS),
  link_url: httpsUrl.nullable(),
  /** A public channel as @username, or a numeric chat id (-100…). */
  channel: safeText()
    .trim()
    .regex(/^(@[A-Za-z][A-Za-z0-9_]{3,31}|-100\d{5,20})$/, 'channel must be @username or a -100… chat id')
    .nullable(),
  rules: z.array(taskRuleSchema).max(TASK_RULE_TYPES.length),
  zp_reward: z.number().finite().min(0).max(1_000_000),
  seb_reward: z.number().finite().min(0).max(1_000_000),
  sort_order: z.number().int().min(-1_000_000).max(1_000_000),
};

/** An optional translated text: blank means "use English" and is stored as null. */
const optionalText = (max: number, field: string) =>
  safeText()
    .trim()
    .max(max, `${field} may be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

const taskTranslationSchema = z.object({
  title: optionalText(TASK_TITLE_MAX, 'A translated title'),
  description: optionalText(TASK_DESCRIPTION_MAX, 'A translated description'),
});

/** es, fr, de, zh: each optional; a language or field left out or blank uses English. */
export const taskTranslationsSchema = z.strictObject(
  Object.fromEntries(
    TASK_TRANSLATION_LANGUAGES.map((language) => [language, taskTranslationSchema.optional()]),
  ) as Record<TaskTranslationLanguage, z.ZodOptional<typeof taskTranslationSchema>>,
  { error: `translations may only hold ${TASK_TRANSLATION_LANGUAGES.join(', ')}` },
);

export type TaskShape = {
  kind: TaskKind;
  link_url: string | null;
  channel: string | null;
  rules: readonly { rule_type: string }[];
};

/** Problems with a whole task (after an edit is merged): what each kind needs. */
export function taskShapeIssues(task: TaskShape): string[] {
  const issues: string[] = [];
  if (task.kind === 'rule' && task.rules.length === 0) issues.push('A rule task needs at least one rule');
  if (task.kind === 'link' && !task.link_url) issues.push('A link task needs a link_url');
  if (task.kind === 'channel' && !task.channel) issues.push('A channel task needs a channel');
  const types = task.rules.map((r) => r.rule_type);
  if (new Set(types).size !== types.length) issues.push('Each rule type may appear once per task');
  return issues;
}

export const createTaskRequestSchema = z
  .object({
    slug: taskFields.slug.optional(),
    title: taskFields.title,
    description: taskFields.description,
    kind: taskFields.kind.default('rule'),
    link_url: taskFields.link_url.optional().default(null),
    channel: taskFields.channel.optional().default(null),
    rules: taskFields.rules.default([]),
    zp_reward: taskFields.zp_reward,
    seb_reward: taskFields.seb_reward.default(0),
    sort_order: taskFields.sort_order.default(0),
    translations: taskTranslationsSchema.default({}),
  })
  .superRefine((task, ctx) => {
    for (const message of taskShapeIssues(task)) ctx.addIssue({ code: 'custom', message });
  });
export type CreateTaskRequest = z.infer<typeof createTaskRequestSchema>;

/** PUT /tasks/{id}: any subset of the fields; the merged task is checked with taskShapeIssues. */
export const updateTaskRequestSchema = z
  .object({
    slug: taskFields.slug,
    title: taskFields.title,
    description: taskFields.description,
    kind: taskFields.kind,
    link_url: taskFields.link_url,
    channel: taskFields.channel,
    rules: taskFields.rules,
    zp_reward: taskFields.zp_reward,
    seb_reward: taskFields.seb_reward,
    sort_order: taskFields.sort_order,
    /** Replaces every translation at once: a language left out then uses English. */
    translations: taskTranslationsSchema,
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Nothing to update');
export type UpdateTaskRequest = z.infer<typeof updateTaskRequestSchema>;

/**
 * POST /tasks/{id}/complete: no body needed (docs/spec.md §5: the client's dialog is the confirmation of a
 * link task). `confirmed` is accepted and ignored, for clients that still send it. A home_screen
 * task is completed by a report, `homeScreenEvent`: the Telegram event that said Ziver is on the
 * home screen (required for that kind, refused for the others).
 */
export const completeTaskRequestSchema = z.object({
  confirmed: z.boolean().optional(),
  homeScreenEvent: z
    .enum(HOME_SCREEN_EVENTS, { error: `homeScreenEvent must be one of ${HOME_SCREEN_EVENTS.join(', ')}` })
    .optional(),
});
export type CompleteTaskRequest = z.infer<typeof completeTaskRequestSchema>;

// ---------- responses ----------

export const ruleResultSchema = z.object({
  rule_type: z.string(),
  isValid: z.boolean(),
  message: z.string(),
  expectedValue: z.number(),
  actualValue: z.number(),
});

export const taskProgressSchema = z.object({
  percentage: z.number(),
  canComplete: z.boolean(),
  completedCount: z.number(),
  totalCount: z.number(),
  progress: z.array(ruleResultSchema),
});

export const taskSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  link_url: z.string().nullable(),
  zp_reward: z.number(),
  seb_reward: z.number(),
  kind: z.enum(TASK_KINDS),
  is_completed: z.boolean(),
  completed_at: z.string().nullable(),
  progress: taskProgressSchema,
});
export type Task = z.infer<typeof taskSchema>;

/** GET /tasks: the array of Task objects itself (docs/spec.md §3), not wrapped in an object. */
export const tasksResponseSchema = z.array(taskSchema);
export type TasksResponse = z.infer<typeof tasksResponseSchema>;

export const taskProgressResponseSchema = z.object({
  success: z.literal(true),
  taskId: z.string(),
  is_completed: z.boolean(),
  canComplete: z.boolean(),
  progress: taskProgressSchema,
});
export type TaskProgressResponse = z.infer<typeof taskProgressResponseSchema>;

export const completeTaskResponseSchema = z.object({
  success: z.literal(true),
  ...messageFields,
  reward: z.object({ zp: z.number(), seb: z.number(), taskTitle: z.string() }),
  user: publicUserSchema,
});
export type CompleteTaskResponse = z.infer<typeof completeTaskResponseSchema>;

export const userTaskStatsSchema = z.object({
  mining_streak: z.number(),
  referral_count: z.number(),
  zp_balance: z.number(),
  tasks_completed: z.number(),
  social_capital_score: z.number(),
  mining_session_duration: z.number(),
  completedTasks: z.number(),
  totalTasks: z.number(),
  zpEarnedFromTasks: z.number(),
});
/** GET /tasks/user-stats: the counters at the top level (docs/spec.md §7: `mining_streak`). */
export const userTaskStatsResponseSchema = userTaskStatsSchema.extend({ success: z.literal(true) });
export type UserTaskStatsResponse = z.infer<typeof userTaskStatsResponseSchema>;

export const validationStatusResponseSchema = z.object({
  success: z.literal(true),
  validationStatus: z.record(
    z.string(),
    z.object({ canComplete: z.boolean(), is_completed: z.boolean(), percentage: z.number() }),
  ),
});
export type ValidationStatusResponse = z.infer<typeof validationStatusResponseSchema>;

/** A task as admins see it: everything, retired ones included. */
export const adminTaskSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  kind: z.enum(TASK_KINDS),
  link_url: z.string().nullable(),
  channel: z.string().nullable(),
  rules: z.array(z.object({ rule_type: z.string(), expectedValue: z.number() })),
  zp_reward: z.number(),
  seb_reward: z.number(),
  sort_order: z.number(),
  /** es, fr, de, zh (always all four): null fields use the English title and description. */
  translations: z.object(
    Object.fromEntries(
      TASK_TRANSLATION_LANGUAGES.map((language) => [
        language,
        z.object({ title: z.string().nullable(), description: z.string().nullable() }),
      ]),
    ) as Record<
      TaskTranslationLanguage,
      z.ZodObject<{ title: z.ZodNullable<z.ZodString>; description: z.ZodNullable<z.ZodString> }>
    >,
  ),
  /** How many users completed it (retired tasks keep their count). */
  completions: z.number(),
  retired_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminTask = z.infer<typeof adminTaskSchema>;

export const adminTasksResponseSchema = z.object({ success: z.literal(true), tasks: z.array(adminTaskSchema) });
export type AdminTasksResponse = z.infer<typeof adminTasksResponseSchema>;

/** POST /tasks, PUT /tasks/{id}, DELETE /tasks/{id}, POST /tasks/{id}/reactivate. */
export const adminTaskResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  task: adminTaskSchema,
});
export type AdminTaskResponse = z.infer<typeof adminTaskResponseSchema>;
