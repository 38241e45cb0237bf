import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import type { PresenceRecorder } from '../features/users/presence.js';
import type { Logger } from './logger.js';
import type { RedisHandle } from './redis.js';

/** What every feature's routes are built from. Features receive it; nothing reads globals. */
export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  /** Set when REDIS_URL is: state shared by all instances (rate limits). */
  redis?: RedisHandle;
  /** Heartbeats kept in memory and written in batches (set by startServer; without it they are written at once). */
  presence?: PresenceRecorder;
};
