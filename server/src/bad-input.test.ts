import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import * as shared from '@ziver/shared';
import { createApp, createAppState } from './app.js';
import { createSession } from './platform/auth.js';
import { createLogger } from './platform/logger.js';
import { generatedCases } from './testing/cases.js';
import { insertUser } from './testing/growth-factories.js';
import { startTestServer, type TestServer } from './testing/test-server.js';
import { rowsOf } from './platform/db/client.js';

/**
 * The generated bad-input suite: every endpoint of the Express router (enumerated from the app,
 * so a new route is covered without touching this file) gets generated hostile requests —
 * wrong types, huge and odd strings, NUL and lone surrogates, wrong content types, broken and
 * oversized bodies, odd path parameters and query strings — signed out, as a user and as an
 * admin. No answer may be a 5xx, and a refused request (4xx) must change no row of any table.
 *
 * Deterministic: FUZZ_SEED (printed) picks the inputs, FUZZ_RUNS the runs per endpoint (1, and 8
 * in CI's full run: testing/cases.ts; each run of an endpoint costs ~25 ms of CPU, ~3 s for the
 * endpoints together). The first runs of the full count are the quick count's runs.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);
const RUNS = Number(process.env.FUZZ_RUNS ?? generatedCases(1, 8));

type Route = { method: string; path: string };

/** Every route under /api, read from the router stacks of a freshly built app. */
function listApiRoutes(server: TestServer): Route[] {
  const base = { config: server.config, database: server.database, logger: createLogger(server.config) };
  const app = createApp({ ...base, ...createAppState(base), imageDecodes: server.deps.imageDecodes });
  type Layer = {
    route?: { path: string; methods: Record<string, boolean> };
    handle?: { stack?: Layer[] };
    rawPath?: string;
  };
  const routes: Route[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const path = `${prefix}${layer.route.path}`.replace(/(.)\/$/, '$1');
        for (const method of Object.keys(layer.route.methods)) routes.push({ method: method.toUpperCase(), path });
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack, prefix + (layer.rawPath === '/' || !layer.rawPath ? '' : layer.rawPath));
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return routes.filter((r) => r.path.startsWith('/api/'));
}

/** The field names of every shared request and query schema: bad values land where they are read. */
const FIELD_NAMES = [
  ...new Set(
    Object.entries(shared)
      .filter(([name]) => /(Request|Query)Schema$/.test(name))
      .flatMap(([, schema]) => Object.keys((schema as { shape?: Record<string, unknown> }).shape ?? {})),
  ),
];

const NASTY = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\ud83d',
  '\u0001\u001f',
  '\u202e',
  '%00',
  '../../../etc/passwd',
  "' OR '1'='1",
  '${7*7}',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  '',
  ' ',
  '\n',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  '😀'.repeat(50),
  'a'.repeat(300),
  'a'.repeat(20_000),
];

/**
 * Any code points, lone surrogates included: what `fc.string({ unit: 'binary' })` draws, without
 * its construction (6.5 s of CPU in fast-check 4.10, building a reverse map of every code point).
 */
const anyCodePoints = fc
  .array(fc.oneof(fc.integer({ min: 0, max: 0x7f }), fc.integer({ min: 0, max: 0x10ffff })), { maxLength: 40 })
  .map((points) => String.fromCodePoint(...points));
const oddString = fc.oneof(fc.constantFrom(...NASTY), anyCodePoints, fc.string({ unit: 'grapheme', maxLength: 40 }));
const wrongType = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(true, false, null, 1e308, -0, Number.MAX_SAFE_INTEGER + 2),
);
const fieldName = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...FIELD_NAMES) }, fc.string({ maxLength: 12 }));
const leaf = fc.oneof(oddString, wrongType);
const value = fc.oneof(
  { weight: 4, arbitrary: leaf },
  fc.array(leaf, { maxLength: 3 }),
  fc.dictionary(fieldName, leaf, { maxKeys: 3 }),
);

