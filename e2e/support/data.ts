import { vi } from 'vitest';
import type { Page } from 'playwright-core';
import type { MiningStatus, PublicUser } from '@ziver/shared';
import { baseUrl, newCredentials } from './browser.js';

/**
 * API helpers for browser tests that need data the screen under test only shows: other users,
 * their mining cycles, balances. Everything goes through the public API of the shared server
 * (RATE_LIMITS=off), with the user's bearer token, exactly as the mini app calls it.
 */

export type ApiSession = { token: string; user: PublicUser; credentials: ReturnType<typeof newCredentials> };

type ApiAnswer = { status: number; body: any };

/** One call of the API; `token` signs it in. Never throws on a status: the caller checks. */
export async function callApi(
  path: string,
  options: { token?: string; method?: string; body?: unknown } = {},
): Promise<ApiAnswer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text for the error message
  }
  return { status: res.status, body };
}

/** Like callApi, but a status other than `expected` is an error naming the call and the answer. */
export async function expectApi(
  expected: number,
  path: string,
  options: { token?: string; method?: string; body?: unknown } = {},
): Promise<any> {
  const answer = await callApi(path, options);
  if (answer.status !== expected) {
    throw new Error(
      `${options.method ?? (options.body === undefined ? 'GET' : 'POST')} /api${path}: expected ${expected}, ` +
        `got ${answer.status} ${JSON.stringify(answer.body)}`,
    );
  }
  return answer.body;
}

/** Registers a new user through the API (optionally with a referral code) and returns their session. */
export async function registerUser(options: { referralCode?: string } = {}): Promise<ApiSession> {
  const credentials = newCredentials();
  const body = await expectApi(201, '/auth/register', {
    body: {
      username: credentials.username,
      email: credentials.email,
      password: credentials.password,
      ...(options.referralCode ? { referralCode: options.referralCode } : {}),
    },
  });
  if (typeof body.token !== 'string') throw new Error(`register: no token in ${JSON.stringify(body)}`);
  return { token: body.token, user: body.user as PublicUser, credentials };
}

/** The session token the mini app keeps in localStorage 'session'. */
export async function sessionToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const raw = localStorage.getItem('session');
    return raw ? (JSON.parse(raw)?.user?.token as string | undefined) : undefined;
  });
  if (!token) throw new Error("no token in localStorage 'session'");
  return token;
}

/** The signed-in user as the server sees them (GET /api/auth/me). */
export async function currentUser(token: string): Promise<PublicUser> {
  return (await expectApi(200, '/auth/me', { token })).user as PublicUser;
}

export async function startMining(token: string): Promise<MiningStatus> {
  return (await expectApi(201, '/mining/start', { token, method: 'POST' })) as MiningStatus;
}

/**
 * Claims the user's running cycle as soon as it has ended: asks for the status until the server
 * says the reward can be claimed (at `cycleEndsAt`, plus 5 s of slack), then claims.
 */
export async function claimWhenReady(token: string, status: MiningStatus): Promise<{ zp: number; seb: number }> {
  if (!status.cycleEndsAt) throw new Error(`no running cycle: ${JSON.stringify(status)}`);
  const timeout = Math.max(0, Date.parse(status.cycleEndsAt) - Date.now()) + 5_000;
  await vi.waitFor(
    async () => {
      const now = await callApi('/mining/status', { token });
      if (now.body?.canClaim !== true) throw new Error(`the cycle has not ended: ${JSON.stringify(now.body)}`);
    },
    { timeout, interval: 100 },
  );
  const answer = await callApi('/mining/claim', { token, method: 'POST' });
  if (answer.status !== 200) throw new Error(`POST /api/mining/claim: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.reward as { zp: number; seb: number };
}

/** One whole mining cycle through the API: start, wait out the cycle, claim. */
export async function mineOneCycle(token: string): Promise<{ zp: number; seb: number }> {
  return claimWhenReady(token, await startMining(token));
}
