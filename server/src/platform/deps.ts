import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import type { Logger } from './logger.js';

/** What every feature's routes are built from. Features receive it; nothing reads globals. */
export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
};
