import type { Page } from 'playwright-core';
import {
  DAILY_LOGIN_SEB,
  DAILY_LOGIN_ZP,
  MINING_REWARD_DEFAULT,
  REFERRAL_REWARD_ZP,
  STORAGE_KEYS,
  formatAmount,
} from '@ziver/shared';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import {
  PHONE,
  closeBrowser,
  newCredentials,
  openPage,
  screenshot,
  serverBalance,
  waitForBalance,
  waitForPath,
  type TrackedPage,
} from './support/browser.js';
import {
  claimWhenReady,
  currentUser,
  expectApi,
  registerUser,
  sessionToken,
  startMining,
  type ApiSession,
} from './support/data.js';

const phase = (name: string) => `[data-testid="mining-phase"][data-phase="${name}"]`;

/**
 * Friends who join with the user's referral link and mine one cycle each. Each friend's first
 * claim pays the user a `referral_reward`, one ledger row apiece, and friends mine in parallel
 * (one user can run only one cycle at a time), so the user's history passes one page of 20 rows
 * within a single 5.4 s cycle instead of ten cycles in a row.
 */
const FRIENDS = 19;
/** Daily login (ZP + SEB), the user's own claim (ZP + SEB), one referral reward per friend. */
const TOTAL_ROWS = 2 + 2 + FRIENDS;
const PAGE_SIZE = 20;
const LAST_PAGE_ROWS = TOTAL_ROWS - PAGE_SIZE;

type Row = { type: string | null; currency: string | null };

/** The rows the history list shows, once no request is pending (no stale placeholder page). */
async function waitForRows(p: Page, expected: { count: number; type?: string; currency?: string }): Promise<Row[]> {
  try {
    await p.waitForFunction((want) => {
      const list = document.querySelector('[data-testid="history-list"]');
      if (!list || list.classList.contains('zv-tx-list--stale')) return false;
      const items = [...list.querySelectorAll('[data-testid="history-item"]')];
      return (
        items.length === want.count &&
        items.every(
          (item) =>
            (!want.type || item.getAttribute('data-type') === want.type) &&
            (!want.currency || item.getAttribute('data-currency') === want.currency),
        )
      );
    }, expected);
  } catch (error) {
    const shown = await rowsOf(p).catch(() => 'unreadable');
    throw new Error(`history should show ${JSON.stringify(expected)} but shows ${JSON.stringify(shown)}: ${error}`);
  }
  return rowsOf(p);
}

function rowsOf(p: Page): Promise<Row[]> {
  return p
    .locator('[data-testid="history-list"] [data-testid="history-item"]')
    .evaluateAll((items) =>
      items.map((item) => ({ type: item.getAttribute('data-type'), currency: item.getAttribute('data-currency') })),
    );
}

const countBy = (rows: Row[], key: (row: Row) => string) =>
  rows.reduce<Record<string, number>>((counts, row) => ({ ...counts, [key(row)]: (counts[key(row)] ?? 0) + 1 }), {});

const query = (p: Page) => new URL(p.url()).searchParams;

/**
 * Issue 4's walk at phone width, one step per test, in order: mine → claim in the UI, then the
 * history page from the profile menu: chart, currency and type filters, search, clear, page 2,
 * reload, back. Later steps need the earlier ones (a failure early fails the rest; never skip).
 */
