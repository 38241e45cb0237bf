import { z } from 'zod';
import { messageFields, optionalMessageFields } from './message-schema.js';
import {
  CURRENCIES,
  LANGUAGES,
  REGISTER_PASSWORD_MIN,
  ROLES,
  THEMES,
  TRANSACTION_TYPES,
  USERNAME_MAX,
  USERNAME_MIN,
} from './constants.js';
import { MESSAGES } from './messages.js';
import { SETTINGS_MESSAGES } from './feature-messages.js';
import { safeText } from './text.js';

// ---------- requests ----------

export const usernameSchema = safeText({ error: MESSAGES.usernameTooShort })
  .trim()
  .min(USERNAME_MIN, MESSAGES.usernameTooShort)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .regex(/^[A-Za-z0-9_.-]+$/, 'Username may only contain letters, numbers, dots, dashes and underscores');

export const emailSchema = safeText({ error: MESSAGES.invalidEmail })
  .trim()
  .toLowerCase()
  .max(254, MESSAGES.invalidEmail)
  .pipe(z.email({ error: MESSAGES.invalidEmail }));

export const referralCodeSchema = safeText()
  .trim()
  .max(32)
  .regex(/^[A-Za-z0-9_-]*$/, 'Invalid referral code');

/**
 * What a visitor chose before signing up, kept as the new account's (by email or with Google): the
 * language shown, and a theme they explicitly picked. A signed-in user's server settings win over
 * the local ones, so without these the new account would switch the app to its defaults.
 */
export const signUpChoicesFields = {
  language: z.enum(LANGUAGES, { error: SETTINGS_MESSAGES.invalidLanguage }).optional(),
  theme: z.enum(THEMES, { error: SETTINGS_MESSAGES.invalidTheme }).optional(),
};

export const registerRequestSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: safeText({ error: MESSAGES.passwordTooShort })
    .min(REGISTER_PASSWORD_MIN, MESSAGES.passwordTooShort)
    .max(200, 'Password must be at most 200 characters'),
  referralCode: referralCodeSchema.nullish(),
  telegramId: z.union([safeText(), z.number()]).nullish(),
  ...signUpChoicesFields,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email: safeText({ error: MESSAGES.invalidEmail }).trim().toLowerCase().min(1, MESSAGES.invalidEmail).max(254),
  password: safeText({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

// ---------- responses ----------

export const roleSchema = z.enum(ROLES);
export const themeSchema = z.enum(THEMES);
export const languageSchema = z.enum(LANGUAGES);
export const currencySchema = z.enum(CURRENCIES);
export const transactionTypeSchema = z.enum(TRANSACTION_TYPES);

/** The user as the API presents it: an allow-list, never the row. */
export const publicUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  avatar_url: z.string().nullable(),
  bio: z.string().nullable(),
  zp_balance: z.number(),
  social_capital_score: z.number(),
  daily_streak_count: z.number(),
  mining_session_start_time: z.string().nullable(),
  created_at: z.string(),
  last_seen: z.string().nullable(),
  telegram_username: z.string().nullable(),
  telegram_id: z.string().nullable(),
  twitter_username: z.string().nullable(),
  linkedin_url: z.string().nullable(),
  verified: z.boolean(),
  role: roleSchema,
  referral_code: z.string(),
  two_factor_enabled: z.boolean(),
  theme: themeSchema,
  language: languageSchema,
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const appSettingsSchema = z.object({
  MINING_CYCLE_HOURS: z.number(),
  MINING_REWARD: z.number(),
});
export type AppSettings = z.infer<typeof appSettingsSchema>;

export const authResponseSchema = z.object({
  success: z.literal(true),
  ...optionalMessageFields,
  token: z.string().optional(),
  user: publicUserSchema.optional(),
  appSettings: appSettingsSchema.optional(),
  isNewUser: z.boolean().optional(),
  twoFactorRequired: z.boolean().optional(),
  referralApplied: z.boolean().optional(),
  referrer: z.object({ username: z.string(), referral_code: z.string() }).nullable().optional(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const miningUserDataSchema = z.object({
  zp_balance: z.number(),
  social_capital_score: z.number(),
  daily_streak_count: z.number(),
  mining_session_start_time: z.string().nullable(),
});
export type MiningUserData = z.infer<typeof miningUserDataSchema>;

export const miningStatusSchema = z.object({
  success: z.literal(true),
  isMining: z.boolean(),
  canClaim: z.boolean(),
  /** Milliseconds until the running cycle can be claimed (the client counts down from it); 0 when claimable or idle. */
  timeRemaining: z.number(),
  /** 0..1 through the running cycle; 0 when idle. */
  progress: z.number(),
  cycleEndsAt: z.string().nullable(),
  userData: miningUserDataSchema,
  appSettings: appSettingsSchema,
});
export type MiningStatus = z.infer<typeof miningStatusSchema>;

export const miningClaimResponseSchema = z.object({
  success: z.literal(true),
  ...messageFields,
  reward: z.object({
    zp: z.number(),
    seb: z.number(),
    streak: z.number(),
    durationMinutes: z.number(),
  }),
  user: publicUserSchema,
  /** The same block as GET /mining/status, after the claim (no cycle running). */
  userData: miningUserDataSchema,
});
export type MiningClaimResponse = z.infer<typeof miningClaimResponseSchema>;

/**
 * Every failure: `{ success:false, message, messageKey, params, code }`. A validation failure adds
 * `details`: one entry per issue, each with its field, English message, key and params.
 */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  ...messageFields,
  code: z.string(),
  details: z.unknown().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
