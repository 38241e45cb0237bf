import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAppState, createRequestListener } from './app.js';
import type { Config } from './platform/config.js';
import { databaseFailureOf, openDatabase, type DatabaseHandle } from './platform/db/client.js';
import type { AppDeps } from './platform/deps.js';
import { createPresenceRecorder } from './features/users/presence.js';
import { createIntegrityJob, type IntegrityJob } from './features/integrity/integrity-job.js';
import { createLogger, type Logger } from './platform/logger.js';
import { createMetrics } from './platform/metrics.js';
import { outboxFigures } from './platform/outbox/figures.js';
import { connectRedis } from './platform/redis.js';
import { createDecodeQueue } from './platform/uploads/decode-queue.js';
import { configureImageDecoding } from './platform/uploads/images.js';
import { startMail } from './start-mail.js';
import { startPush } from './start-push.js';
import { startTelegram, type TelegramHandle } from './start-telegram.js';

export type RunningServer = {
  url: string;
  port: number;
  deps: AppDeps;
  /** The periodic integrity run (risk scores and rings); `runNow` runs it at once. */
  integrity: IntegrityJob;
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
      poolMin: config.databasePoolMax,
      timeouts: config.databaseTimeouts,
      onConnectionError: (error) =>
        logger.warn({ database: databaseFailureOf(error)?.reason ?? 'error' }, 'database connection lost'),
    }));
  const redis = config.redisUrl
    ? await connectRedis({ url: config.redisUrl, keyPrefix: config.redisKeyPrefix }, logger)
    : undefined;
  const presence = createPresenceRecorder({ db: database.db, logger, flushIntervalMs: config.presenceFlushMs });
  // Metrics only when someone may read them: with METRICS_TOKEN unset nothing is recorded.
  const metrics = config.metricsToken
    ? createMetrics({
        database,
        outbox: () => outboxFigures(database.db),
      })
    : undefined;
  configureImageDecoding();
  const imageDecodes = createDecodeQueue(config.imageDecodes);
  const deps: AppDeps = {
    config,
    database,
    logger,
    presence,
    imageDecodes,
    ...createAppState({ config, database, logger }),
    ...(redis ? { redis } : {}),
    ...(metrics ? { metrics } : {}),
  };
  // Caches (sessions, settings) serve entries only while other instances' changes are heard.
  const stopListening = await deps.invalidations.listen(database, logger);
  const telegram: TelegramHandle = await startTelegram(deps);
  // The outbox's channels: Telegram's lanes start with the bot (start-telegram.ts), mail's and push's here.
  const mail = startMail(deps);
  const push = startPush(deps);
  // A reachable Bot API answers in milliseconds; an unreachable one must not hold up the API.
  await Promise.race([telegram.ready, new Promise((resolve) => setTimeout(resolve, 3_000).unref())]);
  const listener = createRequestListener(deps, {
    telegramWebhook: telegram.webhook,
    botStatus: telegram.status,
    checkChannelMembership: telegram.checkChannelMembership,
    botUsername: telegram.botUsername,
    sendAdminMessage: telegram.sendAdminMessage,
    savePreparedInlineMessage: telegram.savePreparedInlineMessage,
  });

  const server: Server = createServer(
    {
      headersTimeout: config.http.headersTimeoutMs,
      requestTimeout: config.http.requestTimeoutMs,
      // How often Node checks the two timeouts above (its default, 30 s, would let them overrun).
      connectionsCheckingInterval: Math.min(1_000, config.http.headersTimeoutMs),
    },
    listener,
  );
  server.keepAliveTimeout = 65_000;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    // Everything started above is stopped, as close() does: the LISTEN connection held by the
    // invalidations listener would otherwise keep a pg pool's end() waiting forever.
    await telegram.stop().catch(() => undefined);
    await mail?.stop().catch(() => undefined);
    await push?.stop().catch(() => undefined);
    await presence.close().catch(() => undefined);
    await redis?.close().catch(() => undefined);
    await stopListening().catch(() => undefined);
    if (!options.database) await database.close().catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') {
      throw new ListenError(config.host, config.port, code, { cause: error });
    }
    throw error;
  }
  const integrity = createIntegrityJob({ db: database.db, logger, intervalMs: config.integrityIntervalMs });
  const port = (server.address() as AddressInfo).port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const url = `http://${host}:${port}`;
  logger.info({ url, database: database.kind, redis: Boolean(redis) }, 'server listening');

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    deps,
    integrity,
    close: () =>
      (closing ??= (async () => {
        // Requests in flight first (webhook updates among them), while the bot and the pool still
        // serve them; then the bot, whose stop is bounded (an unreachable Bot API cannot hold it).
        await drainHttp(server, config.shutdownTimeoutMs, logger);
        await telegram.stop();
        await mail?.stop();
        await push?.stop();
        await integrity.close();
        // Heartbeats still in memory are written before the pool closes.
        await presence.close();
        await redis?.close();
        await stopListening();
        if (!options.database) await database.close();
      })()),
  };
}

/** The address the server could not listen on, in words (`npm start` prints it and exits 1). */
export class ListenError extends Error {
  override name = 'ListenError';
  constructor(host: string, port: number, code: string, options?: { cause?: unknown }) {
    const where = `${host.includes(':') ? `[${host}]` : host}:${port}`;
    const why =
      code === 'EADDRINUSE'
        ? 'the address is already in use (another process is listening there). Stop it or set PORT to a free port.'
        : code === 'EACCES'
          ? 'permission denied (ports below 1024 need privileges). Set PORT to 1024 or above.'
          : 'the address is not available on this machine. Check HOST.';
    super(`Cannot listen on ${where}: ${why}`, options);
  }
}

/**
 * Graceful stop: no new connections; requests in flight may finish for up to `timeoutMs`,
 * idle keep-alive connections are closed as soon as they are idle; what is left is cut.
 * Resolves once no request handler is running, so the pool can be closed after it.
 */
async function drainHttp(server: Server, timeoutMs: number, logger: Logger): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), 50);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    if ((await Promise.race([closed, timedOut])) === 'timeout') {
      logger.warn({ timeoutMs }, 'requests still running after the shutdown timeout; cutting their connections');
      server.closeAllConnections();
      await closed;
    }
  } finally {
    clearInterval(sweep);
    clearTimeout(timer);
  }
}
