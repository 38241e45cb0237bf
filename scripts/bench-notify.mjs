#!/usr/bin/env node
// `npm run bench:notify`: the residual windows of mining-ready notification delivery, in ms, on
// the BUILT code (`npm run typecheck` first) against the local Bot API stand-in. Per message the notifier
// opens the request (connection, headers), commits the "sending" marker, then writes the body.
//   - loss window: from the marker's UPDATE (the row's send_started_at; once sent, PostgreSQL commits
//     it even if the app dies) to the request arriving at Telegram. A crash inside it leaves a
//     cycle 'unconfirmed' that Telegram never got (lost). Reported with its two parts: the marker's
//     commit (until the app has the answer) and the body's way to Telegram.
//   - label window: from the request arriving to the 'sent' commit (sent_at, the statement's
//     start, plus one marker-write time as the commit's estimate). A crash inside it leaves a
//     delivered cycle 'unconfirmed' (delivered once, just not confirmed).
// Outside both windows a crash changes nothing: before the marker the cycle is sent later, after
// 'sent' it is done. Nothing is ever sent twice. The reference, measured in the same run, is one
// bare sendMessage round trip (no database). Arrivals are stamped with Date.now() (1 ms
// resolution). PGlite in memory by default; BENCH_DATABASE_URL=postgres://… measures on a
// PostgreSQL server (a throwaway database, dropped after). BENCH_NOTIFY_CYCLES (default 300).
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = (file) => path.join(ROOT, file);
const NEEDED = [
  'server/dist/features/telegram/mining-notifier.js',
  'server/dist/features/telegram/send-bot-message.js',
  'server/dist/platform/db/client.js',
  'bot/dist/testing/index.js',
];
const missing = NEEDED.filter((f) => !existsSync(dist(f)));
if (missing.length) {
  console.error(`Not built: ${missing.join(', ')} missing. Run \`npm run typecheck\` first.`);
  process.exit(1);
}
const { startMiningNotifier } = await import(dist(NEEDED[0]));
const { createBotMessageSender } = await import(dist(NEEDED[1]));
const { openDatabase } = await import(dist(NEEDED[2]));
const { startBotApiRecorder } = await import(dist(NEEDED[3]));

const CYCLES = Number(process.env.BENCH_NOTIFY_CYCLES || 300);
const TOKEN = `123456:${'B'.repeat(35)}`;
const log = (message) => console.log(`[bench:notify] ${message}`);
const silent = { info() {}, warn() {}, error() {}, debug() {} };

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { n: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] };
}
const fmt = (s, ref) =>
  `p50 ${s.p50.toFixed(2)} ms, p99 ${s.p99.toFixed(2)} ms, max ${s.max.toFixed(2)} ms (p50 = ${(s.p50 / ref).toFixed(2)}× the reference)`;

