import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Express, Request, RequestHandler, Response } from 'express';
import { CONTRACT } from '@ziver/shared';
import { API_PREFIX, isPlannedRefusal } from './http.js';
import type { Logger } from './logger.js';

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
const FIELDS = Symbol('requestFields');

export type RequestFields = { id: string; method: string; url: string };
type LoggedRequest = Request & { [LOGGER]?: Logger; [FIELDS]?: RequestFields };

/**
 * Request ids and request logging (what pino-http did, for less per request): every response
 * carries `x-request-id`; every API request but /api/health is logged once when it ends with
 * `req: { id, method, url }`, `res: { statusCode }` and `responseTime` (ms) — info below 400,
 * warn for 4xx, error ("request errored") from 500. Nothing is allocated for the log line unless
 * its level is enabled, and `req.log` (used by the error handler) is only built when something
 * logs through it: the end-of-request line is one call with `req` in it, serialised once. Lines
 * go through the app's logger, so its redaction and error scrubbing apply.
 */
export function requestLogging(app: Express, logger: Logger): RequestHandler {
  // A getter on Express's request prototype: no per-request property definition.
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: LoggedRequest): Logger {
      let log = this[LOGGER];
      if (!log) {
        log = logger.child({ req: this[FIELDS] ?? fieldsOf(this) });
        this[LOGGER] = log;
      }
      return log;
    },
    set(this: LoggedRequest, value: Logger) {
      this[LOGGER] = value;
    },
  });

  return (req, res, next) => {
    const id = requestIdFor(req.headers);
    res.setHeader('x-request-id', id);
    req.id = id;
    // The fields as they are now: routers rewrite req.url as they route.
    (req as LoggedRequest)[FIELDS] = fieldsOf(req);
    const url = req.url;
    if (url.startsWith(`${API_PREFIX}/`) && url !== HEALTH_URL) {
      const startedAt = Date.now();
      const done = () => {
        res.removeListener('finish', done);
        res.removeListener('close', done);
        logEnd(logger, req, res, Date.now() - startedAt);
      };
      res.on('finish', done);
      res.on('close', done);
    }
    next();
  };
}

/** The request id: the client's `x-request-id` when it is a safe token, else a new UUID. */
export function requestIdFor(headers: IncomingHttpHeaders): string {
  const incoming = headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * The line requestLogging writes when an answer ends, for a route answered outside Express
 * (platform/hot-routes.ts): same fields, same level, same message.
 */
export function logCompleted(logger: Logger, fields: RequestFields, status: number, responseTime: number): void {
  writeEndLine(logger, { req: fields }, status, responseTime, 'request completed');
}

function fieldsOf(req: Request): RequestFields {
  return { id: req.id, method: req.method, url: req.originalUrl };
}

function logEnd(logger: Logger, req: Request, res: Response, responseTime: number): void {
  const message = !req.readableAborted && res.writableEnded ? 'request completed' : 'request aborted';
  // One line, one serialisation: a child logger (req.log) would serialise `req` once more to
  // make its bindings, for a single line. Unless something else logged through req.log.
  const log = (req as LoggedRequest)[LOGGER];
  const planned = isPlannedRefusal(res);
  if (log) writeEndLine(log, {}, res.statusCode, responseTime, message, planned);
  else
    writeEndLine(
      logger,
      { req: (req as LoggedRequest)[FIELDS] ?? fieldsOf(req) },
      res.statusCode,
      responseTime,
      message,
      planned,
    );
}

/**
 * info below 400, warn for 4xx and planned refusals (lockdown: "request refused: lockdown", no
 * stack), error ("request errored") from 500; nothing built for a level that is off.
 */
function writeEndLine(
  log: Logger,
  bindings: { req?: RequestFields },
  status: number,
  responseTime: number,
  message: string,
  planned = false,
): void {
  if (planned) {
    if (log.isLevelEnabled('warn'))
      log.warn({ ...bindings, res: { statusCode: status }, responseTime }, 'request refused: lockdown');
    return;
  }
  if (status >= 500) {
    if (!log.isLevelEnabled('error')) return;
    log.error(
      { ...bindings, res: { statusCode: status }, err: new Error(`failed with status code ${status}`), responseTime },
      'request errored',
    );
    return;
  }
  const level = status >= 400 ? 'warn' : 'info';
  if (!log.isLevelEnabled(level)) return;
  log[level]({ ...bindings, res: { statusCode: status }, responseTime }, message);
}
