import { Router } from 'express';
import type { AppDeps } from '../../platform/deps.js';

const startedAt = Date.now();

/** `botStatus` tells what the bot really does (it may still be starting when Telegram is unreachable). */
export function createHealthRouter(deps: AppDeps, botStatus: () => 'off' | 'starting' | 'on' = () => 'off'): Router {
  const router = Router();
  router.get('/', async (_req, res) => {
    const t0 = performance.now();
    let isDatabaseUp = true;
    let error: string | undefined;
    try {
      await deps.database.ping();
    } catch (e) {
      isDatabaseUp = false;
      error = e instanceof Error ? e.message : String(e);
    }
    const database = {
      kind: deps.database.kind,
      status: isDatabaseUp ? 'up' : 'down',
      latencyMs: Math.round((performance.now() - t0) * 100) / 100,
      ...(error ? { error } : {}),
    };
    res.status(isDatabaseUp ? 200 : 503).json({
      success: isDatabaseUp,
      status: isDatabaseUp ? 'ok' : 'degraded',
      ...(isDatabaseUp ? {} : { code: 'UNAVAILABLE', message: 'Database unavailable' }),
      database,
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      bot: botStatus(),
    });
  });
  return router;
}
