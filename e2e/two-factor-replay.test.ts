import { renderMessage } from '@ziver/shared';
import { afterAll, describe, expect, test } from 'vitest';
import { closeBrowser, screenshot } from './support/browser.js';
import { expectApi, registerUser } from './support/data.js';
import { Authenticator } from './support/identity.js';
import { LOOKS, lookName, openLookPage, waitForLook } from './support/looks.js';

/**
 * Issue 30, item 9: the code that just turned 2FA on, typed again at sign-in within its 30 s
 * window, is refused as a replay with its own message ("wait for the next code"), in the
 * reader's language, not the generic "Two-factor authentication failed".
 */
describe('the 2FA code just used to enable it, at sign-in (390 px)', () => {
  afterAll(closeBrowser);

  for (const look of LOOKS) {
    test(`says to wait for the next code (${lookName(look)})`, async () => {
      const session = await registerUser();
      const setup = await expectApi(200, '/settings/security/two-factor/setup', { token: session.token });
      const authenticator = new Authenticator(setup.manualEntryCode as string);
      const step = Authenticator.currentStep();
      const code = await authenticator.codeAt(step);
      await expectApi(200, '/settings/security/two-factor', {
        token: session.token,
        method: 'PUT',
        body: { enable: true, verificationCode: code },
      });

      const { page, context } = await openLookPage(look);
      try {
        await page.goto('/login');
        await waitForLook(page, look);
        const form = page.locator('form').filter({ has: page.locator('input[name="password"]') });
        await form.locator('input[name="email"]').fill(session.credentials.email);
        await form.locator('input[name="password"]').fill(session.credentials.password);
        await form.locator('button[type="submit"]').click();
        const twoFactor = page.locator('[data-testid="two-factor-step"]');
        await twoFactor.locator('input[name="verificationCode"]').fill(code);
        const answered = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/auth/verify-2fa');
        await twoFactor.locator('[data-testid="verify-code"]').click();
        const answer = await answered;
        // The same 30 s step (or the one tolerated after it): still a replay, not a wrong code.
        expect(Authenticator.currentStep()).toBeLessThanOrEqual(step + 1);
        expect(answer.status()).toBe(400);
        expect(await answer.json()).toMatchObject({ code: 'TWO_FACTOR_CODE_REUSED' });

        const expected = renderMessage(look.language, 'server.twoFactorCodeReusedAttemptsLeft', { count: 4 });
        const error = twoFactor.locator('[data-testid="two-factor-error"]');
        await error.getByText(expected).waitFor();
        await screenshot(page, `issue30-2fa-replay-${look.language}-${look.theme}`);
        expect(new URL(page.url()).pathname).toBe('/login');
      } finally {
        await context.close();
      }
    });
  }
});
