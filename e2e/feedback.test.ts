import { afterAll, describe, expect, test } from 'vitest';
import { FEEDBACK_MESSAGES } from '@ziver/shared';
import { PHONE, closeBrowser, screenshot, waitForPath, type TrackedPage } from './support/browser.js';
import { byTestId, hasHorizontalOverflow, signInNewUser, uploadFiles, waitForText } from './support/uploads.js';

/**
 * The feedback journey (docs/spec.md §2, §5, §8) in Chromium at 390 px: the header menu opens /feedback;
 * a disguised text file and an oversized image are refused with the spec's messages; a real PNG
 * is sent with upload progress; the form resets, the thank-you text clears after 5 s, and the
 * history shows the feedback with its stored image.
 */
let tracked: TrackedPage | undefined;
afterAll(async () => {
  await tracked?.context.close();
  await closeBrowser();
});

describe('feedback at 390 px', () => {
  test('refuses a disguised and an oversized file, sends a real PNG, resets and lists it', async () => {
    tracked = await signInNewUser(PHONE);
    const p = tracked.page;
    const files = await uploadFiles();

    await byTestId(p, 'profile-menu').click();
    await byTestId(p, 'menu-feedback').click();
    await waitForPath(p, (path) => path === '/feedback');
    await waitForText(p, 'feedback-reward-note', 'Helpful feedback may be rewarded with ZP and SEB points');
    await waitForText(p, 'feedback-history', "You haven't sent any feedback yet.");

    const submit = byTestId(p, 'feedback-submit');
    expect(await submit.isDisabled()).toBe(true);
    await byTestId(p, 'feedback-title').fill('Claim button contrast');
    expect(await submit.isDisabled()).toBe(true);
    await byTestId(p, 'feedback-details').fill('The claim button is hard to see in the light theme.');
    expect(await submit.isDisabled()).toBe(false);
    await byTestId(p, 'feedback-type').selectOption('bug');
    await byTestId(p, 'feedback-priority').selectOption('high');

    const input = p.locator('[data-testid="feedback-file-input"]');
    await input.setInputFiles(files.disguised);
    await waitForText(p, 'feedback-file-error', 'Invalid file type: x.png. Only images are allowed.');
    await input.setInputFiles(files.oversized);
    await waitForText(p, 'feedback-file-error', 'File too large: big.png. Maximum size is 5MB.');
    expect(await p.locator('[data-testid="feedback-attachments"] li').count()).toBe(0);

    await input.setInputFiles(files.png);
    await p.locator('[data-testid="feedback-attachments"] li').first().waitFor();
    expect(await byTestId(p, 'feedback-file-error').count()).toBe(0);
    expect(await hasHorizontalOverflow(p)).toBe(false);
    await screenshot(p, 'feedback-01-filled-390');

    const answer = p.waitForResponse((res) => res.url().endsWith('/api/feedback') && res.request().method() === 'POST');
    await submit.click();
    expect((await answer).status()).toBe(201);
    await waitForText(p, 'feedback-success', FEEDBACK_MESSAGES.submitted);
    // The form is reset.
    expect(await byTestId(p, 'feedback-title').inputValue()).toBe('');
    expect(await byTestId(p, 'feedback-details').inputValue()).toBe('');
    expect(await p.locator('[data-testid="feedback-attachments"]').count()).toBe(0);
    expect(await submit.isDisabled()).toBe(true);

    // The history lists it with status New and the stored (re-encoded) image.
    await waitForText(p, 'feedback-history-item', 'Claim button contrast');
    await waitForText(p, 'feedback-status', 'New');
    const image = p.locator('[data-testid="feedback-history-item"] img').first();
    await p.waitForFunction(
      () =>
        (document.querySelector('[data-testid="feedback-history-item"] img') as HTMLImageElement | null)
          ?.naturalWidth === 320,
    );
    expect(await image.getAttribute('src')).toMatch(/^\/api\/files\/[A-Za-z0-9_-]{43}\.png$/);
    await screenshot(p, 'feedback-02-sent-390');

    // The success text clears after 5 s.
    await p.waitForFunction(() => !document.querySelector('[data-testid="feedback-success"]'));
    expect(tracked.errors).toEqual([]);
  });
});
