import type { NextFunction, Request, Response } from 'express';
import { ZodError, type z } from 'zod';
import {
  AppError,
  isSafeText,
  keyedMessage,
  messageKeyOfSchemaText,
  type ErrorCode,
  type KeyedMessage,
} from '@ziver/shared';
import { databaseFailureOf } from './db/client.js';
import type { Logger } from './logger.js';
import type { RequestConcern } from './request-concern.js';

/** Where the API is mounted: every contract path (shared/src/contract) is under it. */
export const API_PREFIX = '/api';

/** Parses a request part with a shared schema; the first issue becomes a 400 with its message and key. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw validationError(result.error);
}

/**
 * The list entry of a zod issue. The shared schemas write their messages as texts of the list
 * (e.g. `error: TELEGRAM_MESSAGES.codeFormat`), so an issue's message is found in the English list;
 * zod's own wording ("Invalid input…", "Too small…") becomes 'Invalid value for <field>'; any
 * other text goes out as written under `server.verbatim` (platform/message-keys.test.ts).
 */
function keyedIssue(issue: z.core.$ZodIssue): KeyedMessage {
  const field = issue.path.join('.');
  const key = messageKeyOfSchemaText(issue.message);
  if (key) return keyedMessage(key);
  if (/^(Invalid input|Invalid option|Too (small|big)|Expected|Unrecognized key)/.test(issue.message) || !issue.message)
    return field ? keyedMessage('server.invalidValueFor', { field }) : keyedMessage('server.invalidValue');
  // A schema text not in the list (yet): sent as written, still with a key clients can rely on.
  return keyedMessage('server.verbatim', { text: issue.message });
}

export function validationError(error: ZodError): AppError {
  const issues = error.issues.map((issue) => ({ field: issue.path.join('.'), ...keyedIssue(issue) }));
  const first = issues[0] ?? { field: '', ...keyedMessage('server.invalidValue') };
  return new AppError('VALIDATION_FAILED', first.messageKey, first.params, issues);
}

/**
 * The Cache-Control of every /api answer: each depends on the caller's session or on live state
 * (lockdown, balances, counts), so no browser or shared cache may keep one. The public ones too:
 * the status poll and health must be live, and none is worth a second, looser rule. Stored
 * files set their own (content-addressed bytes, cached for a year).
 */
export const API_CACHE_CONTROL = 'no-store';

/** A path Express routes to the /api router: `/api` itself or below it, in any case. */
const API_PATH = /^\/api(?:[/?#]|$)/i;
const NO_STORE = ['cache-control', API_CACHE_CONTROL];
const NO_HEADERS: readonly string[] = [];

/** The no-store concern (request-pipeline.ts): every /api answer, errors and refusals too. */
export const noStoreConcern: RequestConcern = {
  name: 'no-store',
  headers: (request) => (API_PATH.test(request.url) ? NO_STORE : NO_HEADERS),
};

/**
 * Path parameters are request text too: a decoded path with a NUL or another control character
 * is a 400 before any route reads it (a lone surrogate cannot be percent-encoded as UTF-8, so
 * decoding it already fails with a 400). Mounted once, it covers every route.
 */
export function rejectUnsafePath(req: Request, _res: Response, next: NextFunction): void {
  let path: string;
  try {
    path = decodeURIComponent(req.path);
  } catch {
    throw new AppError('BAD_REQUEST', 'server.invalidPath');
  }
  if (!isSafeText(path)) throw new AppError('BAD_REQUEST', 'spec.unsafeText');
  next();
}

export function notFoundHandler(req: Request, _res: Response, next: NextFunction): void {
  next(new AppError('NOT_FOUND', 'server.noRoute', { method: req.method, path: `${req.baseUrl}${req.path}` }));
}

/**
 * How long a client should wait before sending again, by code. A full image queue (SERVER_BUSY)
 * drains in seconds: a few large images take about a second each per decode slot.
 */
const RETRY_AFTER_SECONDS: Partial<Record<ErrorCode, number>> = { SERVER_BUSY: 5 };

const PLANNED = Symbol('plannedRefusal');

/**
 * True when the answer is a planned refusal (503 LOCKDOWN: maintenance an operator switched on),
 * which the request log writes as one warn line without a stack, not as a server error.
 */
export const isPlannedRefusal = (res: Response): boolean => (res as { [PLANNED]?: true })[PLANNED] === true;

/**
 * The one error handler: AppErrors become `{success:false, message, messageKey, params, code}`
 * with their status (validation errors add `details`: per field issue, each with its key);
 * body-parser errors become 4xx; anything else is logged in full and answered generically.
 */
export function errorHandler(logger: Logger) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction): void => {
    const appError = toAppError(err);
    if (appError.code === 'DATABASE_UNAVAILABLE') {
      // The cause in words; the driver's error (query text, parameters) is not logged.
      (req.log ?? logger).error({ database: databaseFailureOf(err)?.reason }, 'database unavailable');
    } else if (appError.code === 'LOCKDOWN') {
      (res as { [PLANNED]?: true })[PLANNED] = true;
    } else if (appError.status >= 500) {
      (req.log ?? logger).error({ err }, 'request failed');
    }
    if (res.headersSent) return;
    const retryAfter = RETRY_AFTER_SECONDS[appError.code];
    if (retryAfter !== undefined) res.setHeader('Retry-After', String(retryAfter));
    res.status(appError.status).json(appErrorBody(appError));
  };
}

function appErrorBody(appError: AppError): Record<string, unknown> {
  const body: Record<string, unknown> = {
    success: false,
    message: appError.message,
    messageKey: appError.messageKey,
    params: appError.params,
    code: appError.code,
  };
  if (appError.code === 'VALIDATION_FAILED' && appError.details) body.details = appError.details;
  return body;
}

/**
 * A route's refusal of what the client asked (an AppError with a 4xx status and no Retry-After)
 * as the error handler answers it, for the hot routes; undefined for anything else.
 */
export function refusalAnswer(err: unknown): { status: number; body: Record<string, unknown> } | undefined {
  if (!(err instanceof AppError) || err.status < 400 || err.status >= 500) return undefined;
  if (RETRY_AFTER_SECONDS[err.code] !== undefined) return undefined;
  return { status: err.status, body: appErrorBody(err) };
}

function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof ZodError) return validationError(err);
  // Express 5 throws a URIError (status 400, not exposed) for a malformed percent-encoded path.
  if (databaseFailureOf(err)) return new AppError('DATABASE_UNAVAILABLE', 'server.databaseUnavailable');
  if (err instanceof URIError) return new AppError('BAD_REQUEST', 'server.invalidPath');
  const e = err as { type?: string; status?: number; statusCode?: number; expose?: boolean; message?: string };
  const status = e?.status ?? e?.statusCode;
  if (e?.type === 'entity.parse.failed') return new AppError('BAD_REQUEST', 'server.invalidJson');
  if (e?.type === 'entity.too.large') return new AppError('PAYLOAD_TOO_LARGE', 'server.payloadTooLarge');
  // 4xx errors raised by middleware (static files, body parsing) are the client's: say so.
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (status === 404) return new AppError('NOT_FOUND', 'server.notFound');
    if (status === 413) return new AppError('PAYLOAD_TOO_LARGE', 'server.payloadTooLarge');
    if (status === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE', 'server.unsupportedMediaType');
    return e.expose && e.message
      ? new AppError('BAD_REQUEST', 'server.badRequestReason', { reason: e.message })
      : new AppError('BAD_REQUEST', 'server.badRequest');
  }
  return new AppError('INTERNAL', 'server.internal');
}
