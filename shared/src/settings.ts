import { z } from 'zod';
import { messageFields, optionalMessageFields } from './message-schema.js';
import { CHANGED_PASSWORD_MIN, LANGUAGE_NAMES, LANGUAGES, THEMES, type Language } from './constants.js';
import { MESSAGES } from './messages.js';
import { BACKUP_CODE_PATTERN, TWO_FACTOR_CODE_PATTERN } from './auth.js';
import { emailSchema, roleSchema } from './schemas.js';
import { safeText } from './text.js';
import { passwordStrength } from './domain.js';
import { IDENTITY_MESSAGES, SETTINGS_MESSAGES } from './feature-messages.js';
import { interpolate } from './i18n/interpolate.js';

/** 'Language changed to Spanish' (docs/spec.md §8). */
export function languageChangedMessage(language: Language): string {
  return interpolate(SETTINGS_MESSAGES.languageChanged, { language: LANGUAGE_NAMES[language] });
}

/**
 * The changed-password rule of docs/spec.md §5: at least 8 characters with a lowercase letter, an
 * uppercase letter, a digit and one of @$!%*?& (PASSWORD_SPECIAL_CHARACTERS; the length is the
 * .min above). The strength meter counts the same points. Other characters are allowed too.
 */
export const newPasswordSchema = safeText({ error: SETTINGS_MESSAGES.newPasswordRequired })
  .min(1, SETTINGS_MESSAGES.newPasswordRequired)
  .min(CHANGED_PASSWORD_MIN, SETTINGS_MESSAGES.passwordTooShort)
  .max(200, 'Password must be at most 200 characters')
  .refine((v) => passwordStrength(v).missing.every((criterion) => criterion === 'length'), MESSAGES.passwordComplexity);

// ---------- requests ----------

/**
 * PUT /settings/security/password. `currentPassword` is required when the account has a
 * password; accounts created by Google or Telegram have none and may set one without it.
 */
