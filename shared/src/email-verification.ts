import { z } from 'zod';
import { IDENTITY_MESSAGES } from './feature-messages.js';
import { safeText } from './text.js';

/** A verification link works once within this many hours; a newer one for the account supersedes it. */
export const EMAIL_VERIFICATION_TTL_HOURS = 24;

/** The shape of a verification token (32 bytes, base64url); anything else is refused as invalid. */
export const EMAIL_VERIFICATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * POST /auth/verify-email: the link's token. Its shape is checked by the use case, so a malformed
 * one gets the same EMAIL_VERIFICATION_TOKEN_INVALID as an unknown one.
 */
export const verifyEmailRequestSchema = z.object({
  token: safeText({ error: IDENTITY_MESSAGES.emailVerificationTokenInvalid })
    .trim()
    .min(1, IDENTITY_MESSAGES.emailVerificationTokenInvalid)
    .max(512, IDENTITY_MESSAGES.emailVerificationTokenInvalid),
});
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;
