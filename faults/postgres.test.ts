// Database faults on a real PostgreSQL: a throwaway cluster (initdb on a free port), the built
// server under a steady mixed load, and the fault: stop -m fast, pg_terminate_backend, every
// process paused, the app killed mid-claim, SIGTERM with requests in flight. After each: the
// bank invariant in SQL and "the process is alive and answering" (or exited cleanly).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@ziver/shared';
import { clusterUnavailableReason, startCluster } from '../scripts/lib/pg-cluster.mjs';
import { spawnApp } from '../scripts/lib/app-process.mjs';
import { createMixedLoad, request } from '../scripts/lib/mixed-load.mjs';
import { checkBankInvariant } from './support/invariants.js';
import {
  expectAliveAndAnswering,
  expectCleanLogs,
  expectNoInternalErrors,
  sleep,
  untilClaimsAcknowledged,
  userWithFinishedCycle,
} from './support/scenario.js';

const CYCLE_HOURS = '0.0002'; // 0.72 s: the load claims many cycles
const CYCLE_MS = 720;
const WORDS = /^(The database|No database|The connection to the database)/;

const unavailable = clusterUnavailableReason();
if (unavailable && process.env.CI === 'true') {
  throw new Error(`The PostgreSQL fault tests cannot run in CI: ${unavailable}`);
}
if (unavailable) console.warn(`[faults] PostgreSQL fault tests SKIPPED: ${unavailable}`);

type Cluster = Awaited<ReturnType<typeof startCluster>>;
type App = Awaited<ReturnType<typeof spawnApp>>;

