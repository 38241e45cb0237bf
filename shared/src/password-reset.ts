import { z } from 'zod';
import { IDENTITY_MESSAGES } from './feature-messages.js';
import { MESSAGES } from './messages.js';
import { emailSchema } from './schemas.js';
import { newPasswordSchema } from './settings.js';
import { safeText } from './text.js';

/** A reset link works once within this many minutes. */
export const PASSWORD_RESET_TTL_MINUTES = 30;

/**
 * Forgot-password answers no sooner than this after the request arrived, known address or not:
 * the extra INSERT of a known one (its mail in the outbox) cannot be timed from outside.
 */
export const FORGOT_PASSWORD_MIN_ANSWER_MS = 250;

/** The shape of a reset token (32 random bytes, base64url); anything else is refused as invalid. */
export const PASSWORD_RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** POST /auth/forgot-password: the address the account signs in with. */
export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/**
 * POST /auth/reset-password: the link's token, the new password (the change-password rule) and,
 * for an account with 2FA, a current TOTP code or a backup code. The token's shape is checked by
 * the use case, so a malformed one gets the same PASSWORD_RESET_TOKEN_INVALID as an unknown one.
 */
export const resetPasswordRequestSchema = z.object({
  token: safeText({ error: IDENTITY_MESSAGES.passwordResetTokenInvalid })
    .trim()
    .min(1, IDENTITY_MESSAGES.passwordResetTokenInvalid)
    .max(512, IDENTITY_MESSAGES.passwordResetTokenInvalid),
  password: newPasswordSchema,
  code: safeText({ error: MESSAGES.invalidTwoFactorCode }).trim().max(32, MESSAGES.invalidTwoFactorCode).optional(),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;
