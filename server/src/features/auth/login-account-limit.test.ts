import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@ziver/shared';
import { enableTwoFactorFor } from '../../testing/authenticator.js';
import { registerUser } from '../../testing/factories.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';

// The per-account login limit (10 / 15 min) counts per account, however it is named. Each test
// gets its own server so the per-IP budget (30 / 15 min, all tests share 127.0.0.1) is fresh.
let server: TestServer;
afterEach(() => server?.stop());
const start = async () => {
  server = await startTestServer({ RATE_LIMITS: 'on' });
};
const login = (email: string, password: string) => server.post('/api/auth/login', { email, password });
const limited = { success: false, code: 'RATE_LIMITED', message: SERVER_MESSAGES.rateLimited };

describe('the per-account login limit', () => {
  it('is one budget for the email and the username of an account: 10 guesses, not 20', async () => {
    await start();
    const victim = await registerUser(server);
    const names = [victim.email, victim.username, victim.username.toUpperCase(), ` ${victim.email.toUpperCase()} `];
    for (let i = 0; i < 10; i++) expect((await login(names[i % names.length]!, `guess-${i}`)).status).toBe(401);
    for (const name of [victim.username, victim.email]) {
      const res = await login(name, `guess-${name}`);
      expect(res.status).toBe(429);
      expect(res.body).toMatchObject(limited);
    }
  });

  it('limits unknown accounts the same way, so the limit does not tell which accounts exist', async () => {
    await start();
    for (let i = 0; i < 10; i++) expect((await login('nobody@example.com', `guess-${i}`)).status).toBe(401);
    expect((await login('nobody@example.com', 'guess')).status).toBe(429);
  });

  it('lets the right password through a lock-out when 2FA is on: the code is still required', async () => {
    await start();
    const victim = await registerUser(server);
    const { authenticator } = await enableTwoFactorFor(server, victim.token);
    for (let i = 0; i < 10; i++) expect((await login(victim.email, `guess-${i}`)).status).toBe(401);

    // Guesses stay refused, with the same answer as any other lock-out.
    const guess = await login(victim.username, 'guess-again');
    expect(guess.status).toBe(429);
    expect(guess.body).toMatchObject(limited);

    const first = await login(victim.email, victim.password);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, twoFactorRequired: true });
    const verified = await server.post('/api/auth/verify-2fa', {
      token: first.body.token,
      verificationCode: await authenticator.nextCode(),
    });
    expect(verified.status).toBe(200);
    expect((await server.get('/api/auth/me', verified.body.token)).status).toBe(200);
  });

  it('keeps a locked account without 2FA locked, even for the right password', async () => {
    await start();
    const victim = await registerUser(server);
    for (let i = 0; i < 10; i++) expect((await login(victim.email, `guess-${i}`)).status).toBe(401);
    const res = await login(victim.email, victim.password);
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject(limited);
  });
});
