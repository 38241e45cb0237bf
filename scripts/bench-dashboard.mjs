#!/usr/bin/env node
// `npm run bench:dashboard`: GET /api/admin/dashboard on a large PostgreSQL database, on the BUILT
// server (`npm run build` or `npm run typecheck` first). Seeds (in a throwaway database on
// BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres) BENCH_DASHBOARD_USERS
// users (default 200 000) and BENCH_DASHBOARD_TRANSACTIONS ledger rows (default 5 000 000) over 120
// days, plus active days, mining cycles, referrals and blocked users, then reports in ms and as a
// ratio to the reference measured in the same run (an authenticated GET /api/mining/status):
//   - cold: the first call for 90 days, which computes and stores every closed day (once per deploy);
//   - warm: 7 / 30 / 90 days once the closed days are stored (every later call);
// and the plans (EXPLAIN ANALYZE) of today's live queries and of one 90-day aggregate.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startBuiltServer } from './lib/built-server.mjs';

const BASE_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const USERS = Number(process.env.BENCH_DASHBOARD_USERS || 200_000);
const TRANSACTIONS = Number(process.env.BENCH_DASHBOARD_TRANSACTIONS || 5_000_000);
const SPAN_DAYS = 120;
const log = (message) => console.log(`[bench:dashboard] ${message}`);

const name = `ziver_bench_dashboard_${randomBytes(4).toString('hex')}`;
const target = new URL(BASE_URL);
target.pathname = `/${name}`;
async function adminSql(query) {
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function timed(url, token, times) {
  const samples = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    samples.push(performance.now() - started);
  }
  return samples;
}

