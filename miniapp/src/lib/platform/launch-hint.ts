/**
 * Cheap checks, without the Telegram SDK, so that web visitors never download its chunk.
 * Telegram hands a mini app its launch parameters in the URL (tgWebAppData, tgWebAppVersion,
 * tgWebAppPlatform…), and the SDK keeps them in sessionStorage for reloads.
 */

import { usableBrowserStorage } from '@/lib/storage/guarded-storage';

const LAUNCH_PARAM = /[#?&]tgWebApp(Data|Version|Platform)=/;
/** Where @telegram-apps/sdk keeps the launch parameters for reloads. */
const SDK_LAUNCH_PARAMS_KEY = 'tapps/launchParams';

/** The URL the page was opened with, before the router changes it. */
const LAUNCH_URL: string = typeof window === 'undefined' ? '' : window.location.href;

function navigationUrl(win: Window): string | null {
  const entry = win.performance?.getEntriesByType?.('navigation')[0];
  return entry?.name ?? null;
}

/** Whether this page may be running inside Telegram: worth loading the SDK to find out. */
export function hasTelegramLaunchHint(win: Window): boolean {
  try {
    if (LAUNCH_PARAM.test(win.location.href)) return true;
    const opened = navigationUrl(win);
    if (opened && LAUNCH_PARAM.test(opened)) return true;
    return usableBrowserStorage('session', win)?.getItem(SDK_LAUNCH_PARAMS_KEY) != null;
  } catch {
    return false;
  }
}

/**
 * Keeps Telegram's launch parameters (the `#tgWebAppData=…` hash the app was opened with) on the
 * URL through every in-app navigation, so that any reload inside Telegram (Telegram's
 * `reload_iframe`, which reloads the current URL; the sign-in error's Retry; the crash screen's
 * Reload) opens the app as Telegram did: signed in again from the launch data, on the same page.
 * The SDK's sessionStorage copy cannot do that where the frame's storage is blocked (Telegram Web
 * framed cross-site with third-party storage off): it lives in memory and dies with the page.
 * The router navigates with history.pushState / replaceState, which wouter announces with events
 * of those names; a navigation that drops the hash gets it back at once (a new `#anchor` stays).
 */
export function keepTelegramLaunchHash(win: Window): () => void {
  const launchHash = win.location.hash;
  if (!LAUNCH_PARAM.test(launchHash)) return () => undefined;
  const restore = () => {
    if (win.location.hash) return;
    win.history.replaceState(win.history.state, '', `${win.location.pathname}${win.location.search}${launchHash}`);
  };
  const events = ['pushState', 'replaceState', 'popstate'];
  for (const type of events) win.addEventListener(type, restore);
  return () => events.forEach((type) => win.removeEventListener(type, restore));
}

/**
 * The query string ('?ref=…') of the URL the app was opened with. Inside Telegram the app is
 * redirected to /login before signing in, which drops the bot button's `?ref=CODE`.
 */
export function launchSearch(win: Window = window): string {
  try {
    const url = new URL(LAUNCH_URL || navigationUrl(win) || win.location.href);
    return url.search;
  } catch {
    return '';
  }
}
