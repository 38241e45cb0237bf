import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { closeBrowser } from './support/browser.js';
import { expectApi, registerUser, type ApiSession } from './support/data.js';
import { Authenticator } from './support/identity.js';
import { LONG_WORD_LOOKS, lookName, openInLook, waitForLook } from './support/looks.js';

/**
 * Issue 30, item 8: a focused 2FA code field showed the browser's square focus outline inside
 * its rounded field. Focus stays visible through the field's own rounded ring (telegram-ui draws
 * it on the <label> around the input, in the link colour), with no outline on the input itself:
 * the sign-in 2FA step and the two code fields of Settings → Security (enable and disable).
 */

/** A new user with two-factor sign-in turned on through the API. */
async function userWithTwoFactor(): Promise<ApiSession> {
  const user = await registerUser();
  const setup = await expectApi(200, '/settings/security/two-factor/setup', { token: user.token });
  const code = await new Authenticator(setup.manualEntryCode as string).freshCode();
  await expectApi(200, '/settings/security/two-factor', {
    method: 'PUT',
    token: user.token,
    body: { enable: true, verificationCode: code },
  });
  return user;
}

/** How a focused code field draws its focus: the input's outline and its rounded ring's shadow. */
async function focusLook(field: Locator) {
  return field.evaluate((input) => {
    const ring = input.closest('label')!;
    const style = getComputedStyle(input);
    return {
      isFocused: document.activeElement === input,
      inputOutline: style.outlineStyle === 'none' ? 'none' : `${style.outlineStyle} ${style.outlineWidth}`,
      ringShadow: getComputedStyle(ring).boxShadow,
      ringRadius: parseFloat(getComputedStyle(ring).borderTopLeftRadius),
      linkColor: getComputedStyle(input).getPropertyValue('--tgui--link_color').trim(),
    };
  });
}

/** The colour `value` resolves to on the page, as computed styles write it (rgb(...)). */
const resolved = (page: Page, value: string) =>
  page.evaluate((colour) => {
    const probe = document.createElement('span');
    probe.style.color = colour;
    document.body.append(probe);
    const rgb = getComputedStyle(probe).color;
    probe.remove();
    return rgb;
  }, value);

async function expectRoundRingOnly(page: Page, field: Locator, where: string) {
  await field.focus();
  const look = await focusLook(field);
  expect(look.isFocused, where).toBe(true);
  expect(look.inputOutline, `${where}: no square outline on the input`).toBe('none');
  expect(look.ringShadow, `${where}: the rounded ring shows the focus`).toContain(await resolved(page, look.linkColor));
  expect(look.ringRadius, `${where}: the ring is rounded`).toBeGreaterThan(4);
}

afterAll(closeBrowser);

describe('2FA code fields show only their rounded focus ring (390x844, two languages, light and dark)', () => {
  for (const look of LONG_WORD_LOOKS) {
    test(`${lookName(look)}: sign-in step, and Settings → Security enable and disable`, async () => {
      const [withTwoFactor, without] = await Promise.all([userWithTwoFactor(), registerUser()]);

      const signIn = await openInLook(look);
      try {
        const { page } = signIn;
        await page.goto('/login');
        await waitForLook(page, look);
        const form = page.locator('form').filter({ has: page.locator('input[name="password"]') });
        await form.locator('input[name="email"]').fill(withTwoFactor.credentials.email);
        await form.locator('input[name="password"]').fill(withTwoFactor.credentials.password);
        await form.locator('button[type="submit"]').click();
        const code = page.locator('[data-testid="two-factor-step"] input[name="verificationCode"]');
        await code.waitFor();
        // The step focuses its field by itself.
        await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'verificationCode');
        await expectRoundRingOnly(page, code, 'sign-in 2FA step');
        expect(signIn.errors).toEqual([]);
      } finally {
        await signIn.context.close();
      }

      const enabling = await openInLook(look, { session: without });
      try {
        const { page } = enabling;
        await page.goto('/settings/security');
        await waitForLook(page, look);
        await page.locator('[data-testid="two-factor-enable"]').click();
        const code = page.locator('[data-testid="two-factor-setup"] input[name="verificationCode"]');
        await code.waitFor();
        await expectRoundRingOnly(page, code, 'settings: enable 2FA');
      } finally {
        await enabling.context.close();
      }

      const disabling = await openInLook(look, { session: withTwoFactor });
      try {
        const { page } = disabling;
        await page.goto('/settings/security');
        await waitForLook(page, look);
        await page.locator('button[data-testid="two-factor-disable"]').click();
        const code = page.locator('form[data-testid="two-factor-disable"] input').first();
        await code.waitFor();
        await expectRoundRingOnly(page, code, 'settings: disable 2FA');
      } finally {
        await disabling.context.close();
      }
    });
  }
});
