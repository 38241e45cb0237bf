// `npm run bench -- --only claims`: concurrent mining claims against pgbench's prepared
// simple-update on the same PostgreSQL server, same client count, in the same run.
// Calls the BUILT use case (server/dist) in-process on a pool of CLIENTS connections, so the
// figure is the claim's database cost, not HTTP; claims made together share statements, as
// in the server (natural batching). Each claim takes a distinct finished cycle; one user in ten
// is also claimed at once through a second instance's pool (a race only the database can
// settle, and it must credit once). After the run, SQL
// checks there is no double credit: one pair of mining_reward entries per claimed cycle, at
// most one referral reward per referral, every balance equal to the sum of its entries.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { ROOT } from './built-server.mjs';

const run = promisify(execFile);
const PGBENCH = process.env.PGBENCH_PATH || '/usr/lib/postgresql/15/bin/pgbench';

const dist = (p) => import(pathToFileURL(path.join(ROOT, 'server/dist', p)).href);

/** Counts every statement sent by node-postgres clients (BEGIN/COMMIT included) while `on`. */
export async function statementCounter() {
  const { default: pg } = await import('pg');
  const counter = { on: false, count: 0 };
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function query(...args) {
    if (counter.on) counter.count++;
    return original.apply(this, args);
  };
  counter.restore = () => {
    pg.Client.prototype.query = original;
  };
  return counter;
}

/** pgbench -M prepared -b simple-update on a throwaway database: its TPS. */
export async function runPgbench(withDatabase, { clients, seconds }) {
  return withDatabase(async (url) => {
    const u = new URL(url);
    const args = ['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres')];
    const db = u.pathname.slice(1);
    const env = { ...process.env, PGPASSWORD: decodeURIComponent(u.password || '') };
    await run(PGBENCH, [...args, '-i', '-q', '-s', '1', db], { env });
    const { stdout } = await run(
      PGBENCH,
      [...args, '-M', 'prepared', '-b', 'simple-update', '-c', String(clients), '-j', '2', '-T', String(seconds), db],
      { env },
    );
    const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1]);
    if (!Number.isFinite(tps)) throw new Error(`could not read pgbench's TPS:\n${stdout}`);
    return Math.round(tps);
  });
}

/** mulberry32: a small seeded generator, so every run claims in the same shuffled order. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** p50 and p99 of durations in ms. */
function percentiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1));
  return { p50: at(0.5), p99: at(0.99) };
}

/** Seeds `count` users with a finished open cycle each (one in five referred by another user). */
export async function seed(pool, count) {
  await pool.query(
    `insert into users (username, referral_code)
     select 'claim_' || g, 'CLM' || g from generate_series(1, $1) g`,
    [count],
  );
  await pool.query(
    `insert into mining_sessions (user_id, started_at, ends_at, reward)
     select id, now() - interval '4 hours 1 second', now() - interval '1 second', 50 from users`,
  );
  await pool.query(
    `insert into referrals (referrer_id, referred_id, source)
     select r.id, u.id, 'signup' from users u
     join users r on r.username = 'claim_' || (substring(u.username from 7)::int - 1)
     where substring(u.username from 7)::int % 5 = 0`,
  );
  const { rows } = await pool.query(
    `select u.id, exists (select 1 from referrals r where r.referred_id = u.id) as referred
     from users u order by substring(u.username from 7)::int`,
  );
  return rows;
}

export async function checkNoDoubleCredit(pool) {
  const one = async (sql) => Number((await pool.query(sql)).rows[0].n);
  return {
    claimedCycles: await one(`select count(*) as n from mining_sessions where claimed_at is not null`),
    miningEntries: await one(`select count(*) as n from transactions where type = 'mining_reward'`),
    cyclesCreditedTwice: await one(
      `select count(*) as n from (select metadata->>'cycleId', currency from transactions
       where type = 'mining_reward' group by 1, 2 having count(*) > 1) d`,
    ),
    claimedCyclesWithoutTwoEntries: await one(
      // A join on grouped entries: a correlated count per cycle reads the whole ledger per cycle.
      `select count(*) as n from mining_sessions m
       left join (select metadata->>'cycleId' as cycle_id, count(*) as entries from transactions
                  where type = 'mining_reward' group by 1) t on t.cycle_id = m.id::text
       where m.claimed_at is not null and coalesce(t.entries, 0) <> 2`,
    ),
    referralRewards: await one(`select count(*) as n from transactions where type = 'referral_reward'`),
    referralsPaidTwice: await one(
      `select count(*) as n from (select metadata->>'referralId' from transactions
       where type = 'referral_reward' group by 1 having count(*) > 1) d`,
    ),
    balancesOff: await one(
      `select count(*) as n from users u where
         u.zp_balance <> coalesce((select sum(amount) from transactions t where t.user_id = u.id and t.currency = 'ZP'), 0)
      or u.social_capital_score <> coalesce((select sum(amount) from transactions t where t.user_id = u.id and t.currency = 'SEB'), 0)`,
    ),
  };
}

