import { afterAll, describe, expect, test } from 'vitest';
import { DESKTOP, closeBrowser, openPage, screenshot, waitForPath, type TrackedPage } from './support/browser.js';
import { sessionToken } from './support/data.js';
import { byTestId, hasHorizontalOverflow, signInNewUser, waitForText } from './support/uploads.js';

/** The Privacy Policy and Terms of Service pages at 360 px, from settings signed in and by URL signed out. */
const NARROW = { width: 360, height: 740 } as const;
const opened: TrackedPage[] = [];
afterAll(async () => {
  for (const t of opened) await t.context.close();
  await closeBrowser();
});

describe('legal pages at 360 px', () => {
  test('settings quick actions open the privacy policy, the terms and feedback', async () => {
    const tracked = await signInNewUser(NARROW);
    opened.push(tracked);
    const p = tracked.page;
    await p.goto('/settings');
    await byTestId(p, 'quick-action-privacy').click();
    await waitForPath(p, (path) => path === '/privacy');
    await waitForText(p, 'privacy-page', 'Privacy Policy');
    await waitForText(p, 'privacy-page', 'GPS location');
    expect(await hasHorizontalOverflow(p)).toBe(false);
    await screenshot(p, 'legal-01-privacy-360');
    await byTestId(p, 'back-button').click();
    await waitForPath(p, (path) => path === '/settings');
    await byTestId(p, 'quick-action-terms').click();
    await waitForPath(p, (path) => path === '/terms');
    await waitForText(p, 'terms-page', 'ZP and SEB points');
    expect(await hasHorizontalOverflow(p)).toBe(false);
    await p.goto('/settings');
    await byTestId(p, 'quick-action-feedback').click();
    await waitForPath(p, (path) => path === '/feedback');
    expect(tracked.errors).toEqual([]);
  });

  test('signed out, /privacy and /terms open by URL', async () => {
    const tracked = await openPage(NARROW);
    opened.push(tracked);
    const p = tracked.page;
    await p.goto('/terms');
    await waitForText(p, 'terms-page', 'Terms of Service');
    expect(new URL(p.url()).pathname).toBe('/terms');
    expect(await hasHorizontalOverflow(p)).toBe(false);
    await screenshot(p, 'legal-02-terms-signed-out-360');
    await p.goto('/privacy');
    await waitForText(p, 'privacy-page', 'Privacy Policy');
    expect(tracked.errors).toEqual([]);
  });

  test('desktop in the light theme: feedback and terms fit and use the light palette', async () => {
    const tracked = await signInNewUser(DESKTOP);
    opened.push(tracked);
    const p = tracked.page;
    const res = await fetch(new URL('/api/settings/appearance/theme', p.url()), {
      method: 'PUT',
      headers: { authorization: `Bearer ${await sessionToken(p)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ theme: 'light' }),
    });
    expect(res.status).toBe(200);
    await p.goto('/feedback');
    await byTestId(p, 'feedback-form').waitFor();
    await p.waitForFunction(() => getComputedStyle(document.body).backgroundColor !== 'rgb(26, 26, 26)');
    expect(await hasHorizontalOverflow(p)).toBe(false);
    await screenshot(p, 'legal-03-feedback-desktop-light');
    await p.goto('/terms');
    await waitForText(p, 'terms-page', 'Fair use');
    expect(await hasHorizontalOverflow(p)).toBe(false);
    await screenshot(p, 'legal-04-terms-desktop-light');
    expect(tracked.errors).toEqual([]);
  });
});
