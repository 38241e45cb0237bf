#!/usr/bin/env node
// `npm run bench`: HTTP throughput and latency of the BUILT server, the mini app's bundle size,
// and its page load in Chromium. Run `npm run build` first. About a minute on PGlite; set
// BENCH_DATABASE_URL=postgres://… to also measure against a PostgreSQL server (a throwaway
// database is created there and dropped after). BENCH_SECONDS changes the per-endpoint duration.
// `-- --only status,claims,heartbeats,history,bundle,page` runs only those sections; claims
// (in-process and over HTTP, both against pgbench), heartbeats and history need
// BENCH_DATABASE_URL (scripts/lib/bench-*.mjs). `status` also measures the heartbeat and
// GET /api/system/status against the bare Express endpoint of the same run.
// Writes bench/results/latest.json.
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { runCannon as runCannonFor } from './lib/cannon.mjs';
import { MINIAPP_INDEX, ROOT, assertBuilt, startBuiltServer } from './lib/built-server.mjs';
import { benchClaims, runPgbench } from './lib/bench-claims.mjs';
import { benchClaimsOverHttp } from './lib/bench-claims-http.mjs';
import { benchHeartbeats } from './lib/bench-heartbeats.mjs';
import { benchHistory } from './lib/bench-history.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const USERS = 20;
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const PASSWORD = 'bench-pass-1';
/** Client count of the claim load and of pgbench, the same in both. */
const CLAIM_CLIENTS = Number(process.env.BENCH_CLAIM_CLIENTS || 20);
const SECTIONS = ['status', 'claims', 'heartbeats', 'history', 'bundle', 'page'];
/** `npm run bench -- --only claims,history`: run only these sections (default: all). */
function selectedSections(argv) {
  const at = argv.indexOf('--only');
  if (at === -1) return new Set(SECTIONS);
  const list = (argv[at + 1] ?? '').split(',').filter(Boolean);
  const unknown = list.filter((s) => !SECTIONS.includes(s));
  if (list.length === 0 || unknown.length) throw new Error(`--only takes a list of: ${SECTIONS.join(', ')}`);
  return new Set(list);
}

const log = (message) => console.log(`[bench] ${message}`);

async function api(url, method, pathname, { body, token } = {}) {
  const res = await fetch(`${url}${pathname}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => undefined);
  if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Registers users; half of them start a cycle so the status endpoint sees both shapes. */
async function seedUsers(url) {
  const run = randomBytes(3).toString('hex');
  const users = [];
  for (let i = 0; i < USERS; i++) {
    const email = `bench_${run}_${i}@example.com`;
    const { token } = await api(url, 'POST', '/api/auth/register', {
      body: { username: `bench_${run}_${i}`, email, password: PASSWORD },
    });
    if (i % 2 === 0) await api(url, 'POST', '/api/mining/start', { token });
    users.push({ email, token });
  }
  return users;
}

/** The bare Express reference (scripts/lib/bare-express.mjs) in its own process, measured like the status. */
async function benchBareExpress() {
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/lib/bare-express.mjs')], {
    cwd: path.join(ROOT, 'server'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const [chunk] = await once(child.stdout, 'data');
    const url = String(chunk).trim();
    const max = await runCannon('bare Express JSON (reference)', { url: `${url}/json`, connections: 20 }, child.pid);
    const half = await runCannon('bare Express JSON at half its max rate', {
      url: `${url}/json`,
      connections: 20,
      overallRate: Math.max(1, Math.round(max.requestsPerSec / 2)),
    });
    return [max, half].map((r) => ({ database: 'none', ...r }));
  } finally {
    child.kill('SIGTERM');
  }
}

/** runCannon (scripts/lib/cannon.mjs) for BENCH_SECONDS. */
const runCannon = (name, options, pid) => runCannonFor(name, options, pid, SECONDS);

async function benchHttp(label, env) {
  log(`${label}: starting the built server…`);
  const server = await startBuiltServer({
    label: `bench-${label}`,
    env: { RATE_LIMITS: 'off', LOG_LEVEL: 'warn', ...env },
    quiet: true,
    // A loaded machine can take well over a minute to create the embedded database.
    timeoutMs: 300_000,
  });
  try {
    const users = await seedUsers(server.url);
    log(`${label}: ${users.length} users registered; ${SECONDS} s per endpoint`);
    let s = 0;
    let l = 0;
    const results = [];
    results.push(await runCannon('GET /api/health', { url: `${server.url}/api/health`, connections: 20 }));
    results.push(
      await runCannon(
        'GET /api/mining/status',
        {
          url: server.url,
          connections: 20,
          requests: [
            {
              method: 'GET',
              path: '/api/mining/status',
              setupRequest: (req) => ({
                ...req,
                headers: { ...req.headers, authorization: `Bearer ${users[s++ % users.length].token}` },
              }),
            },
          ],
        },
        server.pid,
      ),
    );
    // p99 at half the status endpoint's own maximum rate (the latency target is set there).
    const statusMax = results[results.length - 1].requestsPerSec;
    results.push(
      await runCannon('GET /api/mining/status at half its max rate', {
        url: server.url,
        connections: 20,
        overallRate: Math.max(1, Math.round(statusMax / 2)),
        requests: [
          {
            method: 'GET',
            path: '/api/mining/status',
            setupRequest: (req) => ({
              ...req,
              headers: { ...req.headers, authorization: `Bearer ${users[s++ % users.length].token}` },
            }),
          },
        ],
      }),
    );
    let h = 0;
    results.push(
      await runCannon(
        'POST /api/user/heartbeat',
        {
          url: server.url,
          connections: 20,
          requests: [
            {
              method: 'POST',
              path: '/api/user/heartbeat',
              setupRequest: (req) => ({
                ...req,
                headers: { ...req.headers, authorization: `Bearer ${users[h++ % users.length].token}` },
              }),
            },
          ],
        },
        server.pid,
      ),
    );
    results.push(
      await runCannon(
        'GET /api/system/status',
        { url: `${server.url}/api/system/status`, connections: 20 },
        server.pid,
      ),
    );
    results.push(
      await runCannon('POST /api/auth/login', {
        url: server.url,
        connections: 10,
        requests: [
          {
            method: 'POST',
            path: '/api/auth/login',
            setupRequest: (req) => ({
              ...req,
              headers: { ...req.headers, 'content-type': 'application/json' },
              body: JSON.stringify({ email: users[l++ % users.length].email, password: PASSWORD }),
            }),
          },
        ],
      }),
    );
    return results.map((r) => ({ database: label, ...r }));
  } finally {
    await server.stop();
  }
}

/** A throwaway database on the server named by BENCH_DATABASE_URL, dropped afterwards. */
async function withBenchDatabase(baseUrl, fn) {
  const { default: pg } = await import('pg');
  const name = `ziver_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch((e) =>
      log(`could not drop ${name}: ${e.message}`),
    );
  }
}

