import {
  addToHomeScreen,
  bindMiniAppCssVars,
  bindViewportCssVars,
  checkHomeScreenStatus,
  deleteCloudStorageItem,
  disableVerticalSwipes,
  enableVerticalSwipes,
  exitFullscreen,
  expandViewport,
  getCloudStorageItem,
  hapticFeedbackImpactOccurred,
  hapticFeedbackNotificationOccurred,
  hideBackButton,
  init,
  isBackButtonMounted,
  isFullscreen,
  isFullscreenFailedError,
  isShareMessageError,
  isTMA,
  isViewportMounted,
  isViewportMounting,
  miniAppReady,
  mountBackButton,
  mountMiniAppSync,
  mountSwipeBehavior,
  mountThemeParamsSync,
  mountViewport,
  on,
  onAddedToHomeScreen,
  onBackButtonClick,
  openLink,
  openTelegramLink,
  requestFullscreen,
  retrieveLaunchParams,
  retrieveRawInitData,
  setMiniAppBackgroundColor,
  setMiniAppBottomBarColor,
  setCloudStorageItem,
  setMiniAppHeaderColor,
  shareMessage,
  shareStory,
  shareURL,
  showBackButton,
  themeParamsState,
} from '@telegram-apps/sdk-react';
import { hasOpenDialog, subscribeToDialogs } from '@/lib/navigation/open-dialog';
import { launchSearch } from './launch-hint';
import type {
  FullscreenOutcome,
  TelegramBridge,
  TelegramCloudStorage,
  TelegramFullscreen,
  TelegramHomeScreen,
  TelegramSharing,
  TelegramThemeParams,
} from './telegram-bridge';

// This module is the Telegram SDK's own chunk: only pages opened by Telegram load it.

/** What the Telegram launch parameters tell us about the visitor. */
export type TelegramLaunch = {
  username: string | null;
  languageCode: string | null;
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
  /** The query string of the URL Telegram opened (the bot button's `?ref=CODE`). */
  launchSearch: string;
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
    return { initData, startParam: startParam || null, launchSearch: launchSearch() };
  } catch {
    return null;
  }
}

/** Some clients never answer the viewport's requests: give up after this and render anyway. */
export const VIEWPORT_MOUNT_TIMEOUT_MS = 2_000;

function attempt(step: () => void): void {
  try {
    step();
  } catch {
    // A client that lacks a method must not stop the app from rendering.
  }
}

/** Runs an SDK call through its `ifAvailable`; true when Telegram took it. */
function called(step: () => readonly [boolean, ...unknown[]]): boolean {
  try {
    return step()[0];
  } catch {
    return false;
  }
}

function mountViewportInBackground(): void {
  attempt(() => {
    if (!mountViewport.isAvailable() || isViewportMounting()) return;
    mountViewport({ timeout: VIEWPORT_MOUNT_TIMEOUT_MS })
      .then(() => attempt(() => bindViewportCssVars.ifAvailable()))
      .catch(() => undefined);
  });
}

/** A CloudStorage request the client never answers gives up after this. */
export const CLOUD_STORAGE_TIMEOUT_MS = 3_000;

/**
 * Telegram's CloudStorage through the SDK, or null when this client lacks it: the SDK's
 * `isAvailable()` checks the client's Mini Apps version (6.9+), so an older client is never
 * sent a method it does not know.
 */
function telegramCloudStorage(): TelegramCloudStorage | null {
  try {
    if (
      !getCloudStorageItem.isAvailable() ||
      !setCloudStorageItem.isAvailable() ||
      !deleteCloudStorageItem.isAvailable()
    ) {
      return null;
    }
  } catch {
    return null;
  }
  const options = { timeout: CLOUD_STORAGE_TIMEOUT_MS };
  return {
    // Telegram answers '' for a key it does not have.
    get: async (key) => (await getCloudStorageItem(key, options)) || null,
    set: async (key, value) => {
      await setCloudStorageItem(key, value, options);
    },
    remove: async (key) => {
      await deleteCloudStorageItem(key, options);
    },
  };
}

/**
 * A downward drag inside Telegram minimises (or closes) the mini app: while a bottom sheet or
 * dialog is open that drag belongs to the sheet, so Telegram's vertical swipes are off
 * (web_app_setup_swipe_behavior, Mini Apps 7.7+) until the last one closes. Every modal is
 * covered, as for the back paths, by finding it in the DOM (open-dialog.ts).
 */
function guardSwipesWhileDialogsOpen(): void {
  let isOpen = false;
  subscribeToDialogs(() => {
    const isOpenNow = hasOpenDialog();
    if (isOpenNow === isOpen) return;
    isOpen = isOpenNow;
    attempt(() => (isOpen ? disableVerticalSwipes.ifAvailable() : enableVerticalSwipes.ifAvailable()));
  });
}

/**
 * Full screen through the SDK's viewport (Mini Apps 8.0+): available once the viewport has
 * mounted, which may be never on a client that does not answer it. Telegram answers a request
 * with fullscreen_changed, or fullscreen_failed (UNSUPPORTED; ALREADY_FULLSCREEN counts as done).
 */
function telegramFullscreen(): TelegramFullscreen {
  const isTrue = (read: () => boolean) => {
    try {
      return read();
    } catch {
      return false;
    }
  };
  return {
    isSupported: () => isTrue(() => requestFullscreen.isAvailable()),
    isOn: () => isTrue(() => isViewportMounted() && isFullscreen()),
    onChange(listener) {
      try {
        const offMounted = isViewportMounted.sub(() => listener());
        const offFullscreen = isFullscreen.sub(() => listener());
        return () => {
          offMounted();
          offFullscreen();
        };
      } catch {
        return () => undefined;
      }
    },
    async set(isOn): Promise<FullscreenOutcome> {
      try {
        await (isOn ? requestFullscreen() : exitFullscreen());
        return { ok: true };
      } catch (error) {
        return { ok: false, reason: isFullscreenFailedError(error) ? error.message : 'UNAVAILABLE' };
      }
    },
  };
}

