// Real sign-in artefacts for the browser tests of issue 3 (e2e/identity.test.ts): Google-format
// ID tokens signed by a local RSA key whose public half a local JWKS server publishes (the
// server is started with GOOGLE_JWKS_URL pointing at it), a stand-in for Google Identity
// Services' script served through page.route, and TOTP codes computed by otplib as an
// authenticator app computes them. The shared harness (global setup, support/browser.ts) is untouched.
import { randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { startFakeGoogle, TEST_GOOGLE_CLIENT_ID } from '../../server/src/testing/google-id-tokens.js';

// ---------------------------------------------------------------- Google ID tokens

/** A client id of the right shape for tests (never a real one): the server tests' own. */
export const E2E_GOOGLE_CLIENT_ID = TEST_GOOGLE_CLIENT_ID;

export type GoogleAccount = { sub: string; email: string; name: string };

/** A fresh Google account (subject, verified email, display name) per call. */
export function newGoogleAccount(): GoogleAccount {
  const id = randomBytes(4).toString('hex');
  return {
    sub: `1${Date.now()}${Math.floor(Math.random() * 1e6)}`.slice(0, 21),
    email: `g_${id}@gmail.example.com`,
    name: `Gia ${id}`,
  };
}

export type LocalGoogle = {
  /** Give the server this as GOOGLE_JWKS_URL. */
  jwksUrl: string;
  /** How many times the key set was fetched (the server's verifier must have used it). */
  readonly fetches: number;
  /** An ID token shaped like Google's (RS256, kid, iss, aud, azp, 1 h) for `account`, signed by the published key. */
  signIdToken(account: GoogleAccount, options?: { signWithStrangerKey?: boolean }): Promise<string>;
  close(): Promise<void>;
};

/**
 * Google's sign-in keys, stood in for by the server tests' local key set
 * (server/src/testing/google-id-tokens.ts): the public key served as a JWKS on 127.0.0.1, and a
 * second, unpublished key (a token it signs carries the published key id, so only the
 * signature is wrong).
 */
export async function startLocalGoogle(): Promise<LocalGoogle> {
  const google = await startFakeGoogle();
  return {
    jwksUrl: google.jwksUrl,
    get fetches() {
      return google.fetches;
    },
    signIdToken: (account, options = {}) =>
      google.signIdToken(
        { sub: account.sub, email: account.email, name: account.name, given_name: account.name.split(' ')[0] },
        options.signWithStrangerKey ? { key: google.strangerKey } : {},
      ),
    close: () => google.close(),
  };
}

// ---------------------------------------------------------------- Google Identity Services stand-in

export const GIS_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

/**
 * The part of `google.accounts.id` the app calls (miniapp/src/features/auth/utils/google-identity.ts):
 * initialize({ client_id, callback, … }), renderButton(parent, options), cancel(). The rendered
 * button, like Google's after the account chooser, calls the callback with
 * `{ credential, select_by: 'btn' }`, the credential being whatever the test put in
 * `window.__e2eGoogleCredential` (see `chooseGoogleAccount`). What the app passed is kept in
 * `window.__e2eGis` for the test to check.
 */
const GIS_STAND_IN = `(() => {
  const seen = { initialized: [], rendered: [], cancelled: 0 };
  let config = null;
  window.__e2eGis = seen;
  const id = {
    initialize(options) {
      config = options;
      seen.initialized.push({ client_id: options.client_id, ux_mode: options.ux_mode, context: options.context });
    },
    renderButton(parent, options) {
      seen.rendered.push(options);
      const button = document.createElement('button');
      button.type = 'button';
      button.setAttribute('data-e2e', 'gis-button');
      button.textContent = options && options.text === 'signup_with' ? 'Sign up with Google' : 'Continue with Google';
      button.style.width = (options && options.width ? options.width : 240) + 'px';
      button.style.height = '40px';
      button.addEventListener('click', () => {
        if (!config) throw new Error('google.accounts.id.renderButton clicked before initialize');
        const credential = window.__e2eGoogleCredential;
        config.callback(credential === undefined ? {} : { credential, select_by: 'btn' });
      });
      parent.appendChild(button);
    },
    prompt() {},
    cancel() { seen.cancelled++; },
    disableAutoSelect() {},
  };
  window.google = Object.assign(window.google || {}, { accounts: { id } });
})();`;

/** Serves the stand-in for https://accounts.google.com/gsi/client to this page; returns how often it was asked for. */
export async function routeGoogleIdentityServices(page: Page): Promise<{ readonly requests: number }> {
  let requests = 0;
  await page.route(GIS_SCRIPT_URL, (route) => {
    requests++;
    return route.fulfill({
      status: 200,
      contentType: 'text/javascript; charset=utf-8',
      headers: { 'access-control-allow-origin': '*' },
      body: GIS_STAND_IN,
    });
  });
  return {
    get requests() {
      return requests;
    },
  };
}

/** What the app passed to the stand-in so far. */
export async function gisCalls(
  page: Page,
): Promise<{ initialized: { client_id: string; ux_mode?: string; context?: string }[]; rendered: unknown[] }> {
  return page.evaluate(() => (window as unknown as { __e2eGis: never }).__e2eGis);
}

/** "Picks the account" in the stand-in: its button will hand this ID token to the app. */
export async function chooseGoogleAccount(page: Page, idToken: string): Promise<void> {
  await page.evaluate((token) => {
    (window as unknown as { __e2eGoogleCredential: string }).__e2eGoogleCredential = token;
  }, idToken);
}

// ---------------------------------------------------------------- TOTP

const PERIOD = 30;
const stepAt = (ms: number) => Math.floor(ms / 1000 / PERIOD);

/**
 * An authenticator app for the tests: RFC 6238 codes (SHA-1, 6 digits, 30 s) computed by otplib
 * from the secret the setup screen shows, as server/src/testing/authenticator.ts computes them.
 * The server takes the previous, current and next step, each once, and only steps above the
 * last one it accepted; `freshCode` therefore hands out the current step's code, or the next
 * step's when the current one is spent, and waits for the clock when both are.
 */
export class Authenticator {
  private lastStep = -1;

  constructor(readonly secret: string) {}

  static currentStep(): number {
    return stepAt(Date.now());
  }

  codeAt(step: number): Promise<string> {
    return generate({ secret: this.secret, epoch: step * PERIOD, period: PERIOD });
  }

  /** The step a fresh code would use now, or null when the current and next steps are both spent. */
  private usableStep(): number | null {
    const now = Authenticator.currentStep();
    const step = Math.max(this.lastStep + 1, now);
    return step <= now + 1 ? step : null;
  }

  /** Whether a fresh code is available without waiting. */
  hasFreshCode(): boolean {
    return this.usableStep() !== null;
  }

  /**
   * A code for a step not used yet (marking it used). When the current and next steps are both
   * spent, waits for the next 30 s boundary: the only wait the TOTP rules impose.
   */
  async freshCode(): Promise<string> {
    let step = this.usableStep();
    while (step === null) {
      const nextBoundary = (Authenticator.currentStep() + 1) * PERIOD * 1000;
      // eslint-disable-next-line no-restricted-syntax -- the TOTP step boundary is a clock time, not an event
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, nextBoundary - Date.now()) + 50));
      step = this.usableStep();
    }
    this.lastStep = step;
    return this.codeAt(step);
  }

  /** Marks a step as spent by something other than `freshCode` (e.g. the code typed at setup). */
  markUsed(step: number): void {
    this.lastStep = Math.max(this.lastStep, step);
  }

  /** Six digits that are no valid code anywhere near now (for the wrong-code path). */
  async wrongCode(): Promise<string> {
    const now = Authenticator.currentStep();
    const valid = new Set(await Promise.all([-2, -1, 0, 1, 2, 3].map((d) => this.codeAt(now + d))));
    for (let n = 0; ; n++) {
      const candidate = String((123_456 + n * 111_111) % 1_000_000).padStart(6, '0');
      if (!valid.has(candidate)) return candidate;
    }
  }
}

