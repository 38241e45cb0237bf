import type { IncomingHttpHeaders, RequestListener } from 'node:http';
import type { Express } from 'express';
import { CONTRACT, type ContractId } from '@ziver/shared';
import {
  bearerToken,
  isAuthContext,
  readSession,
  resolveTokenCached,
  type AuthContext,
  type AuthState,
  type TokenClaims,
} from './auth.js';
import type { Config } from './config.js';
import { checkAnswer, contractProblem } from './contract-check.js';
import { API_PREFIX, refusalAnswer } from './http.js';
import { isLockdownKnownOff, type LockdownCache } from './lockdown.js';
import { IDEMPOTENCY_HEADER } from './idempotency.js';
import type { Logger } from './logger.js';
import type { RequestConcern } from './request-concern.js';
import { hotDoor, type HotRequest } from './request-pipeline.js';

/** The entries a hot route may answer: GETs and POSTs whose path has no parameters. */
type HotRouteId = {
  [Id in ContractId]: (typeof CONTRACT)[Id] extends { method: 'GET' | 'POST'; path: infer P }
    ? P extends `${string}{${string}`
      ? never
      : Id
    : never;
}[ContractId];

/**
 * A signed-in route answered before Express: the status poll every open app makes every few
 * seconds, the heartbeat and the claim. Only the plain case is answered here (a live session, no
 * body, lockdown off, an answer that keeps its contract, or the route's refusal of it);
 * anything else goes to Express, which answers it in full (401, 503 LOCKDOWN, a database error,
 * a contract breach). Both give the same headers, body and log line (hot-routes.test.ts
 * compares them).
 */
export type HotRoute = {
  /**
   * The contract entry answered (a GET or a POST without parameters): its method and path under
   * /api. A POST is answered here only without a body (none, or Content-Length 0).
   */
  id: HotRouteId;
  /**
   * The answer for this caller, or undefined to leave the request to Express. A refusal (an
   * AppError with a 4xx status) is answered here as Express's error handler would; any other
   * throw leaves it to Express too, which then runs the whole request: an answer that writes (a
   * POST) must throw or return undefined only before it has changed anything. Once it has an
   * answer, it is sent from here whatever happens (a POST's answer breaking its contract is
   * logged and answered 500 in strict mode, as checkResponses does).
   */
  answer(auth: AuthContext): Promise<unknown>;
  /**
   * For a session the session cache does not know (often a caller's first request on this
   * instance), instead of reading it first: the answer with the session checked by the route's
   * own statement as it acts (LIVE_SESSION_CONDITIONS), or undefined when it is not live, which
   * leaves the request to Express (401). The same rules as `answer` otherwise.
   */
  answerCheckingSession?(claims: TokenClaims): Promise<unknown>;
};

export type HotRouteDeps = {
  config: Pick<Config, 'jwtSecret' | 'contractCheck'>;
  logger: Logger;
  auth: AuthState;
  lockdown: Pick<LockdownCache, 'peek'>;
  /** The app's per-request concerns (request-pipeline.ts), the ones Express's door runs. */
  concerns: readonly RequestConcern[];
};

/**
 * The server's request listener: hot routes first, then the Express app. Saves what Express
 * spends per request before the route's own code (router layers, middleware, response helpers):
 * more than half of a status poll's CPU (docs/performance.md).
 */
export function withHotRoutes(app: Express, deps: HotRouteDeps, routes: HotRoute[]): RequestListener {
  const byKey = new Map(
    routes.map((route) => [`${CONTRACT[route.id].method} ${API_PREFIX}${CONTRACT[route.id].path}`, route]),
  );
  const { config, logger, auth: authState, lockdown } = deps;
  const door = hotDoor(deps.concerns);

  type Answered = { status: number; json: string };
  const answer = async (route: HotRoute, { request }: HotRequest, token: string): Promise<Answered | null> => {
    const { method, url } = request;
    let status = (CONTRACT[route.id] as { status?: number }).status ?? 200;
    let body: unknown;
    try {
      const known = resolveTokenCached(authState, config.jwtSecret, token);
      if (!known) return null;
      if (isAuthContext(known)) body = await route.answer(known);
      else if (route.answerCheckingSession) body = await route.answerCheckingSession(known);
      else {
        const auth = await readSession(authState, known);
        if (!auth) return null;
        body = await route.answer(auth);
      }
    } catch (error) {
      // A refusal (a claim not ready) has changed nothing: answered here as Express would. Any
      // other error: Express meets it again and answers it.
      const refusal = refusalAnswer(error);
      if (!refusal) return null;
      ({ status, body } = refusal);
    }
    if (body === undefined) return null;
    if (config.contractCheck === 'off') return { status, json: JSON.stringify(body) };
    const path = url.slice(API_PREFIX.length);
    // A GET is answered again by Express, which meets the same breach; a POST has written.
    if (method === 'GET')
      return contractProblem(method, path, status, body) ? null : { status, json: JSON.stringify(body) };
    const req = { id: request.id, method, url };
    const checked = checkAnswer(config.contractCheck, logger, { method, path, status, body }, { req });
    return { status: checked.status, json: JSON.stringify(checked.body) };
  };

  /** No body: a GET without Content-Length, a POST without one or with 0, and never chunked. */
  const hasNoBody = (method: string, headers: IncomingHttpHeaders) =>
    headers['transfer-encoding'] === undefined &&
    (headers['content-length'] === undefined || (method === 'POST' && headers['content-length'] === '0'));

  return (req, res) => {
    const url = req.url ?? '';
    const method = req.method ?? '';
    const route = method === 'GET' || method === 'POST' ? byKey.get(`${method} ${url}`) : undefined;
    const { headers } = req;
    const token = route ? bearerToken(req) : null;
    // An Idempotency-Key is Express's: its answer is stored with the credit (platform/idempotency.ts).
    const isPlain = (): boolean => hasNoBody(method, headers) && headers[IDEMPOTENCY_HEADER] === undefined;
    if (!route || !token || !isPlain() || !isLockdownKnownOff(lockdown)) {
      app(req, res);
      return;
    }
    const taken = door.take(method, url, headers);
    let answered = false;
    answer(route, taken, token)
      .then((done) => {
        if (!done) {
          app(req, res);
          return;
        }
        answered = true;
        res.writeHead(done.status, door.head(taken, done.json));
        res.end(done.json);
        door.ended(taken, done.status);
      })
      .catch((error: unknown) => {
        // Nothing above is expected to throw; if it does, the request still gets an answer, from
        // Express unless this answer has written (a POST's): it is not run twice.
        logger.error({ err: error }, 'hot route failed');
        if (res.headersSent || (answered && method !== 'GET')) res.destroy();
        else app(req, res);
      });
  };
}