async function seed(db) {
  const step = async (label, query) => {
    const started = performance.now();
    await db.query(query);
    log(`seeded ${label} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  // Everything is laid out in time order, as an append-only table is in production.
  const start = `(date_trunc('day', now()) - interval '${SPAN_DAYS - 1} days')`;
  const at = (fraction) => `${start} + (${fraction}) * (now() - ${start})`;
  await step(
    `${USERS} users`,
    `insert into users (username, referral_code, created_at)
     select 'bench_' || i, 'BENCH' || i, ${at(`i::float8 / ${USERS}`)}
     from generate_series(1, ${USERS}) i`,
  );
  await db.query(`create temp table bu as
    select row_number() over (order by created_at, id) as n, id, created_at from users where username like 'bench\\_%'`);
  await db.query('create unique index on bu (n)');
  await db.query('analyze bu');
  const chunk = 1_000_000;
  for (let from = 1; from <= TRANSACTIONS; from += chunk) {
    const to = Math.min(TRANSACTIONS, from + chunk - 1);
    await step(
      `transactions ${from}–${to}`,
      `insert into transactions (user_id, type, currency, amount, description, created_at)
       select bu.id, t.type, case when i % 3 = 0 then 'SEB' else 'ZP' end,
              case when t.type = 'admin_adjustment' then -1 else 10 end, 'bench',
              ${at(`i::float8 / ${TRANSACTIONS}`)}
       from generate_series(${from}::bigint, ${to}) i
       cross join lateral (select (array['mining_reward','mining_reward','daily_login','task_reward',
                                         'referral_reward','admin_adjustment'])[1 + i % 6] as type) t
       join bu on bu.n = 1 + (i * 7919) % ${USERS}
       order by i`,
    );
  }
  await step(
    'active days (1 in 13 users a day)',
    `insert into user_activity_days (day, user_id)
     select (${start} + d * interval '1 day')::date, bu.id
     from generate_series(0, ${SPAN_DAYS - 1}) d join bu on (bu.n + d * 37) % 13 = 0`,
  );
  await step(
    'mining cycles (claimed and notified, 1 in 50 failed)',
    `insert into mining_sessions (user_id, started_at, ends_at, reward, claimed_at, notices_queued_at)
     select bu.id, e - interval '4 hours', e, 10, e + interval '1 hour', e
     from generate_series(1::bigint, ${USERS * 5}) i
     join bu on bu.n = 1 + (i * 104729) % ${USERS}
     cross join lateral (select ${at(`i::float8 / ${USERS * 5}`)} - interval '2 hours' as e) x
     order by i`,
  );
  await step(
    'their notices in the outbox (1 in 50 failed, 1 in 7 skipped)',
    `insert into outbox_messages (channel, kind, user_id, dedupe_key, payload, state, sent_at, created_at)
     select 'telegram', 'mining_ready', s.user_id, 'mining_ready:' || s.id || ':telegram', jsonb_build_object('sessionId', s.id),
            case when n % 50 = 0 then 'failed' when n % 7 = 0 then 'skipped' else 'sent' end,
            case when n % 50 = 0 or n % 7 = 0 then null else s.ends_at + interval '1 minute' end, s.ends_at
     from (select s.*, row_number() over (order by s.ends_at) as n from mining_sessions s) s`,
  );
  await step(
    'open cycles (1 in 10 users)',
    `insert into mining_sessions (user_id, started_at, ends_at, reward)
     select id, now() - interval '3 hours', now() + (n % 7 - 3) * interval '1 hour', 10 from bu where n % 10 = 0`,
  );
  await step(
    'referrals',
    `insert into referrals (referrer_id, referred_id, source, created_at)
     select a.id, b.id, 'signup', b.created_at from bu a join bu b on b.n = a.n + 1 where a.n % 2 = 1`,
  );
  await step(
    'blocked users',
    `update users set telegram_blocked_at = now() - (random() * interval '60 days') where username like 'bench\\_%' and referral_code like '%37'`,
  );
  await step('vacuum analyze', 'vacuum analyze');
  const { rows } = await db.query(
    `select (select count(*) from transactions)::int as transactions, (select count(*) from users)::int as users,
            (select count(*) from user_activity_days)::int as active, (select count(*) from mining_sessions)::int as cycles,
            (select correlation from pg_stats where tablename = 'transactions' and attname = 'created_at') as correlation`,
  );
  log(`database: ${JSON.stringify(rows[0])}`);
}

async function explain(db, label, query) {
  const { rows } = await db.query(`explain (analyze, buffers, costs off) ${query}`);
  const lines = rows.map((r) => r['QUERY PLAN']);
  const time = lines.find((l) => l.startsWith('Execution Time'));
  log(`plan of ${label}: ${time}`);
  for (const line of lines.filter((l) => /Scan|Aggregate|Sort /.test(l))) console.log(`    ${line.trim()}`);
}

await adminSql(`CREATE DATABASE ${name}`);
let server;
const db = new pg.Client({ connectionString: target.toString() });
try {
  server = await startBuiltServer({
    label: 'bench-dashboard',
    env: { DATABASE_URL: target.toString(), RATE_LIMITS: 'off', LOG_LEVEL: 'warn' },
    quiet: true,
  });
  await db.connect();
  await seed(db);

  const register = async (suffix) => {
    const res = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: `dash${suffix}`,
        email: `dash${suffix}@example.com`,
        password: 'Bench-dashboard-1',
      }),
    });
    if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  const suffix = randomBytes(3).toString('hex');
  const admin = await register(`a${suffix}`);
  const user = await register(`u${suffix}`);
  await db.query(`update users set role = 'ADMIN' where id = $1`, [admin.user.id]);

  const dashboard = (days) => `${server.url}/api/admin/dashboard?days=${days}`;
  const reference = `${server.url}/api/mining/status`;
  await timed(reference, user.token, 10);
  const cold = (await timed(dashboard(90), admin.token, 1))[0];
  const ref = median(await timed(reference, user.token, 60));
  log(`reference GET /api/mining/status: median ${ref.toFixed(2)} ms`);
  log(
    `cold 90 days (computes and stores ${SPAN_DAYS > 90 ? 89 : SPAN_DAYS - 1} closed days): ${cold.toFixed(0)} ms = ${(cold / ref).toFixed(1)}× the reference`,
  );
  for (const days of [7, 30, 90]) {
    await timed(dashboard(days), admin.token, 3);
    const warm = median(await timed(dashboard(days), admin.token, 30));
    log(`warm ${days} days: median ${warm.toFixed(2)} ms = ${(warm / ref).toFixed(2)}× the reference`);
  }

  const today = `date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`;
  await explain(
    db,
    "today's ledger (live, every call)",
    `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD'), type, currency, sum(amount), count(*)
     from transactions where created_at >= ${today} and created_at < ${today} + interval '1 day' group by 1, 2, 3`,
  );
  await explain(
    db,
    "today's active users (live)",
    `select count(*) from user_activity_days where day = (now() at time zone 'UTC')::date`,
  );
  await explain(
    db,
    "today's retained sign-ups (live: sign-ups of 3 days, one activity probe each)",
    `select ((u.created_at at time zone 'UTC')::date + k.n)::text, k.n, count(*)
     from (values (1), (7), (30)) as k(n)
     cross join lateral (select id, created_at from users
       where created_at >= ${today} - make_interval(days => k.n)
         and created_at < ${today} + interval '1 day' - make_interval(days => k.n)) u
     cross join lateral (select 1 from user_activity_days a
       where a.day = (u.created_at at time zone 'UTC')::date + k.n and a.user_id = u.id limit 1) hit
     group by 1, 2`,
  );
  await explain(
    db,
    'referral funnel of 90 days (live)',
    `select (select count(*) from pending_referrals where created_at >= ${today} - interval '89 days'),
            count(*), count(*) filter (where reward_paid_at is not null)
     from referrals where created_at >= ${today} - interval '89 days' and removed_at is null`,
  );
  await explain(
    db,
    'pending and due notifications (live)',
    `select count(*), count(*) filter (where next_at is null or next_at <= now()) from outbox_messages
     where kind = 'mining_ready' and state in ('pending', 'sending')`,
  );
  await explain(
    db,
    '90 days of ledger at once (what a call without the stored days would read)',
    `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD'), type, currency, sum(amount), count(*)
     from transactions where created_at >= ${today} - interval '89 days' group by 1, 2, 3`,
  );
  await explain(
    db,
    '90 days of active users at once',
    `select day, count(*) from user_activity_days where day >= (now() at time zone 'UTC')::date - 89 group by day`,
  );
} finally {
  await db.end().catch(() => {});
  await server?.stop();
  await adminSql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