function measureBundle() {
  const dist = path.join(ROOT, 'miniapp/dist');
  if (!existsSync(path.join(dist, 'index.html'))) return { skipped: 'mini app not built' };
  const assets = path.join(dist, 'assets');
  const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
  const files = readdirSync(assets).filter((f) => /\.(js|css)$/.test(f));
  const sizes = Object.fromEntries(files.map((f) => [f, gz(path.join(assets, f))]));
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\/?assets\/([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  const uniqueInitial = [...new Set(initial)].filter((f) => f in sizes);
  const sum = (list) => list.reduce((total, f) => total + sizes[f], 0);
  return {
    files: files.length,
    totalGzipBytes: sum(files),
    jsGzipBytes: sum(files.filter((f) => f.endsWith('.js'))),
    cssGzipBytes: sum(files.filter((f) => f.endsWith('.css'))),
    initialFiles: uniqueInitial,
    initialGzipBytes: sum(uniqueInitial),
  };
}

async function measurePageLoad() {
  if (!existsSync(CHROMIUM)) return { skipped: `no Chromium at ${CHROMIUM}` };
  if (!existsSync(MINIAPP_INDEX)) return { skipped: 'mini app not built' };
  const { chromium } = await import('playwright-core');
  const server = await startBuiltServer({ label: 'bench-page', env: { RATE_LIMITS: 'off' }, quiet: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  try {
    const runs = [];
    for (let i = 0; i < 6; i++) {
      // A fresh context each time: empty cache, no stored session (a cold first visit).
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const t0 = performance.now();
      await page.goto(`${server.url}/login`, { waitUntil: 'commit' });
      await page.locator('input[name="password"]').waitFor({ state: 'visible', timeout: 30_000 });
      const ms = performance.now() - t0;
      if (i > 0) runs.push(Math.round(ms)); // the first run warms the server's file cache
      await context.close();
    }
    const sorted = [...runs].sort((a, b) => a - b);
    return { runsMs: runs, medianMs: sorted[Math.floor(sorted.length / 2)] };
  } finally {
    await browser.close();
    await server.stop();
  }
}

function printTable(rows) {
  const header = ['database', 'endpoint', 'conns', 'req/s', 'p50 ms', 'p97.5 ms', 'p99 ms', 'non-2xx', 'errors'];
  const body = rows.map((r) => [
    r.database,
    r.name,
    r.connections,
    r.requestsPerSec,
    r.latencyMs.p50,
    r.latencyMs.p97_5,
    r.latencyMs.p99,
    r.non2xx,
    r.errors,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => String(row[i]).length)));
  const line = (cells) =>
    cells.map((c, i) => (i < 2 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of body) console.log(line(row));
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

async function main() {
  const only = selectedSections(process.argv.slice(2));
  assertBuilt({ needsMiniapp: false });
  const t0 = Date.now();
  const http = [];
  let reference = [];
  if (only.has('status')) {
    log('reference: bare Express JSON endpoint…');
    reference = await benchBareExpress();
    http.push(...reference, ...(await benchHttp('pglite', {})));
    if (process.env.BENCH_DATABASE_URL) {
      http.push(
        ...(await withBenchDatabase(process.env.BENCH_DATABASE_URL, (url) =>
          benchHttp('postgres', { DATABASE_URL: url }),
        )),
      );
    }
  }
  let claims;
  if (only.has('claims')) {
    if (!process.env.BENCH_DATABASE_URL) claims = { skipped: 'BENCH_DATABASE_URL not set' };
    else {
      const withDb = (fn) => withBenchDatabase(process.env.BENCH_DATABASE_URL, fn);
      log(`claims: pgbench -M prepared -b simple-update, ${CLAIM_CLIENTS} clients, ${SECONDS} s (reference)…`);
      const pgbenchTps = await runPgbench(withDb, { clients: CLAIM_CLIENTS, seconds: SECONDS });
      const load = await benchClaims(withDb, { clients: CLAIM_CLIENTS, seconds: SECONDS, log });
      const overHttp = await benchClaimsOverHttp(withDb, { clients: CLAIM_CLIENTS, seconds: SECONDS, log });
      claims = {
        pgbenchTps,
        ...load,
        claimsVsPgbench: Number((load.claimsPerSec / pgbenchTps).toFixed(3)),
        overHttp: { ...overHttp, claimsVsPgbench: Number((overHttp.claimsPerSec / pgbenchTps).toFixed(3)) },
      };
    }
  }
  let heartbeats;
  if (only.has('heartbeats')) {
    heartbeats = process.env.BENCH_DATABASE_URL
      ? await benchHeartbeats((fn) => withBenchDatabase(process.env.BENCH_DATABASE_URL, fn), { log })
      : { skipped: 'BENCH_DATABASE_URL not set' };
  }
  let history;
  if (only.has('history')) {
    history = process.env.BENCH_DATABASE_URL
      ? await benchHistory((fn) => withBenchDatabase(process.env.BENCH_DATABASE_URL, fn), { log })
      : { skipped: 'BENCH_DATABASE_URL not set' };
  }
  const bundle = only.has('bundle') ? measureBundle() : { skipped: 'not selected' };
  let pageLoad = { skipped: 'not selected' };
  if (only.has('page')) {
    log('page load: /login until the form is visible, Chromium, 5 cold runs…');
    pageLoad = await measurePageLoad();
  }

  if (http.length) printTable(http);
  // Ratios against the reference measured in this run: the figures the targets are set on.
  const bare = reference[0]?.requestsPerSec;
  const ratios = http
    .filter((r) => r.name === 'GET /api/mining/status')
    .map((r) => {
      const half = http.find(
        (h) => h.database === r.database && h.name === 'GET /api/mining/status at half its max rate',
      );
      const heartbeat = http.find((h) => h.database === r.database && h.name === 'POST /api/user/heartbeat');
      const system = http.find((h) => h.database === r.database && h.name === 'GET /api/system/status');
      return {
        database: r.database,
        heartbeatVsBareExpress: Number((heartbeat.requestsPerSec / bare).toFixed(3)),
        heartbeatCpuUsPerRequest: heartbeat.cpuUsPerRequest,
        systemStatusVsBareExpress: Number((system.requestsPerSec / bare).toFixed(3)),
        systemStatusCpuUsPerRequest: system.cpuUsPerRequest,
        statusVsBareExpress: Number((r.requestsPerSec / bare).toFixed(3)),
        statusP99AtHalfRateMs: half?.latencyMs.p99,
        statusCpuUsPerRequest: r.cpuUsPerRequest,
        bareCpuUsPerRequest: reference[0]?.cpuUsPerRequest,
      };
    });
  for (const r of ratios) {
    console.log(
      `status on ${r.database}: ${(r.statusVsBareExpress * 100).toFixed(1)}% of bare Express req/s; p99 at half its max rate ${r.statusP99AtHalfRateMs} ms; ` +
        `server CPU ${r.statusCpuUsPerRequest} µs per request (bare Express ${r.bareCpuUsPerRequest} µs: ${r.statusCpuUsPerRequest ? ((r.bareCpuUsPerRequest / r.statusCpuUsPerRequest) * 100).toFixed(1) : '?'}% on one core)`,
    );
    console.log(
      `  heartbeat: ${(r.heartbeatVsBareExpress * 100).toFixed(1)}% of bare Express req/s (${r.heartbeatCpuUsPerRequest} µs per request); ` +
        `GET /api/system/status: ${(r.systemStatusVsBareExpress * 100).toFixed(1)}% (${r.systemStatusCpuUsPerRequest} µs)`,
    );
  }
  if (claims?.skipped) console.log(`\nclaims: skipped (${claims.skipped})`);
  else if (claims) {
    console.log(
      `\nclaims: ${claims.claimsPerSec}/s with ${claims.clients} clients = ${(claims.claimsVsPgbench * 100).toFixed(1)}% of pgbench prepared simple-update (${claims.pgbenchTps} TPS); ` +
        `${claims.statementsPerClaim} statements per claim (${claims.statementsPerReferredFirstClaim} on a referred friend's first claim, ${claims.statementsPerRefusedClaim} refused; ${claims.statementsPerClaimUnderLoad} under load, where claims share statements); ` +
        `latency p50 ${claims.latencyMs.p50} ms, p99 ${claims.latencyMs.p99} ms; ` +
        `${claims.claimed} claimed, ${claims.refusedRaces} racing duplicates refused, ${claims.failed} failed; ` +
        `double credits ${claims.doubleCredits}, ledger and balances ${claims.consistent ? 'consistent' : `INCONSISTENT ${JSON.stringify(claims.checks)}`}`,
    );
    const h = claims.overHttp;
    console.log(
      `claims over HTTP (the built server, ${h.clients} connections): ${h.claimsPerSec}/s = ${(h.claimsVsPgbench * 100).toFixed(1)}% of pgbench; ` +
        `server CPU ${h.serverCpuUsPerClaim} µs and ${h.statementsPerClaim} statements per claim; latency p50 ${h.latencyMs.p50} ms, p99 ${h.latencyMs.p99} ms; ` +
        `${h.claimed} claimed, ${h.refusedOrFailed} refused or failed; ledger and balances ${h.consistent ? 'consistent' : `INCONSISTENT ${JSON.stringify(h.checks)}`}`,
    );
  }
  if (heartbeats?.skipped) console.log(`\nheartbeats: skipped (${heartbeats.skipped})`);
  else if (heartbeats) {
    console.log(
      `\nheartbeats: ${heartbeats.rowWritesPerHeartbeat} row writes per heartbeat (${heartbeats.rowWrites} for ${heartbeats.heartbeats} heartbeats of ${heartbeats.users} users over ${heartbeats.simulatedMinutes} simulated minutes), ` +
        `${(heartbeats.hotShare * 100).toFixed(1)}% HOT; flush of ${heartbeats.users} users: median ${heartbeats.flushMsMedian} ms, max ${heartbeats.flushMsMax} ms`,
    );
  }
  if (history?.skipped) console.log(`\nhistory: skipped (${history.skipped})`);
  else if (history) {
    console.log(
      `\nhistory (${history.entries} entries, ${history.limit} a page): page 1 p50 ${history.page1Ms.p50} ms p99 ${history.page1Ms.p99} ms; ` +
        `page ${history.lastPage} p50 ${history.deepPageMs.p50} ms p99 ${history.deepPageMs.p99} ms; deep/page 1 p99 ${history.deepVsPage1P99}×`,
    );
    if (process.argv.includes('--explain')) {
      console.log(`EXPLAIN page 1:\n${history.explainPage1.join('\n')}`);
      console.log(`EXPLAIN page ${history.lastPage}:\n${history.explainDeepPage.join('\n')}`);
    }
  }
  console.log(
    bundle.skipped
      ? `\nmini app bundle: skipped (${bundle.skipped})`
      : `\nmini app bundle (gzip): total ${kb(bundle.totalGzipBytes)} (js ${kb(bundle.jsGzipBytes)}, css ${kb(bundle.cssGzipBytes)}, ${bundle.files} files); initial ${kb(bundle.initialGzipBytes)} (${bundle.initialFiles.join(', ')})`,
  );
  console.log(
    pageLoad.skipped
      ? `page load: skipped (${pageLoad.skipped})`
      : `page load /login → form visible: median ${pageLoad.medianMs} ms (runs ${pageLoad.runsMs.join(', ')} ms)`,
  );

  const results = {
    date: new Date().toISOString(),
    machine: {
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      platform: `${os.platform()} ${os.release()}`,
    },
    secondsPerEndpoint: SECONDS,
    http,
    ratios,
    claims,
    heartbeats,
    history,
    bundle,
    pageLoad,
    totalSeconds: Math.round((Date.now() - t0) / 1000),
  };
  const outDir = path.join(ROOT, 'bench/results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  log(`wrote bench/results/latest.json (${results.totalSeconds} s)`);
}

await main();
