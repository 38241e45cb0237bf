#!/usr/bin/env node
// `npm run bench:mail`: the mail lane of the BUILT server (`npm run build` first) against an SMTP
// relay that fails a tenth of its sessions, on a PostgreSQL server (BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres; a throwaway database is created there and dropped after).
//   1. Drain: BENCH_MAIL_COUNT (default 10,000) mails are put in the outbox at once; the server
//      sends them at MAIL_RATE_PER_SECOND (BENCH_MAIL_RATE, default 100) through the SMTP
//      stand-in (server/src/testing/smtp-stand-in.ts, a real SMTP server), which answers 421 at
//      the greeting, 451 to MAIL FROM or RCPT TO, 451 after the message, or drops the connection
//      before the message, in 10% of sessions. Half-way the server is killed (SIGKILL) and started
//      again. Reported: mails accepted by the relay once (delivered), twice or more (duplicated),
//      never (lost: neither accepted nor 'unconfirmed'), the rows left 'unconfirmed' (a send the
//      kill cut after the message was written: never resent), and the rate while sending against
//      the configured one.
//   2. No enumeration by timing: POST /api/auth/forgot-password for a registered address and for
//      an unknown one, alternated, BENCH_FORGOT_CALLS (default 200) each; p50 of each and their
//      ratio (the target is within ±10%).
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ROOT, startBuiltServer } from './lib/built-server.mjs';

const COUNT = Number(process.env.BENCH_MAIL_COUNT || 10_000);
const RATE = Number(process.env.BENCH_MAIL_RATE || 100);
const FORGOT_CALLS = Number(process.env.BENCH_FORGOT_CALLS || 200);
/** The share of SMTP sessions that fail. */
const FAIL = Number(process.env.BENCH_MAIL_FAIL ?? 0.1);
const BASE_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const LANGUAGES = ['en', 'es', 'fr', 'de', 'zh'];
const log = (message) => console.log(`[bench:mail] ${message}`);

const standInPath = path.join(ROOT, 'server/dist/testing/smtp-stand-in.js');
if (!existsSync(standInPath)) {
  console.error('Not built: server/dist/testing/smtp-stand-in.js missing. Run `npm run build` first.');
  process.exit(1);
}
const { startSmtpStandIn } = await import(standInPath);

