import { afterAll, beforeAll, expect } from 'vitest';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { BrowserContext, Page } from 'playwright-core';
import type { Language } from '@ziver/shared';
import { startBotApiRecorder, type BotApiRecorder } from '@ziver/bot/testing';
import { startBuiltServer } from '../../scripts/lib/built-server.mjs';
import { PAGE_WAIT_MS, closeBrowser, getBrowser, newCredentials, waitForPath } from './browser.js';
import type { Look } from './looks.js';

/**
 * The operators' console tests' setup: the built server on a throwaway PostgreSQL database
 * (created before the file's tests, dropped after), API calls, users registered through the API
 * with the role set by SQL (as the CLI does), and a browser signed in through the login form,
 * optionally in a language and theme.
 * Call `useAdminConsole(label)` at the top of a test file; `options.env` adds to the server's
 * environment (worked out before it starts, e.g. a PUBLIC_URL on a port picked in advance).
 */
const ADMIN_DB_URL = process.env.E2E_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type ConsoleUser = { email: string; password: string; username: string; id: string; token: string };
export type Viewport = { width: number; height: number };

async function adminSql(query: string) {
  const client = new pg.Client({ connectionString: ADMIN_DB_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

export type AdminConsoleOptions = {
  /** Extra server environment (e.g. ANNOUNCE_POLL_SECONDS), or a function that works it out before start. */
  env?: Record<string, string> | (() => Promise<Record<string, string>>);
  /** Runs the bot against a local Bot API recorder (`recorder()`), as Telegram would be. */
  withBot?: boolean;
};

/** The bot token the console's server uses with `withBot`. */
export const CONSOLE_BOT_TOKEN = `123456:${'C'.repeat(35)}`;

export function useAdminConsole(label: string, options: AdminConsoleOptions = {}) {
  const dbName = `e2e_${label.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
  const databaseUrl = ADMIN_DB_URL.replace(/\/[^/]*$/, `/${dbName}`);
  let server: Awaited<ReturnType<typeof startBuiltServer>>;
  let db: pg.Client;
  let recorder: BotApiRecorder | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    await adminSql(`CREATE DATABASE ${dbName}`);
    if (options.withBot) recorder = await startBotApiRecorder({ token: CONSOLE_BOT_TOKEN });
    const bot: Record<string, string> = recorder
      ? { TELEGRAM_BOT_TOKEN: CONSOLE_BOT_TOKEN, TELEGRAM_API_ROOT: recorder.url, PUBLIC_URL: 'https://ziver.test' }
      : {};
    server = await startBuiltServer({
      label: `e2e-${label}`,
      env: {
        DATABASE_URL: databaseUrl,
        RATE_LIMITS: 'off',
        LOG_LEVEL: 'warn',
        ...bot,
        ...(typeof options.env === 'function' ? await options.env() : options.env),
      },
    });
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await closeBrowser();
    await db?.end();
    await server?.stop();
    await recorder?.close();
    await adminSql(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  });

  async function api(method: string, path: string, token?: string, body?: unknown) {
    const res = await fetch(`${server.url}/api${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  }

  /** Sets a role with SQL, as `npm run make-admin` does. */
  async function setRole(userId: string, role: 'USER' | 'TESTER' | 'ADMIN') {
    await db.query('UPDATE users SET role = $1 WHERE id = $2', [role, userId]);
  }

  /** A new account (optionally ADMIN, optionally reading the app in `language`). */
  async function register(role: 'USER' | 'ADMIN' = 'USER', language?: Language): Promise<ConsoleUser> {
    const credentials = newCredentials();
    const res = await api('POST', '/auth/register', undefined, credentials);
    expect(res.status).toBe(201);
    if (role !== 'USER') await setRole(res.body.user.id, role);
    if (language) {
      const set = await api('PUT', '/settings/appearance/language', res.body.token, { language });
      expect(set.status).toBe(200);
    }
    return { ...credentials, id: res.body.user.id as string, token: res.body.token as string };
  }

  /**
   * A browser at `viewport` signed in as `who` through the login form, on /mining; with a `look`,
   * in that language and theme (kept in the browser and on the account, whose settings win).
   */
  async function signIn(viewport: Viewport, who: { email: string; password: string; id?: string }, look?: Look) {
    const browser = await getBrowser();
    const isPhone = viewport.width < 600;
    const context = await browser.newContext({
      baseURL: server.url,
      viewport,
      deviceScaleFactor: isPhone ? 2 : 1,
      isMobile: isPhone,
      hasTouch: isPhone,
      locale: 'en-US',
    });
    contexts.push(context);
    context.setDefaultTimeout(PAGE_WAIT_MS);
    if (look) {
      await context.addInitScript((chosen: Look) => {
        localStorage.setItem('ziver-language', chosen.language);
        localStorage.setItem('ziver-theme', chosen.theme);
      }, look);
      await db.query('UPDATE users SET language = $1, theme = $2 WHERE email = $3', [
        look.language,
        look.theme,
        who.email,
      ]);
    }
    const page: Page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/login');
    const form = page.locator('form').filter({ has: page.locator('input[name="password"]') });
    await form.locator('input[name="email"]').fill(who.email);
    await form.locator('input[name="password"]').fill(who.password);
    await form.locator('button[type="submit"]').click();
    await waitForPath(page, (path) => path === '/mining');
    return { page, errors };
  }

  return {
    api,
    register,
    setRole,
    signIn,
    /** The server's URL, once started. */
    url: () => server.url,
    /** The throwaway database (for setup and for checking what changed). */
    db: () => db,
    /** A browser context of this file's (closed after its tests). */
    track: (context: BrowserContext) => contexts.push(context),
    /** The local Bot API the bot talks to (with `withBot` only). */
    recorder: (): BotApiRecorder => {
      if (!recorder) throw new Error('useAdminConsole: pass { withBot: true } for a Bot API recorder');
      return recorder;
    },
  };
}

/**
 * Finds `who` with the console's user search and opens their page. The list shows every user
 * until the search answers, so the click waits for `who`'s own row (by its id): the first row
 * before the answer is someone else's.
 */
export async function openUserFromSearch(p: Page, who: { email: string; id: string }) {
  await p.locator('[data-testid="admin-user-search"]').first().fill(who.email);
  await p.locator('[data-testid="admin-user-search-submit"]').first().click();
  await p.locator(`[data-testid="admin-user-result"][data-user-id="${who.id}"]`).click();
}
