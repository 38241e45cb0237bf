import type { Page } from 'playwright-core';
import { ATTACHMENT_MAX_BYTES } from '@ziver/shared';
import { buildPng, NOT_AN_IMAGE } from '../../server/src/testing/images.js';
import { openPage, registerViaApi, waitForPath, type TrackedPage } from './browser.js';

/** A file as Playwright's setInputFiles takes it. */
export type FilePayload = { name: string; mimeType: string; buffer: Buffer };

/**
 * The three files of the upload journeys: a real PNG, a text file disguised as x.png with type
 * image/png, and a real PNG padded past `maxBytes`.
 */
export async function uploadFiles(maxBytes = ATTACHMENT_MAX_BYTES) {
  const png = await buildPng({ width: 320, height: 200 });
  return {
    png: { name: 'screen.png', mimeType: 'image/png', buffer: png } satisfies FilePayload,
    disguised: { name: 'x.png', mimeType: 'image/png', buffer: NOT_AN_IMAGE } satisfies FilePayload,
    oversized: {
      name: 'big.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([png, Buffer.alloc(maxBytes + 1 - png.length)]),
    } satisfies FilePayload,
  };
}

/** A new user, signed in through the login form, on /mining. */
export async function signInNewUser(viewport: { width: number; height: number }): Promise<TrackedPage> {
  const user = await registerViaApi();
  const tracked = await openPage(viewport);
  const { page } = tracked;
  await page.goto('/login');
  const form = page.locator('form').filter({ has: page.locator('input[name="password"]') });
  await form.locator('input[name="email"]').fill(user.email);
  await form.locator('input[name="password"]').fill(user.password);
  await form.locator('button[type="submit"]').click();
  await waitForPath(page, (path) => path === '/mining');
  return tracked;
}

export const byTestId = (p: Page, id: string) => p.locator(`[data-testid="${id}"]`).first();

/** Waits until a test id's text contains `text`; the error says what it showed instead. */
export async function waitForText(p: Page, testId: string, text: string, timeout = 30_000) {
  try {
    await p.waitForFunction(
      ([id, want]) => document.querySelector(`[data-testid="${id}"]`)?.textContent?.includes(want) === true,
      [testId, text] as const,
      { timeout },
    );
  } catch (error) {
    const shown = await byTestId(p, testId)
      .textContent()
      .catch(() => null);
    throw new Error(`${testId} should contain ${JSON.stringify(text)} but shows ${JSON.stringify(shown)}: ${error}`);
  }
}

/** Whether the page scrolls sideways (a layout wider than the viewport). */
export function hasHorizontalOverflow(p: Page): Promise<boolean> {
  return p.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}