type Body = { text: string; contentType: string | undefined };
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=bogus',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  undefined,
];
const RAW_BODIES = [
  '{',
  '{"email":',
  '[]',
  'null',
  '"text"',
  '1e999',
  '{"email":"\\u0000","password":"\\ud800"}',
  '{"__proto__":{"role":"ADMIN"}}',
  '['.repeat(5_000),
  `{"bio":"${'a'.repeat(150_000)}"}`,
];
const jsonText = (v: unknown) => JSON.stringify(v) ?? 'null';
const body: fc.Arbitrary<Body> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      text: fc.dictionary(fieldName, value, { maxKeys: 6 }).map(jsonText),
      contentType: fc.constant('application/json'),
    }),
  },
  fc.record({ text: value.map(jsonText), contentType: fc.constant('application/json') }),
  fc.record({ text: fc.constantFrom(...RAW_BODIES), contentType: fc.constantFrom(...CONTENT_TYPES) }),
  fc.record({
    text: fc.dictionary(fieldName, value, { maxKeys: 4 }).map(jsonText),
    contentType: fc.constantFrom(...CONTENT_TYPES),
  }),
);

/** Percent-encodes like a client would; a lone surrogate cannot be UTF-8, so it is sent as raw bytes. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}
const pathParam = fc.oneof(
  fc.uuid().map(encode),
  oddString.map(encode),
  fc.constantFrom('%00', '%', '%zz', '..', '%2e%2e', '%2F', 'a'.repeat(5_000), '%ED%A0%80', 'null', '-1', '1e9'),
);
const queryString = fc.oneof(
  fc
    .array(fc.tuple(fieldName, oddString), { maxLength: 4 })
    .map((pairs) => pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')),
  fc.constantFrom('a=%', 'search=%00', 'page=1&page=2', 'limit[]=5', 'type[$ne]=x', 'search=%ED%A0%80', '&&=&'),
);

const request = fc.record({
  who: fc.constantFrom('anonymous', 'user', 'admin') as fc.Arbitrary<'anonymous' | 'user' | 'admin'>,
  params: fc.array(pathParam, { minLength: 2, maxLength: 2 }),
  query: fc.option(queryString, { nil: undefined }),
  body: fc.option(body, { nil: undefined }),
});

type RequestInput = typeof request extends fc.Arbitrary<infer T> ? T : never;

let server: TestServer;
let routes: Route[];
let checksumQuery: ReturnType<typeof sql.raw>;
let user: Awaited<ReturnType<typeof insertUser>>;
let admin: Awaited<ReturnType<typeof insertUser>>;

beforeAll(async () => {
  // Buffered heartbeats (a generated POST /user/heartbeat is accepted) are written by a timer,
  // which could land during any later request and count as its change: flushed at most every
  // 300 s here, so never within the run.
  server = await startTestServer({
    RATE_LIMITS: 'off',
    PRESENCE_FLUSH_SECONDS: '300',
    // Wallets on, so the ton_proof calls are fuzzed past their WALLET_NOT_CONFIGURED.
    TONCONNECT_MANIFEST_URL: 'https://ziver.test/tonconnect-manifest.json',
    // Push on, so the subscription calls are fuzzed past their PUSH_NOT_CONFIGURED (its lane idle).
    PUSH: 'on',
    PUSH_POLL_SECONDS: '3600',
  });
  routes = listApiRoutes(server);
  user = await insertUser(server);
  admin = await insertUser(server, { role: 'ADMIN' });
  const tables = await server.database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const names = rowsOf<{ table_name: string }>(tables).map((r) => r.table_name);
  checksumQuery = sql.raw(
    `select md5(concat_ws('|', ${names
      .map((n) => `(select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) from "${n}" t)`)
      .join(', ')})) as sum`,
  );
  console.log(
    `bad-input suite: seed ${SEED}, ${RUNS} runs on each of ${routes.length} endpoints, ${names.length} tables checked (FUZZ_SEED, FUZZ_RUNS)`,
  );
});
afterAll(() => server.stop());

/**
 * The content of every table as one md5, with the transaction horizon it was read at
 * (`pg_snapshot_xmax`: one past the last finished transaction that had an id). Writing any row,
 * committed or rolled back, takes a transaction id and moves the horizon; while the horizon
 * stands still the last sum still holds and is not recomputed (the full sum scans every table).
 */
