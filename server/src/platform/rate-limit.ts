import type { RequestHandler } from 'express';
import { rateLimit, type Options } from 'express-rate-limit';
import { SERVER_MESSAGES } from '@ziver/shared';

/**
 * A per-IP limiter answering our error shape with a 429. Limits are per process; behind
 * several instances they multiply, which is acceptable for abuse damping (not accounting).
 */
export function limitRequests(
  config: { isRateLimited: boolean },
  options: {
    windowMs: number;
    limit: number;
    keyGenerator?: Options['keyGenerator'];
    /** Instead of answering 429, mark the request (`res.locals.isRateLimited`) and let the route decide. */
    isDecidedByRoute?: boolean;
  },
): RequestHandler {
  if (!config.isRateLimited) return (_req, _res, next) => next();
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    ...(options.keyGenerator ? { keyGenerator: options.keyGenerator } : {}),
    handler: (_req, res, next, opts) => {
      if (options.isDecidedByRoute) {
        res.locals.isRateLimited = true;
        next();
        return;
      }
      res.status(opts.statusCode).json({ success: false, message: SERVER_MESSAGES.rateLimited, code: 'RATE_LIMITED' });
    },
  });
}
