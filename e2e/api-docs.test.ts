import { afterAll, describe, expect, test } from 'vitest';
import { closeBrowser, openPage, screenshot, type TrackedPage } from './support/browser.js';
import { hasHorizontalOverflow } from './support/uploads.js';

/** The API reference at 360 px: every entry renders, uploads as multipart forms, files as bytes. */
const NARROW = { width: 360, height: 740 } as const;
const opened: TrackedPage[] = [];
afterAll(async () => {
  for (const t of opened) await t.context.close();
  await closeBrowser();
});

describe('/api/docs at 360 px', () => {
  test('shows the multipart bodies of feedback and avatar and the binary answer of a stored file', async () => {
    const tracked = await openPage(NARROW);
    opened.push(tracked);
    const p = tracked.page;
    await p.goto('/api/docs');
    const entry = (text: string) => p.locator('details', { hasText: text }).first();
    const feedback = entry('/api/feedback');
    await feedback.locator('summary').click();
    await expect.poll(() => feedback.innerText()).toContain('Request body (multipart/form-data)');
    const feedbackText = await feedback.innerText();
    expect(feedbackText).toContain('"attachments"');
    expect(feedbackText).toContain('"format": "binary"');
    expect(feedbackText).toContain('Response 201 (application/json)');
    await screenshot(p, 'api-docs-01-feedback-360');

    const avatar = entry('/api/user/avatar');
    await avatar.locator('summary').click();
    expect(await avatar.innerText()).toContain('Request body (multipart/form-data)');
    expect(await avatar.innerText()).toContain('"avatar"');

    const file = entry('/api/files/{key}');
    await file.locator('summary').click();
    expect(await file.innerText()).toContain('Response 200 (image/*)');
    await file.scrollIntoViewIfNeeded();
    await screenshot(p, 'api-docs-02-file-360');

    expect(await hasHorizontalOverflow(p)).toBe(false);
    expect(tracked.errors.filter((e) => e.startsWith('uncaught'))).toEqual([]);
  });
});
