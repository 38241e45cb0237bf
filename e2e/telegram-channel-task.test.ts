import { afterAll, describe, expect, test } from 'vitest';
import { PHONE, openPage, screenshot, waitForPath, type TrackedPage } from './support/browser.js';
import {
  NIGHT_THEME,
  deliverTelegramEvent,
  installTelegramShim,
  nextTelegramUserId,
  signTelegramInitData,
  telegramLaunchHash,
  waitForPosted,
  type TelegramUser,
  useTelegramServer,
} from './telegram-env.js';

/**
 * A channel task inside Telegram (the seeded "Join the Ziver Telegram channel", @ZiverOfficial):
 * not a member, the card offers "Join channel", which opens the channel with Telegram's in-app
 * method; while the user is "away" the local Bot API recorder makes them a member; when Telegram
 * says the mini app is shown again, the card is checked again and Complete pays the reward.
 */
const telegramServer = useTelegramServer('e2e-telegram-channel');
const CHANNEL = '@ZiverOfficial';
const TASK_TITLE = 'Join the Ziver Telegram channel';

describe('a channel task inside Telegram (tdesktop, 390x844)', () => {
  const user: TelegramUser = {
    id: nextTelegramUserId(),
    first_name: 'Lin',
    username: `lin_${Math.random().toString(36).slice(2, 8)}`,
  };
  let tracked: TrackedPage | undefined;

  afterAll(async () => {
    await tracked?.context.close();
  });

  test('Join channel opens the channel in Telegram, and coming back re-checks the task; then Complete works', async () => {
    const { url, recorder } = telegramServer();
    recorder.setChatMember(CHANNEL, user.id, { status: 'left' });
    tracked = await openPage(PHONE);
    const p = tracked.page;
    await installTelegramShim(p, { themeParams: NIGHT_THEME, answerViewport: true });
    const launch = telegramLaunchHash({ initData: signTelegramInitData({ user }), themeParams: NIGHT_THEME });
    await p.goto(`${url}/${launch}`);
    await waitForPath(p, (path) => path === '/profile/setup');
    await p.goto(`${url}/tasks${launch}`);

    const card = p.locator(`[data-testid="task-card"][data-task-title="${TASK_TITLE}"]`);
    await card.locator('[data-testid="task-join-channel"]').waitFor();
    expect(await card.getAttribute('data-state')).toBe('in_progress');
    expect(await card.locator('[data-rule-type="channel_membership"]').getAttribute('data-valid')).toBe('false');
    await screenshot(p, 'telegram-channel-01-join');

    await card.locator('[data-testid="task-join-channel"]').click();
    await waitForPosted(p, 'web_app_open_tg_link', (data) => data?.path_full === '/ZiverOfficial');
    expect(new URL(p.url()).pathname).toBe('/tasks');

    // Away in Telegram: the user joins the channel, then comes back to the mini app.
    recorder.setChatMember(CHANNEL, user.id, { status: 'member' });
    const recheck = p.waitForResponse((res) => /\/api\/tasks\/[^/]+\/validate$/.test(res.url()));
    await deliverTelegramEvent(p, 'visibility_changed', { is_visible: true });
    const rechecked = await recheck;
    expect(rechecked.request().method()).toBe('POST');
    expect(await rechecked.json()).toMatchObject({ success: true, canComplete: true, is_completed: false });

    await p.locator(`[data-testid="task-card"][data-task-title="${TASK_TITLE}"][data-state="ready"]`).waitFor();
    expect(await card.locator('[data-rule-type="channel_membership"]').getAttribute('data-valid')).toBe('true');
    expect(await card.locator('[data-testid="task-join-channel"]').count()).toBe(0);
    await screenshot(p, 'telegram-channel-02-ready');

    await card.locator('[data-testid="task-complete"]').click();
    await p.locator('[data-testid="task-reward"]').waitFor();
    await p.locator(`[data-testid="task-card"][data-task-title="${TASK_TITLE}"][data-state="completed"]`).waitFor();
    await screenshot(p, 'telegram-channel-03-completed');
    expect(tracked.errors).toEqual([]);
  });
});
