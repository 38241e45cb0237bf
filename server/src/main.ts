import { existsSync } from 'node:fs';
import { ConfigError, loadConfig } from './platform/config.js';
import { DataDirLockedError } from './platform/db/client.js';
import { ListenError, startServer } from './server.js';

// A local .env is optional; nothing is required to run.
if (existsSync('.env')) process.loadEnvFile('.env');

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

let server: Awaited<ReturnType<typeof startServer>>;
try {
  server = await startServer(config);
} catch (error) {
  if (error instanceof DataDirLockedError || error instanceof ListenError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const log = server.deps.logger;

let isShuttingDown = false;
async function shutdown(signal: string) {
  if (isShuttingDown) return;
  isShuttingDown = true;
  log.info({ signal }, 'shutting down');
  // Requests get config.shutdownTimeoutMs to finish; stopping the bot, the final flushes and
  // closing the pool get 10 s more.
  const force = setTimeout(() => {
    log.error('shutdown took too long; exiting');
    process.exit(1);
  }, config.shutdownTimeoutMs + 10_000);
  force.unref();
  try {
    await server.close();
    log.info('stopped');
    process.exit(0);
  } catch (error) {
    log.error({ err: error }, 'error while shutting down');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
