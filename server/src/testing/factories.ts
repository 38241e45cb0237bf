import type { PublicUser } from '@ziver/shared';
import { randomBytes } from 'node:crypto';
import { vi } from 'vitest';
import type { TestServer } from './test-server.js';

let counter = 0;

/** Registration input with unique username and email; override any field. */
export function buildRegistration(
  overrides: Partial<{ username: string; email: string; password: string; referralCode: string }> = {},
) {
  const n = `${(++counter).toString(36)}${randomBytes(3).toString('hex')}`;
  return { username: `user_${n}`, email: `user_${n}@example.com`, password: 'secret-pass-1', ...overrides };
}

/** Registers a user through the API and returns its token and user. */
export async function registerUser(server: TestServer, overrides: Parameters<typeof buildRegistration>[0] = {}) {
  const input = buildRegistration(overrides);
  const res = await server.post('/api/auth/register', input);
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...input, token: res.body.token as string, user: res.body.user as PublicUser };
}

/**
 * Waits until the user's running mining cycle has ended, as the API reports it (`canClaim`):
 * the event a test of a real (short) cycle waits for, rather than a fixed sleep.
 */
export async function waitForClaimableCycle(server: TestServer, token: string) {
  // vi.waitFor, not expect.poll: the global expect cannot poll inside describe.concurrent. The
  // bound is a loaded machine's test time (vitest.config.ts), not a timing claim.
  await vi.waitFor(
    async () => {
      const { body } = await server.get('/api/mining/status', token);
      if (body.canClaim !== true) throw new Error(`the cycle has not ended yet: ${JSON.stringify(body)}`);
    },
    { timeout: 55_000, interval: 100 },
  );
}
