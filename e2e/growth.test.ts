import type { BrowserContext, Page } from 'playwright-core';
import { DAILY_LOGIN_ZP, MINING_REWARD_DEFAULT, REFERRAL_BONUS_ZP, REFERRAL_REWARD_ZP } from '@ziver/shared';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import {
  PHONE,
  baseUrl,
  closeBrowser,
  newCredentials,
  openPage,
  screenshot,
  serverBalance,
  waitForBalance,
  waitForPath,
  type TrackedPage,
} from './support/browser.js';
import { currentUser, expectApi, sessionToken } from './support/data.js';

const phase = (name: string) => `[data-testid="mining-phase"][data-phase="${name}"]`;

/** The seeded tasks this walk completes (server/drizzle/0002_seed_tasks.sql). */
const INVITE_TASK = { title: 'Invite your first friend', zp: 100, seb: 20 };
const LINK_TASK = { title: 'Visit the Ziver website', url: 'https://ziver.io', zp: 15, seb: 3 };

type Credentials = ReturnType<typeof newCredentials>;

type Phone = TrackedPage;

/** The console errors of a page. The smart-suggestion probe answers 200 even when nobody fits. */
function unexpectedErrors(tracked: Phone | undefined, name: string): string[] {
  if (!tracked) return [`no page for ${name}`];
  return tracked.errors.map((error) => `[${name}] ${error}`);
}

/**
 * A phone-sized page whose context may read the clipboard and never leaves the machine: any
 * other origin (a link task's site) answers with a small stub page.
 */
async function openPhonePage(): Promise<Phone> {
  const tracked: Phone = await openPage(PHONE);
  await tracked.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  const local = new URL(baseUrl()).origin;
  await tracked.context.route(
    (url) => url.origin !== local,
    (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: `<!doctype html><title>stub</title><h1>stub of ${route.request().url()}</h1>`,
      }),
  );
  return tracked;
}

/** Fills the sign-up form on `path` (e.g. a referral link) and waits for /mining. */
async function registerInUi(p: Page, user: Credentials, path = '/register') {
  await p.goto(path);
  const form = p.locator('form').filter({ has: p.locator('input[name="confirmPassword"]') });
  await form.locator('input[name="username"]').fill(user.username);
  await form.locator('input[name="email"]').fill(user.email);
  await form.locator('input[name="password"]').fill(user.password);
  await form.locator('input[name="confirmPassword"]').fill(user.password);
  await form.locator('button[type="submit"]').click();
  await waitForPath(p, (pathname) => pathname === '/mining');
  await p.locator(phase('ready')).waitFor();
}

/** Waits until a test id's text is exactly `text`; the error says what it showed instead. */
async function waitForText(p: Page, testId: string, text: string) {
  const locator = p.locator(`[data-testid="${testId}"]`).first();
  try {
    await p.waitForFunction(
      ([id, want]) => document.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() === want,
      [testId, text] as const,
    );
  } catch (error) {
    throw new Error(
      `${testId} should read ${JSON.stringify(text)} but shows ${JSON.stringify(await locator.textContent().catch(() => null))}: ${error}`,
    );
  }
}

const taskCard = (p: Page, title: string, state?: string) =>
  p.locator(`[data-testid="task-card"][data-task-title="${title}"]${state ? `[data-state="${state}"]` : ''}`);

/**
 * Issue 5's growth walk at phone width, one step per test, in order: A copies their referral
 * link; B follows it, signs up with the welcome bonus and mines; A sees the reward land, completes
 * the referral-count task and a link task (popup), and finally removes B, which takes both
 * bonuses back. Later steps need earlier ones (a failure early fails the rest; never skip).
 *
 * Balances: each sign-in session credits the daily login (DAILY_LOGIN_ZP = 5) once.
 */
