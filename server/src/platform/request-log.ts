import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Express, Request } from 'express';
import { CONTRACT } from '@ziver/shared';
import { API_PREFIX } from './http.js';
import type { Logger } from './logger.js';
import type { PipelineRequest, RequestConcern } from './request-concern.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The request id: the client's `x-request-id` when it is a safe token, else a new UUID. */
      id: string;
      /** A logger whose lines carry `req: { id, method, url }` (created on first use). */
      log: Logger;
    }
  }
}

/** The health check's URL: the one API request that is not logged. */
const HEALTH_URL = `${API_PREFIX}${CONTRACT.health.path}`;

/** An incoming `x-request-id` is kept only when it is a short plain token. */
const SAFE_REQUEST_ID = /^[\w.-]{1,100}$/;
const LOGGER = Symbol('requestLogger');

type LoggedRequest = Request & { [LOGGER]?: Logger };

/**
 * The request id and log concern (request-pipeline.ts), what pino-http did, for less per request:
 * every response carries `x-request-id`; every API request but /api/health is logged once when
 * it ends with `req: { id, method, url }`, `res: { statusCode }` and `responseTime` (ms) — info
 * below 400, warn for 4xx, error ("request errored") from 500. Nothing is allocated for the log
 * line unless its level is enabled: the line is one call with `req` in it, serialised once.
 * Lines go through the app's logger, so its redaction and error scrubbing apply.
 */
export function requestLogConcern(logger: Logger): RequestConcern {
  return {
    name: 'request id and log',
    headers: (request) => ['x-request-id', request.id],
    end(request, end) {
      const { url } = request;
      if (!url.startsWith(`${API_PREFIX}/`) || url === HEALTH_URL) return;
      writeEndLine(
        logger,
        request,
        end.status,
        Number(end.elapsedNs / 1_000_000n),
        end.isAborted ? 'request aborted' : 'request completed',
        end.isPlannedRefusal,
      );
    },
  };
}

/**
 * `req.log` for Express's handlers (the error handler logs through it): a logger whose lines
 * carry the request's `req: { id, method, url }`, built on first use. A getter on Express's
 * request prototype: no per-request property definition.
 */
export function installRequestLogger(app: Express, logger: Logger): void {
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: LoggedRequest): Logger {
      let log = this[LOGGER];
      if (!log) {
        log = logger.child({ req: { id: this.id, method: this.method, url: this.originalUrl } });
        this[LOGGER] = log;
      }
      return log;
    },
    set(this: LoggedRequest, value: Logger) {
      this[LOGGER] = value;
    },
  });
}

/** The request id: the client's `x-request-id` when it is a safe token, else a new UUID. */
export function requestIdFor(headers: IncomingHttpHeaders): string {
  const incoming = headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * info below 400, warn for 4xx and planned refusals (lockdown: "request refused: lockdown", no
 * stack), error ("request errored") from 500; nothing built for a level that is off.
 */
function writeEndLine(
  log: Logger,
  { id, method, url }: PipelineRequest,
  status: number,
  responseTime: number,
  message: string,
  planned = false,
): void {
  if (planned) {
    if (log.isLevelEnabled('warn'))
      log.warn({ req: { id, method, url }, res: { statusCode: status }, responseTime }, 'request refused: lockdown');
    return;
  }
  if (status >= 500) {
    if (!log.isLevelEnabled('error')) return;
    log.error(
      {
        req: { id, method, url },
        res: { statusCode: status },
        err: new Error(`failed with status code ${status}`),
        responseTime,
      },
      'request errored',
    );
    return;
  }
  const level = status >= 400 ? 'warn' : 'info';
  if (!log.isLevelEnabled(level)) return;
  log[level]({ req: { id, method, url }, res: { statusCode: status }, responseTime }, message);
}
