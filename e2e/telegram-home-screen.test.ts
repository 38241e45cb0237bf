import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Language } from '@ziver/shared';
import { CONSOLE_BOT_TOKEN, useAdminConsole } from './support/admin-console.js';
import { DESKTOP, openPage, screenshot, waitForPath, type TrackedPage } from './support/browser.js';
import {
  DAY_THEME,
  NIGHT_THEME,
  deliverTelegramEvent,
  installTelegramShim,
  nextTelegramUserId,
  postedEvents,
  postedOf,
  signTelegramInitData,
  telegramLaunchHash,
  waitForAnswered,
  waitForPosted,
  type ThemeParams,
} from './telegram-env.js';

/**
 * Issue 40, item 4, inside Telegram through the mobile bridge (window.TelegramWebviewProxy, as
 * Telegram for Android and iOS inject it), on PostgreSQL:
 * - after a 3-day streak the mining screen offers the home-screen shortcut: it asks
 *   web_app_check_home_screen, offers it on home_screen_checked {status:'missed'}, opens
 *   web_app_add_to_home_screen (or not, on "Not now"), and keeps the answer in CloudStorage so a
 *   reopened app asks neither the user nor Telegram again;
 * - the operator's "add Ziver to your home screen" task: added from Telegram's prompt
 *   (home_screen_added) or there already (home_screen_checked {status:'added'}), credited once.
 * Both methods have no parameters (core.telegram.org/api/web-events): postEvent gets no data.
 */
const admin = useAdminConsole('telegram-home-screen', {
  withBot: true,
  env: { TELEGRAM_BOT_USERNAME: 'ziver_e2e_bot' },
});
const TASK = {
  title: 'Add Ziver to your home screen',
  es: 'Añade Ziver a tu pantalla de inicio',
  zp: 150,
  seb: 15,
};
let taskId = '';

beforeAll(async () => {
  const operator = await admin.register('ADMIN');
  const created = await admin.api('POST', '/tasks', operator.token, {
    title: TASK.title,
    description: 'One tap from your phone’s home screen to your mining.',
    kind: 'home_screen',
    zp_reward: TASK.zp,
    seb_reward: TASK.seb,
    sort_order: -100,
    translations: { es: { title: TASK.es, description: 'Un toque desde tu teléfono hasta tu minería.' } },
  });
  expect(created.status).toBe(201);
  taskId = created.body.task.id;
});

const pages: TrackedPage[] = [];
afterAll(async () => {
  for (const tracked of pages) await tracked.context.close();
});

type Case = {
  viewport: { width: number; height: number };
  theme: 'light' | 'dark';
  themeParams: ThemeParams;
  language: Language;
  platform: 'android' | 'ios';
  /** The answer to the offer; and whether Ziver is on the home screen when the task is opened. */
  offerAnswer: 'add' | 'later';
  taskPath: 'prompt' | 'already';
};
const CASES: Case[] = [
  {
    viewport: { width: 360, height: 740 },
    theme: 'light',
    themeParams: DAY_THEME,
    language: 'en',
    platform: 'android',
    offerAnswer: 'add',
    taskPath: 'prompt',
  },
  {
    viewport: { width: DESKTOP.width, height: DESKTOP.height },
    theme: 'dark',
    themeParams: NIGHT_THEME,
    language: 'es',
    platform: 'ios',
    offerAnswer: 'later',
    taskPath: 'already',
  },
];

/**
 * Waits until `type` has been posted `count` times since the page loaded, each with no
 * parameters (postEvent's data undefined), as Telegram's docs define both home-screen methods.
 */
async function waitForPostedWithoutData(p: TrackedPage['page'], type: string, count: number) {
  const raws = async () => (await postedEvents(p)).filter((event) => event.type === type).map((event) => event.raw);
  await vi.waitFor(async () => expect(await raws()).toHaveLength(count), { timeout: 30_000, interval: 50 });
  expect(await raws()).toEqual(Array.from({ length: count }, () => undefined));
}

async function ledgerOf(userId: string) {
  const { rows } = await admin.db().query<{ currency: string; amount: number; event: string }>(
    `SELECT currency, amount::float8 AS amount, metadata->>'reportedEvent' AS event FROM transactions
       WHERE user_id = $1 AND type = 'task_reward' ORDER BY currency`,
    [userId],
  );
  return rows;
}

