import type { IncomingHttpHeaders } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { isPlannedRefusal, noStoreConcern } from './http.js';
import type { Logger } from './logger.js';
import { metricsConcern, type Metrics } from './metrics.js';
import { requestIdFor, requestLogConcern } from './request-log.js';
import type { PipelineEnd, PipelineRequest, RequestConcern } from './request-concern.js';
import { securityHeadersConcern, type RecordedHeaders } from './security-headers.js';

export type RequestConcernDeps = {
  logger: Logger;
  /** helmet's headers, recorded once (security-headers.ts). */
  headers: RecordedHeaders;
  /** Set when metrics are on. */
  metrics?: Metrics | undefined;
};

/**
 * The one list of per-request concerns, in the order they apply: a new one is added here and
 * both doors run it (hot-routes.test.ts checks they do). The other per-request rules are one
 * function each that both doors call: the session (resolveTokenCached/readSession in auth.ts),
 * lockdown (isLockdownKnownOff), the contract check (checkAnswer), error answers (appErrorBody
 * through refusalAnswer and errorHandler); rate limits and body parsing run only in Express, so a
 * route that has any is not a hot route (hotRoutesOf in app.ts refuses it).
 */
export function requestConcerns(deps: RequestConcernDeps): RequestConcern[] {
  return [
    ...(deps.metrics ? [metricsConcern(deps.metrics)] : []),
    securityHeadersConcern(deps.headers),
    requestLogConcern(deps.logger),
    noStoreConcern,
  ];
}

/** The request as concerns see it. */
function pipelineRequest(method: string, url: string, headers: IncomingHttpHeaders): PipelineRequest {
  return { id: requestIdFor(headers), method, url, headers };
}

const headersOf = (concerns: readonly RequestConcern[]) =>
  concerns.filter((c): c is RequestConcern & Required<Pick<RequestConcern, 'headers'>> => c.headers !== undefined);
const endsOf = (concerns: readonly RequestConcern[]) =>
  concerns.filter((c): c is RequestConcern & Required<Pick<RequestConcern, 'end'>> => c.end !== undefined);

/**
 * Express's door: the first middleware of the app. Sets `req.id`, each concern's headers, and
 * runs each concern's end when the response closes.
 */
export function expressDoor(concerns: readonly RequestConcern[]): RequestHandler {
  const removed = concerns.flatMap((c) => c.removed ?? []);
  const withHeaders = headersOf(concerns);
  const withEnd = endsOf(concerns);
  return (req: Request, res: Response, next) => {
    const startedAt = process.hrtime.bigint();
    const request = pipelineRequest(req.method, req.url, req.headers);
    req.id = request.id;
    for (const name of removed) res.removeHeader(name);
    for (const concern of withHeaders) {
      const headers = concern.headers(request);
      for (let i = 0; i < headers.length; i += 2) res.setHeader(headers[i]!, headers[i + 1]!);
    }
    if (withEnd.length > 0) {
      res.once('close', () => {
        const end: PipelineEnd = {
          status: res.statusCode,
          isAborted: req.readableAborted || !res.writableEnded,
          elapsedNs: process.hrtime.bigint() - startedAt,
          isPlannedRefusal: isPlannedRefusal(res),
        };
        for (const concern of withEnd) concern.end(request, end);
      });
    }
    next();
  };
}

/** A request taken by the hot door, and when. */
export type HotRequest = { request: PipelineRequest; startedAt: bigint };

/**
 * The hot path's door (platform/hot-routes.ts): `take` when a request is taken, `head` for the
 * answer's header list (the concerns', then the JSON body's), `ended` once it has been written.
 */
export function hotDoor(concerns: readonly RequestConcern[]) {
  const withHeaders = headersOf(concerns);
  const withEnd = endsOf(concerns);
  return {
    take: (method: string, url: string, headers: IncomingHttpHeaders): HotRequest => ({
      request: pipelineRequest(method, url, headers),
      startedAt: process.hrtime.bigint(),
    }),
    head(taken: HotRequest, json: string): string[] {
      const list: string[] = [];
      for (const concern of withHeaders) list.push(...concern.headers(taken.request));
      list.push('content-type', 'application/json; charset=utf-8', 'content-length', String(Buffer.byteLength(json)));
      return list;
    },
    ended(taken: HotRequest, status: number): void {
      // The hot path answers nothing during lockdown (it hands every request to Express then).
      const end: PipelineEnd = {
        status,
        isAborted: false,
        elapsedNs: process.hrtime.bigint() - taken.startedAt,
        isPlannedRefusal: false,
      };
      for (const concern of withEnd) concern.end(taken.request, end);
    },
  };
}
