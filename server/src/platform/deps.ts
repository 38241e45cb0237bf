import type { AppSettings } from '@ziver/shared';
import type { AuthState } from './auth.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import type { Logger } from './logger.js';
import type { Metrics } from './metrics.js';
import type { RedisHandle } from './redis.js';
import type { InvalidationBus } from './invalidation.js';
import type { LockdownCache } from './lockdown.js';
import type { LimiterNames } from './rate-limit.js';
import type { DecodeQueue } from './uploads/decode-queue.js';

/**
 * What every feature's routes are built from. Features receive it; nothing reads globals: every
 * cache, memo and batcher of an app is here, built once per app by createAppState (app.ts),
 * so two apps in one process (tests) share nothing but what they are given (docs/decisions.md §26).
 */
export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  /** Set when REDIS_URL is: state shared by all instances (rate limits). */
  redis?: RedisHandle;
  /** Set when METRICS_TOKEN is: what GET /metrics reports (platform/metrics.ts). */
  metrics?: Metrics;
  /** Heartbeats kept in memory and written in batches (set by startServer; without it they are written at once). */
  presence?: PresenceRecorder;
  /** The one bound on image decoding for every upload route of this process. */
  imageDecodes: DecodeQueue;
} & AppState;

/**
 * The app's in-memory state, created in the composition root (createAppState in app.ts). The
 * mining feature's own (status cache, claim batcher) is built there too and handed to its router.
 */
export type AppState = {
  /** The app's end of the cache invalidation bus: its caches subscribe, its writers publish. */
  invalidations: InvalidationBus;
  /** Verified tokens and the session cache (platform/auth.ts). */
  auth: AuthState;
  /** The mining settings in force, cached (createMiningSettingsCache, features/mining/mining-settings.ts). */
  miningSettings: { get(): Promise<AppSettings> };
  /** The lockdown switch (platform/lockdown.ts). */
  lockdown: LockdownCache;
  /** Creation order of the rate limiters: their Redis prefixes (platform/rate-limit.ts). */
  limiterNames: LimiterNames;
};

/** Heartbeats noted in memory and written in batches (features/users/presence.ts implements it). */
export type PresenceRecorder = {
  /** Notes that the user is active now; written by the next flush. No I/O. */
  record(userId: string): void;
  /** Writes what was noted since the last flush (one statement); safe to call at any time. */
  flush(): Promise<void>;
  /** Stops the timer and flushes what is left (shutdown). */
  close(): Promise<void>;
};
