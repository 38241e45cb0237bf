import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { closeBrowser, screenshot } from './support/browser.js';
import { registerUser } from './support/data.js';
import { LOOKS, applyLookToAccount, lookName, openLookPage, signInThroughForm, waitForLook } from './support/looks.js';

const phase = (name: string) => `[data-testid="mining-phase"][data-phase="${name}"]`;

/** Counts the page's POSTs to an API path (sent, whatever their answer). */
function countPosts(page: Page, path: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === path) count++;
  });
  return () => count;
}

/**
 * Issue 30, item 5: a double tap on Start Mining or Claim Reward is one intent, so one request,
 * and never a "failed" notice after the success.
 */
describe('double taps on the mining button (390 px)', () => {
  beforeAll(() => {
    expect(inject('miningCycleSeconds')).toBeLessThan(10);
  });
  afterAll(closeBrowser);

  for (const look of LOOKS) {
    test(`one start and one claim per double tap, no error (${lookName(look)})`, async () => {
      const session = await registerUser();
      await applyLookToAccount(session.token, look);
      const { page, context } = await openLookPage(look);
      try {
        const starts = countPosts(page, '/api/mining/start');
        const claims = countPosts(page, '/api/mining/claim');
        await signInThroughForm(page, session.credentials);
        await waitForLook(page, look);
        const action = page.locator('[data-testid="mining-action"]');

        await page.locator(phase('ready')).waitFor();
        await action.dblclick();
        await page.locator(phase('in_progress')).waitFor();
        await page.locator(`${phase('in_progress')} [data-testid="mining-countdown"]`).waitFor();

        await page.locator(phase('claimable')).waitFor({ timeout: 20_000 });
        await action.dblclick();
        await page.locator('[data-testid="mining-reward"]').waitFor();
        await page.locator(phase('ready')).waitFor();
        // Settled: the reward is shown and the button is idle again (no request pending).
        await page.waitForFunction(
          () => !(document.querySelector('[data-testid="mining-action"]') as HTMLButtonElement | null)?.disabled,
        );
        await screenshot(page, `issue30-double-tap-${look.language}-${look.theme}`);

        expect(starts()).toBe(1);
        expect(claims()).toBe(1);
        expect(await page.locator('[data-testid="mining-error"]').count()).toBe(0);
      } finally {
        await context.close();
      }
    });
  }
});
