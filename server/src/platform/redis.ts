import { createClient } from 'redis';
import type { Logger } from './logger.js';

function createRedisClient(url: string) {
  return createClient({ url });
}

export type RedisClient = ReturnType<typeof createRedisClient>;

/** The one Redis connection of an app instance (REDIS_URL), shared by everything that needs it. */
export type RedisHandle = {
  client: RedisClient;
  /** REDIS_KEY_PREFIX: every key this app writes starts with it. */
  keyPrefix: string;
  close(): Promise<void>;
};

/**
 * Connects to Redis. Connection errors after start-up are logged (message only: the URL may
 * carry a password) and the client reconnects on its own; users of the handle decide how to
 * degrade meanwhile (rate limits let requests through).
 */
export async function connectRedis(
  { url, keyPrefix }: { url: string; keyPrefix: string },
  logger: Logger,
): Promise<RedisHandle> {
  const client = createRedisClient(url);
  let lastError = '';
  client.on('error', (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    if (message === lastError) return;
    lastError = message;
    logger.warn({ error: message }, 'redis connection error');
  });
  client.on('ready', () => {
    lastError = '';
  });
  await client.connect();
  let closing: Promise<void> | undefined;
  return {
    client,
    keyPrefix,
    close: () =>
      (closing ??= client.close().catch(() => {
        client.destroy();
      })),
  };
}