export const changePasswordRequestSchema = z.object({
  currentPassword: safeText({ error: SETTINGS_MESSAGES.currentPasswordRequired }).max(200).optional(),
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** PUT /settings/account/email. */
export const changeEmailRequestSchema = z.object({
  newEmail: emailSchema,
  currentPassword: safeText({ error: SETTINGS_MESSAGES.currentPasswordRequired })
    .min(1, SETTINGS_MESSAGES.currentPasswordRequired)
    .max(200),
});
export type ChangeEmailRequest = z.infer<typeof changeEmailRequestSchema>;

export const updateThemeRequestSchema = z.object({
  theme: z.enum(THEMES, { error: SETTINGS_MESSAGES.invalidTheme }),
});
export const updateLanguageRequestSchema = z.object({
  language: z.enum(LANGUAGES, { error: SETTINGS_MESSAGES.invalidLanguage }),
});

const notificationFlag = z.boolean({ error: SETTINGS_MESSAGES.notificationValue }).optional();
/**
 * PUT /settings/notifications: any of the four toggles, or the privacy one ("hide me from public
 * boards"); the others keep their value.
 */
export const updateNotificationsRequestSchema = z
  .object({
    email: notificationFlag,
    push: notificationFlag,
    marketing: notificationFlag,
    security: notificationFlag,
    hideFromBoards: notificationFlag,
  })
  .refine((v) => Object.values(v).some((flag) => flag !== undefined), SETTINGS_MESSAGES.notificationsEmpty);
export type UpdateNotificationsRequest = z.infer<typeof updateNotificationsRequestSchema>;

const displayFlag = z.boolean({ error: SETTINGS_MESSAGES.displayValue }).optional();
/** PUT /settings/appearance/display: any of the three display toggles; the others keep their value. */
export const updateDisplayRequestSchema = z
  .object({ reducedMotion: displayFlag, highContrast: displayFlag, largeText: displayFlag })
  .refine((v) => Object.values(v).some((flag) => flag !== undefined), SETTINGS_MESSAGES.displayEmpty);
export type UpdateDisplayRequest = z.infer<typeof updateDisplayRequestSchema>;

/**
 * PUT /settings/security/two-factor. Enable: `{enable:true, verificationCode}`. Disable:
 * `{enable:false, verificationCode}` or `{enable:false, backupCode}` (any case, dashes optional).
 */
export const toggleTwoFactorRequestSchema = z
  .object({
    enable: z.boolean({ error: SETTINGS_MESSAGES.enableRequired }),
    verificationCode: safeText({ error: MESSAGES.invalidTwoFactorCode })
      .max(32, MESSAGES.invalidTwoFactorCode)
      .optional(),
    backupCode: safeText({ error: MESSAGES.backupCodeRequired }).max(32, MESSAGES.backupCodeRequired).optional(),
  })
  .transform((v, ctx) => {
    const useBackup = !v.enable && v.backupCode !== undefined && !(v.verificationCode ?? '').trim();
    if (useBackup) {
      const code = v.backupCode!.replace(/\s+/g, '').toUpperCase();
      if (!code) {
        ctx.addIssue({ code: 'custom', path: ['backupCode'], message: MESSAGES.backupCodeRequired });
        return z.NEVER;
      }
      if (!BACKUP_CODE_PATTERN.test(code)) {
        ctx.addIssue({ code: 'custom', path: ['backupCode'], message: IDENTITY_MESSAGES.backupCodeFormat });
        return z.NEVER;
      }
      return { enable: v.enable, method: 'backup' as const, code };
    }
    const code = (v.verificationCode ?? '').replace(/\s+/g, '');
    if (!TWO_FACTOR_CODE_PATTERN.test(code)) {
      ctx.addIssue({ code: 'custom', path: ['verificationCode'], message: MESSAGES.invalidTwoFactorCode });
      return z.NEVER;
    }
    return { enable: v.enable, method: 'totp' as const, code };
  });
export type ToggleTwoFactorRequest = z.input<typeof toggleTwoFactorRequestSchema>;

// ---------- responses ----------

/** Every settings answer carries success and (on writes) a message. */
const settingsEnvelope = { success: z.literal(true), ...optionalMessageFields };

export const securitySettingsSchema = z.object({
  two_factor_enabled: z.boolean(),
  /** False for accounts created by Google or Telegram until they set a password. */
  has_password: z.boolean(),
  password_changed_at: z.string().nullable(),
  /** Unused backup codes left (0 when 2FA is off). */
  backup_codes_remaining: z.number(),
});
export const securitySettingsResponseSchema = z.object({ ...settingsEnvelope, settings: securitySettingsSchema });
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

/** GET /settings/security/two-factor/setup: shown once; 2FA stays off until a code confirms it. */
export const twoFactorSetupResponseSchema = z.object({
  ...settingsEnvelope,
  /** A PNG data URL of the otpauth:// QR code. */
  qrCodeUrl: z.string(),
  /** The base32 secret for typing into an authenticator by hand. */
  manualEntryCode: z.string(),
  /** The otpauth:// URI itself (for "open in authenticator" links on phones). */
  otpauthUrl: z.string(),
  backupCodes: z.array(z.string()),
});
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

export const displaySettingsSchema = z.object({
  reducedMotion: z.boolean(),
  highContrast: z.boolean(),
  largeText: z.boolean(),
});
export type DisplaySettings = z.infer<typeof displaySettingsSchema>;

export const appearanceSettingsSchema = z.object({
  theme: z.object({ value: z.enum(THEMES) }),
  language: z.object({ value: z.enum(LANGUAGES) }),
  /** Reduced Motion, High Contrast, Large Text: saved with theme and language. */
  display: displaySettingsSchema,
});
export const appearanceSettingsResponseSchema = z.object({ ...settingsEnvelope, settings: appearanceSettingsSchema });
export type AppearanceSettings = z.infer<typeof appearanceSettingsSchema>;

export const notificationSettingsSchema = z.object({
  email: z.boolean(),
  push: z.boolean(),
  marketing: z.boolean(),
  security: z.boolean(),
  /** Left out of the leaderboards' entries (the account still sees its own rank). */
  hideFromBoards: z.boolean(),
});
export const notificationSettingsResponseSchema = z.object({
  ...settingsEnvelope,
  settings: notificationSettingsSchema,
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const accountInfoSchema = z.object({
  username: z.string(),
  email: z.string().nullable(),
  /** Whether the owner has followed the verification link mailed to `email`. */
  verified: z.boolean(),
  created_at: z.string(),
  role: roleSchema,
  telegram_username: z.string().nullable(),
  has_password: z.boolean(),
});
export const accountSettingsResponseSchema = z.object({ ...settingsEnvelope, account: accountInfoSchema });
export type AccountInfo = z.infer<typeof accountInfoSchema>;

export const changeEmailResponseSchema = z.object({
  success: z.literal(true),
  ...messageFields,
  email: z.string(),
  account: accountInfoSchema,
});