// ---------------------------------------------------------------- console and API

const EXPECTED_4XX = /Failed to load resource: the server responded with a status of 4\d\d/;

/** Console errors other than the browser's own line for an expected 4xx answer. */
export function unexpectedErrors(errors: readonly string[]): string[] {
  return errors.filter((line) => !EXPECTED_4XX.test(line));
}

/** Signs in through the API (POST /api/auth/login) and returns the session token. */
export async function apiLogin(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { token?: string; twoFactorRequired?: boolean };
  if (res.status !== 200 || !body.token || body.twoFactorRequired) {
    throw new Error(`login via API failed: ${res.status} ${JSON.stringify(body)}`);
  }
  return body.token;
}

/** A one-time sign-in link token (POST /api/auth/login-token) for the signed-in user. */
export async function issueLoginToken(baseUrl: string, sessionToken: string): Promise<{ token: string; url: string }> {
  const res = await fetch(`${baseUrl}/api/auth/login-token`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sessionToken}` },
  });
  const body = (await res.json()) as { token?: string; url?: string };
  if (res.status !== 201 || !body.token || !body.url) {
    throw new Error(`login-token failed: ${res.status} ${JSON.stringify(body)}`);
  }
  return { token: body.token, url: body.url };
}

/** The username stored in the page's session (localStorage 'session'), or null when signed out. */
export async function sessionUsername(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('session');
    return raw ? ((JSON.parse(raw)?.user?.username as string | undefined) ?? null) : null;
  });
}
