import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { PHONE, newCredentials, openPage, screenshot, waitForPath } from './support/browser.js';
import {
  NIGHT_THEME,
  installTelegramShim,
  nextTelegramUserId,
  signTelegramInitData,
  telegramLaunchHash,
  type TelegramUser,
  useTelegramServer,
} from './telegram-env.js';

/**
 * The profile page (docs/spec.md §2): inside Telegram, 'Use detected' fills the Telegram username the
 * launch data reports, with the 'Auto-detected from Telegram' badge; on the plain web, editing
 * the bio and the Twitter username. Like e2e/telegram.test.ts this file runs its own built
 * server with a bot token (its Bot API pointed at a local recorder).
 */
const telegramServer = useTelegramServer('e2e-profile-server');
const serverUrl = () => telegramServer().url;

async function api(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${serverUrl()}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const byTestId = (p: Page, id: string) => p.locator(`[data-testid="${id}"]`).first();

/** Waits until a test id's text contains `text`; the error says what it showed instead. */
async function waitForText(p: Page, testId: string, text: string) {
  try {
    await p.waitForFunction(
      ([id, want]) => document.querySelector(`[data-testid="${id}"]`)?.textContent?.includes(want) === true,
      [testId, text] as const,
    );
  } catch (error) {
    const shown = await byTestId(p, testId)
      .textContent()
      .catch(() => null);
    throw new Error(`${testId} should contain ${JSON.stringify(text)} but shows ${JSON.stringify(shown)}: ${error}`);
  }
}

describe('profile inside Telegram (tdesktop, 390x844)', () => {
  test("'Use detected' fills the Telegram username with the badge, and Save shows it as @detected_user", async () => {
    const telegramUser: TelegramUser = { id: nextTelegramUserId(), first_name: 'Dee', username: 'detected_user' };
    const tracked = await openPage(PHONE);
    const p = tracked.page;
    try {
      await installTelegramShim(p, { themeParams: NIGHT_THEME, answerViewport: false });
      const signInAnswer = p.waitForResponse(
        (res) => res.url().endsWith('/api/auth/telegram') && res.request().method() === 'POST',
      );
      const dailyLogin = p.waitForResponse((res) => res.url().endsWith('/api/user/activity'));
      const initData = signTelegramInitData({ user: telegramUser });
      await p.goto(`${serverUrl()}/${telegramLaunchHash({ initData, themeParams: NIGHT_THEME })}`);
      const signIn = (await (await signInAnswer).json()) as { token: string; user: { telegram_username: string } };
      // The server saved the detected username at sign-in.
      expect(signIn.user.telegram_username).toBe('detected_user');
      await waitForPath(p, (path) => path === '/profile/setup');
      await dailyLogin;

      // To see 'Use detected' the field must be empty: clear it through the API.
      const cleared = await api('PUT', '/user/profile', signIn.token, { telegram_username: '' });
      expect(cleared.status).toBe(200);
      expect(cleared.body.user.telegram_username).toBeNull();

      // Open /profile from the header's menu (no reload: the session keeps running).
      await byTestId(p, 'profile-menu').click();
      await byTestId(p, 'menu-profile').click();
      await waitForPath(p, (path) => path === '/profile');
      await byTestId(p, 'profile-page').waitFor();
      await byTestId(p, 'profile-tab-social').click();
      // The page refreshed the user from the server: the username is gone.
      await waitForText(p, 'profile-telegram-value', 'Not connected');
      await waitForText(p, 'profile-social-prompt', 'Click Edit Profile');

      await byTestId(p, 'profile-edit').click();
      const input = byTestId(p, 'profile-telegram-input');
      await input.waitFor();
      expect(await input.inputValue()).toBe('');
      expect(await byTestId(p, 'profile-detected-badge').count()).toBe(0);
      await byTestId(p, 'profile-use-detected').click();
      expect(await input.inputValue()).toBe('detected_user');
      await waitForText(p, 'profile-detected-badge', 'Auto-detected from Telegram');
      expect(await p.locator('[data-testid="profile-use-detected"]').count()).toBe(0);
      await screenshot(p, 'profile-01-telegram-use-detected');

      await byTestId(p, 'profile-save').click();
      await waitForText(p, 'flash-message', 'Profile updated successfully');
      await waitForText(p, 'profile-telegram-value', '@detected_user');
      expect(await p.locator('[data-testid="profile-telegram-input"]').count()).toBe(0);
      const me = await api('GET', '/user/me', signIn.token);
      expect(me.body.user.telegram_username).toBe('detected_user');
      const stored = await p.evaluate(
        () => JSON.parse(localStorage.getItem('session') ?? '{}')?.user?.telegram_username,
      );
      expect(stored).toBe('detected_user');
      await screenshot(p, 'profile-02-telegram-saved');
      expect(tracked.errors).toEqual([]);
    } finally {
      await tracked.context.close();
    }
  });
});

describe('profile in a plain browser (390x844)', () => {
  test('edits the bio (with its counter) and the Twitter username', async () => {
    const credentials = newCredentials();
    const registered = await fetch(`${serverUrl()}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    });
    expect(registered.status).toBe(201);
    const tracked = await openPage(PHONE);
    const p = tracked.page;
    try {
      await p.goto(`${serverUrl()}/login`);
      await p.locator('input[name="email"]').fill(credentials.email);
      await p.locator('input[name="password"]').fill(credentials.password);
      await p.locator('form button[type="submit"]').click();
      await waitForPath(p, (path) => path === '/mining');

      await byTestId(p, 'profile-menu').click();
      await byTestId(p, 'menu-profile').click();
      await waitForPath(p, (path) => path === '/profile');
      await waitForText(p, 'profile-overview-username', credentials.username);
      await waitForText(p, 'profile-tier', 'Beginner');
      await byTestId(p, 'back-button').waitFor();

      // Edit Profile opens Profile Details with the bio field and its counter.
      await byTestId(p, 'profile-edit').click();
      const bio = byTestId(p, 'profile-bio-input');
      await bio.fill('Mining ZP the halal way.');
      await waitForText(p, 'profile-bio-counter', '24/500');

      await byTestId(p, 'profile-tab-social').click();
      expect(await p.locator('[data-testid="profile-use-detected"]').count()).toBe(0);
      await byTestId(p, 'profile-twitter-input').fill('@web_handle');
      await byTestId(p, 'profile-linkedin-input').fill('http://example.com/me');
      await byTestId(p, 'profile-save').click();
      // The client checks the LinkedIn URL with the server's rule before sending.
      await p.getByText('LinkedIn profile URL must start with https://linkedin.com/').first().waitFor();
      await byTestId(p, 'profile-linkedin-input').fill('https://www.linkedin.com/in/web-handle');
      await screenshot(p, 'profile-03-web-edit');
      await byTestId(p, 'profile-save').click();

      await waitForText(p, 'flash-message', 'Profile updated successfully');
      await waitForText(p, 'profile-twitter-value', '@web_handle');
      await waitForText(p, 'profile-telegram-value', 'Not connected');
      expect(await byTestId(p, 'profile-linkedin-link').getAttribute('target')).toBe('_blank');
      expect(await byTestId(p, 'profile-linkedin-link').getAttribute('href')).toBe(
        'https://www.linkedin.com/in/web-handle',
      );
      await byTestId(p, 'profile-tab-details').click();
      await waitForText(p, 'profile-bio-value', 'Mining ZP the halal way.');
      await screenshot(p, 'profile-04-web-saved');

      // Saved on the server, and kept after a reload.
      await p.reload();
      await byTestId(p, 'profile-tab-social').click();
      await waitForText(p, 'profile-twitter-value', '@web_handle');
      expect(tracked.errors).toEqual([]);
    } finally {
      await tracked.context.close();
    }
  });
});
