import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { closeBrowser } from './support/browser.js';
import { registerUser, type ApiSession } from './support/data.js';
import { LONG_WORD_LOOKS, lookName, openInLook, waitForLook } from './support/looks.js';

/**
 * Issue 30, item 1: the landing FAQ and the Tasks page's help are accordions of telegram-ui list
 * rows. A row rendered as a <button> once kept the browser's button look: grey, only as wide as
 * its text, with a hard border in the light theme. Each row must span its card, with no border
 * and no background of its own (the card's shows through), in every look.
 */

type RowLook = { text: string; width: number; cardWidth: number; border: string; background: string };

/** How each accordion row of the section looks next to its card. */
function rowLooks(page: Page, section: string): Promise<RowLook[]> {
  return page.evaluate((selector) => {
    const card = document.querySelector(selector)!;
    return [...card.querySelectorAll('[aria-expanded]')].map((row) => {
      const style = getComputedStyle(row);
      return {
        text: (row.textContent ?? '').trim().slice(0, 40),
        width: Math.round(row.getBoundingClientRect().width),
        cardWidth: Math.round(card.getBoundingClientRect().width),
        border: `${style.borderTopStyle} ${style.borderTopWidth}`,
        background: style.backgroundColor,
      };
    });
  }, section);
}

function expectCardRows(rows: RowLook[], count: number) {
  expect(rows).toHaveLength(count);
  for (const row of rows) {
    expect(row.width, `"${row.text}" spans its card`).toBeGreaterThanOrEqual(row.cardWidth - 2);
    expect(['none 0px', 'solid 0px'], `"${row.text}" has no border`).toContain(row.border);
    expect(row.background, `"${row.text}" has no background of its own`).toBe('rgba(0, 0, 0, 0)');
  }
}

let user: ApiSession;
beforeAll(async () => {
  user = await registerUser();
});
afterAll(closeBrowser);

describe('accordion rows span their card (390x844, two languages, light and dark)', () => {
  for (const look of LONG_WORD_LOOKS) {
    test(`${lookName(look)}: the landing FAQ and the Tasks help are list rows`, async () => {
      const { context, page, errors } = await openInLook(look);
      try {
        await page.goto('/');
        await waitForLook(page, look);
        const faq = '[data-testid="landing-faq"]';
        await page.locator(`${faq} [aria-expanded]`).first().waitFor();
        expectCardRows(await rowLooks(page, faq), 4);
        // A row still opens its answer.
        await page.locator(`${faq} [aria-expanded]`).first().click();
        await page.locator(`${faq} [aria-expanded="true"]`).waitFor();
        await context.close();

        const signedIn = await openInLook(look, { session: user });
        try {
          await signedIn.page.goto('/tasks');
          await waitForLook(signedIn.page, look);
          const help = '[data-testid="tasks-help"]';
          await signedIn.page.locator(`${help} [aria-expanded]`).first().waitFor();
          expectCardRows(await rowLooks(signedIn.page, help), 3);
          expect(signedIn.errors).toEqual([]);
        } finally {
          await signedIn.context.close();
        }
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
