import { loadConfig, type Config } from '../platform/config.js';
import type { DatabaseHandle } from '../platform/db/client.js';
import { createLogger } from '../platform/logger.js';
import { startServer, type RunningServer } from '../server.js';
import { createTestDatabase } from './test-database.js';

export type ApiResponse<T = any> = { status: number; body: T; headers: Headers };

export type TestServer = RunningServer & {
  config: Config;
  database: DatabaseHandle;
  request<T = any>(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<ApiResponse<T>>;
  get<T = any>(path: string, token?: string): Promise<ApiResponse<T>>;
  post<T = any>(path: string, body?: unknown, token?: string): Promise<ApiResponse<T>>;
  /** Stops the server and drops its database. */
  stop(): Promise<void>;
};

/**
 * The real app on port 0 against a fresh real database. `env` overrides the test defaults.
 * `options.database` runs it on an existing database instead (several instances sharing one);
 * `stop` then leaves that database open.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  { database: sharedDatabase }: { database?: DatabaseHandle } = {},
): Promise<TestServer> {
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      MINIAPP_DIST: '/nonexistent-miniapp-dist',
      ...env,
    },
    { persistSecrets: false },
  );
  const database = sharedDatabase ?? (await createTestDatabase());
  const server = await startServer(config, { database, logger: createLogger(config) });

  const request: TestServer['request'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers['content-type'] ??= 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers,
      body:
        options.body === undefined
          ? undefined
          : typeof options.body === 'string'
            ? options.body
            : JSON.stringify(options.body),
    });
    const text = await res.text();
    let body: any = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      /* keep text */
    }
    return { status: res.status, body, headers: res.headers };
  };

  return {
    ...server,
    config,
    database,
    request,
    get: (path, token) => request('GET', path, { token }),
    post: (path, body, token) => request('POST', path, { body: body ?? {}, token }),
    stop: async () => {
      await server.close();
      if (!sharedDatabase) await database.close();
    },
  };
}
