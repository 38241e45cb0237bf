import type { AccountInfo, AppearanceSettings, NotificationSettings, SecuritySettings } from '@ziver/shared';
import type { UserRow } from '../../platform/db/schema.js';

/** Allow-lists of what each settings screen gets: never a hash, a secret or a backup code. */
export function presentSecuritySettings(user: UserRow, backupCodesRemaining: number): SecuritySettings {
  return {
    two_factor_enabled: user.twoFactorEnabled,
    has_password: user.passwordHash !== null,
    password_changed_at: user.passwordChangedAt?.toISOString() ?? null,
    backup_codes_remaining: user.twoFactorEnabled ? backupCodesRemaining : 0,
  };
}

export function presentAppearanceSettings(
  user: Pick<UserRow, 'theme' | 'language' | 'displayReducedMotion' | 'displayHighContrast' | 'displayLargeText'>,
): AppearanceSettings {
  return {
    theme: { value: user.theme },
    language: { value: user.language },
    display: {
      reducedMotion: user.displayReducedMotion,
      highContrast: user.displayHighContrast,
      largeText: user.displayLargeText,
    },
  };
}

export function presentNotificationSettings(
  user: Pick<UserRow, 'notifyEmail' | 'notifyPush' | 'notifyMarketing' | 'notifySecurity' | 'hideFromBoards'>,
): NotificationSettings {
  return {
    email: user.notifyEmail,
    push: user.notifyPush,
    marketing: user.notifyMarketing,
    security: user.notifySecurity,
    hideFromBoards: user.hideFromBoards,
  };
}

export function presentAccountInfo(user: UserRow): AccountInfo {
  return {
    username: user.username,
    email: user.email,
    verified: user.verified,
    created_at: user.createdAt.toISOString(),
    role: user.role,
    telegram_username: user.telegramUsername,
    has_password: user.passwordHash !== null,
  };
}