const admin = async (sql) => {
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};
const databaseUrl = (name) => {
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
};
const percentile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
/** Polls `check` until it is true (the relay's count, the outbox's states), at most `timeoutMs`. */
async function until(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const name = `ziver_bench_mail_${randomBytes(4).toString('hex')}`;
await admin(`CREATE DATABASE ${name}`);
const smtp = await startSmtpStandIn();
const db = new pg.Client({ connectionString: databaseUrl(name) });
const env = {
  DATABASE_URL: databaseUrl(name),
  SMTP_URL: smtp.url,
  MAIL_RATE_PER_SECOND: String(RATE),
  MAIL_RETRY_SECONDS: '0.2',
  MAIL_POLL_SECONDS: '0.1',
  MAIL_MAX_ATTEMPTS: '20',
  NOTIFY_LEASE_SECONDS: '30',
  NOTIFY_SEND_TIMEOUT_SECONDS: '10',
  RATE_LIMITS: 'off',
  PUBLIC_URL: 'https://ziver.test',
};
let server;
try {
  server = await startBuiltServer({ env, label: 'mail-a', quiet: true });
  await db.connect();

  // 1. The drain.
  smtp.failSessions(FAIL, [
    { stage: 'connect', failure: { code: 421, message: 'Service not available, try later' } },
    { stage: 'mail', failure: { code: 451, message: 'Local error in processing' } },
    { stage: 'rcpt', failure: { code: 451, message: 'Greylisted, try again later' } },
    { stage: 'data', failure: { code: 451, message: 'Queue full' } },
    { stage: 'connect', failure: 'drop' },
  ]);
  await db.query(
    `INSERT INTO outbox_messages (channel, kind, dedupe_key, payload)
     SELECT 'email', 'mail', 'mail:bench:' || i,
            jsonb_build_object('template', 'password_changed', 'vars', '{}'::jsonb,
                               'to', 'bench+' || i || '@example.com', 'lang', (ARRAY[${LANGUAGES.map((l) => `'${l}'`).join(',')}])[1 + i % 5])
     FROM generate_series(1, $1::int) AS i`,
    [COUNT],
  );
  log(`${COUNT} mails queued; sending at ${RATE}/s through a relay failing ${FAIL * 100}% of sessions`);
  const startedAt = Date.now();
  await until(() => smtp.received.length >= COUNT / 2, COUNT * (5_000 / RATE) + 60_000, 'half of the mails');
  process.kill(server.pid, 'SIGKILL');
  await server.stop();
  const killedAt = Date.now();
  const beforeKill = smtp.received.length;
  log(`killed (SIGKILL) after ${beforeKill} accepted; starting again`);
  server = await startBuiltServer({ env, label: 'mail-b', quiet: true });
  const restartedAt = Date.now();
  const open = async () =>
    Number(
      (await db.query(`SELECT count(*)::int AS n FROM outbox_messages WHERE state IN ('pending', 'sending')`)).rows[0]
        .n,
    ) === 0;
  await until(open, COUNT * (5_000 / RATE) + 120_000, 'the outbox to drain');
  const doneAt = Date.now();

  const states = Object.fromEntries(
    (await db.query(`SELECT state, count(*)::int AS n FROM outbox_messages GROUP BY state`)).rows.map((r) => [
      r.state,
      r.n,
    ]),
  );
  const unconfirmed = (
    await db.query(`SELECT payload->>'to' AS address FROM outbox_messages WHERE state = 'unconfirmed'`)
  ).rows.map((r) => r.address);
  const perAddress = new Map();
  for (const mail of smtp.received) for (const to of mail.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
  let delivered = 0;
  let duplicated = 0;
  let lost = 0;
  const unconfirmedSet = new Set(unconfirmed);
  for (let i = 1; i <= COUNT; i++) {
    const address = `bench+${i}@example.com`;
    const times = perAddress.get(address) ?? 0;
    if (times === 1) delivered++;
    else if (times > 1) duplicated++;
    else if (!unconfirmedSet.has(address)) lost++;
  }
  const firstSeconds = (killedAt - startedAt) / 1000;
  const rate = beforeKill / firstSeconds;
  log(`outbox states: ${JSON.stringify(states)}; relay sessions: ${smtp.sessions()}`);
  log(
    `delivered once ${delivered}, duplicated ${duplicated}, lost ${lost}, unconfirmed ${unconfirmed.length} ` +
      `(of which accepted by the relay: ${unconfirmed.filter((a) => perAddress.has(a)).length})`,
  );
  log(
    `rate before the kill ${rate.toFixed(1)}/s = ${(rate / RATE).toFixed(3)}× the configured ${RATE}/s ` +
      `(${beforeKill} in ${firstSeconds.toFixed(1)} s); after it: restart ${((restartedAt - killedAt) / 1000).toFixed(1)} s, ` +
      `the other ${COUNT - beforeKill} in ${((doneAt - restartedAt) / 1000).toFixed(1)} s ` +
      `(rows the killed instance held come back when their ${env.NOTIFY_LEASE_SECONDS} s lease ends)`,
  );

  // 2. Forgot-password timing.
  smtp.failSessions(0, []);
  const email = `known_${randomBytes(3).toString('hex')}@example.com`;
  const registered = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: `known_${randomBytes(3).toString('hex')}`, email, password: 'Bench-pass-12' }),
  });
  if (!registered.ok) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const forgot = async (address) => {
    const at = performance.now();
    const res = await fetch(`${server.url}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: address }),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`forgot-password: ${res.status}`);
    return performance.now() - at;
  };
  for (let i = 0; i < 10; i++) await forgot(i % 2 ? email : `warm_${i}@example.com`);
  const known = [];
  const unknown = [];
  for (let i = 0; i < FORGOT_CALLS; i++) {
    known.push(await forgot(email));
    unknown.push(await forgot(`nobody_${i}_${randomBytes(2).toString('hex')}@example.com`));
  }
  const [k, u] = [percentile(known, 0.5), percentile(unknown, 0.5)];
  log(
    `forgot-password p50: known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms: known = ${(k / u).toFixed(3)}× unknown ` +
      `(p90 ${percentile(known, 0.9).toFixed(1)} / ${percentile(unknown, 0.9).toFixed(1)} ms, ${FORGOT_CALLS} calls each)`,
  );
} finally {
  await server?.stop();
  await db.end().catch(() => {});
  await smtp.close();
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
