// `npm run bench -- --only leaderboard`: leaderboard ranks at 1,000,000 accounts (issue 40 item 2)
// on a throwaway PostgreSQL database, against the BUILT server over HTTP.
// Seeds in SQL (generate_series; the board triggers off while seeding, then board_scores summed
// once from board_entries, as migration 0035_board_scores back-fills): 1,000,000 accounts, each
// with a ZP and an SEB entry this UTC week, 200,000 referrals; and CLAIMERS accounts with a
// finished cycle. Then (1) 50 connections ask GET /api/leaderboard (page 1 and "my rank") for
// random accounts, every board and period, while claims flow at CLAIM_RATE/s: p50/p99 of each;
// (2) the claim's cost with and without the totals trigger (board_scores_entries_inserted),
// same server and data, rounds interleaved (on, off, on, off, ...): claims/s at fixed
// connections, and its ratio; (3) the rank marks refresh's duration at this size.
import { createSecretKey, randomBytes } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import jwt from 'jsonwebtoken';
import { ROOT, startBuiltServer } from './built-server.mjs';
import { seededRandom } from './bench-claims.mjs';
import { runCannon } from './cannon.mjs';

const ACCOUNTS = Number(process.env.BENCH_LEADERBOARD_ACCOUNTS || 1_000_000);
const READERS = 50;
const READER_ACCOUNTS = 20_000;
const CLAIMERS = 80_000;
const CLAIM_RATE = 100;
/** Claim A/B: this many pairs of short rounds, on/off in ABBA order (drift cancels). */
const AB_PAIRS = 8;
const AB_ROUND_SECONDS = 5;
const BOARDS = ['seb', 'zp', 'referrals'];
const PERIODS = ['week', 'all'];

const dist = (p) => import(pathToFileURL(path.join(ROOT, 'server/dist', p)).href);
const tokenFor = (key, sessionId, userId) =>
  jwt.sign({ sid: sessionId }, key, { algorithm: 'HS256', subject: userId, issuer: 'ziver', expiresIn: 86_400 });
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

/** The board triggers of the tables the seed fills (on again after it, for the runs). */
const SEEDED_TABLES = ['transactions', 'referrals'];

/**
 * The accounts, their week's ledger and referrals, and the claimers, in SQL, in this throwaway
 * database only: the seeded tables' triggers (the board totals and the foreign-key checks) off,
 * their secondary indexes dropped and built after the load, rows inserted in account order, board_scores summed once from
 * board_entries with one INSERT … SELECT … GROUP BY (as migration 0035_board_scores back-fills)
 * and its rank index built after, then VACUUM ANALYZE. Returns each step's seconds.
 */
