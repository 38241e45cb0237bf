import { z } from 'zod';
import { messageFields } from './message-schema.js';
import { GOOGLE_TOKEN_MIN_LENGTH } from './constants.js';
import { MESSAGES } from './messages.js';
import { referralCodeSchema, signUpChoicesFields } from './schemas.js';
import { safeText } from './text.js';
import { IDENTITY_MESSAGES } from './feature-messages.js';
import { interpolate } from './i18n/interpolate.js';

// ---------- constants ----------

/** The pending second step of a sign-in lives this long, and dies after this many wrong codes. */
export const TWO_FACTOR_CHALLENGE_TTL_MINUTES = 10;
export const TWO_FACTOR_MAX_ATTEMPTS = 5;
/** One-time login tokens ("sign in on another device", bot links) live this long. */
export const LOGIN_TOKEN_TTL_MINUTES = 10;
/** Backup codes issued at 2FA setup, each usable once, shaped XXXX-XXXX-XXXX. */
export const TWO_FACTOR_BACKUP_CODE_COUNT = 10;
export const TWO_FACTOR_ISSUER = 'Ziver';

/** A 6-digit TOTP code, spaces allowed while typing ("123 456"). */
export const TWO_FACTOR_CODE_PATTERN = /^\d{6}$/;
/** A backup code, with or without its dashes, any case. */
export const BACKUP_CODE_PATTERN = /^[A-Z0-9]{4}-?[A-Z0-9]{4}-?[A-Z0-9]{4}$/;

/** "Welcome back, alice!" */
export function welcomeBackMessage(username: string): string {
  return interpolate(IDENTITY_MESSAGES.welcomeBack, { username });
}

/** What a verification code field holds: a TOTP code, a backup code, or neither. */
export function classifyVerificationCode(raw: string): { kind: 'totp' | 'backup'; code: string } | null {
  const compact = raw.replace(/\s+/g, '');
  if (TWO_FACTOR_CODE_PATTERN.test(compact)) return { kind: 'totp', code: compact };
  const upper = compact.toUpperCase();
  if (BACKUP_CODE_PATTERN.test(upper)) return { kind: 'backup', code: normaliseBackupCode(upper) };
  return null;
}

/** XXXX-XXXX-XXXX from any case, with or without dashes. */
export function normaliseBackupCode(raw: string): string {
  const chars = raw.replace(/[\s-]+/g, '').toUpperCase();
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
}

// ---------- requests ----------

/** POST /auth/google. Missing → 'No token received from Google OAuth'; not a string or too short → 'Invalid token format'. */
export const googleSignInRequestSchema = z.object({
  token: safeText({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? MESSAGES.noGoogleToken : MESSAGES.invalidTokenFormat,
  })
    .trim()
    .min(1, MESSAGES.noGoogleToken)
    .min(GOOGLE_TOKEN_MIN_LENGTH, MESSAGES.invalidTokenFormat)
    .max(8192, MESSAGES.invalidTokenFormat),
  referralCode: referralCodeSchema.nullish(),
  /** Used only when the sign-in creates the account. */
  ...signUpChoicesFields,
});
export type GoogleSignInRequest = z.infer<typeof googleSignInRequestSchema>;

/** POST /auth/telegram: the raw `initData` string exactly as Telegram gave it to the mini app. */
export const telegramSignInRequestSchema = z.object({
  initData: safeText({ error: IDENTITY_MESSAGES.telegramDataMissing })
    .min(1, IDENTITY_MESSAGES.telegramDataMissing)
    .max(8192, IDENTITY_MESSAGES.telegramDataInvalid),
  referralCode: referralCodeSchema.nullish(),
});
export type TelegramSignInRequest = z.infer<typeof telegramSignInRequestSchema>;

/** POST /auth/token-login: a non-empty string, otherwise 'Invalid token received' (docs/spec.md §5). */
export const tokenLoginRequestSchema = z.object({
  token: safeText({ error: MESSAGES.invalidTokenReceived })
    .trim()
    .min(1, MESSAGES.invalidTokenReceived)
    .max(512, MESSAGES.invalidTokenReceived),
});
export type TokenLoginRequest = z.infer<typeof tokenLoginRequestSchema>;

const verificationCodeField = safeText({ error: MESSAGES.invalidTwoFactorCode })
  .trim()
  .min(1, MESSAGES.invalidTwoFactorCode)
  .max(32, MESSAGES.invalidTwoFactorCode)
  .refine((v) => classifyVerificationCode(v) !== null, MESSAGES.invalidTwoFactorCode);

/** POST /auth/verify-2fa: the challenge token from the first step and a TOTP or backup code. */
export const verifyTwoFactorRequestSchema = z.object({
  token: safeText({ error: IDENTITY_MESSAGES.twoFactorChallengeInvalid })
    .trim()
    .min(1, IDENTITY_MESSAGES.twoFactorChallengeInvalid)
    .max(512, IDENTITY_MESSAGES.twoFactorChallengeInvalid),
  verificationCode: verificationCodeField,
});
export type VerifyTwoFactorRequest = z.infer<typeof verifyTwoFactorRequestSchema>;

// ---------- responses ----------

/** The first step's answer when 2FA is on: no session yet, `token` is the challenge for verify-2fa. */
export const twoFactorChallengeResponseSchema = z.object({
  success: z.literal(true),
  twoFactorRequired: z.literal(true),
  token: z.string(),
  ...messageFields,
});
export type TwoFactorChallengeResponse = z.infer<typeof twoFactorChallengeResponseSchema>;

/** GET /auth/config: which sign-in methods the server offers, and where users reach support (null: none set). */
export const authConfigResponseSchema = z.object({
  success: z.literal(true),
  googleClientId: z.string().nullable(),
  telegramBotUsername: z.string().nullable(),
  supportEmail: z.string().nullable(),
});
export type AuthConfigResponse = z.infer<typeof authConfigResponseSchema>;

/** POST /auth/login-token (signed in): a single-use token and the link that redeems it. */
export const loginTokenResponseSchema = z.object({
  success: z.literal(true),
  ...messageFields,
  token: z.string(),
  expiresAt: z.string(),
  url: z.string(),
});
export type LoginTokenResponse = z.infer<typeof loginTokenResponseSchema>;
