import { keyedMessage } from '@ziver/shared';
import { SENT, type ApiHandlers } from '../../platform/contract-routes.js';
import { DatabaseUnavailableError, databaseFailureOf } from '../../platform/db/client.js';
import type { AppDeps } from '../../platform/deps.js';

const startedAt = Date.now();
/** A health check answers within about this long even when the database hangs. */
export const HEALTH_PING_TIMEOUT_MS = 2_000;

/** `botStatus` tells what the bot really does (it may still be starting when Telegram is unreachable). */
export function healthRoutes(deps: AppDeps, botStatus: () => 'off' | 'starting' | 'on' = () => 'off') {
  return {
    health: {
      handle: async ({ res }) => {
        const t0 = performance.now();
        let failure: DatabaseUnavailableError | undefined;
        try {
          await deps.database.ping({ timeoutMs: HEALTH_PING_TIMEOUT_MS });
        } catch (e) {
          // The cause in words, never the driver's text (it may carry hosts, users or queries).
          failure = databaseFailureOf(e) ?? new DatabaseUnavailableError('terminated');
        }
        const latencyMs = Math.round((performance.now() - t0) * 100) / 100;
        const uptimeSeconds = Math.round((Date.now() - startedAt) / 1000);
        const { kind } = deps.database;
        if (!failure) {
          return {
            success: true,
            status: 'ok',
            database: { kind, status: 'up', latencyMs },
            uptimeSeconds,
            bot: botStatus(),
          } as const;
        }
        res.status(503).json({
          success: false,
          status: 'degraded',
          code: 'DATABASE_UNAVAILABLE',
          ...keyedMessage('server.databaseUnavailable'),
          database: { kind, status: 'down', latencyMs, error: failure.message, reason: failure.reason },
          uptimeSeconds,
          bot: botStatus(),
        });
        return SENT;
      },
    },
  } satisfies Partial<ApiHandlers>;
}