describe('mine → claim → history at phone width (390x844)', () => {
  const user = newCredentials();
  let tracked: TrackedPage | undefined;
  let token = '';
  let friendsMined: Promise<unknown> | undefined;
  const page = () => {
    if (!tracked) throw new Error('no page: the first step failed');
    return tracked.page;
  };

  beforeAll(() => {
    expect(inject('miningCycleSeconds')).toBeLessThan(10);
  });

  afterAll(async () => {
    await friendsMined?.catch(() => undefined);
    await tracked?.context.close();
    await closeBrowser();
  });

  test('a new user registers and lands on /mining, ready to mine', async () => {
    tracked = await openPage(PHONE);
    const p = page();
    await p.goto('/register');
    const form = p.locator('form').filter({ has: p.locator('input[name="confirmPassword"]') });
    await form.locator('input[name="username"]').fill(user.username);
    await form.locator('input[name="email"]').fill(user.email);
    await form.locator('input[name="password"]').fill(user.password);
    await form.locator('input[name="confirmPassword"]').fill(user.password);
    await form.locator('button[type="submit"]').click();
    await waitForPath(p, (path) => path === '/mining');
    await p.locator(phase('ready')).waitFor();
    await waitForBalance(p, DAILY_LOGIN_ZP);
    token = await sessionToken(p);
  });

  test('Start Mining shows the countdown; meanwhile friends join with the referral code and mine', async () => {
    const p = page();
    await p.locator('[data-testid="mining-action"]').click();
    await p.locator(phase('in_progress')).waitFor();
    expect((await p.locator('[data-testid="mining-countdown"]').textContent())?.trim()).toMatch(/\d/);
    await screenshot(p, 'history-01-mining-in-progress');

    const { referral_code: referralCode } = await currentUser(token);
    const friends: ApiSession[] = await Promise.all(
      Array.from({ length: FRIENDS }, () => registerUser({ referralCode })),
    );
    const cycles = await Promise.all(friends.map((friend) => startMining(friend.token)));
    // Their cycles end a moment after the user's; the next step waits for them before claiming.
    friendsMined = Promise.all(friends.map((friend, i) => claimWhenReady(friend.token, cycles[i]!)));
  });

  test('the cycle becomes claimable and Claim Reward credits 50 ZP', async () => {
    const p = page();
    await p.locator(phase('claimable')).waitFor({ timeout: 20_000 });
    await friendsMined;
    const before = await serverBalance(p);
    expect(before).toBe(DAILY_LOGIN_ZP + FRIENDS * REFERRAL_REWARD_ZP);

    await p.locator('[data-testid="mining-action"]').click();
    await waitForBalance(p, before + MINING_REWARD_DEFAULT);
    await p.locator(phase('ready')).waitFor();
    expect(await serverBalance(p)).toBe(before + MINING_REWARD_DEFAULT);
    await screenshot(p, 'history-02-claimed');
  });

  test('History opens from the profile menu: chart, counts and the first page of 20', async () => {
    const p = page();
    await p.locator('[data-testid="profile-menu"]').click();
    await p.locator('[data-testid="menu-history"]').click();
    await waitForPath(p, (path) => path === '/history');
    expect(new URL(p.url()).search).toBe('');

    const rows = await waitForRows(p, { count: PAGE_SIZE });
    expect(rows.every((row) => row.type && row.currency)).toBe(true);
    expect(await p.locator('[data-testid="history-count"]').textContent()).toBe(`${TOTAL_ROWS} transactions`);
    expect(await p.locator('[data-testid="history-page-indicator"]').textContent()).toBe('Page 1 of 2');
    expect(await p.locator('[data-testid="history-prev-page"]').isDisabled()).toBe(true);
    expect(await p.locator('[data-testid="history-next-page"]').isEnabled()).toBe(true);

    // The chart: this month's earnings are everything credited so far (nothing was spent).
    const me = await currentUser(token);
    const chart = p.locator('[data-testid="history-chart"]');
    await chart.waitFor();
    await chart.locator('.zv-chart__bar--zp').first().waitFor();
    const zpLegend = chart.locator('[data-testid="history-chart-toggle-ZP"]');
    const sebLegend = chart.locator('[data-testid="history-chart-toggle-SEB"]');
    await zpLegend.filter({ hasText: `+${formatAmount(me.zp_balance)} ZP` }).waitFor();
    await sebLegend.filter({ hasText: `+${formatAmount(me.social_capital_score)} SEB` }).waitFor();
    expect(me.social_capital_score).toBeGreaterThan(DAILY_LOGIN_SEB);
    const tallest = await chart
      .locator('.zv-chart__bar--zp')
      .evaluateAll((bars) => Math.max(...bars.map((bar) => Number(bar.getAttribute('height')))));
    expect(tallest).toBeGreaterThan(0);
    await screenshot(p, 'history-03-page-1');
  });

  test('currency SEB shows only the SEB rows, and the filter is in the URL', async () => {
    const p = page();
    await p.locator('[data-testid="history-currency-filter"]').selectOption('SEB');
    await p.waitForURL((url) => url.searchParams.get('currency') === 'SEB');
    const rows = await waitForRows(p, { count: 2, currency: 'SEB' });
    expect(countBy(rows, (row) => row.type!)).toEqual({ daily_login: 1, mining_reward: 1 });
    expect(await p.locator('[data-testid="history-page-indicator"]').textContent()).toBe('Page 1 of 1');
    await screenshot(p, 'history-04-currency-seb');
  });

  test('type Mining reward shows only the mining rows, in both currencies', async () => {
    const p = page();
    await p.locator('[data-testid="history-currency-filter"]').selectOption('all');
    await p.locator('[data-testid="history-type-filter"]').selectOption('mining_reward');
    await p.waitForURL((url) => url.searchParams.get('type') === 'mining_reward' && !url.searchParams.has('currency'));
    const rows = await waitForRows(p, { count: 2, type: 'mining_reward' });
    expect(countBy(rows, (row) => row.currency!)).toEqual({ ZP: 1, SEB: 1 });
    await screenshot(p, 'history-05-type-mining');
  });

  test("searching 'login' shows only the daily-login rows", async () => {
    const p = page();
    await p.locator('[data-testid="history-type-filter"]').selectOption('all');
    await p.waitForURL((url) => !url.searchParams.has('type'));
    await p.locator('[data-testid="history-search"]').fill('login');
    await p.waitForURL((url) => url.searchParams.get('search') === 'login');
    const rows = await waitForRows(p, { count: 2, type: 'daily_login' });
    expect(countBy(rows, (row) => row.currency!)).toEqual({ ZP: 1, SEB: 1 });
    await screenshot(p, 'history-06-search-login');
  });

  test('Clear filters empties the search box and the URL and shows everything again', async () => {
    const p = page();
    await p.locator('[data-testid="history-clear-filters"]').click();
    await p.waitForURL((url) => url.pathname === '/history' && url.search === '');
    await waitForRows(p, { count: PAGE_SIZE });
    expect(await p.locator('[data-testid="history-search"]').inputValue()).toBe('');
    expect(await p.locator('[data-testid="history-clear-filters"]').count()).toBe(0);
    expect(await p.locator('[data-testid="history-page-indicator"]').textContent()).toBe('Page 1 of 2');
  });

  test('Next goes to page 2, a reload stays there, and Back returns to page 1', async () => {
    const p = page();
    const firstPage = await p
      .locator('[data-testid="history-item"] time')
      .evaluateAll((times) => times.map((time) => time.getAttribute('datetime')));

    await p.locator('[data-testid="history-next-page"]').click();
    await p.waitForURL((url) => url.searchParams.get('page') === '2');
    await p.locator('[data-testid="history-page-indicator"]').filter({ hasText: 'Page 2 of 2' }).waitFor();
    await waitForRows(p, { count: LAST_PAGE_ROWS });
    // Newest first: page 2 holds the oldest rows, the sign-up's daily login among them.
    const secondPage = await p
      .locator('[data-testid="history-item"] time')
      .evaluateAll((times) => times.map((time) => time.getAttribute('datetime')));
    expect(Date.parse(secondPage[0]!)).toBeLessThanOrEqual(Date.parse(firstPage[firstPage.length - 1]!));
    expect(await p.locator('[data-testid="history-next-page"]').isDisabled()).toBe(true);
    await screenshot(p, 'history-07-page-2');

    await p.reload();
    await waitForRows(p, { count: LAST_PAGE_ROWS });
    expect(query(p).get('page')).toBe('2');
    expect(await p.locator('[data-testid="history-page-indicator"]').textContent()).toBe('Page 2 of 2');

    await p.goBack();
    await p.waitForURL((url) => url.pathname === '/history' && !url.searchParams.has('page'));
    await p.locator('[data-testid="history-page-indicator"]').filter({ hasText: 'Page 1 of 2' }).waitFor();
    await waitForRows(p, { count: PAGE_SIZE });
  });

  test('in French the rows, amounts, counts and dates are French, never the stored English descriptions', async () => {
    const p = page();
    await expectApi(200, '/settings/appearance/language', {
      method: 'PUT',
      token,
      body: { language: 'fr' },
    });
    await p.evaluate(([key]) => localStorage.setItem(key!, 'fr'), [STORAGE_KEYS.language]);
    await p.goto('/history');
    await p.locator('[data-testid="history-page-indicator"]').filter({ hasText: 'Page 1 sur 2' }).waitFor();
    await waitForRows(p, { count: PAGE_SIZE });
    expect(await p.locator('[data-testid="history-count"]').textContent()).toBe(`${TOTAL_ROWS} transactions`);
    expect(await p.locator('html').getAttribute('lang')).toBe('fr');

    const rows = p.locator('[data-testid="history-list"] [data-testid="history-item"]');
    const texts = await rows.evaluateAll((items) =>
      items.map((item) => ({
        type: item.getAttribute('data-type'),
        currency: item.getAttribute('data-currency'),
        title: item.querySelector('.zv-tx__title')?.textContent ?? '',
        line: item.querySelector('[data-testid="transaction-line"]')?.textContent ?? '',
        time: item.querySelector('time')?.textContent ?? '',
        amount: item.querySelector('[data-testid="transaction-amount"]')?.textContent ?? '',
      })),
    );
    const frenchMonth = /^\d{1,2} (janv\.|févr\.|mars|avr\.|mai|juin|juil\.|août|sept\.|oct\.|nov\.|déc\.)/;
    for (const row of texts) expect(row.time).toMatch(frenchMonth);
    const byKey = (type: string, currency: string) => texts.filter((r) => r.type === type && r.currency === currency);
    expect(byKey('mining_reward', 'ZP').map((r) => [r.title, r.line.replace(/\s/g, ' ')])).toEqual([
      // The cycle's length as it was, to the second (the browser tests' cycle is 5.4 s).
      ['Récompense de minage ZP', 'Cycle : 5 secondes'],
    ]);
    // One title per type: the currency badge (SEB) tells the two rows of a reward apart.
    expect(byKey('mining_reward', 'SEB').map((r) => r.title)).toEqual(['Récompense de minage SEB']);
    const rewards = byKey('referral_reward', 'ZP');
    expect(rewards.length).toBeGreaterThan(10);
    for (const row of rewards) {
      expect(row.title).toBe('Récompense de parrainage ZP');
      expect(row.line).toMatch(/^\S+ a commencé à miner$/);
      expect(row.amount).toBe(`+${REFERRAL_REWARD_ZP} ZP`);
    }
    const listText = (await p.locator('[data-testid="history-list"]').textContent()) ?? '';
    expect(listText).not.toMatch(/Referral reward|started mining|Mining reward|Mining SEB points/);

    // The balance with French grouping (a narrow no-break space) and the chart's legend.
    const me = await currentUser(token);
    const frenchZp = formatAmount(me.zp_balance, 'fr-FR');
    expect(frenchZp).toMatch(/\d\s\d{3}/);
    await p.locator('[data-testid="history-balance-ZP"]').filter({ hasText: frenchZp }).waitFor();
    await p
      .locator('[data-testid="history-chart-toggle-ZP"]')
      .filter({ hasText: `+${frenchZp} ZP` })
      .waitFor();

    // The oldest rows: the sign-up's daily login, dated in French.
    await p.goto('/history?type=daily_login');
    await waitForRows(p, { count: 2, type: 'daily_login' });
    const daily = await rows.evaluateAll((items) =>
      items.map((item) => item.querySelector('[data-testid="transaction-line"]')?.textContent ?? ''),
    );
    // Rows are never cut: the long French titles and lines wrap instead of overflowing.
    const cut = await p
      .locator('[data-testid="history-item"] .zv-tx__title, [data-testid="history-item"] .zv-tx__line')
      .evaluateAll((elements) => elements.filter((el) => el.scrollWidth > el.clientWidth + 1).length);
    expect(cut).toBe(0);
    const frenchDay = new RegExp(frenchMonth.source.replace('^', '^Connexion du '));
    for (const line of daily) expect(line.replace(/\s/g, ' ')).toMatch(frenchDay);
    await screenshot(p, 'history-08-french');
  });

  test('no console errors along the way', () => {
    expect(tracked?.errors ?? ['no page']).toEqual([]);
  });
});