type State = { horizon: string; sum: string };
let known: State | undefined;
async function horizon(): Promise<string> {
  const result = await server.database.db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`);
  return rowsOf<{ x: string }>(result)[0]!.x;
}
async function state(): Promise<State> {
  if (known && (await horizon()) === known.horizon) return known;
  const result = await server.database.db.execute(
    sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x, (${checksumQuery}) as sum`,
  );
  const row = rowsOf<{ x: string; sum: string }>(result)[0]!;
  known = { horizon: row.x, sum: row.sum };
  return known;
}

/**
 * One session per kind of caller, replaced after any request that wrote (a generated
 * POST /auth/logout must not starve the later runs). Checking a session writes nothing, so a
 * session no request has written since is as good as a fresh one.
 */
const tokens = new Map<'user' | 'admin', string>();
async function tokenFor(who: 'anonymous' | 'user' | 'admin'): Promise<string | undefined> {
  if (who === 'anonymous') return undefined;
  const current = tokens.get(who);
  if (current) return current;
  const account = who === 'admin' ? admin.user : user.user;
  const session = await createSession(server.database.db, server.config, {
    userId: account.id,
    method: 'password',
    passwordVersion: account.passwordVersion,
  });
  tokens.set(who, session.token);
  return session.token;
}

async function send(route: Route, input: RequestInput) {
  let params = 0;
  const path = route.path.replace(/:[A-Za-z]+/g, () => input.params[params++] ?? 'x');
  const url = `${server.url}${path}${input.query ? `?${input.query}` : ''}`;
  const headers: Record<string, string> = {};
  const token = await tokenFor(input.who);
  if (token) headers.authorization = `Bearer ${token}`;
  const hasBody = input.body && route.method !== 'GET' && route.method !== 'HEAD';
  if (hasBody && input.body!.contentType) headers['content-type'] = input.body!.contentType;
  // Lockdown switched on would answer every later request 503: that is the feature, not a fault.
  const text = hasBody ? input.body!.text.replace(/"enabled":true/g, '"enabled":"true"') : undefined;
  const before = await state();
  const res = await fetch(url, { method: route.method, headers, body: text });
  const answer = await res.text();
  const after = await state();
  if (after.horizon !== before.horizon) tokens.clear();
  return {
    status: res.status,
    answer,
    changed: before.sum !== after.sum,
    url: url.slice(0, 300),
    sent: text?.slice(0, 300),
  };
}

describe('generated bad input on every endpoint', () => {
  it('finds the endpoints from the router, including parameterised ones', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes).toContainEqual({ method: 'POST', path: '/api/auth/login' });
    expect(routes).toContainEqual({ method: 'DELETE', path: '/api/referrals/:id' });
    expect(FIELD_NAMES).toEqual(expect.arrayContaining(['email', 'password', 'bio', 'search', 'title']));
  });

  it('answers no 5xx and changes nothing when it refuses', { timeout: 600_000 }, async () => {
    const failures: unknown[] = [];
    let refused = 0;
    let total = 0;
    for (const [index, route] of routes.entries()) {
      await fc
        .assert(
          fc.asyncProperty(request, async (input) => {
            let result: Awaited<ReturnType<typeof send>>;
            try {
              result = await send(route, input);
            } catch (error) {
              // A reset connection or a dead server is a failure too.
              failures.push({ route: `${route.method} ${route.path}`, error: String(error) });
              return false;
            }
            total++;
            if (result.status >= 400 && result.status < 500) refused++;
            // Google and Telegram sign-in are not configured here: their 503 *_NOT_CONFIGURED is
            // the deliberate answer to a well-formed request, not a fault.
            const isNotConfigured = result.status === 503 && /"code":"[A-Z_]+_NOT_CONFIGURED"/.test(result.answer);
            const isServerError = result.status >= 500 && !isNotConfigured;
            const isRefusedWithChange = result.status >= 400 && result.changed;
            if (isServerError || isRefusedWithChange) {
              failures.push({ route: `${route.method} ${route.path}`, ...result, answer: result.answer.slice(0, 300) });
            }
            return !isServerError && !isRefusedWithChange;
          }),
          { seed: SEED + index, numRuns: RUNS, endOnFailure: true },
        )
        .catch(() => undefined); // collected above, reported together below
    }
    console.log(`bad-input suite: ${total} requests, ${refused} refused with a 4xx, ${failures.length} failures`);
    expect(failures).toEqual([]);
    expect((await server.get('/api/health')).status).toBe(200);
  });
});
