import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { IDENTITY_MESSAGES, MESSAGES, SETTINGS_MESSAGES, STORAGE_KEYS } from '@ziver/shared';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { startBuiltServer } from '../scripts/lib/built-server.mjs';
import { E2E_MINING_CYCLE_HOURS } from './global-setup.js';
import {
  DESKTOP,
  PHONE,
  baseUrl,
  closeBrowser,
  openPage,
  registerViaApi,
  screenshot,
  waitForPath,
  type TrackedPage,
} from './support/browser.js';
import {
  Authenticator,
  E2E_GOOGLE_CLIENT_ID,
  apiLogin,
  chooseGoogleAccount,
  gisCalls,
  issueLoginToken,
  newGoogleAccount,
  routeGoogleIdentityServices,
  sessionUsername,
  startLocalGoogle,
  unexpectedErrors,
  type LocalGoogle,
} from './support/identity.js';

/**
 * Issue 3's sign-in paths in the browser, each with real artefacts: TOTP codes computed by
 * otplib from the secret the setup screen shows, one-time login links issued by the server,
 * and Google ID tokens signed by a local key that a second built server (the shared one has no
 * Google client id) verifies through GOOGLE_JWKS_URL. Google's own script is replaced through
 * page.route by a stand-in for the part of google.accounts.id the app calls. Every test starts
 * from its own account and browser context.
 */

const opened: TrackedPage[] = [];
async function open(viewport: { width: number; height: number }): Promise<TrackedPage> {
  const tracked = await openPage(viewport);
  opened.push(tracked);
  return tracked;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((tracked) => tracked.context.close().catch(() => undefined)));
});

afterAll(async () => {
  await closeBrowser();
});

const loginForm = (page: Page) => page.locator('form').filter({ has: page.locator('input[name="password"]') });
const twoFactorStep = (page: Page) => page.locator('[data-testid="two-factor-step"]');

/** Fills the email + password form on /login and submits it; resolves with the server's answer. */
async function submitLogin(page: Page, email: string, password: string) {
  const form = loginForm(page);
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  const answered = page.waitForResponse(
    (res) => new URL(res.url()).pathname === '/api/auth/login' && res.request().method() === 'POST',
  );
  await form.locator('button[type="submit"]').click();
  const response = await answered;
  return { status: response.status(), body: (await response.json()) as { twoFactorRequired?: boolean } };
}

async function logOut(page: Page) {
  await page.locator('[data-testid="profile-menu"]').click();
  await page.locator('[data-testid="logout"]').click();
  expect(await waitForPath(page, (path) => path === '/login')).toBe('/login');
  expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
  await loginForm(page).waitFor();
}

/** From any signed-in page: profile menu → Settings → Security. */
async function openSecurity(page: Page) {
  await page.locator('[data-testid="profile-menu"]').click();
  await page.locator('[data-testid="menu-settings"]').click();
  await waitForPath(page, (path) => path === '/settings');
  await page.locator('[data-testid="settings-card-security"]').click();
  await waitForPath(page, (path) => path === '/settings/security');
  await page.locator('[data-testid="two-factor-status"]').waitFor();
}

const twoFactorStatus = (page: Page, enabled: boolean) =>
  page.locator(`[data-testid="two-factor-status"][data-enabled="${enabled}"]`);

