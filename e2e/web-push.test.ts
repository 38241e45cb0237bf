import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import settingsEn from '@/features/settings/locales/en';
import settingsFr from '@/features/settings/locales/fr';
import { seriousAxeViolations } from './support/a11y.js';
import { DESKTOP, PHONE, baseUrl, closeBrowser, screenshot, waitForPath } from './support/browser.js';
import { expectApi, registerUser } from './support/data.js';
import { LOOKS, lookName, openInLook, waitForLook, type Look } from './support/looks.js';

const CHANNEL_TEXTS = { en: settingsEn.notifications.channels, fr: settingsFr.notifications.channels } as const;
const textsOf = (look: Look) => CHANNEL_TEXTS[look.language as 'en' | 'fr'];

/** Which viewport each look is checked at: every look at one width, both widths over the four. */
const viewportOf = (index: number) => (index % 2 === 0 ? { width: 360, height: 780 } : DESKTOP);

const grantNotifications = (context: BrowserContext) =>
  context.grantPermissions(['notifications'], { origin: baseUrl() });

/**
 * Headless Chromium reaches no push service (it has no FCM connection offline), so a real
 * PushManager.subscribe cannot succeed here (the first test shows it refused). The flow tests
 * instead give the page a subscription whose keys are generated here (a real P-256 key and a
 * 16-byte secret, as a browser makes them) by replacing PushManager's subscribe and
 * getSubscription before the app loads; everything else is real: the permission, the service
 * worker registration (/sw.js), the API calls and what the server stores.
 */
