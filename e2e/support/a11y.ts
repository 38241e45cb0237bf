import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { LANGUAGES, type Language } from '@ziver/shared/core';

const require = createRequire(import.meta.url);
/** axe-core's browser bundle, injected into the page under test (never fetched). */
export const AXE_PATH = require.resolve('axe-core/axe.min.js');
let axeSource: string | undefined;

export type AxeFinding = { id: string; impact: string; help: string; targets: string[] };

/**
 * Runs axe-core (WCAG 2.0/2.1/2.2 A and AA rules) on the page as it is now and returns the
 * serious and critical violations, each with up to five offending elements.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  // Evaluated through the DevTools protocol: the app's Content-Security-Policy (script-src 'self')
  // rightly refuses an inline <script>, which page.addScriptTag would add.
  if (!loaded) await page.evaluate((axeSource ??= readFileSync(AXE_PATH, 'utf8')));
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: any }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'],
    });
    return (result.violations as any[])
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id as string,
        impact: v.impact as string,
        help: v.help as string,
        targets: (v.nodes as any[]).slice(0, 5).map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`.trim()),
      }));
  });
}

/** The elements whose text must never be cut: bottom navigation labels and card/section titles. */
export const UNCLIPPED_SELECTORS = [
  '.zv-nav__bar > button span',
  '.zv-nav__bar > button h6',
  '[data-clip-check]',
  '.tgui-sectionheader, .zv-section > header',
  '.zv-card__title',
  '.zv-tier-progress__text',
  '.zv-tx__title',
  // Form field headers (telegram-ui's <h6> on the field's border, after its <label>).
  'label + h6',
];

export type ClippedText = { selector: string; text: string; scrollWidth: number; clientWidth: number };

/**
 * Text cut short in any of `selectors`: an element (or a descendant holding its text) whose
 * content is wider than its box while it hides the rest (overflow other than visible, or an
 * ellipsis), as measured in the page's own layout.
 */
export function clippedTexts(page: Page, selectors = UNCLIPPED_SELECTORS): Promise<ClippedText[]> {
  return page.evaluate((list) => {
    const found: ClippedText[] = [];
    for (const selector of list) {
      for (const element of document.querySelectorAll<HTMLElement>(selector)) {
        const candidates = [element, ...element.querySelectorAll<HTMLElement>('*')];
        for (const el of candidates) {
          if (!el.textContent?.trim() || el.offsetParent === null) continue;
          const style = getComputedStyle(el);
          const hides = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
          if (hides && el.scrollWidth > el.clientWidth + 1) {
            found.push({
              selector,
              text: el.textContent.trim().slice(0, 60),
              scrollWidth: el.scrollWidth,
              clientWidth: el.clientWidth,
            });
            break;
          }
        }
      }
    }
    return found;
  }, selectors);
}

export { LANGUAGES, type Language };
