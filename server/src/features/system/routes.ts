import { Router } from 'express';
import {
  MAINTENANCE_ESTIMATE,
  lockdownRequestSchema,
  systemStatusQuerySchema,
  textForLanguage,
  type SystemStatus,
  keyedMessage,
} from '@ziver/shared';
import { authOf, requireAdmin, requireAuth } from '../../platform/auth.js';
import type { AppDeps } from '../../platform/deps.js';
import { parseWith } from '../../platform/http.js';
import { lockdownCacheFor, readLockdown } from '../../platform/lockdown.js';
import { recordAdminAction } from '../../platform/audit-log.js';
import { setLockdown } from './set-lockdown.js';

/** System status (public, polled by every client) and the admin's lockdown switch. */
export function createSystemRouter(deps: AppDeps): Router {
  const { db } = deps.database;
  const lockdown = lockdownCacheFor(deps);
  const router = Router();

  router.get('/status', async (req, res) => {
    // The reader's language comes as ?lang= (decisions.md §25); without it the message is English.
    const { lang } = parseWith(systemStatusQuerySchema, req.query);
    const state = await lockdown.get();
    const status: SystemStatus = {
      success: true,
      lockdownMode: state.isEnabled,
      ...(state.isEnabled
        ? state.message
          ? keyedMessage('server.verbatim', { text: textForLanguage(state.message, state.translations, lang ?? 'en') })
          : keyedMessage('server.lockdown')
        : {}),
      supportEmail: deps.config.supportEmail,
      estimate: MAINTENANCE_ESTIMATE,
    };
    res.json(status);
  });

  router.put('/lockdown', requireAuth({ db, config: deps.config, auth: deps.auth }), requireAdmin, async (req, res) => {
    const input = parseWith(lockdownRequestSchema, req.body);
    const adminId = authOf(req).userId;
    const state = await db.transaction(async (tx) => {
      const before = await readLockdown(tx);
      const after = await setLockdown(tx, {
        isEnabled: input.enabled,
        message: input.message,
        translations: input.translations,
        adminId,
      });
      await recordAdminAction(tx, {
        adminId,
        action: 'system.lockdown',
        targetType: 'setting',
        targetId: 'lockdown',
        before: { enabled: before.isEnabled, message: before.message, translations: before.translations },
        after: { enabled: after.isEnabled, message: after.message, translations: after.translations },
      });
      return after;
    });
    // This instance follows at once; others within the cache's lifetime.
    lockdown.set(state);
    deps.logger.warn({ adminId, lockdown: input.enabled }, input.enabled ? 'lockdown enabled' : 'lockdown disabled');
    res.json({
      success: true,
      ...keyedMessage(state.isEnabled ? 'system.lockdownEnabled' : 'system.lockdownDisabled'),
      lockdown: {
        enabled: state.isEnabled,
        message: state.message,
        translations: state.translations,
        updatedAt: state.updatedAt!.toISOString(),
      },
    });
  });

  return router;
}
