import { call } from './call';
import { pushUnsubscribeEndpoint } from './endpoints/push-unsubscribe';

/**
 * This device's browser push: the service worker (miniapp/public/sw.js), the PushManager
 * subscription made with the server's VAPID key, and what the browser allows. Never used inside
 * Telegram (the bot's message is the channel there). Settings → Notifications turns it on and
 * off; signing out ends it (endPushForSignOut), so a signed-out browser is told nothing.
 */

/** What this browser can do about push, before any server question. */
export type BrowserPushSupport = 'supported' | 'unsupported' | 'denied';

const WORKER_URL = '/sw.js';

export function browserPushSupport(): BrowserPushSupport {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return 'unsupported';
  }
  return Notification.permission === 'denied' ? 'denied' : 'supported';
}

/** This device's current subscription, if the worker is registered and subscribed. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (browserPushSupport() === 'unsupported') return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The VAPID public key (base64url) as the bytes PushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function isSameKey(current: ArrayBuffer | null, key: Uint8Array): boolean {
  if (!current) return true;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
}

/** Asks for permission, registers the worker and subscribes with `publicKey`; throws when refused. */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscriptionJSON> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('notifications not allowed');
  await navigator.serviceWorker.register(WORKER_URL, { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const key = keyBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  // A subscription made with another key (the server's keys were rotated) is refused by the push
  // service: it is ended and made again with the current key.
  if (existing && !isSameKey(existing.options?.applicationServerKey ?? null, key)) await existing.unsubscribe();
  const subscription =
    existing && isSameKey(existing.options?.applicationServerKey ?? null, key)
      ? existing
      : await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return subscription.toJSON();
}

/** Ends this device's subscription in the browser; answers its endpoint (null: there was none). */
export async function unsubscribeThisDevice(): Promise<string | null> {
  const subscription = await currentPushSubscription();
  if (!subscription) return null;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  return endpoint;
}

/**
 * Before signing out: this device's subscription removed on the server (while the session still
 * works) and ended in the browser. Best effort: a failure never holds up the sign-out.
 */
export async function endPushForSignOut(): Promise<void> {
  try {
    const subscription = await currentPushSubscription();
    if (!subscription) return;
    await call(pushUnsubscribeEndpoint, { query: { endpoint: subscription.endpoint } }).catch(() => undefined);
    await subscription.unsubscribe();
  } catch {
    // No worker, no permission, or the browser refused: nothing to end.
  }
}