async function seed(admin, log) {
  const t0 = Date.now();
  const steps = {};
  const step = async (name, sql, params) => {
    const s0 = Date.now();
    await client.query(sql, params);
    steps[name] = Math.round((Date.now() - s0) / 100) / 10;
    log(`leaderboard seed: ${name} ${steps[name]} s`);
  };
  const client = await admin.connect();
  try {
    await client.query(`set synchronous_commit = off`);
    await client.query(`set work_mem = '1GB'`);
    await client.query(`set maintenance_work_mem = '512MB'`);
    await client.query(`set jit = off`);
    for (const table of SEEDED_TABLES) await client.query(`alter table ${table} disable trigger all`);
    const [{ def: rankIndex }] = (
      await client.query(`select pg_get_indexdef('board_scores_rank_idx'::regclass) as def`)
    ).rows;
    await client.query(`drop index board_scores_rank_idx`);
    // The secondary indexes of users and transactions (not those behind a constraint: the keys),
    // built after the accounts and their ledger are in.
    const { rows: secondary } = await client.query(
      `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
       from pg_index i where i.indrelid in ('users'::regclass, 'transactions'::regclass)
         and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    );
    for (const index of secondary) await client.query(`drop index ${index.name}`);
    await step(
      'accounts',
      `insert into users (username, referral_code, zp_balance, social_capital_score)
       select 'lb_' || g, 'LB' || g, (g::bigint * 7919) % 500 + 1, g % 40 + 1 from generate_series(1, $1) g`,
      [ACCOUNTS],
    );
    // Each entry at a random moment of the week so far (ties broken by time, as in production),
    // in account order (the ledger's per-account index then fills page by page).
    await step(
      'ledger',
      `insert into transactions (user_id, type, currency, amount, description, created_at)
       select u.id, 'mining_reward', c.currency, case c.currency when 'ZP' then u.zp_balance else u.social_capital_score end,
              'Mining reward', w.start + random() * (now() - w.start)
       from users u
       cross join (values ('ZP'), ('SEB')) c(currency)
       cross join (select date_trunc('week', now() at time zone 'UTC') at time zone 'UTC' as start) w
       where u.username like 'lb\\_%'
       order by u.id`,
    );
    await step('secondary indexes', secondary.map((index) => index.def).join(';\n'));
    await step(
      'referrals',
      `insert into referrals (referrer_id, referred_id, source, created_at)
       select r.id, f.id, 'signup', w.start + random() * (now() - w.start)
       from generate_series(1, $1) g
       join users r on r.referral_code = 'LB' || (g % ($1 / 4) + 1)
       join users f on f.referral_code = 'LB' || (g + $1)
       cross join (select date_trunc('week', now() at time zone 'UTC') at time zone 'UTC' as start) w`,
      [Math.floor(ACCOUNTS / 5)],
    );
    // Fresh statistics first: planned on the empty tables' estimates, the sum spilled for minutes.
    await step('analyze', `analyze users, transactions, referrals`);
    await step(
      'board_scores',
      `insert into board_scores (board, period_start, user_id, value, reached_at, visible)
       select e.board, e.period_start, e.user_id, sum(e.amount), max(e.created_at), bool_and(u.suspended_at is null and not u.hide_from_boards)
       from board_entries e join users u on u.id = e.user_id
       group by 1, 2, 3 order by 1, 2, 3`,
    );
    await step('rank index', rankIndex);
    await step(
      'claimers',
      `insert into users (username, referral_code) select 'claim_' || g, 'CLM' || g from generate_series(1, $1) g`,
      [CLAIMERS],
    );
    await step(
      'cycles',
      `insert into mining_sessions (user_id, started_at, ends_at, reward)
       select id, now() - interval '4 hours 1 second', now() - interval '1 second', 50 from users where username like 'claim\\_%'`,
    );
    for (const table of SEEDED_TABLES) await client.query(`alter table ${table} enable trigger all`);
    await step('vacuum analyze', `vacuum (analyze) users, transactions, referrals, board_scores, mining_sessions`);
  } finally {
    client.release();
  }
  return { seconds: Math.round((Date.now() - t0) / 1000), steps };
}

/** Tokens for `count` accounts whose username matches `like`, chosen at random (in a seeded order). */
async function tokensOf(admin, key, like, count) {
  const { rows } = await admin.query(
    `insert into auth_sessions (user_id, method, expires_at)
     select id, 'password', now() + interval '1 day' from users where username like $1
     order by md5(id::text) limit $2 returning id, user_id`,
    [like, count],
  );
  return rows.map((s) => tokenFor(key, s.id, s.user_id));
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the reads one GET /api/leaderboard makes (features/leaderboard/
 * get-leaderboard.ts, same SQL shape), for the ZP week board and an account `depth` down it.
 */
async function explainReads(admin, depth) {
  const week = `date_trunc('week', now() at time zone 'UTC') at time zone 'UTC'`;
  const onBoard = `s.board = 'zp' and s.period_start = ${week} and s.visible and s.rank_key < 0`;
  const {
    rows: [mine],
  } = await admin.query(
    `select s.user_id, s.rank_key, s.reached_at::text as reached_at from board_scores s where ${onBoard}
     order by s.rank_key, s.reached_at, s.user_id offset $1 limit 1`,
    [depth],
  );
  const key = `($1::numeric, $2::timestamptz, $3::uuid)`;
  const params = [mine.rank_key, mine.reached_at, mine.user_id];
  const plan = async (sql, values = []) =>
    (await admin.query(`explain (analyze, buffers, costs off) ${sql}`, values)).rows.map((r) => r['QUERY PLAN']);
  const [mark] = (
    await admin.query(
      `select rank, rank_key, reached_at::text as reached_at, user_id from board_rank_marks
       where board = 'zp' and period_start = ${week} and (rank_key, reached_at, user_id) < ${key}
       order by rank desc limit 1`,
      params,
    )
  ).rows;
  return {
    depth,
    page: await plan(`select s.user_id, s.value, u.username, u.avatar_url from board_scores s join users u on u.id = s.user_id
      where ${onBoard} order by s.rank_key, s.reached_at, s.user_id limit 51 offset 0`),
    mine: await plan(
      `select s.user_id, s.value, s.rank_key, s.reached_at::text from board_scores s
       where s.board = 'zp' and s.period_start = ${week} and s.user_id = $1 and s.rank_key < 0`,
      [mine.user_id],
    ),
    mark: await plan(
      `select rank from board_rank_marks where board = 'zp' and period_start = ${week}
       and (rank_key, reached_at, user_id) < ${key} order by rank desc limit 1`,
      params,
    ),
    liveCount: await plan(
      `select count(*) from (select 1 from board_scores s where ${onBoard} and (s.rank_key, s.reached_at, s.user_id) < ${key} limit 10000) x`,
      params,
    ),
    betweenCount: mark
      ? await plan(
          `select count(*) from board_scores s where ${onBoard} and (s.rank_key, s.reached_at, s.user_id) < ${key}
           and (s.rank_key, s.reached_at, s.user_id) > ($4::numeric, $5::timestamptz, $6::uuid)`,
          [...params, mark.rank_key, mark.reached_at, mark.user_id],
        )
      : null,
  };
}

const setTrigger = (admin, on) =>
  admin.query(`alter table transactions ${on ? 'enable' : 'disable'} trigger board_scores_entries_inserted`);

export async function benchLeaderboard(withDatabase, { seconds, clients, log }) {
  return withDatabase(async (url) => {
    const { default: pg } = await import('pg');
    const secret = randomBytes(32).toString('hex');
    const env = { DATABASE_URL: url, JWT_SECRET: secret, RATE_LIMITS: 'off', LOG_LEVEL: 'warn' };
    // A first start migrates the database; the second starts on the seeded data (its marks job
    // refreshes the marks at once, then every LEADERBOARD_MARKS_SECONDS as in production).
    await (await startBuiltServer({ label: 'bench-leaderboard', env, quiet: true, timeoutMs: 300_000 })).stop();
    const admin = new pg.Pool({ connectionString: url, max: 2 });
    admin.on('error', (error) => log(`admin connection: ${error.message}`));
    let server;
    try {
      const { seconds: seedSeconds, steps: seedSteps } = await seed(admin, log);
      const key = createSecretKey(Buffer.from(secret, 'utf8'));
      const readers = await tokensOf(admin, key, 'lb\\_%', READER_ACCOUNTS);
      const claimers = await tokensOf(admin, key, 'claim\\_%', CLAIMERS);
      server = await startBuiltServer({ label: 'bench-leaderboard', env, quiet: true, timeoutMs: 300_000 });
      const marksReady = Date.now();
      while (Number((await admin.query(`select count(*) as n from board_rank_marks`)).rows[0].n) === 0) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      log(
        `leaderboard: seeded in ${seedSeconds} s; rank marks ready ${Math.round((Date.now() - marksReady) / 1000)} s after start`,
      );

      const random = seededRandom(0x1ead);
      let nextClaim = 0;
      const claimRequest = {
        method: 'POST',
        path: '/api/mining/claim',
        setupRequest: (req) => ({
          ...req,
          headers: { ...req.headers, authorization: `Bearer ${claimers[nextClaim++ % claimers.length]}` },
        }),
      };
      const readRequest = {
        method: 'GET',
        path: '/api/leaderboard',
        setupRequest: (req) => {
          const board = BOARDS[Math.floor(random() * BOARDS.length)];
          const period = PERIODS[Math.floor(random() * PERIODS.length)];
          const token = readers[Math.floor(random() * readers.length)];
          return {
            ...req,
            path: `/api/leaderboard?board=${board}&period=${period}`,
            headers: { ...req.headers, authorization: `Bearer ${token}` },
          };
        },
      };
      // Warm-up: plans prepared, caches filled.
      await runCannon('warm-up', { url: server.url, connections: 10, requests: [readRequest] }, undefined, 3);

      // Most the server answers with 50 connections asking back to back (a closed loop: there
      // the latency is only the queue), then the figure the target is set on: 50 connections at
      // half that rate (the status benchmark's convention), while claims flow.
      const readSeconds = Math.max(seconds, 20);
      const [maxReads] = await Promise.all([
        runCannon(
          'GET /api/leaderboard',
          { url: server.url, connections: READERS, requests: [readRequest] },
          undefined,
          seconds,
        ),
        runCannon(
          'POST /api/mining/claim',
          { url: server.url, connections: 5, overallRate: CLAIM_RATE, requests: [claimRequest] },
          undefined,
          seconds,
        ),
      ]);
      const readRate = Math.max(1, Math.floor(maxReads.requestsPerSec / 2));
      log(
        `leaderboard: ${READERS} readers at ${readRate}/s (half of ${maxReads.requestsPerSec}/s) for ${readSeconds} s while claims flow at ${CLAIM_RATE}/s`,
      );
      const [reads, claimsDuring] = await Promise.all([
        runCannon(
          'GET /api/leaderboard',
          { url: server.url, connections: READERS, overallRate: readRate, requests: [readRequest] },
          undefined,
          readSeconds,
        ),
        runCannon(
          'POST /api/mining/claim',
          { url: server.url, connections: 5, overallRate: CLAIM_RATE, requests: [claimRequest] },
          undefined,
          readSeconds,
        ),
      ]);

      // The share of answers whose rank came from the marks (far down a board) in a sample.
      const sample = { live: 0, marks: 0 };
      for (let i = 0; i < 200; i++) {
        const res = await fetch(`${server.url}/api/leaderboard?board=zp&period=week`, {
          headers: { authorization: `Bearer ${readers[i]}` },
        });
        const body = await res.json();
        sample[body.me.rankAsOf === null ? 'live' : 'marks']++;
      }

      // The claim's cost with and without the totals trigger: AB_PAIRS pairs of short rounds,
      // same data and server, in ABBA order (on off, off on, ...), a ratio per pair.
      const ab = { on: [], off: [] };
      const pairRatios = [];
      for (let pair = 0; pair < AB_PAIRS; pair++) {
        const order = pair % 2 === 0 ? [true, false] : [false, true];
        const rates = {};
        for (const on of order) {
          await setTrigger(admin, on);
          const r = await runCannon(
            'POST /api/mining/claim',
            { url: server.url, connections: clients, requests: [claimRequest] },
            server.pid,
            AB_ROUND_SECONDS,
          );
          if (r.non2xx + r.errors > 0) log(`leaderboard: A/B pair ${pair}: ${r.non2xx} non-2xx, ${r.errors} errors`);
          ab[on ? 'on' : 'off'].push(r);
          rates[on] = r.requestsPerSec;
        }
        pairRatios.push(rates.false / rates.true);
      }
      await setTrigger(admin, true);
      const explain = [await explainReads(admin, 5_000), await explainReads(admin, Math.floor(ACCOUNTS / 2))];
      if (nextClaim >= claimers.length) log('leaderboard: ran out of seeded cycles; raise CLAIMERS');
      await server.stop();

      // The marks refresh at this size (the job's work each interval), timed through the built use case.
      const { openDatabase } = await dist('platform/db/client.js');
      const { refreshRankMarks } = await dist('features/leaderboard/rank-marks.js');
      const handle = await openDatabase({ url, poolMax: 1 });
      const r0 = performance.now();
      await refreshRankMarks(handle.db, { every: 1000 });
      const refreshMs = Math.round(performance.now() - r0);
      await handle.close();

      const quantile = (list, q) => [...list].sort((a, b) => a - b)[Math.round(q * (list.length - 1))];
      const round3 = (n) => Number(n.toFixed(3));
      const p50 = (list) => median(list.map((r) => r.latencyMs.p50));
      return {
        accounts: ACCOUNTS,
        seedSeconds,
        seedSteps,
        readers: READERS,
        maxReads: { perSec: maxReads.requestsPerSec, latencyMs: maxReads.latencyMs },
        reads: {
          rate: readRate,
          requests: reads.requests,
          perSec: reads.requestsPerSec,
          latencyMs: reads.latencyMs,
          failed: reads.non2xx + reads.errors,
        },
        claimsDuringReads: {
          requests: claimsDuring.requests,
          latencyMs: claimsDuring.latencyMs,
          failed: claimsDuring.non2xx + claimsDuring.errors,
        },
        rankSample: sample,
        claimAb: {
          clients,
          roundSeconds: AB_ROUND_SECONDS,
          pairs: AB_PAIRS,
          claimsPerSecOn: ab.on.map((r) => r.requestsPerSec),
          claimsPerSecOff: ab.off.map((r) => r.requestsPerSec),
          serverCpuUsOn: median(ab.on.map((r) => r.cpuUsPerRequest)),
          serverCpuUsOff: median(ab.off.map((r) => r.cpuUsPerRequest)),
          p50MsOn: p50(ab.on),
          p50MsOff: p50(ab.off),
          // Claims/s without the trigger over claims/s with it, per pair: the median and the spread.
          pairRatios: pairRatios.map(round3),
          costRatio: round3(median(pairRatios)),
          costRatioSpread: {
            min: round3(Math.min(...pairRatios)),
            p25: round3(quantile(pairRatios, 0.25)),
            p75: round3(quantile(pairRatios, 0.75)),
            max: round3(Math.max(...pairRatios)),
          },
        },
        marksRefreshMs: refreshMs,
        explain,
      };
    } finally {
      await server?.stop();
      await admin.end();
    }
  });
}
