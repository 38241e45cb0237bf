import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { closeBrowser, screenshot } from './support/browser.js';
import { expectApi, registerUser } from './support/data.js';
import { LOOKS, applyLookToAccount, lookName, openLookPage, signInThroughForm, waitForLook } from './support/looks.js';

/**
 * Issue 30, item 3: the history search finds what the reader sees on a row. A word only in the
 * sign-up bonus's rendered line ("Joined with alice's invite", not in its stored description)
 * and a word of a task's title in the reader's language each find their rows, and the count and
 * pages follow the matches.
 */
const WORDS = {
  en: {
    line: 'invite',
    task: 'website',
    taskTitle: 'Visit the Ziver website',
    one: '1 transaction',
    pages: 'Page 1 of 1',
  },
  fr: {
    line: 'invitation',
    task: 'Visitez',
    taskTitle: 'Visitez le site de Ziver',
    one: '1 transaction',
    pages: 'Page 1 sur 1',
  },
} as const;

type Row = { type: string | null; currency: string | null; line: string };

/** Searches, then waits for the answer to this search (the URL has it, no stale page) and reads the rows. */
async function search(page: Page, text: string, count: number): Promise<Row[]> {
  await page.locator('[data-testid="history-search"]').fill(text);
  await page.waitForURL((url) => url.searchParams.get('search') === text);
  try {
    await page.waitForFunction((want) => {
      const list = document.querySelector('[data-testid="history-list"]');
      return (
        !!list &&
        !list.classList.contains('zv-tx-list--stale') &&
        list.querySelectorAll('[data-testid="history-item"]').length === want
      );
    }, count);
  } catch (error) {
    const shown = await page
      .locator('[data-testid="history-count"]')
      .textContent()
      .catch(() => 'nothing');
    throw new Error(`searching "${text}" should show ${count} rows, the list says ${shown}: ${error}`);
  }
  return page.locator('[data-testid="history-list"] [data-testid="history-item"]').evaluateAll((items) =>
    items.map((item) => ({
      type: item.getAttribute('data-type'),
      currency: item.getAttribute('data-currency'),
      line: (item.querySelector('[data-testid="transaction-line"]')?.textContent ?? '').replace(/\s/g, ' '),
    })),
  );
}

describe('history search reads the rows as shown (390 px)', () => {
  afterAll(closeBrowser);

  for (const look of LOOKS) {
    test(`finds a row by its line and a task by its title (${lookName(look)})`, async () => {
      const words = WORDS[look.language as keyof typeof WORDS];
      const referrer = await registerUser();
      const reader = await registerUser({ referralCode: referrer.user.referral_code as string });
      // The seeded link task, found by its English title (the account is still English here).
      const offered = (await expectApi(200, '/tasks', { token: reader.token })) as { id: string; title: string }[];
      const task = offered.find((candidate) => candidate.title === WORDS.en.taskTitle);
      expect(task, 'the seeded link task').toBeTruthy();
      await expectApi(200, `/tasks/${task!.id}/complete`, { token: reader.token, method: 'POST', body: {} });
      await applyLookToAccount(reader.token, look);
      const { page, context } = await openLookPage(look);
      try {
        await signInThroughForm(page, reader.credentials);
        await page.goto('/history');
        await waitForLook(page, look);
        // The referral bonus, the task's reward (ZP, SEB) and the sign-in's daily login: a search narrows them.
        const all = await expectApi(200, '/transactions', { token: reader.token });
        expect(all.pagination.totalCount).toBeGreaterThan(3);

        const byLine = await search(page, words.line, 1);
        expect(byLine.map((row) => row.type)).toEqual(['referral_bonus']);
        expect(byLine[0]!.line).toContain(referrer.user.username);
        expect(byLine[0]!.line.toLowerCase()).toContain(words.line);
        expect(await page.locator('[data-testid="history-count"]').textContent()).toBe(words.one);
        expect(await page.locator('[data-testid="history-page-indicator"]').textContent()).toBe(words.pages);
        await screenshot(page, `issue30-history-search-line-${look.language}-${look.theme}`);

        const byTitle = await search(page, words.task, 2);
        expect(byTitle.map((row) => `${row.type} ${row.currency}`).sort()).toEqual([
          'task_reward SEB',
          'task_reward ZP',
        ]);
        for (const row of byTitle) expect(row.line).toContain(words.taskTitle);
        expect(await page.locator('[data-testid="history-count"]').textContent()).toBe('2 transactions');
        expect(await page.locator('[data-testid="history-page-indicator"]').textContent()).toBe(words.pages);
        await screenshot(page, `issue30-history-search-task-${look.language}-${look.theme}`);
      } finally {
        await context.close();
      }
    });
  }
});
