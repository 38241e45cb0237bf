import {
  bindThemeParamsCssVars,
  expandViewport,
  hapticFeedbackNotificationOccurred,
  init,
  isTMA,
  isThemeParamsDark,
  miniAppReady,
  mountMiniAppSync,
  mountThemeParamsSync,
  mountViewport,
  retrieveLaunchParams,
  retrieveRawInitData,
} from '@telegram-apps/sdk-react';

/** What the Telegram launch parameters tell us about the visitor. */
export type TelegramLaunch = {
  username: string | null;
  languageCode: string | null;
};

export type HapticKind = 'success' | 'error' | 'warning';

/** The few Telegram features the app uses, each a no-op when the client lacks it. */
export type TelegramBridge = {
  haptic(kind: HapticKind): void;
  isDark(): boolean | null;
  /** Applies Telegram's theme colours to the page; returns the undo. */
  bindThemeColors(): () => void;
};

/**
 * The launch parameters when running inside Telegram, else null. Never throws: outside
 * Telegram the SDK throws or answers false, and the app must carry on as a web app.
 */
export function readTelegramLaunch(): TelegramLaunch | null {
  try {
    if (!isTMA()) return null;
    const user = retrieveLaunchParams(true).tgWebAppData?.user;
    return { username: user?.username ?? null, languageCode: user?.languageCode ?? null };
  } catch {
    return null;
  }
}

/** What the server needs to sign a Telegram user in: the raw initData, signed by Telegram. */
export type TelegramSignInData = {
  initData: string;
  /** The `startapp` parameter of the link that opened the app (e.g. a referral code). */
  startParam: string | null;
};

/**
 * The raw launch initData exactly as Telegram sent it (the server checks its signature; the
 * parsed, unsigned copy is never trusted), or null outside Telegram or when it is missing.
 */
export function readTelegramSignInData(): TelegramSignInData | null {
  try {
    if (!isTMA()) return null;
    const initData = retrieveRawInitData();
    if (!initData) return null;
    const startParam = retrieveLaunchParams(true).tgWebAppStartParam ?? null;
    return { initData, startParam: startParam || null };
  } catch {
    return null;
  }
}

const VIEWPORT_MOUNT_TIMEOUT_MS = 2_000;

function attempt(step: () => void): void {
  try {
    step();
  } catch {
    // A client that lacks a method must not stop the app from rendering.
  }
}

/** Starts the SDK inside Telegram: ready signal, theme, expanded viewport. */
export function startTelegramSdk(): TelegramBridge {
  attempt(() => init());
  attempt(() => mountMiniAppSync.ifAvailable());
  attempt(() => mountThemeParamsSync.ifAvailable());
  attempt(() => miniAppReady.ifAvailable());
  // Some clients never answer the viewport request: give up after a timeout and render anyway.
  attempt(() => {
    if (!mountViewport.isAvailable()) return;
    const mounting = mountViewport({ timeout: VIEWPORT_MOUNT_TIMEOUT_MS });
    mounting.then(() => attempt(() => expandViewport.ifAvailable())).catch(() => undefined);
  });

  return {
    haptic(kind) {
      attempt(() => hapticFeedbackNotificationOccurred.ifAvailable(kind));
    },
    isDark() {
      try {
        return isThemeParamsDark() ?? null;
      } catch {
        return null;
      }
    },
    bindThemeColors() {
      try {
        if (!bindThemeParamsCssVars.isAvailable()) return () => undefined;
        return bindThemeParamsCssVars();
      } catch {
        return () => undefined;
      }
    },
  };
}
