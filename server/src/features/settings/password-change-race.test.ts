import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../testing/factories.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';

// The audit's attack: logins with the old password racing a password change. Against the
// PostgreSQL server (DATABASE_URL) the logins truly interleave with the change's transaction;
// on PGlite they are serialised, and the test still checks the outcome.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off' });
});
afterAll(() => server.stop());

const LOGINS = 60;
const ROUNDS = 2;

// The delays spread the logins over the password change's window: they make the race under
// test, nothing is asserted after them.
// eslint-disable-next-line no-restricted-syntax -- staggering requests is the race under test
const staggered = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a password change racing logins with the old password', () => {
  it('leaves no session proven with the old password alive, even ones used (and cached) before the change', async () => {
    const u = await registerUser(server);
    let password = u.password;
    let surviving = 0;
    let proven = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      const newPassword = `Brand-new-pass-${round}!`;
      // A session opened and used before the change: a session cache that ignores revocation keeps it.
      const before = await server.post('/api/auth/login', { email: u.email, password });
      expect(before.status).toBe(200);
      expect((await server.get('/api/auth/me', before.body.token)).status).toBe(200);

      // Logins with the old password spread over the change's window; each uses its session at once.
      const oldPassword = password;
      const logins = Array.from({ length: LOGINS }, async (_, i) => {
        await staggered(i * 5);
        const res = await server.post('/api/auth/login', { email: u.email, password: oldPassword });
        if (res.status !== 200) return null;
        await server.get('/api/auth/me', res.body.token);
        return res.body.token as string;
      });
      const change = (async () => {
        await staggered(50);
        return server.request('PUT', '/api/settings/security/password', {
          token: u.token,
          body: { currentPassword: oldPassword, newPassword },
        });
      })();
      const [changed, ...tokens] = await Promise.all([change, ...logins]);
      expect(changed.status).toBe(200);
      password = newPassword;

      const oldPasswordTokens = [before.body.token as string, ...tokens.filter((t): t is string => t !== null)];
      const statuses = await Promise.all(
        oldPasswordTokens.map(async (t) => (await server.get('/api/auth/me', t)).status),
      );
      surviving += statuses.filter((s) => s !== 401).length;
      proven += oldPasswordTokens.length;

      // The session that made the change stays signed in; the new password works, the old does not.
      expect((await server.get('/api/auth/me', u.token)).status).toBe(200);
      expect((await server.post('/api/auth/login', { email: u.email, password: oldPassword })).status).toBe(401);
    }
    expect(proven).toBeGreaterThan(ROUNDS);
    expect({ surviving, of: proven }).toEqual({ surviving: 0, of: proven });
    expect((await server.post('/api/auth/login', { email: u.email, password })).status).toBe(200);
  });
});