describe('two-factor authentication at phone width (390x844)', () => {
  test('turned on in Security with a TOTP code, asked for at sign-in (wrong code, code, backup code), turned off again', async () => {
    const user = await registerViaApi();
    const { page, errors } = await open(PHONE);

    // Sign in through the form: no second step yet.
    await page.goto('/login');
    const first = await submitLogin(page, user.email, user.password);
    expect(first).toMatchObject({ status: 200, body: { twoFactorRequired: false } });
    expect(await waitForPath(page, (path) => path === '/mining')).toBe('/mining');

    // Settings → Security → Enable: QR code, manual entry code, code entry.
    await openSecurity(page);
    await twoFactorStatus(page, false).waitFor();
    await page.locator('[data-testid="two-factor-enable"]').click();
    const setup = page.locator('[data-testid="two-factor-setup"]');
    await setup.waitFor();
    const qr = setup.locator('.zv-qr img');
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await page.waitForFunction(
      (img) => !!img && (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
      await qr.elementHandle(),
    );
    const secret = ((await setup.locator('[data-testid="manual-entry-code"]').textContent()) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}=*$/);
    await screenshot(page, 'identity-01-2fa-setup');

    const authenticator = new Authenticator(secret);
    await setup.locator('input[name="verificationCode"]').fill(await authenticator.freshCode());
    await setup.locator('[data-testid="two-factor-enable-submit"]').click();
    const backupStep = page.locator('[data-testid="two-factor-backup-step"]');
    await backupStep.getByText(SETTINGS_MESSAGES.twoFactorEnabled).waitFor();
    const backupCodes = (await backupStep.locator('[data-testid="backup-codes"] li').allTextContents()).map((code) =>
      code.trim(),
    );
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    for (const code of backupCodes) expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    await screenshot(page, 'identity-02-2fa-backup-codes');
    await backupStep.locator('[data-testid="two-factor-done"]').click();
    await backupStep.waitFor({ state: 'detached' });
    await twoFactorStatus(page, true).waitFor();
    await logOut(page);

    // Email + password now lead to the second step.
    const second = await submitLogin(page, user.email, user.password);
    expect(second).toMatchObject({ status: 200, body: { twoFactorRequired: true } });
    const step = twoFactorStep(page);
    await step.waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    const codeInput = step.locator('input[name="verificationCode"]');
    const verify = step.locator('[data-testid="verify-code"]');
    expect(await verify.isDisabled()).toBe(true);
    await codeInput.fill('12345');
    expect(await verify.isDisabled()).toBe(true);
    await codeInput.fill('12a345'); // digits only are kept: still five
    expect(await codeInput.inputValue()).toBe('12345');
    expect(await verify.isDisabled()).toBe(true);
    await screenshot(page, 'identity-03-2fa-step');

    // A wrong code is refused with the spec's message; the user stays on the step.
    await codeInput.fill(await authenticator.wrongCode());
    expect(await verify.isEnabled()).toBe(true);
    const refused = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/auth/verify-2fa');
    await verify.click();
    const refusal = await refused;
    expect(refusal.status()).toBe(400);
    expect(await refusal.json()).toMatchObject({ success: false, code: 'INVALID_TWO_FACTOR_CODE' });
    await step.locator('[data-testid="two-factor-error"]').getByText(MESSAGES.twoFactorFailed).waitFor();
    expect(await codeInput.inputValue()).toBe('');
    expect(new URL(page.url()).pathname).toBe('/login');
    await screenshot(page, 'identity-04-2fa-wrong-code');

    // The right code (a step the setup did not use: the server takes each step once) signs in.
    await codeInput.fill(await authenticator.freshCode());
    await verify.click();
    expect(await waitForPath(page, (path) => path === '/mining')).toBe('/mining');
    await page.locator('[data-testid="mining-phase"]').waitFor();
    expect(await sessionUsername(page)).toBe(user.username);
    await logOut(page);

    // A backup code, behind the toggle, signs in too.
    await submitLogin(page, user.email, user.password);
    await step.waitFor();
    await step.locator('[data-testid="toggle-backup-code"]').click();
    const backupInput = step.locator('input[name="backupCode"]');
    await backupInput.waitFor();
    await backupInput.fill(backupCodes[0]!.toLowerCase());
    expect(await backupInput.inputValue()).toBe(backupCodes[0]);
    await screenshot(page, 'identity-05-2fa-backup-code');
    await verify.click();
    expect(await waitForPath(page, (path) => path === '/mining')).toBe('/mining');
    expect(await sessionUsername(page)).toBe(user.username);

    // Turn it off in Security with an authenticator code (waits for a fresh 30 s step if needed).
    await openSecurity(page);
    await twoFactorStatus(page, true).waitFor();
    await page.locator('button[data-testid="two-factor-disable"]').click();
    const disable = page.locator('form[data-testid="two-factor-disable"]');
    await disable.waitFor();
    await disable.locator('[data-testid="disable-tab-backup"]').waitFor();
    await disable.locator('input[name="verificationCode"]').fill(await authenticator.freshCode());
    await screenshot(page, 'identity-06-2fa-disable');
    await disable.locator('[data-testid="two-factor-disable-submit"]').click();
    await page.locator('[data-testid="two-factor-message"]').getByText(SETTINGS_MESSAGES.twoFactorDisabled).waitFor();
    await disable.waitFor({ state: 'detached' });
    await twoFactorStatus(page, false).waitFor();
    await logOut(page);

    // Email + password alone sign in again.
    const last = await submitLogin(page, user.email, user.password);
    expect(last).toMatchObject({ status: 200, body: { twoFactorRequired: false } });
    expect(await waitForPath(page, (path) => path === '/mining')).toBe('/mining');
    expect(await twoFactorStep(page).count()).toBe(0);
    await screenshot(page, 'identity-07-2fa-off-signed-in');

    expect(unexpectedErrors(errors)).toEqual([]);
  }, 120_000);
});

