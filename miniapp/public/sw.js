// Ziver's service worker: browser push only (no fetch handler, nothing cached). Registered from
// Settings → Notifications when a user turns push on for this device (never inside Telegram,
// where the bot's message is the channel). The payload is what the server's push channel sends
// (server/src/platform/push/push-channel.ts, PushMessage): { title, body, url, icon, tag }.

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The app's own URL for a payload's `url`: its path on this worker's origin (never another site). */
function appUrl(url) {
  try {
    const parsed = new URL(typeof url === 'string' ? url : '/', self.location.origin);
    return new URL(`${parsed.pathname}${parsed.search}${parsed.hash}`, self.location.origin).href;
  } catch {
    return new URL('/', self.location.origin).href;
  }
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Ziver';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      icon: typeof data.icon === 'string' ? data.icon : '/favicon.svg',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      data: { url: appUrl(data.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = appUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        // Navigate first (allowed for a window this worker controls), then focus (allowed only
        // from a real click on the notification): the app shows the notice's screen either way.
        const shown = open.url === url ? open : ((await open.navigate(url).catch(() => null)) ?? open);
        await shown.focus().catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
