/** Where the app runs (docs/spec.md §1). */
export type Platform = 'web' | 'telegram' | 'mobile-app' | 'mobile-web';

export type PlatformSignals = {
  isTelegram: boolean;
  hasNativeShell: boolean;
  userAgent: string;
  hasTouch: boolean;
};

const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile|BlackBerry/i;

/** Priority order of docs/spec.md §1: Telegram mini app, native app shell, mobile web, web. */
export function classifyPlatform(signals: PlatformSignals): Platform {
  if (signals.isTelegram) return 'telegram';
  if (signals.hasNativeShell) return 'mobile-app';
  if (MOBILE_UA.test(signals.userAgent) && signals.hasTouch) return 'mobile-web';
  return 'web';
}

type ShellWindow = Window & {
  ReactNativeWebView?: unknown;
  flutter_inappwebview?: unknown;
};

/** The browser's side of the signals; Telegram is detected separately through its SDK. */
export function readBrowserSignals(win: Window): Omit<PlatformSignals, 'isTelegram'> {
  const shell = win as ShellWindow;
  const userAgent = win.navigator.userAgent;
  return {
    hasNativeShell: Boolean(shell.ReactNativeWebView || shell.flutter_inappwebview) || /ZiverApp/i.test(userAgent),
    userAgent,
    hasTouch: win.navigator.maxTouchPoints > 0 || 'ontouchstart' in win,
  };
}