describe('one-time login links at phone width (390x844)', () => {
  test('/login?token=… signs in once; the same link again is refused with a clear message', async () => {
    const user = await registerViaApi();
    const session = await apiLogin(baseUrl(), user.email, user.password);
    const link = await issueLoginToken(baseUrl(), session);
    const path = `/login?token=${encodeURIComponent(link.token)}`;
    expect(link.url.endsWith(path)).toBe(true);

    const first = await open(PHONE);
    const redeemed = first.page.waitForResponse((res) => new URL(res.url()).pathname === '/api/auth/token-login');
    await first.page.goto(path);
    expect((await redeemed).status()).toBe(200);
    expect(await waitForPath(first.page, (p) => p === '/mining')).toBe('/mining');
    await first.page.locator('[data-testid="mining-phase"]').waitFor();
    expect(await sessionUsername(first.page)).toBe(user.username);
    await screenshot(first.page, 'identity-08-token-login');
    expect(unexpectedErrors(first.errors)).toEqual([]);

    const again = await open(PHONE);
    const refused = again.page.waitForResponse((res) => new URL(res.url()).pathname === '/api/auth/token-login');
    await again.page.goto(path);
    expect((await refused).status()).toBe(401);
    await again.page
      .locator('[data-testid="sign-in-problem"]')
      .getByText(IDENTITY_MESSAGES.loginTokenInvalid)
      .waitFor();
    // The spent token is taken out of the address bar; the form is offered instead.
    await again.page.waitForURL((url) => url.pathname === '/login' && !url.searchParams.has('token'));
    await loginForm(again.page).waitFor();
    expect(await again.page.evaluate(() => localStorage.getItem('session'))).toBeNull();
    await screenshot(again.page, 'identity-09-token-reused');
    expect(unexpectedErrors(again.errors)).toEqual([]);
  });

  test('/login?token= (empty) says the token is invalid without asking the server', async () => {
    const { page, errors } = await open(PHONE);
    const asked: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/auth/token-login') asked.push(req.url());
    });
    await page.goto('/login?token=');
    await page.locator('[data-testid="sign-in-problem"]').getByText(MESSAGES.invalidTokenReceived).waitFor();
    await loginForm(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(asked).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
    await screenshot(page, 'identity-10-token-empty');
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

describe('Google sign-in at phone width (390x844)', () => {
  type Server = Awaited<ReturnType<typeof startBuiltServer>>;
  let google: LocalGoogle | undefined;
  let server: Server | undefined;
  const googleServer = () => {
    if (!server) throw new Error('the Google-enabled server did not start');
    return server.url;
  };

  beforeAll(async () => {
    google = await startLocalGoogle();
    server = await startBuiltServer({
      label: 'e2e-google-server',
      pgdataFrom: inject('pgdataTemplate'),
      env: {
        RATE_LIMITS: 'off',
        LOG_LEVEL: 'warn',
        MINING_CYCLE_HOURS: E2E_MINING_CYCLE_HOURS,
        GOOGLE_CLIENT_ID: E2E_GOOGLE_CLIENT_ID,
        GOOGLE_JWKS_URL: google.jwksUrl,
      },
    });
  });

  afterAll(async () => {
    await server?.stop();
    await google?.close();
  });

  const googleButton = (page: Page) =>
    page.locator('[data-testid="google-sign-in"]').getByRole('button', { name: 'Continue with Google' });

  /** Opens /login on the Google-enabled server with the GIS stand-in; waits for the rendered button. */
  async function openGoogleLogin(tracked: TrackedPage) {
    const gis = await routeGoogleIdentityServices(tracked.page);
    await tracked.page.goto(`${googleServer()}/login`);
    await googleButton(tracked.page).waitFor();
    expect(gis.requests).toBe(1);
    const calls = await gisCalls(tracked.page);
    expect(calls.initialized.at(-1)).toEqual({ client_id: E2E_GOOGLE_CLIENT_ID, ux_mode: 'popup', context: 'signin' });
    return gis;
  }

  async function signInWithGoogle(page: Page, idToken: string) {
    await chooseGoogleAccount(page, idToken);
    const answered = page.waitForResponse(
      (res) => new URL(res.url()).pathname === '/api/auth/google' && res.request().method() === 'POST',
    );
    await googleButton(page).click();
    const response = await answered;
    expect(response.request().postDataJSON()).toMatchObject({ token: idToken });
    return { status: response.status(), body: (await response.json()) as { isNewUser?: boolean } };
  }

  test('a first sign-in lands on /profile/setup with the welcome; the next one on /mining with a welcome back', async () => {
    const account = newGoogleAccount();
    const tracked = await open(PHONE);
    const { page } = tracked;
    await openGoogleLogin(tracked);
    await screenshot(page, 'identity-11-google-button');

    const first = await signInWithGoogle(page, await google!.signIdToken(account));
    expect(first).toMatchObject({ status: 200, body: { isNewUser: true } });
    expect(await waitForPath(page, (path) => path === '/profile/setup')).toBe('/profile/setup');
    const welcome = page.locator('[data-testid="profile-setup-welcome"][data-welcome="true"]');
    await welcome.getByText('Welcome to Ziver!').waitFor();
    await welcome.getByText('Complete your profile to start mining.').waitFor();
    await page.locator('[data-testid="profile-setup-page"]').getByText(account.email).waitFor();
    const username = await sessionUsername(page);
    expect(username).toBeTruthy();
    await page.locator('[data-testid="profile-setup-page"]').getByText(username!, { exact: true }).waitFor();
    expect(google!.fetches).toBeGreaterThan(0);
    await screenshot(page, 'identity-12-google-first');

    await logOut(page);
    await googleButton(page).waitFor();
    // A new ID token for the same Google account (same subject), as Google issues on each sign-in.
    const second = await signInWithGoogle(page, await google!.signIdToken(account));
    expect(second).toMatchObject({ status: 200, body: { isNewUser: false } });
    expect(await waitForPath(page, (path) => path === '/mining')).toBe('/mining');
    await page.locator('[data-testid="flash-message"]').getByText(`Welcome back, ${username}!`).waitFor();
    expect(await sessionUsername(page)).toBe(username);
    await screenshot(page, 'identity-13-google-returning');
    expect(unexpectedErrors(tracked.errors)).toEqual([]);
  });

  test('an ID token signed by a key Google never published is refused, and the user stays on /login', async () => {
    const tracked = await open(PHONE);
    const { page } = tracked;
    await openGoogleLogin(tracked);
    const forged = await google!.signIdToken(newGoogleAccount(), { signWithStrangerKey: true });
    const answer = await signInWithGoogle(page, forged);
    expect(answer.status).toBe(401);
    await page.locator('[data-testid="google-error"]').getByText(MESSAGES.googleAuthFailed).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
    await googleButton(page).waitFor();
    await screenshot(page, 'identity-14-google-refused');
    expect(unexpectedErrors(tracked.errors)).toEqual([]);
  });

  test('without a Google client id (the shared server) there is no Google button, no note about it and no Google script', async () => {
    const tracked = await open(PHONE);
    const { page } = tracked;
    const gis = await routeGoogleIdentityServices(page);
    await page.goto('/login');
    await loginForm(page).waitFor();
    // Nothing is said about it either: a server's setup is nothing the reader can act on.
    await page.waitForFunction(() => !document.querySelector('.zv-google--pending'));
    expect(await page.getByText(IDENTITY_MESSAGES.googleNotConfigured).count()).toBe(0);
    expect(await page.locator('[data-testid="google-sign-in"]').count()).toBe(0);
    expect(await page.getByRole('button', { name: /google/i }).count()).toBe(0);
    expect(gis.requests).toBe(0);
    await screenshot(page, 'identity-15-google-not-configured');
    expect(unexpectedErrors(tracked.errors)).toEqual([]);
  });
});

describe('server texts by key (issue 12) at phone width (390x844)', () => {
  test("a wrong password in German shows the German text, from the answer's messageKey", async () => {
    const user = await registerViaApi();
    const { page, errors } = await open(PHONE);
    await page
      .context()
      .addInitScript(([key, language]) => localStorage.setItem(key, language), [STORAGE_KEYS.language, 'de'] as const);
    await page.goto('/login');
    await loginForm(page).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');

    const form = loginForm(page);
    await form.locator('input[name="email"]').fill(user.email);
    await form.locator('input[name="password"]').fill(`${user.password}-wrong`);
    const answered = page.waitForResponse(
      (res) => new URL(res.url()).pathname === '/api/auth/login' && res.request().method() === 'POST',
    );
    await form.locator('button[type="submit"]').click();
    const response = await answered;
    expect(response.status()).toBe(401);
    const body = (await response.json()) as { message: string; messageKey: string; params: object };
    // The answer carries the key beside the English message; the page shows the German text.
    expect(body).toMatchObject({
      message: 'Invalid email or password',
      messageKey: 'server.invalidCredentials',
      params: {},
    });
    const shown = page.locator('[data-testid="auth-error"]');
    await shown.getByText('E-Mail, Benutzername oder Passwort ist falsch').waitFor();
    expect(await shown.textContent()).not.toContain('Invalid');
    await screenshot(page, 'identity-30-wrong-password-german');
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

describe('changing the password at desktop width (1280x800)', () => {
  test('the strength meter rates it, the change succeeds, and only the new password signs in afterwards', async () => {
    const user = await registerViaApi();
    const newPassword = `Zv!${randomBytes(4).toString('hex')}Strong9@`;
    const { page, errors } = await open(DESKTOP);

    await page.goto('/login');
    await submitLogin(page, user.email, user.password);
    await waitForPath(page, (path) => path === '/mining');
    await openSecurity(page);

    const form = page.locator('[data-testid="change-password-form"]');
    const submit = form.locator('[data-testid="change-password-submit"]');
    const meter = form.locator('[data-testid="password-strength"]');
    expect(await submit.isDisabled()).toBe(true);
    await form.locator('input[name="currentPassword"]').fill(user.password);
    await form.locator('input[name="newPassword"]').fill('abc');
    await meter.getByText('Weak', { exact: true }).waitFor();
    // Four points of five ("Strong"), and the rule still refuses it: the form says what is missing,
    // naming the special characters the rule counts (a hyphen is not one).
    await form.locator('input[name="newPassword"]').fill('Moonflower-77-walk');
    await meter.getByText('Strong', { exact: true }).waitFor();
    await form.getByText('Still needed: one of @$!%*?&.', { exact: true }).waitFor();
    await form.locator('input[name="newPassword"]').fill(newPassword);
    expect(await form.locator('[data-testid="password-missing"]').count()).toBe(0);
    await page.locator('[data-testid="password-strength"][data-level="veryStrong"]').waitFor();
    await meter.getByText('Very Strong', { exact: true }).waitFor();
    expect(await meter.getByRole('meter').getAttribute('aria-valuenow')).toBe('5');
    await form.locator('input[name="confirmPassword"]').fill(newPassword);
    expect(await submit.isEnabled()).toBe(true);
    await screenshot(page, 'identity-16-change-password-filled');

    const changed = page.waitForResponse(
      (res) => new URL(res.url()).pathname === '/api/settings/security/password' && res.request().method() === 'PUT',
    );
    await submit.click();
    expect((await changed).ok()).toBe(true);
    await page.locator('[data-testid="password-message"]').getByText(SETTINGS_MESSAGES.passwordChanged).waitFor();
    expect(await form.locator('input[name="newPassword"]').inputValue()).toBe('');
    await screenshot(page, 'identity-17-change-password-done');
    await logOut(page);

    // The old password no longer works …
    const old = await submitLogin(page, user.email, user.password);
    expect(old.status).toBe(401);
    await page.locator('[data-testid="auth-error"]').getByText('Invalid email, username or password').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    // … the new one does.
    const fresh = await submitLogin(page, user.email, newPassword);
    expect(fresh).toMatchObject({ status: 200, body: { twoFactorRequired: false } });
    expect(await waitForPath(page, (path) => path === '/mining')).toBe('/mining');
    expect(await sessionUsername(page)).toBe(user.username);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
