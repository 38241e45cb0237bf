import { expect, vi } from 'vitest';
import { buildRegistration } from './factories.js';
import type { TestServer } from './test-server.js';

/**
 * An email sign-up over HTTP from `ip` (the server trusts X-Forwarded-For in tests), with one
 * User-Agent per /24: a farm's accounts from one block share a client fingerprint.
 */
export async function signUpFrom(server: TestServer, ip: string, referralCode?: string) {
  const input = buildRegistration(referralCode ? { referralCode } : {});
  const res = await server.request('POST', '/api/auth/register', {
    body: input,
    headers: { 'x-forwarded-for': ip, 'user-agent': `Farm ${ip.split('.').slice(0, 3).join('.')}` },
  });
  expect(res.status).toBe(201);
  return {
    token: res.body.token as string,
    id: res.body.user.id as string,
    code: res.body.user.referral_code as string,
  };
}

/**
 * A farm script's cycle: starts one and sends the claim until it is accepted, the moment the
 * cycle ends (an invitee's first claim pays its referrer's reward).
 */
export async function claimLikeAScript(server: TestServer, token: string) {
  const start = await server.post('/api/mining/start', {}, token);
  expect(start.status).toBe(201);
  // It counts down the time the start answered (no claim refused all cycle long), then claims.
  // eslint-disable-next-line no-restricted-syntax -- real time is tested: the rule reads the claim's delay after the cycle's real end
  await new Promise((resolve) => setTimeout(resolve, start.body.timeRemaining as number));
  await vi.waitFor(
    async () => {
      const claim = await server.post('/api/mining/claim', {}, token);
      if (claim.status !== 200) throw new Error(`claim refused: ${claim.status}`);
    },
    { timeout: 30_000, interval: 50 },
  );
}
