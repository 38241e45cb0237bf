import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import type { Logger } from './logger.js';
import type { Metrics } from './metrics.js';
import type { RedisHandle } from './redis.js';
import type { DecodeQueue } from './uploads/decode-queue.js';

/** What every feature's routes are built from. Features receive it; nothing reads globals. */
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
