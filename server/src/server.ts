import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';
import type { Config } from './platform/config.js';
import { openDatabase, type DatabaseHandle } from './platform/db/client.js';
import type { AppDeps } from './platform/deps.js';
import { listenForInvalidations } from './platform/invalidation.js';
import { createLogger, type Logger } from './platform/logger.js';
import { startTelegram, type TelegramHandle } from './platform/telegram.js';

export type RunningServer = {
  url: string;
  port: number;
  deps: AppDeps;
  close(): Promise<void>;
};

/**
 * Opens the database (running migrations), starts the bot when configured, and listens.
 * `database` may be passed in (tests share one); then `close` leaves it open.
 */
export async function startServer(
  config: Config,
  options: { logger?: Logger; database?: DatabaseHandle } = {},
): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config);
  const database =
    options.database ??
    (await openDatabase({
      url: config.databaseUrl,
      dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pgdata`,
      poolMax: config.databasePoolMax,
    }));
  const deps: AppDeps = { config, database, logger };
  // Caches (sessions, settings) serve entries only while other instances' changes are heard.
  const stopListening = await listenForInvalidations(database, logger);
  const telegram: TelegramHandle = await startTelegram(deps);
  // A reachable Bot API answers in milliseconds; an unreachable one must not hold up the API.
  await Promise.race([telegram.ready, new Promise((resolve) => setTimeout(resolve, 3_000).unref())]);
  const app = createApp(deps, {
    telegramWebhook: telegram.webhook,
    botStatus: telegram.status,
    checkChannelMembership: telegram.checkChannelMembership,
    botUsername: telegram.botUsername,
  });

  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(config.port, config.host, () => resolve(s));
    s.once('error', reject);
  });
  server.keepAliveTimeout = 65_000;
  const port = (server.address() as AddressInfo).port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const url = `http://${host}:${port}`;
  logger.info({ url, database: database.kind }, 'server listening');

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    deps,
    close: () =>
      (closing ??= (async () => {
        await telegram.stop();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
          setTimeout(() => server.closeAllConnections(), 5_000).unref();
        });
        await stopListening();
        if (!options.database) await database.close();
      })()),
  };
}
