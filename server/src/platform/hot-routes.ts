import type { RequestListener } from 'node:http';
import type { Express } from 'express';
import { bearerToken, resolveToken, type AuthContext, type AuthState } from './auth.js';
import type { Config } from './config.js';
import { contractProblem } from './contract-check.js';
import { API_CACHE_CONTROL, API_PREFIX } from './http.js';
import type { Db } from './db/client.js';
import type { LockdownCache } from './lockdown.js';
import type { Logger } from './logger.js';
import type { Metrics } from './metrics.js';
import { logCompleted, requestIdFor } from './request-log.js';
import type { RecordedHeaders } from './security-headers.js';

/**
 * A signed-in GET route answered before Express: the poll every open app makes every few
 * seconds. Only the plain case is answered here (a live cached session, no body, lockdown off,
 * an answer that keeps its contract); anything else goes to Express, which answers it in full
 * (401, 503 LOCKDOWN, a database error, a contract breach). Both give the same headers, body
 * and log line (hot-routes.test.ts compares them).
 */
export type HotRoute = {
  /** The exact request path, with no query string (`/api/...`). */
  path: string;
  /** The answer for this caller, or undefined to leave the request to Express. */
  answer(auth: AuthContext): Promise<unknown>;
};

export type HotRouteDeps = {
  db: Db;
  config: Pick<Config, 'jwtSecret' | 'contractCheck'>;
  logger: Logger;
  auth: AuthState;
  lockdown: LockdownCache;
  /** The security headers every response carries (the ones Express's middleware sets). */
  headers: RecordedHeaders;
  /** Set when metrics are on: each answer is timed as Express's requests are. */
  metrics?: Metrics | undefined;
};

/**
 * The server's request listener: hot routes first, then the Express app. Saves what Express
 * spends per request before the route's own code (router layers, middleware, response helpers):
 * more than half of a status poll's CPU (docs/performance.md).
 */
export function withHotRoutes(app: Express, deps: HotRouteDeps, routes: HotRoute[]): RequestListener {
  const byPath = new Map(routes.map((route) => [route.path, route]));
  const fixedHeaders = deps.headers.set.flat();
  const { db, config, logger, auth: authState, lockdown } = deps;

  const answer = async (route: HotRoute, token: string, url: string, startedAt: number) => {
    let body: unknown;
    try {
      const auth = await resolveToken(authState, db, config.jwtSecret, token, { cached: true });
      if (!auth) return null;
      body = await route.answer(auth);
    } catch {
      return null; // Express meets the same error and answers it
    }
    if (body === undefined) return null;
    if (config.contractCheck !== 'off' && contractProblem('GET', url.slice(API_PREFIX.length), 200, body)) return null;
    return { json: JSON.stringify(body), startedAt };
  };

  return (req, res) => {
    const url = req.url ?? '';
    const route = req.method === 'GET' ? byPath.get(url) : undefined;
    const { headers } = req;
    const token = route ? bearerToken(req) : null;
    if (
      !route ||
      !token ||
      headers['content-length'] !== undefined ||
      headers['transfer-encoding'] !== undefined ||
      lockdown.peek()?.isEnabled !== false
    ) {
      app(req, res);
      return;
    }
    const startedAt = Date.now();
    const startedAtNs = deps.metrics ? process.hrtime.bigint() : 0n;
    answer(route, token, url, startedAt)
      .then((done) => {
        if (!done) {
          app(req, res);
          return;
        }
        const id = requestIdFor(headers);
        res.writeHead(200, [
          ...fixedHeaders,
          'x-request-id',
          id,
          'cache-control',
          API_CACHE_CONTROL,
          'content-type',
          'application/json; charset=utf-8',
          'content-length',
          String(Buffer.byteLength(done.json)),
        ]);
        res.end(done.json);
        logCompleted(logger, { id, method: 'GET', url }, Date.now() - startedAt);
        deps.metrics?.observeRequest(url, 'GET', 200, Number(process.hrtime.bigint() - startedAtNs) / 1e9);
      })
      .catch((error: unknown) => {
        // Nothing above is expected to throw; if it does, the request still gets an answer.
        logger.error({ err: error }, 'hot route failed');
        if (res.headersSent) res.destroy();
        else app(req, res);
      });
  };
}
