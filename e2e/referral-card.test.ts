import { afterAll, describe, expect, test } from 'vitest';
import { DESKTOP, baseUrl, openPage, screenshot, waitForPath, type TrackedPage } from './support/browser.js';
import { registerUser } from './support/data.js';
import { openInLook, waitForLook, type Look } from './support/looks.js';
import { sidewaysOverflow } from './support/page-checks.js';
import {
  DAY_THEME,
  NIGHT_THEME,
  deliverTelegramEvent,
  installTelegramShim,
  nextTelegramUserId,
  postedOf,
  signTelegramInitData,
  telegramLaunchHash,
  useTelegramServer,
  waitForPosted,
} from './telegram-env.js';

/**
 * Issue 40 item 3, the referral card shared the Telegram way, on the referrals page:
 * - inside Telegram (Mini Apps 8.0, the mobile bridge): "Share card" has the bot prepare the card
 *   and posts web_app_send_prepared_message {id}; Telegram's prepared_message_sent /
 *   prepared_message_failed are told. "Share to story" posts web_app_share_to_story
 *   {media_url, text, widget_link: {url, name}} with our 1080×1920 image;
 * - outside Telegram: the browser's share sheet (navigator.share, recorded by a stand-in) where
 *   there is one, else the link is copied.
 * At 360 px and 1280 px, English and French (German at 360 px), light and dark.
 */
const telegramServer = useTelegramServer('e2e-referral-card', {
  // Telegram fetches the card's photo at an https URL of ours; the app opens with startapp.
  MINIAPP_URL: 'https://ziver.test',
  TELEGRAM_MINIAPP_SHORT_NAME: 'app',
});
const NARROW = { width: 360, height: 740 } as const;

const pages: TrackedPage[] = [];
afterAll(async () => {
  for (const tracked of pages) await tracked.context.close();
});

const TELEGRAM_CASES = [
  {
    language: 'en',
    night: false,
    viewport: NARROW,
    sent: 'Your card was sent!',
    story: 'Join me on Ziver with my code',
  },
  {
    language: 'fr',
    night: true,
    viewport: DESKTOP,
    sent: 'Votre carte a été envoyée !',
    story: 'Rejoignez-moi sur Ziver avec mon code',
  },
  { language: 'de', night: true, viewport: NARROW, sent: 'Deine Karte wurde gesendet!', story: 'Komm mit meinem Code' },
] as const;

describe('inside Telegram (Mini Apps 8.0)', () => {
  for (const c of TELEGRAM_CASES) {
    test(`${c.language} ${c.night ? 'night' : 'day'} at ${c.viewport.width}px: shareMessage and shareToStory`, async () => {
      const { url, recorder } = telegramServer();
      const tracked = await openPage(c.viewport);
      pages.push(tracked);
      const p = tracked.page;
      const themeParams = c.night ? NIGHT_THEME : DAY_THEME;
      await installTelegramShim(p, { themeParams, answerViewport: true });
      const user = {
        id: nextTelegramUserId(),
        first_name: 'Lea',
        username: `lea_${nextTelegramUserId()}`,
        language_code: c.language,
      };
      const launch = telegramLaunchHash({ initData: signTelegramInitData({ user }), themeParams, platform: 'android' });
      await p.goto(`${url}/${launch}`);
      await waitForPath(p, (path) => path === '/profile/setup');
      await p.goto(`${url}/referrals${launch}`);
      const code = (await p.locator('[data-testid="referral-code"]').textContent())
        ?.split(/[:：]\s*/)
        .pop()
        ?.trim();
      expect(code).toMatch(/^[A-Z0-9]+$/);

      // Share card: the bot prepares the card for this user, the app opens Telegram's picker.
      await p.locator('[data-testid="referral-share-card"]').click();
      const posted = (await waitForPosted(p, 'web_app_send_prepared_message')) as Record<string, unknown>;
      expect(Object.keys(posted)).toEqual(['id']);
      expect(posted.id).toMatch(/^prep\d{8}$/);
      const prepared = recorder.callsTo('savePreparedInlineMessage').at(-1)!.payload as Record<string, any>;
      expect(prepared.user_id).toBe(user.id);
      expect(prepared.result.reply_markup.inline_keyboard[0][0].url).toBe(
        `https://t.me/ziver_e2e_bot/app?startapp=${code}`,
      );
      await deliverTelegramEvent(p, 'prepared_message_sent');
      const result = p.locator('[data-testid="referral-card-result"]');
      await expect.poll(() => result.textContent()).toBe(c.sent);
      await screenshot(p, `referral-card-telegram-${c.language}-${c.viewport.width}`);

      // Closing Telegram's picker is no error.
      await p.locator('[data-testid="referral-share-card"]').click();
      await expect.poll(async () => (await postedOf(p, 'web_app_send_prepared_message')).length).toBe(2);
      await deliverTelegramEvent(p, 'prepared_message_failed', { error: 'USER_DECLINED' });
      await expect.poll(() => result.getAttribute('data-tone')).toBe('quiet');

      // Share to story: our image (served, 1080×1920 JPEG), a caption, the widget link.
      await p.locator('[data-testid="referral-share-story"]').click();
      const story = (await waitForPosted(p, 'web_app_share_to_story')) as {
        media_url: string;
        text: string;
        widget_link: { url: string; name: string };
      };
      expect(Object.keys(story).sort()).toEqual(['media_url', 'text', 'widget_link']);
      expect(story.media_url).toMatch(/^https:\/\/ziver\.test\/api\/files\/[A-Za-z0-9_-]{43}\.jpg$/);
      expect(story.text).toContain(c.story);
      expect(story.text).toContain(code);
      expect(story.widget_link).toEqual({
        url: `https://t.me/ziver_e2e_bot/app?startapp=${code}`,
        name: expect.any(String),
      });
      expect(story.widget_link.name.length).toBeGreaterThan(0);
      const image = await fetch(`${url}${new URL(story.media_url).pathname}`);
      expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/jpeg']);

      expect(await sidewaysOverflow(p)).toBeNull();
      expect(tracked.errors).toEqual([]);
    });
  }
});