async function injectSubscription(context: BrowserContext) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const subscription = {
    endpoint: `https://push.example.test/e2e/${randomBytes(8).toString('hex')}`,
    keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
  };
  await context.addInitScript((injected) => {
    const KEY = 'e2e-injected-push-subscription';
    const make = () => ({
      endpoint: injected.endpoint,
      toJSON: () => injected,
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function () {
      localStorage.setItem(KEY, '1');
      return make() as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return localStorage.getItem(KEY) ? (make() as unknown as PushSubscription) : null;
    };
  }, subscription);
  return subscription;
}

const pill = (page: Page, id: string) => page.locator(`[data-testid="channel-${id}"]`);
const stateText = (page: Page, id: string) => page.locator(`[data-testid="channel-${id}-state"]`);

describe('browser push: Settings → Notifications and the service worker', () => {
  afterAll(closeBrowser);

  test('the real PushManager.subscribe is refused offline in headless Chromium, and the screen says so', async () => {
    const look: Look = { language: 'en', theme: 'light' };
    const session = await registerUser();
    const { page, context } = await openInLook(look, { session, viewport: DESKTOP });
    try {
      await grantNotifications(context);
      await page.goto('/settings/notifications');
      await waitForLook(page, look);
      await page.locator('[data-testid="push-device-on"]').click();
      await page.locator('[data-testid="notifications-message"]').getByText(CHANNEL_TEXTS.en.pushFailed).waitFor();
      expect(await pill(page, 'push').textContent()).toBe(CHANNEL_TEXTS.en.off);
      const { channels } = await expectApi(200, '/settings/notifications/channels', { token: session.token });
      expect(channels.push).toEqual({ available: true, devices: 0, thisDevice: false });
    } finally {
      await context.close();
    }
  });

  LOOKS.forEach((look, index) => {
    const viewport = viewportOf(index);
    test(`each channel shows its real state; push turns on and off for this device (${lookName(look)}, ${viewport.width} px)`, async () => {
      const texts = textsOf(look);
      const session = await registerUser();
      const { page, context, errors } = await openInLook(look, { session, viewport });
      try {
        await grantNotifications(context);
        const subscription = await injectSubscription(context);
        await page.goto('/settings/notifications');
        await waitForLook(page, look);
        // This built server: mail on (.eml files) and the account has an address; push on; no Telegram bot.
        await pill(page, 'push').getByText(texts.off).waitFor();
        expect(await pill(page, 'inApp').textContent()).toBe(texts.on);
        expect(await pill(page, 'email').textContent()).toBe(texts.on);
        expect(await stateText(page, 'email').textContent()).toBe(texts.emailOn);
        expect(await stateText(page, 'push').textContent()).toBe(texts.pushNotSubscribed);
        expect(await pill(page, 'telegram').textContent()).toBe(texts.unavailable);
        expect(await stateText(page, 'telegram').textContent()).toBe(texts.telegramUnavailable);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await screenshot(page, `issue39-push-off-${look.language}-${look.theme}-${viewport.width}`);

        await page.locator('[data-testid="push-device-on"]').click();
        await pill(page, 'push').getByText(texts.thisDevice).waitFor();
        expect(await pill(page, 'push').getAttribute('data-on')).toBe('true');
        expect(await stateText(page, 'push').textContent()).toBe(texts.pushSubscribed);
        // The real worker is registered for the whole app.
        const worker = await page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          return { scope: registration.scope, script: registration.active?.scriptURL };
        });
        expect(worker).toEqual({ scope: `${baseUrl()}/`, script: `${baseUrl()}/sw.js` });
        const query = `?endpoint=${encodeURIComponent(subscription.endpoint)}`;
        const on = await expectApi(200, `/settings/notifications/channels${query}`, { token: session.token });
        expect(on.channels.push).toEqual({ available: true, devices: 1, thisDevice: true });
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await screenshot(page, `issue39-push-on-${look.language}-${look.theme}-${viewport.width}`);
        expect(await seriousAxeViolations(page)).toEqual([]);

        // The push toggle off above: the device stays subscribed, and the row says push is paused.
        const pushToggle = page
          .locator('label')
          .filter({ has: page.locator('[data-testid="notify-push"]') })
          .last();
        await pushToggle.click();
        await pill(page, 'push').getByText(texts.paused).waitFor();
        await pushToggle.click();
        await pill(page, 'push').getByText(texts.thisDevice).waitFor();

        await page.locator('[data-testid="push-device-off"]').click();
        await pill(page, 'push').getByText(texts.off).waitFor();
        const off = await expectApi(200, `/settings/notifications/channels${query}`, { token: session.token });
        expect(off.channels.push).toEqual({ available: true, devices: 0, thisDevice: false });

        // On again, then signing out ends this device's subscription: a signed-out browser is told nothing.
        await page.locator('[data-testid="push-device-on"]').click();
        await pill(page, 'push').getByText(texts.thisDevice).waitFor();
        await page.locator('[data-testid="profile-menu"]').click();
        await page.locator('[data-testid="logout"]').click();
        await waitForPath(page, (p) => p === '/login');
        const again = await expectApi(200, '/auth/login', {
          body: { email: session.credentials.email, password: session.credentials.password },
        });
        const after = await expectApi(200, `/settings/notifications/channels${query}`, { token: again.token });
        expect(after.channels.push).toEqual({ available: true, devices: 0, thisDevice: false });
        expect(
          await page.evaluate(async () => (await navigator.serviceWorker.ready).pushManager.getSubscription()),
        ).toBeNull();
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });

  test('the worker shows a delivered push (CDP ServiceWorker.deliverPushMessage) and its click opens the app there', async () => {
    const look: Look = { language: 'en', theme: 'dark' };
    const session = await registerUser();
    const { page, context } = await openInLook(look, { session, viewport: PHONE });
    try {
      // The worker is revalidated on every load, so a new one takes over at once.
      const served = await fetch(`${baseUrl()}/sw.js`);
      expect([served.status, served.headers.get('cache-control')]).toEqual([200, 'no-cache']);
      await grantNotifications(context);
      await page.goto('/settings/notifications');
      await waitForLook(page, look);
      await page.evaluate(async () => {
        await navigator.serviceWorker.register('/sw.js', { scope: '/' });
        await navigator.serviceWorker.ready;
      });
      // activate claims the open page: from then on the worker controls it.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

      const cdp = await context.newCDPSession(page);
      const registrationId = new Promise<string>((resolve) => {
        cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
          const ours = registrations.find((r) => r.scopeURL === `${baseUrl()}/` && !r.isDeleted);
          if (ours) resolve(ours.registrationId);
        });
      });
      await cdp.send('ServiceWorker.enable');
      // The payload the server's push channel sends; its url names another origin, which the worker never opens.
      const payload = {
        title: 'Your mining reward is ready',
        body: 'Your ZP reward is ready to claim. Claim it and start your next cycle.',
        url: 'https://elsewhere.example/mining?from=push',
        icon: `${baseUrl()}/favicon.svg`,
        tag: 'mining-ready:e2e',
      };
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: baseUrl(),
        registrationId: await registrationId,
        data: JSON.stringify(payload),
      });
      const shown = () =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            tag: n.tag,
            data: n.data as unknown,
          })),
        );
      await expect.poll(shown).toEqual([
        {
          title: payload.title,
          body: payload.body,
          tag: payload.tag,
          data: { url: `${baseUrl()}/mining?from=push` },
        },
      ]);

      // Headless Chromium has no notification to click: the click is dispatched in the worker as
      // the NotificationEvent a click fires. Untrusted, it may not focus a window; it navigates
      // the app's open window, which is what the user sees.
      const [worker] = context.serviceWorkers();
      expect(worker).toBeDefined();
      await worker!.evaluate(async () => {
        const scope = self as unknown as {
          registration: { getNotifications(): Promise<Notification[]> };
          dispatchEvent(event: Event): boolean;
        };
        const [notification] = await scope.registration.getNotifications();
        const Click = (globalThis as unknown as { NotificationEvent: new (type: string, init: object) => Event })
          .NotificationEvent;
        scope.dispatchEvent(new Click('notificationclick', { notification }));
      });
      await waitForPath(page, (p) => p === '/mining');
      expect(new URL(page.url()).search).toBe('?from=push');
      await expect.poll(shown).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
