import { Router, type Request } from 'express';
import {
  LANGUAGE_NAMES,
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  toggleTwoFactorRequestSchema,
  updateDisplayRequestSchema,
  updateLanguageRequestSchema,
  updateNotificationsRequestSchema,
  updateThemeRequestSchema,
  keyedMessage,
} from '@ziver/shared';
import { authOf, requireAuth } from '../../platform/auth.js';
import type { AppDeps } from '../../platform/deps.js';
import { parseWith } from '../../platform/http.js';
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
import { setUpTwoFactor } from './set-up-two-factor.js';
import { disableTwoFactor, enableTwoFactor } from './toggle-two-factor.js';
import { updateDisplay, updateLanguage, updateNotifications, updateTheme } from './update-preferences.js';

const MINUTE = 60_000;

/** /api/settings: appearance, security (password, 2FA), notifications and account, all signed in. */
export function createSettingsRouter(deps: AppDeps): Router {
  const { db } = deps.database;
  const { config } = deps;
  const router = Router();
  router.use(requireAuth({ db, config, auth: deps.auth }));

  const perIp = (limit: number) => limitRequests(deps, { windowMs: 15 * MINUTE, limit });
  const perUser = (limit: number) =>
    limitRequests(deps, { windowMs: 15 * MINUTE, limit, keyGenerator: signedInUserKey });
  /** Sensitive actions: per IP and per account, each route with its own budget. */
  const sensitive = () => [perIp(30), perUser(10)];
  /** Preference writes are harmless but still bounded. */
  const preference = perUser(120);

  const securitySettingsOf = async (userId: string) => {
    const user = (await findUserById(db, userId))!;
    return presentSecuritySettings(user, await countBackupCodes(db, userId));
  };
  const userOf = (req: Request) => authOf(req).user;

  // ---------- appearance ----------

  router.get('/appearance', (req, res) => {
    res.json({ success: true, settings: presentAppearanceSettings(userOf(req)) });
  });

  router.put('/appearance/theme', preference, async (req, res) => {
    const { theme } = parseWith(updateThemeRequestSchema, req.body);
    const user = await updateTheme(db, { userId: authOf(req).userId, theme });
    res.json({ success: true, ...keyedMessage('settings.themeUpdated'), settings: presentAppearanceSettings(user) });
  });

  router.put('/appearance/language', preference, async (req, res) => {
    const { language } = parseWith(updateLanguageRequestSchema, req.body);
    const user = await updateLanguage(db, { userId: authOf(req).userId, language });
    res.json({
      success: true,
      ...keyedMessage('settings.languageChanged', { language: LANGUAGE_NAMES[language] }),
      settings: presentAppearanceSettings(user),
    });
  });

  router.put('/appearance/display', preference, async (req, res) => {
    const changes = parseWith(updateDisplayRequestSchema, req.body);
    const user = await updateDisplay(db, { userId: authOf(req).userId, changes });
    res.json({ success: true, ...keyedMessage('settings.displayUpdated'), settings: presentAppearanceSettings(user) });
  });

  // ---------- notifications ----------

  router.get('/notifications', (req, res) => {
    res.json({ success: true, settings: presentNotificationSettings(userOf(req)) });
  });

  router.put('/notifications', preference, async (req, res) => {
    const changes = parseWith(updateNotificationsRequestSchema, req.body);
    const user = await updateNotifications(db, { userId: authOf(req).userId, changes });
    res.json({
      success: true,
      ...keyedMessage('settings.notificationsUpdated'),
      settings: presentNotificationSettings(user),
    });
  });

  // ---------- security ----------

  router.get('/security', async (req, res) => {
    res.json({ success: true, settings: await securitySettingsOf(authOf(req).userId) });
  });

  router.put('/security/password', ...sensitive(), async (req, res) => {
    const input = parseWith(changePasswordRequestSchema, req.body);
    const { user, sessionId } = authOf(req);
    const result = await changePassword(db, {
      user,
      sessionId,
      currentPassword: input.currentPassword,
      newPassword: input.newPassword,
      invalidations: deps.invalidations,
    });
    res.json({
      success: true,
      ...keyedMessage(result.isFirstPassword ? 'settings.passwordSet' : 'settings.passwordChanged'),
      revokedSessions: result.revokedSessions,
      settings: await securitySettingsOf(user.id),
    });
  });

  // GET because the spec's client calls it so; it has effects (a new pending secret), so
  // clients must fetch it once per setup and never refetch it in the background (and, like every
  // API answer, it is no-store: platform/http.ts).
  router.get('/security/two-factor/setup', ...sensitive(), async (req, res) => {
    const setup = await setUpTwoFactor(db, { user: userOf(req), key: config.encryptionKey });
    res.json({ success: true, ...keyedMessage('identity.twoFactorSetupReady'), ...setup });
  });

  router.put('/security/two-factor', ...sensitive(), async (req, res) => {
    const input = parseWith(toggleTwoFactorRequestSchema, req.body);
    const user = userOf(req);
    if (input.enable) {
      await enableTwoFactor(db, { user, key: config.encryptionKey, code: input.code });
    } else {
      await disableTwoFactor(db, { user, key: config.encryptionKey, kind: input.method, code: input.code });
    }
    res.json({
      success: true,
      ...keyedMessage(input.enable ? 'settings.twoFactorEnabled' : 'settings.twoFactorDisabled'),
      settings: await securitySettingsOf(user.id),
    });
  });

  // ---------- account ----------

  router.get('/account', (req, res) => {
    res.json({ success: true, account: presentAccountInfo(userOf(req)) });
  });

  router.put('/account/email', ...sensitive(), async (req, res) => {
    const input = parseWith(changeEmailRequestSchema, req.body);
    const user = await changeEmail(db, {
      user: userOf(req),
      newEmail: input.newEmail,
      currentPassword: input.currentPassword,
    });
    res.json({
      success: true,
      ...keyedMessage('settings.emailUpdated'),
      email: user.email,
      account: presentAccountInfo(user),
    });
  });

  return router;
}
