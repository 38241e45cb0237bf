import { AppError, LANGUAGE_NAMES, keyedMessage } from '@ziver/shared';
import type { ApiHandlers } from '../../platform/contract-routes.js';
import type { AppDeps } from '../../platform/deps.js';
import { limitRequests } from '../../platform/rate-limit.js';
import { signedInUserKey } from '../auth/rate-limit-keys.js';
import { countBackupCodes } from '../auth/two-factor.js';
import { findUserById } from '../users/find-user.js';
import { changeEmail } from './change-email.js';
import { changePassword } from './change-password.js';
import {
  presentAccountInfo,
  presentAppearanceSettings,
  presentNotificationSettings,
  presentSecuritySettings,
} from './present-settings.js';
import {
  countPushDevices,
  hasPushSubscription,
  removePushSubscription,
  savePushSubscription,
} from './push-subscriptions.js';
import { setUpTwoFactor } from './set-up-two-factor.js';
import { disableTwoFactor, enableTwoFactor } from './toggle-two-factor.js';
import { updateDisplay, updateLanguage, updateNotifications, updateTheme } from './update-preferences.js';

const MINUTE = 60_000;

/** Appearance, security (password, 2FA), notifications and account, all signed in. */
export function settingsRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const { config } = deps;
  // Preference writes are harmless but still bounded: one budget for theme, language, display
  // and notifications together.
  const preference = limitRequests(deps, { windowMs: 15 * MINUTE, limit: 120, keyGenerator: signedInUserKey });

  const perIp = (limit: number) => limitRequests(deps, { windowMs: 15 * MINUTE, limit });
  const perUser = (limit: number) =>
    limitRequests(deps, { windowMs: 15 * MINUTE, limit, keyGenerator: signedInUserKey });
  /** Sensitive actions: per IP and per account, each call with its own budget. */
  const sensitive = () => [perIp(30), perUser(10)];

  const securitySettingsOf = async (userId: string) => {
    const user = (await findUserById(db, userId))!;
    return presentSecuritySettings(user, await countBackupCodes(db, userId));
  };

  return {
    // ---------- appearance ----------

    appearance: { handle: ({ auth }) => ({ success: true, settings: presentAppearanceSettings(auth.user) }) },

    updateTheme: {
      use: [preference],
      handle: async ({ auth, body }) => {
        const user = await updateTheme(db, { userId: auth.userId, theme: body.theme });
        return { success: true, ...keyedMessage('settings.themeUpdated'), settings: presentAppearanceSettings(user) };
      },
    },

    updateLanguage: {
      use: [preference],
      handle: async ({ auth, body }) => {
        const { language } = body;
        const user = await updateLanguage(db, { userId: auth.userId, language });
        return {
          success: true,
          ...keyedMessage('settings.languageChanged', { language: LANGUAGE_NAMES[language] }),
          settings: presentAppearanceSettings(user),
        };
      },
    },

    updateDisplay: {
      use: [preference],
      handle: async ({ auth, body }) => {
        const user = await updateDisplay(db, { userId: auth.userId, changes: body });
        return { success: true, ...keyedMessage('settings.displayUpdated'), settings: presentAppearanceSettings(user) };
      },
    },

    // ---------- notifications ----------

    notifications: { handle: ({ auth }) => ({ success: true, settings: presentNotificationSettings(auth.user) }) },

    updateNotifications: {
      use: [preference],
      handle: async ({ auth, body }) => {
        const user = await updateNotifications(db, { userId: auth.userId, changes: body });
        return {
          success: true,
          ...keyedMessage('settings.notificationsUpdated'),
          settings: presentNotificationSettings(user),
        };
      },
    },

    // What each channel can deliver to this account on this server (Settings → Notifications).
    notificationChannels: {
      handle: async ({ auth, query }) => {
        const { user } = auth;
        const isPushOn = config.push.isEnabled;
        return {
          success: true as const,
          channels: {
            email: { available: config.mail.isEnabled, hasAddress: user.email !== null },
            push: {
              available: isPushOn,
              devices: isPushOn ? await countPushDevices(db, user.id) : 0,
              thisDevice:
                isPushOn && query.endpoint !== undefined
                  ? await hasPushSubscription(db, { userId: user.id, endpoint: query.endpoint })
                  : false,
            },
            telegram: {
              available: Boolean(config.telegram.botToken) && config.notifications.isEnabled,
              connected: user.telegramId !== null,
              blocked: user.telegramBlockedAt !== null,
            },
          },
        };
      },
    },

    // ---------- browser push ----------

    pushPublicKey: {
      handle: () => ({ success: true as const, publicKey: config.push.isEnabled ? config.push.vapid.publicKey : null }),
    },

    pushSubscribe: {
      use: [preference],
      handle: async ({ auth, body }) => {
        if (!config.push.isEnabled) throw new AppError('PUSH_NOT_CONFIGURED', 'settings.pushUnavailable');
        const devices = await savePushSubscription(db, {
          userId: auth.userId,
          endpoint: body.endpoint,
          p256dh: body.keys.p256dh,
          auth: body.keys.auth,
        });
        return { success: true as const, ...keyedMessage('settings.pushSubscribed'), devices };
      },
    },

    pushUnsubscribe: {
      use: [preference],
      handle: async ({ auth, query }) => {
        const devices = await removePushSubscription(db, { userId: auth.userId, endpoint: query.endpoint });
        return { success: true as const, ...keyedMessage('settings.pushUnsubscribed'), devices };
      },
    },

    // ---------- security ----------

    security: { handle: async ({ auth }) => ({ success: true, settings: await securitySettingsOf(auth.userId) }) },

    changePassword: {
      use: sensitive(),
      handle: async ({ auth, body }) => {
        const { user, sessionId } = auth;
        const result = await changePassword(db, {
          user,
          sessionId,
          currentPassword: body.currentPassword,
          newPassword: body.newPassword,
          invalidations: deps.invalidations,
        });
        return {
          success: true,
          ...keyedMessage(result.isFirstPassword ? 'settings.passwordSet' : 'settings.passwordChanged'),
          revokedSessions: result.revokedSessions,
          settings: await securitySettingsOf(user.id),
        };
      },
    },

    // GET because the spec's client calls it so; it has effects (a new pending secret), so
    // clients must fetch it once per setup and never refetch it in the background (and, like every
    // API answer, it is no-store: platform/http.ts).
    twoFactorSetup: {
      use: sensitive(),
      handle: async ({ auth }) => {
        const setup = await setUpTwoFactor(db, { user: auth.user, key: config.encryptionKey });
        return { success: true, ...keyedMessage('identity.twoFactorSetupReady'), ...setup };
      },
    },

    toggleTwoFactor: {
      use: sensitive(),
      handle: async ({ auth, body }) => {
        const { user } = auth;
        if (body.enable) {
          await enableTwoFactor(db, { user, key: config.encryptionKey, code: body.code });
        } else {
          await disableTwoFactor(db, { user, key: config.encryptionKey, kind: body.method, code: body.code });
        }
        return {
          success: true,
          ...keyedMessage(body.enable ? 'settings.twoFactorEnabled' : 'settings.twoFactorDisabled'),
          settings: await securitySettingsOf(user.id),
        };
      },
    },

    // ---------- account ----------

    account: { handle: ({ auth }) => ({ success: true, account: presentAccountInfo(auth.user) }) },

    changeEmail: {
      use: sensitive(),
      handle: async ({ auth, body, req }) => {
        const baseUrl =
          config.telegram.publicUrl ?? config.telegram.miniappUrl ?? `${req.protocol}://${req.get('host')}`;
        const user = await changeEmail(db, {
          user: auth.user,
          newEmail: body.newEmail,
          currentPassword: body.currentPassword,
          verification: config.mail.isEnabled ? { baseUrl, key: config.encryptionKey } : undefined,
        });
        return {
          success: true,
          ...keyedMessage('settings.emailUpdated'),
          // The address just stored, as the schema normalised it (the row's column is nullable).
          email: body.newEmail,
          account: presentAccountInfo(user),
        };
      },
    },
  } satisfies Partial<ApiHandlers>;
}
