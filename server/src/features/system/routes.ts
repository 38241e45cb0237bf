import { MAINTENANCE_ESTIMATE, textForLanguage, type SystemStatus, keyedMessage } from '@ziver/shared';
import type { ApiHandlers } from '../../platform/contract-routes.js';
import type { AppDeps } from '../../platform/deps.js';
import { lockdownCacheFor, readLockdown } from '../../platform/lockdown.js';
import { recordAdminAction } from '../../platform/audit-log.js';
import { setLockdown } from './set-lockdown.js';
import { readLaunchText, setLaunchText } from './launch-text.js';

/** System status (public, polled by every client), the admin's lockdown switch and the launch text. */
export function systemRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const lockdown = lockdownCacheFor(deps);
  return {
    // Read per visit of a coming-soon page (not polled), so no cache: one indexed row.
    launchText: {
      handle: async ({ query }) => {
        const current = await readLaunchText(db);
        return {
          success: true as const,
          text: current.message ? textForLanguage(current.message, current.translations, query.lang ?? 'en') : null,
        };
      },
    },

    adminLaunchText: {
      handle: async ({ auth, body }) => ({
        success: true as const,
        ...keyedMessage('system.launchTextSaved'),
        launchText: await setLaunchText(db, { adminId: auth.userId, text: body }),
      }),
    },

    systemStatus: {
      handle: async ({ query }) => {
        // The reader's language comes as ?lang= (decisions.md §25); without it the message is English.
        const lang = query.lang ?? 'en';
        const state = await lockdown.get();
        const status: SystemStatus = {
          success: true,
          lockdownMode: state.isEnabled,
          ...(state.isEnabled
            ? state.message
              ? keyedMessage('server.verbatim', { text: textForLanguage(state.message, state.translations, lang) })
              : keyedMessage('server.lockdown')
            : {}),
          supportEmail: deps.config.supportEmail,
          estimate: MAINTENANCE_ESTIMATE,
        };
        return status;
      },
    },

    lockdown: {
      handle: async ({ auth, body: input }) => {
        const adminId = auth.userId;
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
        deps.logger.warn(
          { adminId, lockdown: input.enabled },
          input.enabled ? 'lockdown enabled' : 'lockdown disabled',
        );
        return {
          success: true,
          ...keyedMessage(state.isEnabled ? 'system.lockdownEnabled' : 'system.lockdownDisabled'),
          lockdown: {
            enabled: state.isEnabled,
            message: state.message,
            translations: state.translations,
            updatedAt: state.updatedAt!.toISOString(),
          },
        };
      },
    },
  } satisfies Partial<ApiHandlers>;
}
