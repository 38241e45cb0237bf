// Profiles the BUILT server on GET /api/mining/status: `node scripts/lib/profile-status.mjs [pglite|postgres]`.
// Starts `node --cpu-prof server/dist/main.js` (on PostgreSQL when PROFILE_DATABASE_URL names a
// throwaway database, else on PGlite), registers 20 users, runs autocannon for PROFILE_SECONDS
// (default 10) with 20 connections, then stops it and prints the top self-time functions of the
// profile. On PostgreSQL it also prints the statements per status request, from the database's
// committed transactions (pg_stat_database.xact_commit; every statement outside a transaction
// is one) over the run.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ROOT, freePort } from './built-server.mjs';

const SECONDS = Number(process.env.PROFILE_SECONDS || 10);
const dbUrl = process.env.PROFILE_DATABASE_URL;
const profDir = process.env.PROFILE_DIR || mkdtempSync(path.join(os.tmpdir(), 'ziver-prof-'));
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ziver-prof-data-'));
const port = await freePort();
const env = {
  ...process.env,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: String(port),
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  LOG_PRETTY: 'false',
  RATE_LIMITS: 'off',
};
delete env.DATABASE_URL;
if (dbUrl) env.DATABASE_URL = dbUrl;
const child = spawn(
  process.execPath,
  ['--cpu-prof', `--cpu-prof-dir=${profDir}`, path.join(ROOT, 'server/dist/main.js')],
  { cwd: dataDir, env, stdio: ['ignore', 'inherit', 'inherit'] },
);
const url = `http://127.0.0.1:${port}`;
for (;;) {
  try {
    if ((await fetch(`${url}/api/health`)).ok) break;
  } catch {
    /* not yet */
  }
  await new Promise((r) => setTimeout(r, 200));
}
const tokens = [];
for (let i = 0; i < 20; i++) {
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: `prof_${port}_${i}`,
      email: `prof_${port}_${i}@example.com`,
      password: 'bench-pass-1',
    }),
  });
  const { token } = await res.json();
  if (i % 2 === 0)
    await fetch(`${url}/api/mining/start`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  tokens.push(token);
}
const { default: pg } = await import('pg');
const commits = async () => {
  if (!dbUrl) return undefined;
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    await client.query('select pg_stat_clear_snapshot()');
    const { rows } = await client.query('select xact_commit from pg_stat_database where datname = current_database()');
    return Number(rows[0].xact_commit);
  } finally {
    await client.end();
  }
};
const commitsBefore = await commits();
let s = 0;
const result = await autocannon({
  url,
  connections: 20,
  duration: SECONDS,
  requests: [
    {
      method: 'GET',
      path: '/api/mining/status',
      setupRequest: (req) => ({
        ...req,
        headers: { ...req.headers, authorization: `Bearer ${tokens[s++ % tokens.length]}` },
      }),
    },
  ],
});
console.log(
  `status: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, non2xx ${result.non2xx}`,
);
if (dbUrl) {
  // Stats reach pg_stat_database within PGSTAT's flush interval (~1 s).
  await new Promise((r) => setTimeout(r, 1500));
  const statements = (await commits()) - commitsBefore - 3; // minus this script's own reads of the counter
  console.log(
    `statements per status request: ${(statements / result.requests.total).toFixed(3)} (${statements} for ${result.requests.total})`,
  );
}
child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
const file = readdirSync(profDir)
  .filter((f) => f.endsWith('.cpuprofile'))
  .map((f) => path.join(profDir, f))
  .pop();
const profile = JSON.parse(readFileSync(file, 'utf8'));
const self = new Map();
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const dt = new Map();
profile.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
let total = 0;
for (const [id, t] of dt) {
  const n = byId.get(id);
  const cf = n.callFrame;
  const key = `${cf.functionName || '(anon)'} ${cf.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(server|shared)\//, '$1/')}:${cf.lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + t);
  total += t;
}
const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.PROFILE_TOP || 40));
for (const [k, t] of top) console.log(`${((t / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
// Self time by package.
const pkg = new Map();
for (const [k, t] of self) {
  const m = /^\S+ (@[^/]+\/[^/]+|[^/:]+)/.exec(k);
  const name = k.includes(' node:') ? 'node:' + (k.split(' node:')[1] ?? '').split(':')[0] : m ? m[1] : k.split(' ')[0];
  pkg.set(name, (pkg.get(name) ?? 0) + t);
}
console.log('--- by package/file ---');
for (const [k, t] of [...pkg].sort((a, b) => b[1] - a[1]).slice(0, 25))
  console.log(`${((t / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
console.log(`profile: ${file}`);
