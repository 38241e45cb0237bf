import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { isSpecLaunchAhead } from '@ziver/shared';
import { paths } from '@/config/paths';
import deFeatures from '@/app/locales/de-features';
import enFeatures from '@/app/locales/en-features';
import { DESKTOP, screenshot } from './support/browser.js';
import { useAdminConsole } from './support/admin-console.js';
import { byTestId, hasHorizontalOverflow, waitForText } from './support/uploads.js';

/**
 * Issue 38, item 15, in Chromium against the built server on PostgreSQL: the coming-soon pages'
 * launch line is an operator setting. With none set and the spec's "Q4 2025" gone by, a reader
 * sees a neutral "Coming soon" in their language (360 px, German), no date in the past; an
 * operator writes a launch text in English and German in the console (1280 px); the German
 * reader then sees the German one, an English reader the English one (1280 px).
 */
const site = useAdminConsole('launch_text');
const PHONE_360 = { width: 360, height: 780 } as const;

async function openMarketplace(p: Page) {
  await p.goto(paths.marketplace);
  await byTestId(p, 'coming-soon-launch')
    .waitFor()
    .catch(async (error: unknown) => {
      await screenshot(p, 'launch-text-not-shown');
      throw error;
    });
}

describe('the launch text of the coming-soon pages', () => {
  test('neutral once the spec date has passed, then the operator text in each reader language', async () => {
    // The product's clock is past Q4 2025 (this run's date); the default there is the neutral line.
    expect(isSpecLaunchAhead(Date.now())).toBe(false);
    const admin = await site.register('ADMIN');
    const german = await site.register();
    const english = await site.register();

    const reader = await site.signIn(PHONE_360, german, { language: 'de', theme: 'dark' });
    await openMarketplace(reader.page);
    await waitForText(reader.page, 'coming-soon-launch', deFeatures.comingSoon.launchSoon);
    expect(await reader.page.locator('body').textContent()).not.toContain('2025');
    expect(await hasHorizontalOverflow(reader.page)).toBe(false);
    await screenshot(reader.page, 'launch-text-default-de-360');

    const { page: p, errors } = await site.signIn(DESKTOP, admin, { language: 'en', theme: 'light' });
    await p.goto('/admin/system');
    await byTestId(p, 'admin-system').waitFor();
    await byTestId(p, 'admin-launch-text').fill('Launching in spring 2027');
    await byTestId(p, 'admin-launch-text-de').fill('Start im Frühjahr 2027');
    await byTestId(p, 'admin-launch-save').click();
    await byTestId(p, 'admin-launch-saved').waitFor();
    expect(await hasHorizontalOverflow(p)).toBe(false);
    await screenshot(p, 'launch-text-console-en-1280');
    expect(errors).toEqual([]);

    await openMarketplace(reader.page);
    await waitForText(reader.page, 'coming-soon-launch', 'Start im Frühjahr 2027');
    await screenshot(reader.page, 'launch-text-set-de-360');
    const other = await site.signIn(DESKTOP, english, { language: 'en', theme: 'light' });
    await openMarketplace(other.page);
    await waitForText(other.page, 'coming-soon-launch', 'Launching in spring 2027');
    expect(await other.page.locator('body').textContent()).not.toContain(enFeatures.comingSoon.launch);
    expect(reader.errors).toEqual([]);
    expect(other.errors).toEqual([]);
  });
});
