import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { closeBrowser } from './support/browser.js';
import { registerUser, startMining, type ApiSession } from './support/data.js';
import { LONG_WORD_LOOKS, lookName, openInLook, waitForLook } from './support/looks.js';

/**
 * Issue 30, item 6: at 390 px the "Reward claimed!" card appeared below the fold after a claim,
 * and the bottom nav's collapse chevron floated above the tab bar, over the page's text. Right
 * after a claim the card is in the part of the viewport nothing covers (below the header, above
 * the bottom nav), and the chevron lies on the nav's own surface, so no text the nav leaves
 * visible is under it.
 */

type Box = { top: number; bottom: number; left: number; right: number };

/** The header, the bottom nav, its chevron, the reward card, and page text under the chevron above the nav. */
function layout(page: Page) {
  return page.evaluate(() => {
    const box = (el: Element | null): Box | null => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    };
    const bar = box(document.querySelector('nav.zv-nav'))!;
    const handle = box(document.querySelector('[data-testid="nav-toggle"]'))!;
    const covered: string[] = [];
    const range = document.createRange();
    const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) {
        const overlaps =
          r.right > handle.left && r.left < handle.right && r.bottom > handle.top && r.top < handle.bottom;
        // Text behind the nav is hidden by the nav itself; above it the chevron alone would cover it.
        if (overlaps && r.top < bar.top) covered.push(node.textContent.trim().slice(0, 40));
      }
    }
    return {
      viewport: window.innerHeight,
      header: box(document.querySelector('.zv-header'))!,
      bar,
      handle,
      card: box(document.querySelector('[data-testid="mining-reward"]')),
      covered,
    };
  });
}

const users = new Map<string, ApiSession>();
beforeAll(async () => {
  // One user per look, each with a cycle running (5.4 s in the browser tests) to claim.
  for (const look of LONG_WORD_LOOKS) {
    const user = await registerUser();
    await startMining(user.token);
    users.set(lookName(look), user);
  }
});
afterAll(closeBrowser);

describe('after a claim the reward card is in view, and the nav chevron covers no text (390x844)', () => {
  for (const look of LONG_WORD_LOOKS) {
    test(`${lookName(look)}: "Reward claimed!" is seen at once`, async () => {
      const { context, page, errors } = await openInLook(look, { session: users.get(lookName(look))! });
      try {
        await page.goto('/mining');
        await waitForLook(page, look);
        await page.locator('[data-testid="mining-phase"][data-phase="claimable"]').waitFor({ timeout: 20_000 });
        await page.locator('[data-testid="mining-action"]').click();
        await page.locator('[data-testid="mining-reward"]').waitFor();
        // The card comes into view by itself (a scroll may still be running): wait for that, briefly.
        const inView = await page
          .waitForFunction(
            () => {
              const card = document.querySelector('[data-testid="mining-reward"]')!.getBoundingClientRect();
              const header = document.querySelector('.zv-header')!.getBoundingClientRect();
              const bar = document.querySelector('nav.zv-nav')!.getBoundingClientRect();
              return card.top >= header.bottom - 1 && card.bottom <= bar.top + 1;
            },
            undefined,
            { timeout: 3_000 },
          )
          .then(() => true)
          .catch(() => false);
        const seen = await layout(page);
        expect(inView, `card ${JSON.stringify(seen.card)} between the header and the bar ${JSON.stringify(seen)}`).toBe(
          true,
        );
        expect(seen.handle.top, 'the chevron lies on the nav').toBeGreaterThanOrEqual(seen.bar.top - 0.5);
        expect(seen.covered).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
