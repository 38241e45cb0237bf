import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONTRACT, MESSAGES } from '@ziver/shared';
import { registerUser } from './testing/factories.js';
import { insertUser } from './testing/growth-factories.js';
import { startTestServer, type TestServer } from './testing/test-server.js';

// The audit's 24 × 500: a NUL or a lone surrogate reaching PostgreSQL. Each must be a 400 from
// the shared schemas (or the path guard) and change nothing.
let server: TestServer;
let user: Awaited<ReturnType<typeof registerUser>>;
let adminToken: string;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off' });
  user = await registerUser(server);
  adminToken = (await insertUser(server, { role: 'ADMIN' })).token;
});
afterAll(() => server.stop());

const NUL = 'a\u0000b';
const LONE_HIGH = 'a\ud800b';
const LONE_LOW = 'a\udc00b';

// JSON.stringify keeps a lone surrogate as the escape \ud800, exactly what a hostile client sends.
const bodies: [string, string, (bad: string) => unknown, () => string | undefined][] = [
  ['POST', '/api/auth/login', (bad) => ({ email: bad, password: 'x' }), () => undefined],
  ['POST', '/api/auth/login', (bad) => ({ email: user.email, password: bad }), () => undefined],
  [
    'POST',
    '/api/auth/register',
    (bad) => ({ username: 'fine_name', email: 'fine@example.com', password: bad }),
    () => undefined,
  ],
  ['POST', '/api/auth/token-login', (bad) => ({ token: bad }), () => undefined],
  ['PUT', '/api/user/profile', (bad) => ({ bio: bad }), () => user.token],
  ['PUT', '/api/system/lockdown', (bad) => ({ enabled: false, message: bad }), () => adminToken],
  [
    'POST',
    '/api/tasks',
    (bad) => ({ title: bad, description: 'd', kind: 'link', link_url: 'https://example.com', zp_reward: 1 }),
    () => adminToken,
  ],
  ['POST', '/api/referrals/apply', (bad) => ({ referralCode: bad }), () => user.token],
];

describe('NUL characters and lone surrogates in request text', () => {
  for (const [method, path, body, token] of bodies) {
    for (const [name, bad] of [
      ['NUL', NUL],
      ['lone high surrogate', LONE_HIGH],
      ['lone low surrogate', LONE_LOW],
    ] as const) {
      it(`${method} ${path} with a ${name} is a 400 naming the problem`, async () => {
        const res = await server.request(method, path, { body: body(bad), token: token() });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message: MESSAGES.unsafeText });
      });
    }
  }

  it('rejects them in query strings (history search) with a 400', async () => {
    for (const bad of ['%00', 'a%00b', 'a%01b']) {
      const res = await server.get(`/api/transactions?search=${bad}`, user.token);
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message: MESSAGES.unsafeText });
    }
    // A lone surrogate cannot be percent-encoded as UTF-8: the query parser keeps the text as
    // sent, which is safe, and the search simply finds nothing.
    const undecodable = await server.get('/api/transactions?search=%ED%A0%80', user.token);
    expect(undecodable.status).toBe(200);
  });

  it('rejects them in the admin user search with a 400', async () => {
    for (const bad of ['%00', 'a%00b', 'a%01b']) {
      const res = await server.get(`/api/admin/users?q=${bad}`, adminToken);
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message: MESSAGES.unsafeText });
    }
  });

  // Every query parameter of the contract, present and future: the schemas are the one check.
  const queried = Object.entries(CONTRACT).flatMap(([id, endpoint]) =>
    'query' in endpoint && endpoint.query instanceof z.ZodObject
      ? Object.keys(endpoint.query.shape).map((name) => ({ id, endpoint, name }))
      : [],
  );
  it.each(queried)('answers a NUL in $id ?$name with a 400, never a 500', async ({ endpoint, name }) => {
    const token = endpoint.access === 'admin' ? adminToken : user.token;
    const res = await server.request(endpoint.method, `/api${endpoint.path}?${name}=a%00b`, { token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });

  it('rejects them in path parameters with a 400', async () => {
    for (const path of [
      '/api/auth/referrer-info/a%00b',
      '/api/referrals/referrer-info/%00',
      '/api/tasks/%00/progress',
    ]) {
      const res = await server.get(path, user.token);
      expect(res.status, path).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'BAD_REQUEST', message: MESSAGES.unsafeText });
    }
    const deleted = await server.request('DELETE', '/api/referrals/pending/%00', { token: user.token });
    expect(deleted.status).toBe(400);
  });

  it('keeps accepting ordinary Unicode: emoji (surrogate pairs), accents, tabs and new lines', async () => {
    const bio = 'Hé 👋 中文\tline\nnext';
    const res = await server.request('PUT', '/api/user/profile', { body: { bio }, token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.user.bio).toBe(bio);
  });
});