async function withDatabase(run) {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) return run(await openDatabase({ dataDir: 'memory://' }), 'PGlite (memory)');
  const name = `ziver_bench_notify_${randomBytes(4).toString('hex')}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  try {
    return await run(await openDatabase({ url: target.toString(), poolMax: 5 }), 'PostgreSQL');
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

const recorder = await startBotApiRecorder({ token: TOKEN });
const sender = createBotMessageSender({ token: TOKEN, apiRoot: recorder.url, timeoutMs: 8_000 });

// Reference: bare sendMessage round trips.
const reference = [];
for (let i = 0; i < CYCLES; i++) {
  const started = performance.now();
  const outcome = await sender.send({ chatId: 1_000_000 + i, text: 'reference' });
  if (outcome.kind !== 'sent') throw new Error(`reference send: ${outcome.kind}`);
  reference.push(performance.now() - started);
}
const ref = stats(reference);
log(`reference (one bare sendMessage round trip): p50 ${ref.p50.toFixed(2)} ms, p99 ${ref.p99.toFixed(2)} ms`);
recorder.clearCalls();

await withDatabase(async (database, label) => {
  const client = database.db;
  const { sql } = await import('drizzle-orm');
  const run = randomBytes(3).toString('hex');
  for (let i = 0; i < CYCLES; i++) {
    await client.execute(sql`
      WITH u AS (
        INSERT INTO users (username, email, referral_code, telegram_id)
        VALUES (${`bn_${run}_${i}`}, ${`bn_${run}_${i}@example.com`}, ${`BN${run}${i}`.toUpperCase()}, ${2_000_000 + i})
        RETURNING id
      )
      INSERT INTO mining_sessions (user_id, started_at, ends_at, reward)
      SELECT id, now() - interval '4 hours', now() - interval '1 second', 50 FROM u`);
  }
  const sendCalledAt = new Map();
  const notifier = startMiningNotifier({
    db: client,
    logger: silent,
    prepareSend: async ({ chatId }) => {
      const prepared = await sender.prepare({ chatId, text: 'Your mining cycle is complete' });
      if (prepared.kind !== 'ready') return prepared;
      return {
        ...prepared,
        send: async () => {
          // Called right after the marker's UPDATE returned (committed): the body is written now.
          sendCalledAt.set(String(chatId), Date.now()); // the stand-in stamps arrivals with Date.now() too (1 ms resolution)
          const outcome = await prepared.send();
          if (outcome.kind !== 'sent')
            log(`${label}: a send was ${outcome.kind} (${outcome.reason ?? outcome.description})`);
          return outcome;
        },
      };
    },
    pollSeconds: 0.05,
    maxAttempts: 3,
    retrySeconds: 1,
    ratePerSecond: 30,
    batchSize: 50,
    leaseSeconds: 60,
  });
  const started = Date.now();
  for (;;) {
    const result = await client.execute(
      sql`SELECT count(*)::int AS n FROM mining_sessions s
          WHERE s.notices_queued_at IS NULL
             OR EXISTS (SELECT 1 FROM outbox_messages m WHERE m.dedupe_key = 'mining_ready:' || s.id || ':telegram'
                          AND m.state IN ('pending', 'sending'))`,
    );
    if (result.rows[0].n === 0) break;
    if (Date.now() - started > 120_000) throw new Error('notifications did not finish within 2 minutes');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await notifier.stop();
  const rows = (
    await client.execute(sql`
      SELECT u.telegram_id::text AS chat_id, m.state AS status,
             extract(epoch FROM m.send_started_at) * 1000 AS started_ms,
             extract(epoch FROM m.sent_at) * 1000 AS sent_ms
      FROM mining_sessions s JOIN users u ON u.id = s.user_id
      JOIN outbox_messages m ON m.dedupe_key = 'mining_ready:' || s.id || ':telegram'`)
  ).rows;
  const arrivals = new Map(recorder.deliveredMessages().map((c) => [String(c.payload.chat_id), c.at]));
  const loss = [];
  const label_ = [];
  const markerWrite = [];
  const bodyWay = [];
  for (const row of rows) {
    if (row.status !== 'sent') continue;
    const at = arrivals.get(row.chat_id);
    const called = sendCalledAt.get(row.chat_id);
    markerWrite.push(called - Number(row.started_ms));
    bodyWay.push(at - called);
    loss.push(at - Number(row.started_ms));
    label_.push(Number(row.sent_ms) - at + (called - Number(row.started_ms)));
  }
  const deliveries = recorder.deliveredMessages().length;
  const byStatus = {};
  for (const row of rows) byStatus[row.status] = (byStatus[row.status] ?? 0) + 1;
  const perChat = new Map();
  for (const call of recorder.deliveredMessages())
    perChat.set(call.payload.chat_id, (perChat.get(call.payload.chat_id) ?? 0) + 1);
  const duplicates = [...perChat.values()].reduce((sum, n) => sum + n - 1, 0);
  log(
    `${label}: ${rows.length} cycles (${JSON.stringify(byStatus)}), ${deliveries} deliveries, ${duplicates} duplicates`,
  );
  log(`${label} loss window (marker UPDATE → request at Telegram): ${fmt(stats(loss), ref.p50)}`);
  log(`${label}   of which the marker's commit: ${fmt(stats(markerWrite), ref.p50)}`);
  log(`${label}   of which the body's way (commit answered → request at Telegram): ${fmt(stats(bodyWay), ref.p50)}`);
  log(`${label} label window (request at Telegram → 'sent' committed, est.): ${fmt(stats(label_), ref.p50)}`);
  await database.close();
});
await recorder.close();
