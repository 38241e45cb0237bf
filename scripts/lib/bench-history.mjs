// `npm run bench -- --only history`: a deep history page against page 1 at 100,000 entries.
// Calls the BUILT use case (server/dist) on a throwaway PostgreSQL database: one user with
// ENTRIES ledger entries, then page 1 and the last page (25 a page) asked alternately, and
// their p50/p99. Also prints EXPLAIN (ANALYZE, BUFFERS) of the page query for both.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './built-server.mjs';

const dist = (p) => import(pathToFileURL(path.join(ROOT, 'server/dist', p)).href);
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

export async function benchHistory(withDatabase, { entries = 100_000, limit = 25, samples = 200, log }) {
  return withDatabase(async (url) => {
    const { openDatabase } = await dist('platform/db/client.js');
    const { listTransactions } = await dist('features/transactions/list-transactions.js');
    const { default: pg } = await import('pg');
    const handle = await openDatabase({ url, poolMax: 2 });
    const admin = new pg.Pool({ connectionString: url, max: 1 });
    try {
      const {
        rows: [user],
      } = await admin.query(`insert into users (username, referral_code) values ('history', 'HIST1') returning id`);
      // Other users' entries around it, as in a shared ledger (10 per entry of this user).
      await admin.query(
        `insert into users (username, referral_code) select 'other_' || g, 'OTH' || g from generate_series(1, 100) g`,
      );
      await admin.query(
        `insert into transactions (user_id, type, currency, amount, description, metadata, created_at)
         select $1, 'mining_reward', case when g % 2 = 0 then 'ZP' else 'SEB' end, 50, 'Mining reward',
                jsonb_build_object('cycleId', g), now() - make_interval(secs => g * 60)
         from generate_series(1, $2) g`,
        [user.id, entries],
      );
      await admin.query(
        `insert into transactions (user_id, type, currency, amount, description, created_at)
         select u.id, 'mining_reward', 'ZP', 50, 'Mining reward', now() - make_interval(secs => g * 7)
         from users u cross join generate_series(1, $1) g where u.username like 'other_%'`,
        [entries / 10],
      );
      await admin.query('vacuum analyze transactions');
      const lastPage = Math.ceil(entries / limit);
      const ask = (page) =>
        listTransactions(handle.db, { userId: user.id, query: { page, limit } }).then((r) => {
          if (r.rows.length !== limit || r.pagination.totalCount !== entries) throw new Error('wrong page');
        });
      for (let i = 0; i < 10; i++) await Promise.all([ask(1), ask(lastPage)]); // warm the cache
      log(`history: ${entries} entries; page 1 and page ${lastPage} (${limit} a page), ${samples} times each`);
      const times = { first: [], deep: [] };
      for (let i = 0; i < samples; i++) {
        for (const [key, page] of [
          ['first', 1],
          ['deep', lastPage],
        ]) {
          const t0 = performance.now();
          await ask(page);
          times[key].push(performance.now() - t0);
        }
      }
      const summary = (list) => {
        const sorted = [...list].sort((a, b) => a - b);
        return { p50: Number(quantile(sorted, 0.5).toFixed(2)), p99: Number(quantile(sorted, 0.99).toFixed(2)) };
      };
      const first = summary(times.first);
      const deep = summary(times.deep);
      // The plan of the page query as the use case sends it (ids from the index, then rows; the count runs beside it).
      const explain = async (offset) =>
        (
          await admin.query(
            `explain (analyze, buffers, costs off)
             select t.* from (
               select id from transactions where user_id = $1
               order by created_at desc, id desc limit ${limit} offset ${offset}) p
             join transactions t on t.id = p.id order by t.created_at desc, t.id desc`,
            [user.id],
          )
        ).rows.map((r) => r['QUERY PLAN']);
      return {
        entries,
        limit,
        lastPage,
        page1Ms: first,
        deepPageMs: deep,
        deepVsPage1P99: Number((deep.p99 / first.p99).toFixed(2)),
        explainPage1: await explain(0),
        explainDeepPage: await explain((lastPage - 1) * limit),
      };
    } finally {
      await admin.end();
      await handle.close();
    }
  });
}
