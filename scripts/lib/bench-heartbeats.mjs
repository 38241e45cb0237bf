// `npm run bench -- --only heartbeats`: row writes per heartbeat at the spec's rate (one a
// minute per open app). Uses the BUILT presence recorder (server/dist) on a throwaway
// PostgreSQL database with a simulated clock: ROUNDS minutes of one heartbeat per user, one
// flush per minute; apps open at different minutes (a sixth of the users per minute). Row writes and HOT writes are read from pg_stat_user_tables (users).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './built-server.mjs';

const dist = (p) => import(pathToFileURL(path.join(ROOT, 'server/dist', p)).href);

export async function benchHeartbeats(withDatabase, { users = 10_000, rounds = 30, log }) {
  return withDatabase(async (url) => {
    const { openDatabase } = await dist('platform/db/client.js');
    const { createPresenceRecorder } = await dist('features/users/presence.js');
    const { default: pg } = await import('pg');
    const handle = await openDatabase({ url, poolMax: 2 });
    const admin = new pg.Pool({ connectionString: url, max: 1 });
    try {
      await admin.query(
        `insert into users (username, referral_code) select 'hb_' || g, 'HB' || g from generate_series(1, $1) g`,
        [users],
      );
      const { rows } = await admin.query('select id from users');
      const ids = rows.map((r) => r.id);
      const stats = async () => {
        await new Promise((resolve) => setTimeout(resolve, 1_200)); // backends report counters about once a second
        await admin.query('select pg_stat_clear_snapshot()');
        const { rows: s } = await admin.query(
          `select n_tup_upd::int as upd, n_tup_hot_upd::int as hot from pg_stat_user_tables where relname = 'users'`,
        );
        return s[0];
      };
      const start = Date.now();
      let now = start;
      const silent = { warn: (...args) => log(`presence: ${JSON.stringify(args)}`) };
      const presence = createPresenceRecorder({
        db: handle.db,
        logger: silent,
        flushIntervalMs: 3_600_000,
        clock: () => new Date(now),
      });
      const before = await stats();
      const flushMs = [];
      let heartbeats = 0;
      log(`heartbeats: ${users} users, ${rounds} simulated minutes, one heartbeat a minute each`);
      for (let round = 0; round < rounds; round++) {
        now = start + round * 60_000;
        // Apps open at different minutes: user i's first heartbeat is in minute i % 6.
        for (const [i, id] of ids.entries()) {
          if (round >= i % 6) {
            presence.record(id);
            heartbeats++;
          }
        }
        const t0 = performance.now();
        await presence.flush();
        flushMs.push(performance.now() - t0);
      }
      await presence.close();
      const after = await stats();
      const writes = after.upd - before.upd;
      const hot = after.hot - before.hot;
      const sorted = [...flushMs].sort((a, b) => a - b);
      return {
        users,
        simulatedMinutes: rounds,
        heartbeats,
        rowWrites: writes,
        rowWritesPerHeartbeat: Number((writes / heartbeats).toFixed(3)),
        hotWrites: hot,
        hotShare: writes ? Number((hot / writes).toFixed(3)) : null,
        statementsPerFlush: Math.ceil(users / 5_000),
        flushMsMedian: Math.round(sorted[Math.floor(sorted.length / 2)]),
        flushMsMax: Math.round(sorted[sorted.length - 1]),
      };
    } finally {
      await admin.end();
      await handle.close();
    }
  });
}
