import { timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { findEndpoint } from '@ziver/shared';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { BotApiErrorKind } from '@ziver/bot';
import type { DatabaseHandle } from './db/client.js';
import type { OutboxFigure } from './outbox/figures.js';
import { API_PREFIX } from './http.js';
import type { RequestConcern } from './request-concern.js';

/**
 * What an operator watches (docs/operations.md), in Prometheus' text format at GET /metrics.
 * One registry per server, built in the composition root (server.ts) only when METRICS_TOKEN is
 * set: with metrics off nothing is recorded and no request pays for it.
 */
export type Metrics = {
  registry: Registry;
  /** One finished HTTP request: its route template (see routeLabel), method and status. */
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  /** A mining reward credited (one per successful claim). */
  countClaim(): void;
  /** A new account, by how it was made. */
  countSignUp(method: 'password' | 'telegram' | 'google'): void;
  /** A failed Bot API call (each attempt), by kind. */
  countBotApiError(kind: BotApiErrorKind): void;
};

/** Latency buckets in seconds: the API answers in milliseconds; a slow database shows in the top ones. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(options: {
  database: DatabaseHandle;
  /** Read at each scrape: the outbox's figures per channel and kind (platform/outbox/figures.ts). */
  outbox: () => Promise<OutboxFigure[]>;
}): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const { database } = options;

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by route template (the API contract path), method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const claims = new Counter({
    name: 'ziver_claims_total',
    help: 'Mining rewards claimed',
    registers: [registry],
  });
  const signUps = new Counter({
    name: 'ziver_sign_ups_total',
    help: 'Accounts created, by sign-up method',
    labelNames: ['method'] as const,
    registers: [registry],
  });
  const botApiErrors = new Counter({
    name: 'ziver_bot_api_errors_total',
    help: 'Failed Bot API calls (every attempt, retries included), by kind',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'ziver_db_pool_connections',
    help: "Database pool connections in use, and requests waiting for one (PostgreSQL; PGlite's single connection reads 0)",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = database.poolStats?.() ?? { inUse: 0, waiting: 0 };
      this.set({ state: 'in_use' }, stats.inUse);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'ziver_outbox_messages',
    help: 'Outbox messages by channel, kind and state: pending, due (pending past its time), sending, failed, unconfirmed (sent, outcome unknown)',
    labelNames: ['channel', 'kind', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const { channel, kind, ...states } of await options.outbox()) {
        for (const [state, count] of Object.entries(states)) this.set({ channel, kind, state }, count);
      }
    },
  });

  return {
    registry,
    observeRequest: (route, method, status, seconds) =>
      duration.observe({ route, method, status: String(status) }, seconds),
    countClaim: () => claims.inc(),
    countSignUp: (method) => signUps.inc({ method }),
    countBotApiError: (kind) => botApiErrors.inc({ kind }),
  };
}

/**
 * A request's route label: the contract's path template for an API call (`/api/referrals/{id}`),
 * so labels stay few whatever the URLs; `/api/*` for an API path outside the contract, `/metrics`,
 * and `static` for the mini app's files and pages.
 */
export function routeLabel(method: string, url: string): string {
  const path = url.split('?', 1)[0]!;
  if (path === '/metrics') return path;
  if (!path.startsWith(`${API_PREFIX}/`)) return 'static';
  const found = findEndpoint(method, path.slice(API_PREFIX.length));
  return `${API_PREFIX}${found ? found.endpoint.path : '/*'}`;
}

/** The metrics concern (request-pipeline.ts): every request's duration when it ends. */
export function metricsConcern(metrics: Metrics): RequestConcern {
  return {
    name: 'metrics',
    end: ({ method, url }, { status, elapsedNs }) =>
      metrics.observeRequest(routeLabel(method, url), method, status, Number(elapsedNs) / 1e9),
  };
}

/**
 * GET /metrics: 404 while METRICS_TOKEN is unset (as if there were no such page), 401 without
 * `Authorization: Bearer <METRICS_TOKEN>`, else the registry in Prometheus' text format.
 */
export function metricsEndpoint(metrics: Metrics | undefined, token: string | undefined): RequestHandler {
  const expected = token ? Buffer.from(`Bearer ${token}`) : undefined;
  return async (req, res) => {
    if (!metrics || !expected) {
      res.status(404).type('text').send('Not Found');
      return;
    }
    const given = Buffer.from(req.get('authorization') ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res.status(401).set('WWW-Authenticate', 'Bearer realm="metrics"').type('text').send('Unauthorized');
      return;
    }
    res
      .set('Cache-Control', 'no-store')
      .type(metrics.registry.contentType)
      .send(await metrics.registry.metrics());
  };
}
