import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from './testing/factories.js';
import { startTestServer, type TestServer } from './testing/test-server.js';

// Every /api answer depends on the caller's session or on live state (lockdown, balances), so
// none may be kept by a browser or a shared cache: `no-store`, signed in, signed out, errors too.
let server: TestServer;
let user: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off' });
  user = await registerUser(server);
});
afterAll(() => server.stop());

describe('Cache-Control on API answers', () => {
  it('is no-store on signed-in answers, the status poll included', async () => {
    for (const path of ['/api/user/me', '/api/mining/status', '/api/referrals', '/api/transactions']) {
      const res = await server.get(path, user.token);
      expect([path, res.status, res.headers.get('cache-control')]).toEqual([path, 200, 'no-store']);
    }
    const login = await server.post('/api/auth/login', { email: user.email, password: user.password });
    expect([login.status, login.headers.get('cache-control')]).toEqual([200, 'no-store']);
  });

  it('is no-store on public answers and on errors', async () => {
    for (const [path, status] of [
      ['/api/system/status', 200],
      ['/api/health', 200],
      ['/api/auth/config', 200],
      ['/api/openapi.json', 200],
      ['/api/mining/status', 401],
      ['/api/no-such-route', 404],
      ['/api/files/no-such-file', 404],
    ] as const) {
      const res = await server.get(path);
      expect([path, res.status, res.headers.get('cache-control')]).toEqual([path, status, 'no-store']);
    }
    const bad = await server.post('/api/auth/login', { email: 1 });
    expect([bad.status, bad.headers.get('cache-control')]).toEqual([400, 'no-store']);
  });
});
