import type { NextFunction, Request, Response } from 'express';
import { ZodError, type z } from 'zod';
import { AppError, SERVER_MESSAGES } from '@ziver/shared';
import type { Logger } from './logger.js';

/** Parses a request part with a shared schema; the first issue becomes a 400 with its message. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw validationError(result.error);
}

export function validationError(error: ZodError): AppError {
  const issue = error.issues[0];
  const field = issue?.path.join('.');
  const message =
    issue?.message && !/^Invalid input/.test(issue.message)
      ? issue.message
      : `Invalid value${field ? ` for ${field}` : ''}`;
  return new AppError(
    'VALIDATION_FAILED',
    message,
    error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
  );
}

export function notFoundHandler(req: Request, _res: Response, next: NextFunction): void {
  next(new AppError('NOT_FOUND', `No route for ${req.method} ${req.baseUrl}${req.path}`));
}

/**
 * The one error handler: AppErrors become `{success:false, message, code}` with their status;
 * body-parser errors become 4xx; anything else is logged in full and answered generically.
 */
export function errorHandler(logger: Logger) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction): void => {
    const appError = toAppError(err);
    if (appError.status >= 500) {
      (req.log ?? logger).error({ err }, 'request failed');
    }
    if (res.headersSent) return;
    const body: Record<string, unknown> = { success: false, message: appError.message, code: appError.code };
    if (appError.code === 'VALIDATION_FAILED' && appError.details) body.details = appError.details;
    res.status(appError.status).json(body);
  };
}

function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof ZodError) return validationError(err);
  // Express 5 throws a URIError (status 400, not exposed) for a malformed percent-encoded path.
  if (err instanceof URIError) return new AppError('BAD_REQUEST', 'The request path is not valid');
  const e = err as { type?: string; status?: number; statusCode?: number; expose?: boolean; message?: string };
  const status = e?.status ?? e?.statusCode;
  if (e?.type === 'entity.parse.failed') return new AppError('BAD_REQUEST', SERVER_MESSAGES.invalidJson);
  if (e?.type === 'entity.too.large') return new AppError('PAYLOAD_TOO_LARGE', SERVER_MESSAGES.payloadTooLarge);
  // 4xx errors raised by middleware (static files, body parsing) are the client's: say so.
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (status === 404) return new AppError('NOT_FOUND', SERVER_MESSAGES.notFound);
    if (status === 413) return new AppError('PAYLOAD_TOO_LARGE', SERVER_MESSAGES.payloadTooLarge);
    if (status === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported media type');
    return new AppError('BAD_REQUEST', e.expose && e.message ? e.message : 'Bad request');
  }
  return new AppError('INTERNAL', SERVER_MESSAGES.internal);
}
