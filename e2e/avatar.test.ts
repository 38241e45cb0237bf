import { afterAll, describe, expect, test } from 'vitest';
import { AVATAR_MAX_BYTES, AVATAR_MESSAGES } from '@ziver/shared';
import { PHONE, closeBrowser, screenshot, waitForPath, type TrackedPage } from './support/browser.js';
import { sessionToken } from './support/data.js';
import { byTestId, hasHorizontalOverflow, signInNewUser, uploadFiles, waitForText } from './support/uploads.js';

/**
 * The avatar journey (docs/spec.md §5, §7) in Chromium at 390 px: on /profile a disguised text file and
 * a file over 1 MB are refused with the spec's messages; a real PNG is previewed, uploaded with
 * progress, and then shows in the header and the profile menu from the URL the server gave.
 */
let tracked: TrackedPage | undefined;
afterAll(async () => {
  await tracked?.context.close();
  await closeBrowser();
});

describe('avatar at 390 px', () => {
  test('refuses a disguised and an oversized file, uploads a PNG and shows it in the header', async () => {
    tracked = await signInNewUser(PHONE);
    const p = tracked.page;
    const files = await uploadFiles(AVATAR_MAX_BYTES);

    await byTestId(p, 'profile-menu').click();
    await byTestId(p, 'menu-profile').click();
    await waitForPath(p, (path) => path === '/profile');
    await byTestId(p, 'avatar-change').waitFor();

    const input = p.locator('[data-testid="avatar-file-input"]');
    await input.setInputFiles(files.disguised);
    await waitForText(p, 'avatar-message', 'Please select an image file');
    await input.setInputFiles(files.oversized);
    await waitForText(p, 'avatar-message', 'File size must be less than 1MB');
    expect(await byTestId(p, 'avatar-save').count()).toBe(0);

    await input.setInputFiles(files.png);
    await byTestId(p, 'avatar-save').waitFor();
    // The preview shows the picked file before anything is sent.
    expect(await p.locator('[data-testid="avatar-upload"] img').first().getAttribute('src')).toMatch(/^blob:/);
    expect(await hasHorizontalOverflow(p)).toBe(false);
    await screenshot(p, 'avatar-01-preview-390');

    const answer = p.waitForResponse((res) => res.url().endsWith('/api/user/avatar'));
    await byTestId(p, 'avatar-save').click();
    const response = await answer;
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { user: { avatar_url: string } };
    expect(body.user.avatar_url).toMatch(/^\/api\/files\/[A-Za-z0-9_-]{43}\.webp$/);
    await waitForText(p, 'flash-message', AVATAR_MESSAGES.uploaded);

    // The header's avatar now loads the stored square image.
    await p.waitForFunction((url) => {
      const img = document.querySelector('[data-testid="profile-menu"] img') as HTMLImageElement | null;
      return img?.getAttribute('src') === url && img.naturalWidth === 256;
    }, body.user.avatar_url);
    await byTestId(p, 'profile-menu').click();
    expect(await p.locator('.zv-profile__who img').first().getAttribute('src')).toBe(body.user.avatar_url);
    await screenshot(p, 'avatar-02-header-390');

    // A reload keeps it: the server has it.
    const me = await fetch(new URL('/api/user/me', p.url()), {
      headers: { authorization: `Bearer ${await sessionToken(p)}` },
    });
    expect(((await me.json()) as { user: { avatar_url: string } }).user.avatar_url).toBe(body.user.avatar_url);
    expect(tracked.errors).toEqual([]);
  });
});
