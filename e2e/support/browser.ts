import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const ARTIFACTS_DIR = fileURLToPath(new URL('../artifacts', import.meta.url));

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/**
 * How long a page's own wait (a locator, a navigation) may take before the test fails: the 30 s
 * every other wait of the suites gets (LOADED_MACHINE in vitest.config.ts). Idle, what they wait
 * for takes milliseconds; the bound only stops a hung test on a loaded machine.
 */
export const PAGE_WAIT_MS = 30_000;

/** This worker's built server (e2e/global-setup.ts starts one per worker; VITEST_POOL_ID counts from 1). */
export const baseUrl = () => {
  const urls = inject('baseUrls');
  return urls[(Number(process.env.VITEST_POOL_ID || 1) - 1) % urls.length]!;
};

/** This worker's built server's DATA_DIR (its mail lands in DATA_DIR/mail without SMTP_URL). */
export const dataDir = () => {
  const dirs = inject('dataDirs');
  return dirs[(Number(process.env.VITEST_POOL_ID || 1) - 1) % dirs.length]!;
};

let browserPromise: Promise<Browser> | undefined;

/**
 * Debian's Chromium, headless. Missing Chromium is a failure with a clear message, never a skip:
 * a browser test that did not run must not look green.
 */
export function getBrowser(): Promise<Browser> {
  browserPromise ??= (async () => {
    if (!existsSync(CHROMIUM_PATH)) {
      throw new Error(
        `Chromium not found at ${CHROMIUM_PATH}. Install Debian's chromium (sudo apt-get install -y chromium) ` +
          'or set CHROMIUM_PATH. Browser tests never download a browser of their own.',
      );
    }
    return chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    });
  })();
  return browserPromise;
}

export async function closeBrowser(): Promise<void> {
  const pending = browserPromise;
  browserPromise = undefined;
  if (pending) await (await pending.catch(() => undefined))?.close();
}

export type TrackedPage = {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far, with the URL they happened on. */
  errors: string[];
};

/** A fresh browser context (own storage) and page at the given viewport, recording console errors. */
export async function openPage(viewport: { width: number; height: number }): Promise<TrackedPage> {
  const browser = await getBrowser();
  const isPhone = viewport.width < 600;
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport,
    deviceScaleFactor: isPhone ? 2 : 1,
    isMobile: isPhone,
    hasTouch: isPhone,
    locale: 'en-US',
  });
  context.setDefaultTimeout(PAGE_WAIT_MS);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console.error on ${page.url()}: ${msg.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught error on ${page.url()}: ${error.message}`));
  return { context, page, errors };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage: true }).catch(() => undefined);
}

/** Waits until the path of the page's URL satisfies `predicate` (client-side navigation included). */
export async function waitForPath(page: Page, predicate: (pathname: string) => boolean, timeout = PAGE_WAIT_MS) {
  await page.waitForURL((url) => predicate(url.pathname), { timeout, waitUntil: 'commit' });
  return new URL(page.url()).pathname;
}

/** Waits until [data-testid="zp-balance"] shows `expected`; the error says what it showed instead. */
export async function waitForBalance(page: Page, expected: number, timeout = 10_000): Promise<void> {
  try {
    await page.waitForFunction(
      (n) => {
        const text = document.querySelector('[data-testid="zp-balance"]')?.textContent ?? '';
        const match = text.replace(/,/g, '').match(/-?\d+(\.\d+)?/);
        return match !== null && Number(match[0]) === n;
      },
      expected,
      { timeout },
    );
  } catch (error) {
    const shown = await page
      .locator('[data-testid="zp-balance"]')
      .first()
      .textContent()
      .catch(() => null);
    throw new Error(`zp-balance should read ${expected} but shows ${JSON.stringify(shown)}: ${String(error)}`);
  }
}

/** The signed-in user's ZP balance according to the server (GET /api/auth/me with the page's token). */
export async function serverBalance(page: Page): Promise<number> {
  const token = await page.evaluate(() => {
    const raw = localStorage.getItem('session');
    return raw ? (JSON.parse(raw)?.user?.token as string | undefined) : undefined;
  });
  if (!token) throw new Error("no token in localStorage 'session'");
  const res = await fetch(`${baseUrl()}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as any;
  if (!res.ok) throw new Error(`GET /api/auth/me: ${res.status} ${JSON.stringify(body)}`);
  return Number(body.user.zp_balance);
}

export function newCredentials() {
  const id = randomBytes(4).toString('hex');
  return { username: `e2e_${id}`, email: `e2e_${id}@example.com`, password: `pass-${id}-Ok1` };
}

/** Registers a user through the API (for tests that are about something other than the form). */
export async function registerViaApi(credentials = newCredentials()) {
  const res = await fetch(`${baseUrl()}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: credentials.username, email: credentials.email, password: credentials.password }),
  });
  if (res.status !== 201) throw new Error(`register via API failed: ${res.status} ${await res.text()}`);
  return credentials;
}