describe.skipIf(!!unavailable)('PostgreSQL faults under load', () => {
  let cluster: Cluster;
  const apps: App[] = [];
  const start = async (env: Record<string, string> = {}, reuse?: App) => {
    const app = await spawnApp({
      label: 'faults-pg',
      env: { DATABASE_URL: cluster.url, MINING_CYCLE_HOURS: CYCLE_HOURS, LOG_LEVEL: 'info', ...env },
      ...(reuse ? { dataDir: reuse.dataDir, port: reuse.port } : {}),
    });
    apps.push(app);
    return app;
  };
  const invariant = async (claims: Map<string, number>) => {
    const report = await checkBankInvariant((text) => cluster.query(text), claims);
    expect(report.breaks).toEqual([]);
    return report;
  };
  const loadOn = async (app: App) => {
    const load = createMixedLoad({ url: app.url, users: 8, workers: 4 });
    await load.seed();
    load.start();
    return load;
  };

  beforeAll(async () => {
    cluster = await startCluster({ label: 'faults' });
  });
  afterAll(async () => {
    for (const app of apps) await app.kill('SIGKILL');
    for (const app of apps) app.removeData();
    cluster?.destroy();
  });

  it('stays up when PostgreSQL stops (pg_ctl stop -m fast), answers 503 DATABASE_UNAVAILABLE, and recovers by itself', async () => {
    const app = await start();
    const load = await loadOn(app);
    await sleep(2_000);
    const linesBefore = app.lines.length;
    cluster.stop();
    const stoppedAt = Date.now();
    await sleep(1_000);

    const health = await request(app.url, 'GET', '/api/health', { timeoutMs: 5_000 });
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ success: false, code: 'DATABASE_UNAVAILABLE', database: { status: 'down' } });
    expect(health.body.database.error).toMatch(WORDS);
    const status = await request(app.url, 'GET', '/api/mining/status', { token: load.accounts[0].token });
    expect(status.status).toBe(503);
    expect(status.body).toEqual({
      success: false,
      code: 'DATABASE_UNAVAILABLE',
      message: SERVER_MESSAGES.databaseUnavailable,
      messageKey: 'server.databaseUnavailable',
      params: {},
    });
    await sleep(4_000);
    const outageLines = app.lines.length - linesBefore;

    cluster.start();
    const recoveredInMs = await expectAliveAndAnswering(app);
    await sleep(1_500);
    await load.stop();
    const report = await invariant(load.claimsAcknowledged);
    expectNoInternalErrors(load);
    expectCleanLogs(app.lines);
    // 5 s of outage under load: repeated error lines are rate-limited, not one per request.
    expect(outageLines).toBeLessThan(150);
    expect(load.stats.byCode.DATABASE_UNAVAILABLE ?? 0).toBeGreaterThan(0);
    console.log(
      `[faults] stop -m fast: ${Date.now() - stoppedAt} ms outage, ${load.stats.total} requests, ` +
        `${load.stats.byCode.DATABASE_UNAVAILABLE} × 503, 0 × 500, ${outageLines} log lines during the outage, ` +
        `healthy ${recoveredInMs} ms after restart, ${report.rewards} rewards / ${report.claimedCycles} claimed cycles`,
    );
    await app.stop();
  });

  it('stays up when its sessions are terminated (pg_terminate_backend) mid-transaction', async () => {
    const app = await start();
    const load = await loadOn(app);
    let terminated = 0;
    for (let i = 0; i < 5; i++) {
      await sleep(700);
      terminated += await cluster.terminateBackends();
    }
    await expectAliveAndAnswering(app);
    await sleep(1_000);
    await load.stop();
    const report = await invariant(load.claimsAcknowledged);
    expectNoInternalErrors(load);
    expectCleanLogs(app.lines);
    expect(terminated).toBeGreaterThan(0);
    console.log(
      `[faults] pg_terminate_backend: ${terminated} sessions ended in 5 rounds, ${load.stats.total} requests, ` +
        `${load.stats.byCode.DATABASE_UNAVAILABLE ?? 0} × 503, 0 × 500, ${report.rewards} rewards`,
    );
    await app.stop();
  });

  it('answers within its timeouts while PostgreSQL is paused (SIGSTOP), naming the cause, and recovers', async () => {
    const app = await start({ DATABASE_STATEMENT_TIMEOUT_SECONDS: '2', DATABASE_CONNECT_TIMEOUT_SECONDS: '2' });
    const load = await loadOn(app);
    await sleep(1_500);
    cluster.pause();
    try {
      await sleep(500);
      const health = await request(app.url, 'GET', '/api/health', { timeoutMs: 10_000 });
      expect(health.status).toBe(503);
      expect(health.ms).toBeLessThan(3_500);
      expect(['timeout', 'connect-timeout']).toContain(health.body.database.reason);
      expect(health.body.database.error).toMatch(WORDS);
      // A call that must read the database (its session is checked afresh, the ledger read).
      const history = await request(app.url, 'GET', '/api/transactions', {
        token: load.accounts[1].token,
        timeoutMs: 15_000,
      });
      expect(history.status).toBe(503);
      expect(history.body.code).toBe('DATABASE_UNAVAILABLE');
      expect(history.ms).toBeLessThan(7_500);
      // The mining status poll may be answered from this instance's caches (session, status
      // row: nothing can change them while the database is stopped), else with the same 503;
      // either way within the timeouts.
      const status = await request(app.url, 'GET', '/api/mining/status', {
        token: load.accounts[1].token,
        timeoutMs: 15_000,
      });
      expect([200, 503]).toContain(status.status);
      if (status.status === 503) expect(status.body.code).toBe('DATABASE_UNAVAILABLE');
      expect(status.ms).toBeLessThan(7_500);
      await sleep(2_000);
    } finally {
      cluster.resume();
    }
    const recoveredInMs = await expectAliveAndAnswering(app);
    await sleep(1_500);
    await load.stop();
    const report = await invariant(load.claimsAcknowledged);
    expectNoInternalErrors(load);
    console.log(
      `[faults] paused: ${load.stats.total} requests, ${load.stats.byCode.DATABASE_UNAVAILABLE ?? 0} × 503, ` +
        `0 × 500, healthy ${recoveredInMs} ms after resume, ${report.rewards} rewards`,
    );
    await app.stop();
  });

  it('keeps every acknowledged claim when the app is killed (kill -9) mid-claim and restarted', async () => {
    const app = await start();
    const load = await loadOn(app);
    await untilClaimsAcknowledged(load, 3);
    await sleep(500);
    await app.kill('SIGKILL');
    await sleep(500);
    const second = await start({}, app);
    await sleep(2_000);
    await load.stop();
    const report = await invariant(load.claimsAcknowledged);
    expectNoInternalErrors(load);
    await expectAliveAndAnswering(second);
    console.log(
      `[faults] kill -9: ${[...load.claimsAcknowledged.values()].reduce((a, b) => a + b, 0)} claims acknowledged, ` +
        `${load.claimsUnknown} cut, ${report.rewards} rewards in the ledger`,
    );
    await second.stop();
  });

  it('SIGTERM: stops accepting, lets requests in flight finish (longer than 5 s), then closes the pool', async () => {
    const app = await start({
      SHUTDOWN_TIMEOUT_SECONDS: '20',
      DATABASE_STATEMENT_TIMEOUT_SECONDS: '30',
      DATABASE_CONNECT_TIMEOUT_SECONDS: '30',
    });
    const user = await userWithFinishedCycle(app.url, CYCLE_MS, 'term');
    const other = await userWithFinishedCycle(app.url, 0, 'term2');
    await request(app.url, 'GET', '/api/mining/status', { token: other.token }); // warm pool connections
    cluster.pause();
    let inFlight: Promise<Awaited<ReturnType<typeof request>>>[] = [];
    try {
      inFlight = [
        request(app.url, 'POST', '/api/mining/claim', { token: user.token }),
        request(app.url, 'GET', '/api/mining/status', { token: other.token }),
        request(app.url, 'GET', '/api/transactions?page=1&limit=20', { token: other.token }),
      ];
      await sleep(300);
      app.kill('SIGTERM');
      await sleep(6_500);
      const late = await request(app.url, 'GET', '/api/health', { timeoutMs: 2_000 });
      expect(late.error).toBe('refused');
      expect(app.isAlive()).toBe(true);
    } finally {
      cluster.resume();
    }
    const [claim, status, history] = await Promise.all(inFlight);
    expect(claim.status).toBe(200);
    expect(status.status).toBe(200);
    expect(history.status).toBe(200);
    const exited = await app.exit;
    expect(exited).toEqual({ code: 0, signal: null });
    await invariant(new Map([[user.email, 1]]));
    expectCleanLogs(app.lines);
  });

  it('SIGTERM past the shutdown timeout: the cut claim, retried, gets a clear answer and is credited once', async () => {
    const app = await start({ SHUTDOWN_TIMEOUT_SECONDS: '1', DATABASE_STATEMENT_TIMEOUT_SECONDS: '30' });
    const user = await userWithFinishedCycle(app.url, CYCLE_MS, 'cut');
    cluster.pause();
    let claim;
    try {
      const pending = request(app.url, 'POST', '/api/mining/claim', { token: user.token });
      await sleep(300);
      app.kill('SIGTERM');
      claim = await pending;
      expect(claim.error).toBe('cut');
    } finally {
      cluster.resume();
    }
    const exited = await app.exit;
    expect(exited?.code).toBe(0);
    const second = await start({}, app);
    const retry = await request(second.url, 'POST', '/api/mining/claim', { token: user.token });
    if (retry.status === 409) {
      expect(retry.body).toEqual({
        success: false,
        code: 'MINING_NOT_STARTED',
        message: SERVER_MESSAGES.miningNotStarted,
        messageKey: 'server.miningNotStarted',
        params: {},
      });
    } else {
      expect(retry.status).toBe(200);
    }
    const [row] = await cluster.query(
      `select count(t.id)::int as n from users u join transactions t on t.user_id = u.id and t.type = 'mining_reward' and t.currency = 'ZP' where u.email = $1`,
      [user.email],
    );
    expect(row.n).toBe(1);
    await invariant(new Map([[user.email, 1]]));
    console.log(
      `[faults] SIGTERM cut claim: retry answered ${retry.status} ${retry.body?.code ?? ''}; 1 reward in the ledger`,
    );
    await second.stop();
  });
});
