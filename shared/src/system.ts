import { z } from 'zod';
import { messageFields, optionalMessageFields } from './message-schema.js';
import { LANGUAGES } from './constants.js';
import { OPERATOR_TEXT_MESSAGES, TRANSLATION_LANGUAGES, translationsSchema } from './operator-texts.js';
import { safeText } from './text.js';

export const SYSTEM_MESSAGES = {
  lockdownEnabled: 'Lockdown enabled',
  lockdownDisabled: 'Lockdown disabled',
  statusLanguageInvalid: 'lang must be one of en, es, fr, de, zh',
  launchTextSaved: 'Launch text saved',
} as const;

/** Shown on the maintenance page (docs/spec.md §2, §9). */
export const MAINTENANCE_ESTIMATE = '30-60 minutes';
export const LOCKDOWN_MESSAGE_MAX = 500;

/**
 * GET /api/health (public): the server answers and whether its database does. 200 when it does;
 * 503 with the same fields plus the error fields (`code` DATABASE_UNAVAILABLE) when it does not.
 */
export const healthResponseSchema = z.object({
  success: z.literal(true),
  status: z.literal('ok'),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    status: z.literal('up'),
    latencyMs: z.number(),
  }),
  uptimeSeconds: z.number(),
  /** What the bot does: off, starting (Telegram not reached yet) or on. */
  bot: z.enum(['off', 'starting', 'on']),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** GET /api/system/status (public). `message` is present only while lockdown is on. */
export const systemStatusSchema = z.object({
  success: z.literal(true),
  lockdownMode: z.boolean(),
  ...optionalMessageFields,
  /** SUPPORT_EMAIL; null when the operator set none. */
  supportEmail: z.string().nullable(),
  estimate: z.string(),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

const lockdownText = () =>
  safeText({ error: 'message must be text' })
    .trim()
    .max(LOCKDOWN_MESSAGE_MAX, `message must be at most ${LOCKDOWN_MESSAGE_MAX} characters`);

/**
 * GET /api/system/status?lang=xx: the maintenance message in that language (English when it has
 * none). Without `lang` the message is the English one.
 */
export const systemStatusQuerySchema = z.object({
  lang: z.enum(LANGUAGES, { error: SYSTEM_MESSAGES.statusLanguageInvalid }).optional(),
});

/**
 * PUT /api/system/lockdown (ADMIN). `message` is the English text; an empty one falls back to the
 * default maintenance text. `translations` are optional per-language versions of it (es, fr, de,
 * zh), which need the English text.
 */
export const lockdownRequestSchema = z
  .object({
    enabled: z.boolean({ error: 'enabled must be true or false' }),
    message: lockdownText()
      .nullish()
      .transform((v) => (v ? v : null)),
    translations: translationsSchema(lockdownText()).optional(),
  })
  .transform((value, ctx) => {
    const translations = value.translations ?? {};
    if (value.message === null && Object.keys(translations).length > 0) {
      ctx.addIssue({ code: 'custom', path: ['message'], message: OPERATOR_TEXT_MESSAGES.englishRequired });
      return z.NEVER;
    }
    return { enabled: value.enabled, message: value.message, translations };
  });
export type LockdownRequest = z.infer<typeof lockdownRequestSchema>;
/** What a client sends (translations optional). */
export type LockdownRequestBody = z.input<typeof lockdownRequestSchema>;

export const lockdownResponseSchema = z.object({
  success: z.literal(true),
  ...messageFields,
  lockdown: z.object({
    enabled: z.boolean(),
    /** The custom maintenance message in English, or null for the default one. */
    message: z.string().nullable(),
    /** Its translations by language (es, fr, de, zh); readers of other languages get the English. */
    translations: z.partialRecord(z.enum(TRANSLATION_LANGUAGES), z.string()),
    updatedAt: z.string(),
  }),
});
export type LockdownResponse = z.infer<typeof lockdownResponseSchema>;

// ---------- the coming-soon pages' launch text (issue 38, item 15) ----------

export const LAUNCH_TEXT_MAX = 120;

/**
 * The launch the spec names (§2 and its table: "Q4 2025"), shown by default only until the end
 * of that quarter; after it, with no operator text, the pages say a neutral "Coming soon".
 */
export const SPEC_LAUNCH_ENDS_AT = '2026-01-01T00:00:00Z';

/** Whether the spec's launch date is still ahead at `now` (ms since the epoch). */
export const isSpecLaunchAhead = (now: number) => now < Date.parse(SPEC_LAUNCH_ENDS_AT);

const launchText = () =>
  safeText({ error: 'message must be text' })
    .trim()
    .max(LAUNCH_TEXT_MAX, `message must be at most ${LAUNCH_TEXT_MAX} characters`);

/**
 * PUT /api/admin/system/launch-text (ADMIN): the coming-soon pages' launch line in English, with
 * optional translations (es, fr, de, zh) that need the English text. An empty or null `message`
 * clears it: the pages go back to the default.
 */
export const launchTextRequestSchema = z
  .object({
    message: launchText()
      .nullish()
      .transform((v) => (v ? v : null)),
    translations: translationsSchema(launchText()).optional(),
  })
  .transform((value, ctx) => {
    const translations = value.translations ?? {};
    if (value.message === null && Object.keys(translations).length > 0) {
      ctx.addIssue({ code: 'custom', path: ['message'], message: OPERATOR_TEXT_MESSAGES.englishRequired });
      return z.NEVER;
    }
    return { message: value.message, translations };
  });
export type LaunchTextRequest = z.infer<typeof launchTextRequestSchema>;
/** What a client sends (translations optional). */
export type LaunchTextRequestBody = z.input<typeof launchTextRequestSchema>;

/** The operator's launch text as stored: null `message` = none (the default applies). */
export const launchTextSchema = z.object({
  message: z.string().nullable(),
  translations: z.partialRecord(z.enum(TRANSLATION_LANGUAGES), z.string()),
  updatedAt: z.string().nullable(),
});
export type LaunchText = z.infer<typeof launchTextSchema>;

export const launchTextResponseSchema = z.object({
  success: z.literal(true),
  ...messageFields,
  launchText: launchTextSchema,
});
export type LaunchTextResponse = z.infer<typeof launchTextResponseSchema>;

/** GET /api/system/launch-text?lang=xx (public): the operator's launch line for that reader, or null. */
export const publicLaunchTextResponseSchema = z.object({
  success: z.literal(true),
  /** The operator's text in `lang` (English when untranslated); null when none is set. */
  text: z.string().nullable(),
});
export type PublicLaunchTextResponse = z.infer<typeof publicLaunchTextResponseSchema>;