describe('the app on the home screen (Mini Apps 8.0, mobile bridge)', () => {
  for (const c of CASES) {
    const name = `telegram-home-screen-${c.viewport.width}-${c.theme}-${c.language}`;
    test(`${c.viewport.width}px, ${c.theme}, ${c.language}: the offer after a 3-day streak, asked once; the task credited once`, async () => {
      const url = admin.url();
      const tracked = await openPage(c.viewport);
      pages.push(tracked);
      const p = tracked.page;
      await installTelegramShim(p, { themeParams: c.themeParams, answerViewport: true, cloudStorage: true });
      const telegramId = nextTelegramUserId();
      const user = { id: telegramId, first_name: 'Lia', username: `lia_${telegramId}`, language_code: c.language };
      const launch = telegramLaunchHash({
        initData: signTelegramInitData({ user, botToken: CONSOLE_BOT_TOKEN }),
        themeParams: c.themeParams,
        platform: c.platform,
      });
      const reports: unknown[] = [];
      p.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith(`/api/tasks/${taskId}/complete`)) {
          reports.push(request.postDataJSON());
        }
      });
      await p.goto(`${url}/${launch}`);
      await waitForPath(p, (path) => path === '/profile/setup');
      const { rows } = await admin
        .db()
        .query<{ id: string }>('UPDATE users SET daily_streak_count = 3 WHERE telegram_id = $1 RETURNING id', [
          telegramId,
        ]);
      const userId = rows[0]!.id;
      const askedKey = `ziver-home-screen-asked-${userId}`;

      // The offer: the answer is not in CloudStorage yet, so Telegram is asked for the status.
      await p.goto(`${url}/mining${launch}`);
      await waitForPostedWithoutData(p, 'web_app_check_home_screen', 1);
      expect(await postedOf(p, 'web_app_invoke_custom_method')).toContainEqual(
        expect.objectContaining({ method: 'getStorageValues', params: { keys: [askedKey] } }),
      );
      expect(await p.locator('[data-testid="home-screen-offer"]').count()).toBe(0);
      await deliverTelegramEvent(p, 'home_screen_checked', { status: 'missed' });
      const offer = p.locator('[data-testid="home-screen-offer"]');
      await offer.waitFor();
      await screenshot(p, `${name}-offer`);
      if (c.offerAnswer === 'add') {
        await p.locator('[data-testid="home-screen-add"]').click();
        await waitForPostedWithoutData(p, 'web_app_add_to_home_screen', 1);
        await deliverTelegramEvent(p, 'home_screen_added');
      } else {
        await p.locator('[data-testid="home-screen-later"]').click();
      }
      await offer.waitFor({ state: 'detached' });
      const answer = c.offerAnswer === 'add' ? 'added' : 'declined';
      await waitForPosted(
        p,
        'web_app_invoke_custom_method',
        (data) => data?.method === 'saveStorageValue' && data.params?.key === askedKey && data.params.value === answer,
      );
      if (c.offerAnswer === 'later') expect(await postedOf(p, 'web_app_add_to_home_screen')).toEqual([]);

      // Reopened: the answer comes back from CloudStorage, and nothing is asked again.
      await p.reload();
      await p.locator('[data-testid="mining-fullscreen"]').waitFor();
      await waitForAnswered(p, 'custom_method_invoked', (data) => data?.result?.[askedKey] === answer);
      expect(await postedOf(p, 'web_app_check_home_screen')).toEqual([]);
      expect(await offer.count()).toBe(0);

      // The task: its card asks Telegram for the status once.
      await p.locator('.zv-nav__bar > button').nth(1).click();
      await waitForPath(p, (path) => path === '/tasks');
      const title = c.language === 'es' ? TASK.es : TASK.title;
      const card = p.locator(`[data-testid="task-card"][data-task-title="${title}"]`);
      await card.locator('[data-testid="task-home-screen-checking"]').waitFor();
      await waitForPostedWithoutData(p, 'web_app_check_home_screen', 1);
      if (c.taskPath === 'prompt') {
        await deliverTelegramEvent(p, 'home_screen_checked', { status: 'missed' });
        const add = card.locator('[data-testid="task-home-screen-add"]');
        await add.waitFor();
        await screenshot(p, `${name}-task`);
        await add.click();
        // The offer's earlier request was on another page load: this one is the task's.
        await waitForPostedWithoutData(p, 'web_app_add_to_home_screen', 1);
        expect(await ledgerOf(userId)).toEqual([]);
        await deliverTelegramEvent(p, 'home_screen_added');
      } else {
        await deliverTelegramEvent(p, 'home_screen_checked', { status: 'added' });
        const complete = card.locator('[data-testid="task-complete"]');
        await complete.waitFor();
        expect(await card.textContent()).toContain('Ziver ya está en tu pantalla de inicio.');
        await screenshot(p, `${name}-task`);
        await complete.click();
      }
      await p.locator(`[data-testid="task-card"][data-task-title="${title}"][data-state="completed"]`).waitFor();
      await p.locator('[data-testid="task-reward"]').waitFor();
      await screenshot(p, `${name}-credited`);
      const event = c.taskPath === 'prompt' ? 'home_screen_added' : 'home_screen_checked';
      expect(await ledgerOf(userId)).toEqual([
        { currency: 'SEB', amount: TASK.seb, event },
        { currency: 'ZP', amount: TASK.zp, event },
      ]);

      // Telegram says it again (the shortcut added twice): the completed task reports nothing more.
      await deliverTelegramEvent(p, 'home_screen_added');
      await p.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      expect(reports).toEqual([{ homeScreenEvent: event }]);
      expect(await ledgerOf(userId)).toHaveLength(2);
      expect(tracked.errors).toEqual([]);
    });
  }
});
