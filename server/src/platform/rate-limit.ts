import type { RequestHandler } from 'express';
import { rateLimit, type Options } from 'express-rate-limit';
import { RedisStore } from 'rate-limit-redis';
import { keyedMessage } from '@ziver/shared';
import { networkBlockOf } from './network-block.js';
import type { RedisHandle } from './redis.js';

/** What a limiter needs from the app's dependencies. */
export type RateLimitDeps = { config: { isRateLimited: boolean }; redis?: RedisHandle; limiterNames: LimiterNames };

/** Names the app's limiters in creation order (one per app, AppDeps.limiterNames; see limitRequests). */
export type LimiterNames = { next(): number };

export function createLimiterNames(): LimiterNames {
  let count = 0;
  return { next: () => count++ };
}

/** Redis key prefix for a limiter: `<REDIS_KEY_PREFIX>rl:<n>:`, n its creation order in the app. */
function nextPrefix(deps: RateLimitDeps): string {
  return `${deps.redis?.keyPrefix ?? ''}rl:${deps.limiterNames.next()}:`;
}

/**
 * A per-IP (or per-key) limiter answering our error shape with a 429.
 *
 * With REDIS_URL the counters live in Redis, so a limit holds for a client across every instance
 * behind the load balancer; without it they live in this process. Each limiter counts on its
 * own (as in memory): its Redis prefix is its creation order in the app, the same on every
 * instance running the same build. If Redis is unreachable, requests pass rather than fail.
 */
export function limitRequests(
  deps: RateLimitDeps,
  options: {
    windowMs: number;
    limit: number;
    keyGenerator?: Options['keyGenerator'];
    /** Count per network block (IPv4 /24, IPv6 /48: platform/network-block.ts) instead of per address. */
    perNetworkBlock?: boolean;
    /** Instead of answering 429, mark the request (`res.locals.isRateLimited`) and let the route decide. */
    isDecidedByRoute?: boolean;
    /** Count only the requests that did what is limited (an account created), as `res.locals.isCounted` says once answered. */
    countsOnlyMarked?: boolean;
  },
): RequestHandler {
  if (!deps.config.isRateLimited) return (_req, _res, next) => next();
  const redis = deps.redis;
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    ...(options.keyGenerator ? { keyGenerator: options.keyGenerator } : {}),
    // Grouping IPv6 addresses by /48 is what express-rate-limit's IPv6 check asks for.
    ...(options.perNetworkBlock
      ? {
          keyGenerator: (req) => networkBlockOf(req.ip) ?? req.ip ?? 'unknown',
          validate: { keyGeneratorIpFallback: false },
        }
      : {}),
    ...(options.countsOnlyMarked
      ? { skipFailedRequests: true, requestWasSuccessful: (_req, res) => res.locals.isCounted === true }
      : {}),
    ...(redis
      ? {
          store: new RedisStore({
            prefix: nextPrefix(deps),
            sendCommand: (...args: string[]) => redis.client.sendCommand(args),
          }),
          passOnStoreError: true,
        }
      : {}),
    handler: (_req, res, next, opts) => {
      if (options.isDecidedByRoute) {
        res.locals.isRateLimited = true;
        next();
        return;
      }
      res.status(opts.statusCode).json({ success: false, ...keyedMessage('server.rateLimited'), code: 'RATE_LIMITED' });
    },
  });
}
