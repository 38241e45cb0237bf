import { z } from 'zod';
import { messageFields } from './message-schema.js';
import { BIO_MAX } from './constants.js';
import { publicUserSchema } from './schemas.js';
import { safeText } from './text.js';
import { PROFILE_MESSAGES } from './feature-messages.js';

export const TELEGRAM_USERNAME_PATTERN = /^[A-Za-z0-9_]{5,32}$/;
export const TWITTER_USERNAME_PATTERN = /^[A-Za-z0-9_]{1,15}$/;
export const LINKEDIN_URL_MAX = 300;

/** A username as typed: trimmed, one leading '@' dropped. */
export function stripAt(value: string): string {
  return value.trim().replace(/^@/, '');
}

/** Whether a URL is an https LinkedIn address (linkedin.com or www.linkedin.com, with a path). */
export function isLinkedinUrl(value: string): boolean {
  if (value.length > LINKEDIN_URL_MAX) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' &&
    (url.hostname === 'linkedin.com' || url.hostname === 'www.linkedin.com') &&
    url.username === '' &&
    url.password === '' &&
    url.port === '' &&
    value.toLowerCase().startsWith(`https://${url.hostname}/`)
  );
}

/** text, '' or null; '' and null (and blank text) become null: the field is cleared. */
const clearable = safeText({ error: PROFILE_MESSAGES.fieldType })
  .nullable()
  .transform((v) => (v === null || v.trim() === '' ? null : v));

const usernameField = (pattern: RegExp, message: string) =>
  clearable
    .transform((v) => (v === null ? null : stripAt(v)))
    .refine((v) => v === null || pattern.test(v), message)
    .optional();

/** PUT /user/profile: any of the four fields; an absent one is kept, '' or null clears it. */
export const updateProfileRequestSchema = z
  .object({
    bio: safeText({ error: PROFILE_MESSAGES.fieldType })
      .max(BIO_MAX, PROFILE_MESSAGES.bioTooLong)
      .nullable()
      .transform((v) => (v === null || v.trim() === '' ? null : v.trim()))
      .optional(),
    telegram_username: usernameField(TELEGRAM_USERNAME_PATTERN, PROFILE_MESSAGES.telegramUsernameInvalid),
    twitter_username: usernameField(TWITTER_USERNAME_PATTERN, PROFILE_MESSAGES.twitterUsernameInvalid),
    linkedin_url: clearable
      .transform((v) => (v === null ? null : v.trim()))
      .refine((v) => v === null || isLinkedinUrl(v), PROFILE_MESSAGES.linkedinUrlInvalid)
      .optional(),
  })
  .refine((v) => Object.values(v).some((field) => field !== undefined), PROFILE_MESSAGES.noFields);
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;
export type ProfileChanges = z.output<typeof updateProfileRequestSchema>;

/** POST /user/telegram-auto-save: the username the messaging app reported. */
export const telegramAutoSaveRequestSchema = z.object({
  telegram_username: safeText({ error: PROFILE_MESSAGES.telegramUsernameRequired })
    .transform(stripAt)
    .refine((v) => TELEGRAM_USERNAME_PATTERN.test(v), PROFILE_MESSAGES.telegramUsernameInvalid),
});

export const updateProfileResponseSchema = z.object({
  success: z.literal(true),
  ...messageFields,
  user: publicUserSchema,
});
export type UpdateProfileResponse = z.infer<typeof updateProfileResponseSchema>;

export const telegramAutoSaveResponseSchema = z.object({
  success: z.literal(true),
  /** False when the account already had a Telegram username (it is kept). */
  saved: z.boolean(),
  user: publicUserSchema,
});
export type TelegramAutoSaveResponse = z.infer<typeof telegramAutoSaveResponseSchema>;

/** GET /user/me, as the profile page reads it. */
export const profileUserResponseSchema = z.object({ success: z.literal(true), user: publicUserSchema });