/** The claim load on a throwaway database; returns claims/s, statements per claim and the checks. */
export async function benchClaims(withDatabase, { clients, seconds, users = 60_000, log }) {
  const counter = await statementCounter();
  try {
    return await withDatabase(async (url) => {
      const { openDatabase } = await dist('platform/db/client.js');
      const { claimMiningReward, createClaimBatcher } = await dist('features/mining/claim-mining-reward.js');
      const { createInvalidationBus } = await dist('platform/invalidation.js');
      // Each instance (database handle) claims through its own app's batcher and bus, as
      // createAppState and createMiningState build them in the server.
      const appStates = new Map();
      const claim = (db, userId) => {
        let state = appStates.get(db);
        if (!state) {
          state = { claims: createClaimBatcher(db), invalidations: createInvalidationBus() };
          appStates.set(db, state);
        }
        return claimMiningReward(db, state, { userId });
      };
      const { default: pg } = await import('pg');
      const handle = await openDatabase({ url, poolMax: clients });
      // A second app instance: each batches its own claims, so a race between two instances is
      // the one only the database can settle (the racing duplicates below go through it).
      const other = await openDatabase({ url, poolMax: 4 });
      const admin = new pg.Pool({ connectionString: url, max: 1 });
      // A connection cut from outside (a test of another suite terminating backends) fails the
      // query that uses it, not the process.
      admin.on('error', (error) => log(`admin connection: ${error.message}`));
      try {
        const seeded = await seed(admin, users);
        const ids = seeded.map((r) => r.id);
        // Statements per claim: 50 sequential plain claims, then 20 referred friends' first
        // claims (which also pay the referrer), then one refused claim.
        const plain = seeded
          .filter((r) => !r.referred)
          .slice(0, 50)
          .map((r) => r.id);
        const referred = seeded
          .filter((r) => r.referred)
          .slice(0, 20)
          .map((r) => r.id);
        const countOver = async (list) => {
          counter.count = 0;
          counter.on = true;
          for (const userId of list) await claim(handle.db, userId);
          counter.on = false;
          return counter.count / list.length;
        };
        const statementsPerClaim = await countOver(plain);
        const statementsPerReferredFirstClaim = await countOver(referred);
        counter.count = 0;
        counter.on = true;
        let refusedCount = 0;
        try {
          await claim(handle.db, plain[0]);
        } catch {
          refusedCount = counter.count;
        }
        counter.on = false;

        const used = new Set([...plain, ...referred]);
        // Claims come in the order cycles end, which has nothing to do with where the users'
        // rows sit: shuffled (a fixed seed, the same order every run). In seeding order, the
        // claims walked the users table page by page, filling each page with new row versions
        // faster than they could be pruned, so half the balance updates were not HOT.
        const order = ids.filter((id) => !used.has(id));
        const random = seededRandom(0x5eed);
        for (let i = order.length - 1; i > 0; i--) {
          const j = Math.floor(random() * (i + 1));
          [order[i], order[j]] = [order[j], order[i]];
        }
        const queue = [];
        for (const [i, id] of order.entries()) {
          queue.push({ id, db: handle.db });
          if (i % 10 === 3) queue.push({ id, db: other.db }); // raced by another instance at once
        }
        log(`claims: ${ids.length} users seeded; ${clients} workers for ${seconds} s`);
        let next = 0;
        let ok = 0;
        let refused = 0;
        let failed = 0;
        const latencies = [];
        const deadline = performance.now() + seconds * 1000;
        // Statements under load: concurrent claims share statements (natural batching).
        counter.count = 0;
        counter.on = true;
        const t0 = performance.now();
        await Promise.all(
          Array.from({ length: clients }, async () => {
            while (performance.now() < deadline && next < queue.length) {
              const { id: userId, db } = queue[next++];
              const started = performance.now();
              try {
                await claim(db, userId);
                latencies.push(performance.now() - started);
                ok++;
              } catch (error) {
                if (error?.code === 'MINING_NOT_STARTED' || error?.code === 'MINING_NOT_FINISHED') refused++;
                else {
                  failed++;
                  if (failed <= 3) log(`claim failed: ${error?.message}`);
                }
              }
            }
          }),
        );
        const elapsed = (performance.now() - t0) / 1000;
        counter.on = false;
        const statementsUnderLoad = counter.count;
        if (next >= queue.length) log('claims: ran out of seeded cycles; raise users');
        const checks = await checkNoDoubleCredit(admin);
        return {
          clients,
          seconds: Number(elapsed.toFixed(1)),
          claimsPerSec: Math.round(ok / elapsed),
          claimed: ok,
          refusedRaces: refused,
          failed,
          statementsPerClaim,
          statementsPerReferredFirstClaim,
          statementsPerRefusedClaim: refusedCount,
          // Every claim the workers made, refused racing duplicates included.
          // A credited claim's time in the use case under this load (waiting for a shared statement included).
          latencyMs: percentiles(latencies),
          statementsPerClaimUnderLoad: Number((statementsUnderLoad / Math.max(1, ok + refused)).toFixed(2)),
          checks,
          doubleCredits: checks.cyclesCreditedTwice + checks.referralsPaidTwice,
          consistent:
            checks.cyclesCreditedTwice === 0 &&
            checks.claimedCyclesWithoutTwoEntries === 0 &&
            checks.referralsPaidTwice === 0 &&
            checks.balancesOff === 0 &&
            checks.miningEntries === checks.claimedCycles * 2,
        };
      } finally {
        await admin.end();
        await handle.close();
        await other.close();
      }
    });
  } finally {
    counter.restore();
  }
}
