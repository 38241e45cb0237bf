import { Router } from 'express';
import { keyedMessage } from '@ziver/shared';
import { DatabaseUnavailableError, databaseFailureOf } from '../../platform/db/client.js';
import type { AppDeps } from '../../platform/deps.js';

const startedAt = Date.now();
/** A health check answers within about this long even when the database hangs. */
export const HEALTH_PING_TIMEOUT_MS = 2_000;

/** `botStatus` tells what the bot really does (it may still be starting when Telegram is unreachable). */
export function createHealthRouter(deps: AppDeps, botStatus: () => 'off' | 'starting' | 'on' = () => 'off'): Router {
  const router = Router();
  router.get('/', async (_req, res) => {
    const t0 = performance.now();
    let failure: DatabaseUnavailableError | undefined;
    try {
      await deps.database.ping({ timeoutMs: HEALTH_PING_TIMEOUT_MS });
    } catch (e) {
      // The cause in words, never the driver's text (it may carry hosts, users or queries).
      failure = databaseFailureOf(e) ?? new DatabaseUnavailableError('terminated');
    }
    const isDatabaseUp = !failure;
    const database = {
      kind: deps.database.kind,
      status: isDatabaseUp ? 'up' : 'down',
      latencyMs: Math.round((performance.now() - t0) * 100) / 100,
      ...(failure ? { error: failure.message, reason: failure.reason } : {}),
    };
    res.status(isDatabaseUp ? 200 : 503).json({
      success: isDatabaseUp,
      status: isDatabaseUp ? 'ok' : 'degraded',
      ...(isDatabaseUp ? {} : { code: 'DATABASE_UNAVAILABLE', ...keyedMessage('server.databaseUnavailable') }),
      database,
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      bot: botStatus(),
    });
  });
  return router;
}
