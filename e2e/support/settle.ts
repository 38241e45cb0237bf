import type { Page } from 'playwright-core';

/**
 * Waiting for a page to be done before measuring it (an earlier accessibility walk was flaky
 * measuring too early): drawn in the expected language at the expected path, no loader or
 * skeleton showing, no request in flight for 100 ms, fonts loaded.
 */

const LOADING = '.zv-inline-loader, .zv-fullscreen-loader, [aria-busy="true"], .zv-tx-list--stale';

/** Counts the page's requests in flight; returns the counter. */
export function trackRequests(page: Page): () => number {
  let inFlight = 0;
  page.on('request', () => inFlight++);
  page.on('requestfinished', () => inFlight--);
  page.on('requestfailed', () => inFlight--);
  return () => inFlight;
}

/** Client-side navigation (the router follows history), as a tap on a link does. */
export async function navigate(page: Page, route: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
    scrollTo(0, 0);
  }, route);
}

export async function settlePage(
  page: Page,
  options: { language: string; route: string; ready?: string; inFlight: () => number; label: string },
): Promise<void> {
  try {
    await page.waitForFunction(
      ([lang, path, loading]) =>
        document.documentElement.lang === lang &&
        location.pathname === path &&
        (document.querySelector('#root')?.textContent ?? '') !== '' &&
        !document.querySelector(loading),
      [options.language, options.route, LOADING] as const,
    );
    if (options.ready) await page.locator(options.ready).first().waitFor();
  } catch (error) {
    const state = await page.evaluate(
      (loading) => ({
        lang: document.documentElement.lang,
        path: location.pathname,
        loading: [...document.querySelectorAll(loading)].map((el) => el.outerHTML.slice(0, 120)),
        text: (document.querySelector('#root')?.textContent ?? '').slice(0, 200),
      }),
      LOADING,
    );
    throw new Error(`${options.label} never settled: ${JSON.stringify(state)}\n${String(error)}`);
  }
  let quietSince = Date.now();
  const deadline = Date.now() + 10_000;
  while (Date.now() - quietSince < 100 && Date.now() < deadline) {
    // "No request for 100 ms" is a quiet window measured by sampling: there is no event for it.
    // eslint-disable-next-line no-restricted-syntax -- sampling a quiet window, not a fixed wait
    await page.waitForTimeout(25);
    if (options.inFlight() > 0) quietSince = Date.now();
  }
  await page.waitForFunction((loading) => !document.querySelector(loading), LOADING);
  // Fonts and late layout (the chart measures its width) settle before measuring.
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(r))));
  // CSS transitions and finite animations still running are measured half-way: axe once saw a
  // 3.04:1 contrast on a share button fading in as it was enabled. Spinners (infinite) are left.
  await page.evaluate(() =>
    Promise.race([
      Promise.allSettled(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished),
      ),
      // eslint-disable-next-line no-restricted-syntax -- a cap on waiting for animations, not a wait
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
}
