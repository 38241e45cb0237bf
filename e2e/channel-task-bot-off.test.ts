import { afterAll, describe, expect, test } from 'vitest';
import { closeBrowser, screenshot } from './support/browser.js';
import { expectApi, registerUser } from './support/data.js';
import { LOOKS, applyLookToAccount, lookName, openLookPage, signInThroughForm, waitForLook } from './support/looks.js';

/**
 * Issue 30, item 12: the browser tests' server runs without a bot, so channel membership cannot
 * be checked. The seeded channel task is not shown as a broken card ("cannot be checked yet"):
 * it is left out, and the counts agree with what is shown.
 */
describe('a channel task while the bot is off (390 px)', () => {
  afterAll(closeBrowser);

  for (const look of LOOKS) {
    test(`is not shown as a broken card (${lookName(look)})`, async () => {
      const session = await registerUser();
      await applyLookToAccount(session.token, look);
      const offered = (await expectApi(200, '/tasks', { token: session.token })) as { kind: string }[];
      const { page, context } = await openLookPage(look);
      try {
        await signInThroughForm(page, session.credentials);
        await page.goto('/tasks');
        await waitForLook(page, look);
        await page.waitForFunction(
          (count) => document.querySelectorAll('[data-testid="task-card"]').length === count,
          offered.length,
        );
        await screenshot(page, `issue30-channel-task-bot-off-${look.language}-${look.theme}`);

        expect(offered.some((task) => task.kind === 'channel')).toBe(false);
        expect(await page.locator('[data-rule-type="channel_membership"]').count()).toBe(0);
        const stats = await expectApi(200, '/tasks/user-stats', { token: session.token });
        expect(stats.totalTasks).toBe(offered.length);
      } finally {
        await context.close();
      }
    });
  }
});
