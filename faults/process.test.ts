// Process-level faults that need no PostgreSQL server: the port already in use, slow clients
// holding sockets, and the embedded PGlite killed (kill -9) mid-claim.
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { spawnApp } from '../scripts/lib/app-process.mjs';
import { freePort } from '../scripts/lib/built-server.mjs';
import { createMixedLoad } from '../scripts/lib/mixed-load.mjs';
import { checkBankInvariant } from './support/invariants.js';
import { expectAliveAndAnswering, expectNoInternalErrors, sleep, untilClaimsAcknowledged } from './support/scenario.js';

type App = Awaited<ReturnType<typeof spawnApp>>;
const apps: App[] = [];
afterAll(async () => {
  for (const app of apps) await app.kill('SIGKILL');
  for (const app of apps) app.removeData();
});

describe('start-up and slow clients', () => {
  it('says the address is in use and exits 1 when the port is taken', async () => {
    const port = await freePort();
    const squatter = net.createServer().listen(port, '127.0.0.1');
    await new Promise((r) => squatter.once('listening', r));
    try {
      const app = await spawnApp({ label: 'faults-port', port, waitHealthy: false });
      apps.push(app);
      // The embedded database opens (and migrates) before the server listens: slow on a busy machine.
      const exited = await Promise.race([app.exit, sleep(100_000).then(() => 'still running')]);
      expect(exited).toEqual({ code: 1, signal: null });
      const output = app.lines.join('\n');
      expect(output).toContain(`Cannot listen on 127.0.0.1:${port}: the address is already in use`);
      expect(output).not.toMatch(/TypeError/);
    } finally {
      squatter.close();
    }
  });

  it('closes a connection whose headers or body arrive too slowly (headersTimeout, requestTimeout)', async () => {
    const app = await spawnApp({
      label: 'faults-slow',
      env: { HTTP_HEADERS_TIMEOUT_SECONDS: '1', HTTP_REQUEST_TIMEOUT_SECONDS: '2' },
    });
    apps.push(app);
    const heldFor = (send: (socket: net.Socket) => void) =>
      new Promise<{ ms: number; answer: string }>((resolve) => {
        const t0 = Date.now();
        let answer = '';
        const socket = net.connect(app.port, '127.0.0.1', () => send(socket));
        socket.on('data', (d) => (answer += d));
        socket.on('error', () => undefined);
        socket.on('close', () => resolve({ ms: Date.now() - t0, answer }));
        // eslint-disable-next-line no-restricted-syntax -- a deadline for a hung socket, not a wait
        setTimeout(() => socket.destroy(), 20_000);
      });
    // Headers never finished.
    const slowHeaders = await heldFor((s) => s.write('GET /api/health HTTP/1.1\r\nHost: x\r\n'));
    // Headers sent, a body of 1000 bytes promised, 10 sent, then a trickle.
    const slowBody = await heldFor((s) => {
      s.write(
        'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":"',
      );
      const drip = setInterval(() => (s.writable ? s.write('a') : clearInterval(drip)), 300);
      s.on('close', () => clearInterval(drip));
    });
    expect(slowHeaders.ms).toBeLessThan(4_000);
    expect(slowBody.ms).toBeLessThan(5_000);
    expect(slowBody.answer).toMatch(/^HTTP\/1\.1 408|^$/);
    await expectAliveAndAnswering(app);
    console.log(
      `[faults] slow clients: headers cut after ${slowHeaders.ms} ms, body after ${slowBody.ms} ms (limits 1 s / 2 s)`,
    );
    await app.stop();
  });
});

describe('embedded PGlite', () => {
  it('recovers when the app is killed (kill -9) mid-claim: every acknowledged claim present, ledger sound', async () => {
    const env = { MINING_CYCLE_HOURS: '0.0002' };
    const app = await spawnApp({ label: 'faults-pglite', env });
    apps.push(app);
    const load = createMixedLoad({ url: app.url, users: 6, workers: 3 });
    await load.seed();
    load.start();
    await untilClaimsAcknowledged(load, 2);
    await sleep(500);
    await app.kill('SIGKILL');
    const second = await spawnApp({ label: 'faults-pglite', env, dataDir: app.dataDir, port: app.port });
    apps.push(second);
    await sleep(2_000);
    await load.stop();
    expectNoInternalErrors(load);
    await expectAliveAndAnswering(second);
    expect((await second.stop())?.code).toBe(0);

    const db = new PGlite(path.join(app.dataDir, 'pgdata'));
    try {
      const report = await checkBankInvariant(
        async (text) => (await db.query<Record<string, unknown>>(text)).rows,
        load.claimsAcknowledged,
      );
      expect(report.breaks).toEqual([]);
      const acknowledged = [...load.claimsAcknowledged.values()].reduce((a, b) => a + b, 0);
      expect(acknowledged).toBeGreaterThan(0);
      console.log(
        `[faults] PGlite kill -9: ${acknowledged} claims acknowledged, ${load.claimsUnknown} cut, ${report.rewards} rewards in the ledger`,
      );
    } finally {
      await db.close();
    }
  });
});