/** A client that never answers checkHomeScreenStatus gives up after this. */
const HOME_SCREEN_STATUS_TIMEOUT_MS = 3_000;

/** The home-screen shortcut through the SDK (Mini Apps 8.0+). */
function telegramHomeScreen(): TelegramHomeScreen {
  return {
    isSupported() {
      try {
        return addToHomeScreen.isAvailable() && checkHomeScreenStatus.isAvailable();
      } catch {
        return false;
      }
    },
    async status() {
      try {
        return await checkHomeScreenStatus({ timeout: HOME_SCREEN_STATUS_TIMEOUT_MS });
      } catch {
        return 'unknown';
      }
    },
    add: () => called(() => addToHomeScreen.ifAvailable()),
    onAdded(listener) {
      try {
        const result = onAddedToHomeScreen.ifAvailable(() => listener());
        return result[0] ? result[1] : () => undefined;
      } catch {
        return () => undefined;
      }
    },
  };
}

/**
 * Sharing through the SDK: a message the bot prepared (shareMessage, Mini Apps 8.0: Telegram
 * answers prepared_message_sent, or prepared_message_failed with its error) and a story
 * (shareStory, 7.8: no answer). `isAvailable()` checks the client's version first.
 */
function telegramSharing(): TelegramSharing {
  const isTrue = (read: () => boolean) => {
    try {
      return read();
    } catch {
      return false;
    }
  };
  return {
    canShareMessage: () => isTrue(() => shareMessage.isAvailable()),
    async shareMessage(id) {
      try {
        await shareMessage(id);
        return { ok: true };
      } catch (error) {
        return { ok: false, reason: isShareMessageError(error) ? error.message : 'UNAVAILABLE' };
      }
    },
    canShareStory: () => isTrue(() => shareStory.isAvailable()),
    shareStory: (mediaUrl, { text, widgetLink }) =>
      called(() => shareStory.ifAvailable(mediaUrl, { text, widgetLink })),
  };
}

let started: TelegramBridge | null = null;
const NO_THEME: TelegramThemeParams = Object.freeze({});

/**
 * Starts the SDK once inside Telegram: init, the mini app and theme (synchronous mounts, they
 * cannot hang), the back button, the ready signal and an expanded viewport. The viewport's own
 * mount waits on the client and may never finish, so nothing waits for it.
 */
export function startTelegramSdk(): TelegramBridge {
  if (started) return started;
  attempt(() => init());
  attempt(() => mountThemeParamsSync.ifAvailable());
  attempt(() => mountMiniAppSync.ifAvailable());
  attempt(() => mountBackButton.ifAvailable());
  attempt(() => mountSwipeBehavior.ifAvailable());
  guardSwipesWhileDialogsOpen();
  // --tg-bg-color / --tg-header-color, and the viewport's sizes once it mounts. The theme
  // palette's variables are applied by the theme provider, which knows the chosen theme.
  attempt(() => bindMiniAppCssVars.ifAvailable());
  attempt(() => miniAppReady.ifAvailable());
  attempt(() => expandViewport.ifAvailable());
  mountViewportInBackground();

  started = {
    notify(type) {
      attempt(() => hapticFeedbackNotificationOccurred.ifAvailable(type));
    },
    impact(style) {
      attempt(() => hapticFeedbackImpactOccurred.ifAvailable(style));
    },
    themeParams(): TelegramThemeParams {
      // The same object until Telegram changes the theme (a stable snapshot for React).
      try {
        return themeParamsState();
      } catch {
        return NO_THEME;
      }
    },
    onThemeChange(listener) {
      try {
        return themeParamsState.sub(() => listener());
      } catch {
        return () => undefined;
      }
    },
    setChromeColors({ header, background }) {
      attempt(() => setMiniAppHeaderColor.ifAvailable(header));
      attempt(() => setMiniAppBackgroundColor.ifAvailable(background));
      attempt(() => setMiniAppBottomBarColor.ifAvailable(background));
    },
    hasBackButton() {
      try {
        return isBackButtonMounted();
      } catch {
        return false;
      }
    },
    setBackButtonVisible(isVisible) {
      attempt(() => (isVisible ? showBackButton.ifAvailable() : hideBackButton.ifAvailable()));
    },
    onBackButtonClick(listener) {
      try {
        const result = onBackButtonClick.ifAvailable(listener);
        return result[0] ? result[1] : () => undefined;
      } catch {
        return () => undefined;
      }
    },
    openLink(url) {
      return called(() => openLink.ifAvailable(url));
    },
    openTelegramLink(url) {
      return called(() => openTelegramLink.ifAvailable(url));
    },
    shareUrl(url, text) {
      return called(() => shareURL.ifAvailable(url, text));
    },
    cloudStorage: telegramCloudStorage,
    fullscreen: telegramFullscreen(),
    homeScreen: telegramHomeScreen(),
    sharing: telegramSharing(),
    onActivated(listener) {
      // Telegram's `activated` (Bot API 8.0): the mini app is shown again after being hidden.
      try {
        return on('visibility_changed', ({ is_visible }) => {
          if (is_visible) listener();
        });
      } catch {
        return () => undefined;
      }
    },
  };
  return started;
}
