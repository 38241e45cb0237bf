#!/usr/bin/env node
// `npm run soak [-- --minutes N]` (not in CI): N minutes (default 5, or SOAK_MINUTES) of steady
// mixed traffic (register, login, mining start/claim/status, history) on the BUILT server, first
// on embedded PGlite, then on PostgreSQL (a throwaway cluster from Debian's binaries, or
// SOAK_DATABASE_URL). Prints, per minute: requests, p50/p99 latency and the server's resident
// memory; then the last minute against the first as ratios (flat is ~1.0). Run `npm run build` first.
import { spawnSync } from 'node:child_process';
import { ROOT } from './lib/built-server.mjs';
import { spawnApp } from './lib/app-process.mjs';
import { createMixedLoad } from './lib/mixed-load.mjs';
import { clusterUnavailableReason, startCluster } from './lib/pg-cluster.mjs';

const args = process.argv.slice(2);
const minutesAt = args.indexOf('--minutes');
const MINUTES = Number(minutesAt >= 0 ? args[minutesAt + 1] : process.env.SOAK_MINUTES || 5);
const MINUTE_MS = Number(process.env.SOAK_MINUTE_MS || 60_000); // shorter "minutes" for a quick try
if (!(MINUTES > 0)) {
  console.error('--minutes needs a positive number');
  process.exit(2);
}
const log = (m) => console.log(`[soak] ${m}`);

async function soak(label, env) {
  const app = await spawnApp({
    label: `soak-${label}`,
    env: { MINING_CYCLE_HOURS: '0.0005', LOG_LEVEL: 'warn', ...env },
  });
  const load = createMixedLoad({ url: app.url, users: 20, workers: 4 });
  await load.seed();
  log(`${label}: ${MINUTES} × ${MINUTE_MS / 1000} s of mixed traffic, 4 concurrent clients, 20+ users`);
  console.log('  minute  requests   p50 ms   p99 ms   rss MB   5xx');
  const rows = [];
  let serverErrors = 0;
  load.start();
  for (let minute = 1; minute <= MINUTES; minute++) {
    const since = Date.now();
    const before5xx = Object.entries(load.stats.byStatus).reduce((n, [s, c]) => (Number(s) >= 500 ? n + c : n), 0);
    await new Promise((r) => setTimeout(r, MINUTE_MS));
    const l = load.latencySince(since);
    const now5xx = Object.entries(load.stats.byStatus).reduce((n, [s, c]) => (Number(s) >= 500 ? n + c : n), 0);
    const row = { minute, ...l, rssMb: app.rssMb(), fivexx: now5xx - before5xx };
    serverErrors += row.fivexx;
    rows.push(row);
    console.log(
      `  ${String(minute).padStart(6)}  ${String(l.count).padStart(8)}  ${String(l.p50).padStart(7)}  ${String(l.p99).padStart(7)}  ${String(row.rssMb).padStart(7)}  ${String(row.fivexx).padStart(4)}`,
    );
  }
  await load.stop();
  await app.stop();
  app.removeData();
  const first = rows[0];
  const last = rows.at(-1);
  const ratio = (a, b) => (b ? (a / b).toFixed(2) : 'n/a');
  log(
    `${label}: last minute / first minute — requests ${ratio(last.count, first.count)}, p50 ${ratio(last.p50, first.p50)}, ` +
      `p99 ${ratio(last.p99, first.p99)}, memory ${ratio(last.rssMb, first.rssMb)}; ${serverErrors} × 5xx, ` +
      `${load.stats.errors.cut + load.stats.errors.timeout} cut or timed out`,
  );
  return serverErrors;
}

const build = spawnSync(process.execPath, ['node_modules/typescript7/bin/tsc', '-b'], { cwd: ROOT, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

let failures = await soak('pglite', {});
let cluster;
let url = process.env.SOAK_DATABASE_URL;
if (!url) {
  const reason = clusterUnavailableReason();
  if (reason) log(`PostgreSQL part skipped: ${reason} (or set SOAK_DATABASE_URL)`);
  else {
    cluster = await startCluster({ label: 'soak' });
    url = cluster.url;
  }
}
try {
  if (url) failures += await soak('postgres', { DATABASE_URL: url });
} finally {
  cluster?.destroy();
}
process.exit(failures ? 1 : 0);
