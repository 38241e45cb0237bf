import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { z } from 'zod';
import { CONTRACT, type ContractId, type Endpoint } from '@ziver/shared';
import { optionalAuth, requireAdmin, requireAuth, type AuthContext, type AuthDeps } from './auth.js';
import type { HotRoute } from './hot-routes.js';
import { parseWith } from './http.js';

/**
 * Binds every API call from its contract entry (shared/src/contract/endpoints.ts): the method and
 * path, who may call it (`access`), the parsing of `params`, `query` and a JSON `body` with the
 * entry's schemas, and the success status all come from the entry; a feature only writes what the
 * call does. `ApiHandlers` has one key per entry, so a missing handler, an unknown one or a handler
 * whose answer does not fit the entry's response schema is a compile error (docs/decisions.md §30).
 */

/** The `{name}` parameters of a contract path, as strings. */
type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? { [K in Name | keyof PathParams<Rest>]: string }
  : Record<never, string>;

type Part<E, K extends string, Otherwise> = E extends { [key in K]: infer S extends z.ZodType }
  ? z.output<S>
  : Otherwise;

/** What a route's handler is given: the request parts parsed by the entry's schemas. */
export type RouteInput<E extends Endpoint> = {
  params: Part<E, 'params', PathParams<E['path']>>;
  query: Part<E, 'query', undefined>;
  /** A multipart form is read by the route's own `use` (multer); its schema documents it. */
  body: E extends { bodyType: 'multipart' } ? undefined : Part<E, 'body', undefined>;
  /** The caller: always there for 'user' and 'admin' entries, when signed in for 'optional'. */
  auth: E['access'] extends 'user' | 'admin' ? AuthContext : AuthContext | undefined;
  req: Request;
  res: Response;
};

/** Returned by a handler that wrote its answer itself (bytes, a CSV file, a 304). */
export const SENT: unique symbol = Symbol('answer sent');

/** A handler's answer: the success body (sent with the entry's status), or SENT. */
export type RouteAnswer<E extends Endpoint> = E extends { responseType: 'binary' }
  ? typeof SENT
  : z.input<E['response']> | typeof SENT;

export type RouteHandler<E extends Endpoint> = {
  /** Middleware run after the access check and before the parts are parsed: rate limits, multer. */
  use?: RequestHandler[];
  /** Trusts a session verified moments ago (see resolveToken): for the polled routes. */
  cachedSession?: boolean;
  handle(input: RouteInput<E>): RouteAnswer<E> | Promise<RouteAnswer<E>>;
  /**
   * The plain case answered before Express too (platform/hot-routes.ts), with the same answer as
   * `handle`: for a signed-in GET or POST without path parameters or `use`, with `cachedSession`
   * (hotRoutesOf refuses anything else). Kept only where it saves at least half the CPU of a
   * request (docs/performance.md).
   */
  hot?: Omit<HotRoute, 'id'>;
};

/** One handler per contract entry: what the composition root (app.ts) binds. */
export type ApiHandlers = { [Id in ContractId]: RouteHandler<(typeof CONTRACT)[Id]> };

/** The express form of a contract path: `/referrals/{id}` → `/referrals/:id`. */
export function expressPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

const literalSegments = (path: string) => path.split('/').filter((s) => s && !s.startsWith('{')).length;

/**
 * Where an entry is registered: paths without parameters first (each matches only itself, so
 * their order cannot change an answer), the polled ones (`cachedSession`) at the very front, as
 * Express tries routes in order; then paths with parameters, literal ones before parameters
 * (`/admin/users/export` before `/admin/users/{id}`).
 */
function rank(path: string, route: RouteHandler<Endpoint>): number {
  if (path.includes('{')) return 100 - literalSegments(path);
  return route.cachedSession === true ? 0 : 1;
}

function accessGuards(access: Endpoint['access'], auth: AuthDeps, cachedSession: boolean): RequestHandler[] {
  if (access === 'public') return [];
  if (access === 'optional') return [optionalAuth(auth)];
  const signedIn = requireAuth(auth, { cached: cachedSession });
  return access === 'admin' ? [signedIn, requireAdmin] : [signedIn];
}

function answerWith(entry: Endpoint, route: RouteHandler<Endpoint>): RequestHandler {
  const status = entry.status ?? 200;
  const { params, query } = entry;
  const body = entry.bodyType === 'multipart' ? undefined : entry.body;
  return async (req, res) => {
    const answer = await route.handle({
      params: params ? parseWith(params, req.params) : req.params,
      query: query ? parseWith(query, req.query) : undefined,
      body: body ? parseWith(body, req.body) : undefined,
      auth: req.auth,
      req,
      res,
    } as RouteInput<Endpoint>);
    if (answer !== SENT) res.status(status).json(answer);
  };
}

/**
 * A router answering each contract entry at its path (relative to /api), in `rank` order.
 */
export function contractRouter(handlers: ApiHandlers, auth: AuthDeps): Router {
  const router = Router();
  const rankOf = (id: ContractId) => rank(CONTRACT[id].path, handlers[id] as RouteHandler<Endpoint>);
  const ids = (Object.keys(handlers) as ContractId[]).sort((a, b) => rankOf(a) - rankOf(b));
  for (const id of ids) {
    const entry: Endpoint = CONTRACT[id];
    const route = handlers[id] as RouteHandler<Endpoint>;
    const method = entry.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    router[method](
      expressPath(entry.path),
      ...accessGuards(entry.access, auth, route.cachedSession === true),
      ...(route.use ?? []),
      answerWith(entry, route),
    );
  }
  return router;
}

/**
 * The hot routes of the handlers (their `hot` answers). Throws for one the hot path cannot answer
 * as Express does: path parameters, another method, middleware of its own (a rate limit runs
 * only in Express), or a session that is not the cached one.
 */
export function hotRoutesOf(handlers: ApiHandlers): HotRoute[] {
  const routes: HotRoute[] = [];
  for (const id of Object.keys(handlers) as ContractId[]) {
    const route = handlers[id] as RouteHandler<Endpoint>;
    if (!route.hot) continue;
    const entry: Endpoint = CONTRACT[id];
    const isPlain =
      (entry.method === 'GET' || entry.method === 'POST') &&
      !entry.path.includes('{') &&
      entry.access === 'user' &&
      route.cachedSession === true &&
      (route.use ?? []).length === 0;
    if (!isPlain)
      throw new Error(
        `${id}: a hot route is a signed-in GET or POST with a cached session, no path parameters and no use`,
      );
    routes.push({ id: id as HotRoute['id'], ...route.hot });
  }
  return routes;
}
