import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { BrowserContext, Page } from 'playwright-core';
import { startBuiltServer } from '../../scripts/lib/built-server.mjs';
import { closeBrowser, getBrowser, newCredentials, waitForPath } from './browser.js';

const ADMIN_DB_URL = process.env.E2E_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function adminSql(query: string) {
  const client = new pg.Client({ connectionString: ADMIN_DB_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

export type Viewport = { width: number; height: number };
export type Look = { language: 'en' | 'es' | 'fr' | 'de' | 'zh'; theme: 'light' | 'dark' };
export type Account = { username: string; email: string; password: string; id: string; token: string };

/**
 * The console's browser tests' setting: the built server on a throwaway PostgreSQL database
 * (`label` names both), the database itself for setting roles as the make-admin CLI does, API
 * calls, accounts, and signing in through the login form at a viewport, language and theme.
 * Call `start()` in beforeAll and `stop()` in afterAll.
 */
export function adminTestServer(label: string) {
  const dbName = `e2e_${label.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
  const databaseUrl = ADMIN_DB_URL.replace(/\/[^/]*$/, `/${dbName}`);
  let server: Awaited<ReturnType<typeof startBuiltServer>> | undefined;
  let client: pg.Client | undefined;
  const contexts: BrowserContext[] = [];

  const url = () => {
    if (!server) throw new Error('adminTestServer: start() first');
    return server.url;
  };
  const db = () => {
    if (!client) throw new Error('adminTestServer: start() first');
    return client;
  };

  async function api(method: string, path: string, token?: string, body?: unknown) {
    const res = await fetch(`${url()}/api${path}`, {
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
    await db().query('UPDATE users SET role = $1 WHERE id = $2', [role, userId]);
  }

  async function register(role: 'USER' | 'ADMIN' = 'USER'): Promise<Account> {
    const credentials = newCredentials();
    const res = await api('POST', '/auth/register', undefined, credentials);
    if (res.status !== 201) throw new Error(`register: ${res.status} ${JSON.stringify(res.body)}`);
    if (role !== 'USER') await setRole(res.body.user.id, role);
    return { ...credentials, id: res.body.user.id as string, token: res.body.token as string };
  }

  /** A new browser context signed in through the form; the page ends on /mining. */
  async function signIn(viewport: Viewport, who: Account, look: Look = { language: 'en', theme: 'light' }) {
    const browser = await getBrowser();
    const isPhone = viewport.width < 600;
    const context = await browser.newContext({
      baseURL: url(),
      viewport,
      deviceScaleFactor: isPhone ? 2 : 1,
      isMobile: isPhone,
      hasTouch: isPhone,
      locale: 'en-US',
    });
    contexts.push(context);
    context.setDefaultTimeout(15_000);
    await context.addInitScript((chosen: Look) => {
      localStorage.setItem('ziver-language', chosen.language);
      localStorage.setItem('ziver-theme', chosen.theme);
    }, look);
    await db().query('UPDATE users SET language = $1, theme = $2 WHERE id = $3', [look.language, look.theme, who.id]);
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
    url,
    db,
    api,
    register,
    setRole,
    signIn,
    async start() {
      await adminSql(`CREATE DATABASE ${dbName}`);
      server = await startBuiltServer({
        label: `e2e-${label}`,
        env: { DATABASE_URL: databaseUrl, RATE_LIMITS: 'off', LOG_LEVEL: 'warn' },
      });
      client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
    },
    async stop() {
      for (const context of contexts) await context.close();
      await closeBrowser();
      await client?.end();
      await server?.stop();
      await adminSql(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    },
  };
}