describe('referral link → sign-up → both bonuses → tasks → removal at phone width (390x844)', () => {
  const alice = newCredentials();
  const bob = newCredentials();
  let a: Phone | undefined;
  let b: Phone | undefined;
  let link = '';
  let aliceToken = '';
  let bobToken = '';
  const pageA = () => {
    if (!a) throw new Error('no page for A: an earlier step failed');
    return a.page;
  };
  const pageB = () => {
    if (!b) throw new Error('no page for B: an earlier step failed');
    return b.page;
  };
  const contextA = (): BrowserContext => a!.context;

  let expectedA = DAILY_LOGIN_ZP;
  let expectedB = DAILY_LOGIN_ZP + REFERRAL_BONUS_ZP;

  beforeAll(() => {
    expect(inject('miningCycleSeconds')).toBeLessThan(10);
  });

  afterAll(async () => {
    await a?.context.close();
    await b?.context.close();
    await closeBrowser();
  });

  test('A signs up, opens Referrals from the bottom nav and copies the referral link', async () => {
    a = await openPhonePage();
    const p = pageA();
    await registerInUi(p, alice);
    await waitForBalance(p, expectedA);
    aliceToken = await sessionToken(p);

    await p.locator('[data-testid="nav-referrals"]').click();
    await waitForPath(p, (path) => path === '/referrals');
    const linkText = p.locator('[data-testid="referral-link"]').filter({ hasText: '/register?ref=' });
    await linkText.waitFor();
    link = (await linkText.textContent())!.trim();
    const { referral_code: code } = await currentUser(aliceToken);
    expect(link).toBe(`${baseUrl()}/register?ref=${code}`);
    await waitForText(p, 'referral-count', '0');
    await p.locator('[data-testid="referral-empty"]').waitFor();

    await p.locator('[data-testid="referral-copy"]').click();
    await p.locator('[data-testid="referral-copy-result"][data-result="copied"]').waitFor();
    expect(await p.locator('[data-testid="referral-copy-result"]').textContent()).toBe('Copied to clipboard!');
    expect(await p.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await screenshot(p, 'growth-01-a-referrals-empty');
  });

  test('B follows the link, sees who invited them, signs up and starts with 100 + 5 ZP', async () => {
    b = await openPhonePage();
    const p = pageB();
    await p.goto(link);
    const banner = p.locator('[data-testid="referral-banner"]');
    await banner.locator('[data-state="valid"]').waitFor();
    expect(await banner.textContent()).toContain(`Invited by ${alice.username}`);
    await screenshot(p, 'growth-02-b-register-banner');

    const url = new URL(link);
    await registerInUi(p, bob, url.pathname + url.search);
    bobToken = await sessionToken(p);
    await waitForBalance(p, expectedB);
    expect(await serverBalance(p)).toBe(expectedB);
  });

  test('B mines one cycle and claims it', async () => {
    const p = pageB();
    await p.locator('[data-testid="mining-action"]').click();
    await p.locator(phase('in_progress')).waitFor();
    await p.locator(phase('claimable')).waitFor({ timeout: 20_000 });
    await p.locator('[data-testid="mining-action"]').click();
    expectedB += MINING_REWARD_DEFAULT;
    await waitForBalance(p, expectedB);
    await p.locator(phase('ready')).waitFor();
    expect(await serverBalance(p)).toBe(expectedB);
    await screenshot(p, 'growth-03-b-claimed');
  });

  test("A's Referrals shows B with the 150 ZP reward paid, and A's balance has it", async () => {
    const p = pageA();
    await p.reload();
    const item = p.locator(`[data-testid="referral-item"][data-username="${bob.username}"]`);
    await item.waitFor();
    expect(await item.getAttribute('data-reward-paid')).toBe('true');
    expect(await item.locator('[data-testid="referral-reward"]').textContent()).toBe(`+${REFERRAL_REWARD_ZP} ZP paid`);
    await waitForText(p, 'referral-count', '1');
    await waitForText(p, 'referral-earnings', `${REFERRAL_REWARD_ZP} ZP`);
    await screenshot(p, 'growth-04-a-referral-paid');

    expectedA += REFERRAL_REWARD_ZP;
    expect(await serverBalance(p)).toBe(expectedA);
    const data = await expectApi(200, '/referrals', { token: aliceToken });
    expect(data.referrals).toHaveLength(1);
    expect(data.referrals[0]).toMatchObject({ username: bob.username, rewardPaid: true });

    await p.locator('[data-testid="nav-mining"]').click();
    await waitForPath(p, (path) => path === '/' || path === '/mining');
    await waitForBalance(p, expectedA);
  });

  test(`A completes the rule task "${INVITE_TASK.title}", now ready, and gets its reward`, async () => {
    const p = pageA();
    await p.locator('[data-testid="nav-tasks"]').click();
    await waitForPath(p, (path) => path === '/tasks');
    await taskCard(p, INVITE_TASK.title, 'ready').waitFor();
    await waitForText(p, 'tasks-stats-done', '0');
    await screenshot(p, 'growth-05-a-tasks');

    await taskCard(p, INVITE_TASK.title).locator('[data-testid="task-complete"]').click();
    await taskCard(p, INVITE_TASK.title, 'completed').waitFor();
    await p
      .locator('[data-testid="task-reward"]')
      .filter({ hasText: `${INVITE_TASK.title}: +${INVITE_TASK.zp} ZP, +${INVITE_TASK.seb} SEB` })
      .waitFor();
    await waitForText(p, 'tasks-stats-done', '1');
    expectedA += INVITE_TASK.zp;
    expect(await serverBalance(p)).toBe(expectedA);
  });

  test(`A completes the link task "${LINK_TASK.title}": confirm, popup, close it, answer yes`, async () => {
    const p = pageA();
    const card = taskCard(p, LINK_TASK.title, 'link');
    await card.waitFor();
    await card.locator('[data-testid="task-complete"]').click();

    const confirm = p.locator('[data-testid="link-task-confirm"]');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(new URL(LINK_TASK.url).host);
    const [popup] = await Promise.all([
      contextA().waitForEvent('page'),
      confirm.locator('[data-testid="confirm-yes"]').click(),
    ]);
    await popup.waitForLoadState();
    expect(new URL(popup.url()).host).toBe(new URL(LINK_TASK.url).host);
    await p.locator('[data-testid="link-task-opened"]').waitFor();

    await popup.close();
    const ask = p.locator('[data-testid="link-task-ask"]');
    await ask.waitFor();
    expect(await ask.textContent()).toContain(`Did you complete “${LINK_TASK.title}”?`);
    await screenshot(p, 'growth-06-a-link-task-ask');
    await ask.locator('[data-testid="confirm-yes"]').click();

    await taskCard(p, LINK_TASK.title, 'completed').waitFor();
    await p
      .locator('[data-testid="task-reward"]')
      .filter({ hasText: `${LINK_TASK.title}: +${LINK_TASK.zp} ZP, +${LINK_TASK.seb} SEB` })
      .waitFor();
    await waitForText(p, 'tasks-stats-done', '2');
    expectedA += LINK_TASK.zp;
    expect(await serverBalance(p)).toBe(expectedA);
    await screenshot(p, 'growth-07-a-tasks-done');
  });

  test('A removes B after a confirmation naming the bonus and the reward; both balances drop', async () => {
    const p = pageA();
    await p.locator('[data-testid="nav-referrals"]').click();
    await waitForPath(p, (path) => path === '/referrals');
    await p
      .locator(`[data-testid="referral-item"][data-username="${bob.username}"] [data-testid="referral-remove"]`)
      .click();

    const dialog = p.locator('[data-testid="referral-remove-dialog"]');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(
      `The ${REFERRAL_BONUS_ZP} ZP bonus ${bob.username} received and your ${REFERRAL_REWARD_ZP} ZP referral reward will be removed.`,
    );
    await screenshot(p, 'growth-08-a-remove-confirm');
    await dialog.locator('[data-testid="confirm-yes"]').click();

    await p.locator('[data-testid="referral-empty"]').waitFor();
    await waitForText(p, 'referral-count', '0');
    expectedA -= REFERRAL_REWARD_ZP;
    expectedB -= REFERRAL_BONUS_ZP;
    expect(await serverBalance(p)).toBe(expectedA);
    expect((await currentUser(bobToken)).zp_balance).toBe(expectedB);

    await p.locator('[data-testid="nav-mining"]').click();
    await waitForPath(p, (path) => path === '/' || path === '/mining');
    await waitForBalance(p, expectedA);
    await pageB().reload();
    await waitForBalance(pageB(), expectedB);
  });

  test('no console errors on either page (but the known suggestion-probe noise)', () => {
    expect([...unexpectedErrors(a, 'A'), ...unexpectedErrors(b, 'B')]).toEqual([]);
  });
});
