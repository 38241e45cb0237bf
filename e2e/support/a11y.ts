import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { Language } from '@ziver/shared/core';

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

export type { Language };
