// `npm run bench -- --only claims`, over HTTP: the BUILT server (`node server/dist/main.js`, as
// in production) on a throwaway PostgreSQL database, real HTTP clients (autocannon) sending
// POST /api/mining/claim with the same client count as pgbench. Every request is a real claim
// that credits: each user (seeded like the in-process load: a finished cycle each, one in five
// referred) has a session and claims once, in a shuffled order. Afterwards the same SQL checks
// as in-process (no double credit, ledger and balances agree), and the server's CPU time per
// claim. BENCH_CPU_PROF_DIR=<dir> runs the server under `node --cpu-prof` writing there.
import { createSecretKey, randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { startBuiltServer } from './built-server.mjs';
import { checkNoDoubleCredit, seed, seededRandom } from './bench-claims.mjs';
import { runCannon } from './cannon.mjs';

/** Signs a token the way the server does (server/src/platform/auth.ts createSession). */
function tokenFor(key, sessionId, userId) {
  return jwt.sign({ sid: sessionId }, key, { algorithm: 'HS256', subject: userId, issuer: 'ziver', expiresIn: 86_400 });
}

/** Committed transactions of this database so far (statistics reach it within about a second). */
async function commits(pool) {
  await new Promise((resolve) => setTimeout(resolve, 1_200));
  await pool.query('select pg_stat_clear_snapshot()');
  const { rows } = await pool.query('select xact_commit from pg_stat_database where datname = current_database()');
  return Number(rows[0].xact_commit);
}

export async function benchClaimsOverHttp(withDatabase, { clients, seconds, users = 40_000, log }) {
  return withDatabase(async (url) => {
    const { default: pg } = await import('pg');
    const secret = randomBytes(32).toString('hex');
    const profDir = process.env.BENCH_CPU_PROF_DIR;
    const server = await startBuiltServer({
      label: 'bench-claims-http',
      env: { DATABASE_URL: url, JWT_SECRET: secret, RATE_LIMITS: 'off', LOG_LEVEL: 'warn' },
      quiet: true,
      timeoutMs: 300_000,
      nodeArgs: profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [],
    });
    const admin = new pg.Pool({ connectionString: url, max: 1 });
    admin.on('error', (error) => log(`admin connection: ${error.message}`));
    try {
      // The server has migrated the database by the time it answers /api/health.
      const seeded = await seed(admin, users);
      const { rows: sessions } = await admin.query(
        `insert into auth_sessions (user_id, method, expires_at)
         select id, 'password', now() + interval '1 day' from users returning id, user_id`,
      );
      const key = createSecretKey(Buffer.from(secret, 'utf8'));
      const tokenOf = new Map(sessions.map((s) => [s.user_id, tokenFor(key, s.id, s.user_id)]));
      const order = seeded.map((r) => tokenOf.get(r.id));
      const random = seededRandom(0x5eed);
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [order[i], order[j]] = [order[j], order[i]];
      }
      // Warm-up: the first claims prepare statements and fill the session cache's code paths.
      let next = 0;
      const claim = (token) =>
        fetch(`${server.url}/api/mining/claim`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      for (let i = 0; i < 50; i++) {
        const res = await claim(order[next++]);
        if (res.status !== 200) throw new Error(`warm-up claim: ${res.status} ${await res.text()}`);
      }
      log(`claims over HTTP: ${seeded.length} users seeded; ${clients} connections for ${seconds} s`);
      const commitsBefore = await commits(admin);
      const result = await runCannon(
        'POST /api/mining/claim',
        {
          url: server.url,
          connections: clients,
          requests: [
            {
              method: 'POST',
              path: '/api/mining/claim',
              setupRequest: (req) => ({
                ...req,
                headers: { ...req.headers, authorization: `Bearer ${order[next++ % order.length]}` },
              }),
            },
          ],
        },
        server.pid,
        seconds,
      );
      if (next >= order.length) log('claims over HTTP: ran out of seeded cycles; raise users');
      // The claims still in flight when the load stops finish before the server exits.
      await server.stop();
      // Statements the server sent per claim (each of its statements is a transaction).
      const statements = (await commits(admin)) - commitsBefore - 2; // minus the two reads of the counter
      const checks = await checkNoDoubleCredit(admin);
      return {
        clients,
        claimsPerSec: result.requestsPerSec,
        claimed: result.requests - result.non2xx,
        refusedOrFailed: result.non2xx + result.errors,
        latencyMs: result.latencyMs,
        serverCpuUsPerClaim: result.cpuUsPerRequest,
        statementsPerClaim: Number((statements / Math.max(1, result.requests)).toFixed(2)),
        checks,
        consistent:
          checks.cyclesCreditedTwice === 0 &&
          checks.claimedCyclesWithoutTwoEntries === 0 &&
          checks.referralsPaidTwice === 0 &&
          checks.balancesOff === 0 &&
          checks.miningEntries === checks.claimedCycles * 2,
      };
    } finally {
      await admin.end();
      await server.stop();
    }
  });
}