describe('outside Telegram', () => {
  const CASES: readonly { look: Look; viewport: { width: number; height: number }; hasShareSheet: boolean }[] = [
    { look: { language: 'en', theme: 'light' }, viewport: NARROW, hasShareSheet: true },
    { look: { language: 'fr', theme: 'dark' }, viewport: DESKTOP, hasShareSheet: true },
    { look: { language: 'en', theme: 'dark' }, viewport: NARROW, hasShareSheet: false },
    { look: { language: 'fr', theme: 'light' }, viewport: DESKTOP, hasShareSheet: false },
  ];
  test.each(CASES)(
    '$look.language $look.theme at $viewport.width px, share sheet: $hasShareSheet',
    async ({ look, viewport, hasShareSheet }) => {
      const session = await registerUser();
      const tracked = await openInLook(look, { session, viewport });
      pages.push(tracked);
      const { page } = tracked;
      await tracked.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
      // The browser's share sheet, as a stand-in that records what it was given; or none at all.
      await page.addInitScript((withSheet: boolean) => {
        const win = window as unknown as { __shared: unknown[] };
        win.__shared = [];
        if (withSheet) {
          Object.defineProperty(Navigator.prototype, 'share', {
            configurable: true,
            value: async (data: unknown) => void win.__shared.push(data),
          });
        } else {
          delete (Navigator.prototype as { share?: unknown }).share;
        }
      }, hasShareSheet);
      await page.goto('/referrals');
      await waitForLook(page, look);
      // Telegram's own buttons are not offered outside Telegram.
      await page.locator('[data-testid="referral-share-native"]').waitFor();
      expect(await page.locator('[data-testid="referral-share-card"]').count()).toBe(0);
      await page.locator('[data-testid="referral-share-native"]').click();
      const result = page.locator('[data-testid="referral-card-result"]');
      await result.waitFor();
      const link = `${new URL(baseUrl()).origin}/register?ref=${session.user.referral_code}`;
      if (hasShareSheet) {
        const shared = await page.evaluate(() => (window as unknown as { __shared: unknown[] }).__shared);
        expect(shared).toEqual([{ title: expect.any(String), text: expect.stringContaining('100 ZP'), url: link }]);
        expect(await result.textContent()).toBe(look.language === 'fr' ? 'Partagé !' : 'Shared!');
      } else {
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
        expect(await result.getAttribute('data-tone')).toBe('ok');
      }
      await screenshot(page, `referral-card-web-${look.language}-${look.theme}-${viewport.width}-${hasShareSheet}`);
      expect(await sidewaysOverflow(page)).toBeNull();
      expect(tracked.errors).toEqual([]);
    },
  );
});
