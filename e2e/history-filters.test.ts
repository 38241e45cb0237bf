import { afterAll, describe, expect, test } from 'vitest';
import { LANGUAGES, TRANSACTION_TYPES } from '@ziver/shared/core';
import { closeBrowser, screenshot } from './support/browser.js';
import { registerUser } from './support/data.js';
import { openInLook, waitForLook } from './support/looks.js';

/**
 * The history's Type filter shows the chosen type whole: "Mining reward" was cut to "Mining rev"
 * at 390 px. Each type, in each language, at phone and desktop width: the select's text fits the
 * room its padding (and arrow) leave.
 */
const WIDTHS = [
  { width: 360, height: 800 },
  { width: 1280, height: 800 },
] as const;

describe('history filters show the chosen type whole', () => {
  afterAll(closeBrowser);

  for (const language of LANGUAGES) {
    test(`${language}: every type at 360 px and 1280 px`, async () => {
      const session = await registerUser();
      const look = { language, theme: 'light' } as const;
      for (const viewport of WIDTHS) {
        const { page, context } = await openInLook(look, { session, viewport });
        try {
          const cut: string[] = [];
          for (const type of TRANSACTION_TYPES) {
            await page.goto(`/history?type=${type}`);
            await waitForLook(page, look);
            const select = page.locator('[data-testid="history-type-filter"]');
            await page.waitForFunction((want) => {
              const el = document.querySelector<HTMLSelectElement>('[data-testid="history-type-filter"]');
              return el?.value === want;
            }, type);
            const fit = await select.evaluate((el: HTMLSelectElement) => {
              const style = getComputedStyle(el);
              const canvas = document.createElement('canvas').getContext('2d')!;
              canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
              const text = el.selectedOptions[0]?.text ?? '';
              const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
              return {
                text,
                width: Math.ceil(canvas.measureText(text).width),
                room: Math.floor(room),
                box: `${el.clientWidth} ${style.paddingLeft} ${style.paddingRight}`,
              };
            });
            if (fit.width > fit.room) cut.push(`"${fit.text}" (${fit.width}px of text in ${fit.room}px) ${fit.box}`);
          }
          await page.locator('[data-testid="history-type-filter"]').scrollIntoViewIfNeeded();
          if (viewport.width === 360) await screenshot(page, `history-filters-${language}-360`);
          expect(cut, `${language} at ${viewport.width} px`).toEqual([]);
        } finally {
          await context.close();
        }
      }
    });
  }
});
