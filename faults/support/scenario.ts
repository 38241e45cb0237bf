import { randomBytes } from 'node:crypto';
import { expect, vi } from 'vitest';
import { request } from '../../scripts/lib/mixed-load.mjs';
import { waitForHealth } from '../../scripts/lib/app-process.mjs';

/**
 * For a fault's timeline only: how long the load runs before a fault, how long an outage lasts.
 * Those durations are the scenario under test; waiting for a result uses vi.waitFor or the
 * helpers below.
 */
// eslint-disable-next-line no-restricted-syntax -- fault timelines are real durations, not waits for a result
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type App = { url: string; isAlive(): boolean; lines: string[] };

/** "The process is alive and answering": running, and /api/health 200 within `withinMs`. */
export async function expectAliveAndAnswering(app: App, withinMs = 20_000): Promise<number> {
  expect(app.isAlive(), `process died:\n${app.lines.slice(-30).join('\n')}`).toBe(true);
  const t0 = Date.now();
  await waitForHealth(app, withinMs);
  return Date.now() - t0;
}

/** No answer was a 5xx other than 503 DATABASE_UNAVAILABLE (no 500 INTERNAL during any fault). */
export function expectNoInternalErrors(load: { stats: { serverErrors: unknown[] } }): void {
  expect(load.stats.serverErrors, JSON.stringify(load.stats.serverErrors)).toEqual([]);
}

/** No log line carries a query's parameters, an email of the load, or a password hash. */
export function expectCleanLogs(lines: string[]): void {
  const leaks = lines.filter((l) => /\$argon2|load_[0-9a-f]{6}_[\w]+@example\.com|params: (?!\[redacted\])/.test(l));
  expect(leaks.slice(0, 3)).toEqual([]);
}

/** Registers a user, starts a cycle and waits until it can be claimed. */
export async function userWithFinishedCycle(url: string, cycleMs: number, tag: string) {
  const name = `${tag.slice(0, 6)}_${randomBytes(4).toString('hex')}`;
  const email = `${name}@example.com`;
  const reg = await request(url, 'POST', '/api/auth/register', {
    body: { username: name, email, password: 'faults-pass-1' },
  });
  expect(reg.status).toBe(201);
  const token = (reg.body as { token: string }).token;
  const start = await request(url, 'POST', '/api/mining/start', { token });
  expect(start.status).toBe(201);
  await vi.waitFor(
    async () => {
      const status = await request(url, 'GET', '/api/mining/status', { token });
      expect((status.body as { canClaim?: boolean }).canClaim).toBe(true);
    },
    { timeout: cycleMs + 30_000, interval: 100 },
  );
  return { email, token };
}

/** Waits until the load has had `count` claims answered 200 (a kill then lands among real claims). */
export async function untilClaimsAcknowledged(
  load: { claimsAcknowledged: Map<string, number> },
  count = 1,
  withinMs = 60_000,
) {
  const total = () => [...load.claimsAcknowledged.values()].reduce((a, b) => a + b, 0);
  await vi.waitFor(
    () => {
      if (total() < count) {
        throw new Error(`the load had ${total()} of ${count} claims acknowledged within ${withinMs} ms`);
      }
    },
    { timeout: withinMs, interval: 100 },
  );
}
