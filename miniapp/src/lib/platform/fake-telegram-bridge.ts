import type {
  ChromeColors,
  HapticImpact,
  HapticNotification,
  ShareMessageOutcome,
  StoryOptions,
  TelegramBridge,
  TelegramCloudStorage,
  TelegramThemeParams,
} from './telegram-bridge';

/** One call a test bridge received. */
export type FakeBridgeCall =
  | { kind: 'notify'; type: HapticNotification }
  | { kind: 'impact'; style: HapticImpact }
  | { kind: 'chrome'; colors: ChromeColors }
  | { kind: 'backButton'; isVisible: boolean }
  | { kind: 'openLink' | 'openTelegramLink'; url: string }
  | { kind: 'shareUrl'; url: string; text: string | undefined }
  | { kind: 'fullscreen'; isOn: boolean }
  | { kind: 'addToHomeScreen' }
  | { kind: 'shareMessage'; id: string }
  | { kind: 'shareStory'; mediaUrl: string; options: StoryOptions };

export type FakeTelegramBridge = TelegramBridge & {
  calls: FakeBridgeCall[];
  /** The back button's visibility as last set. */
  isBackButtonVisible(): boolean;
  pressBackButton(): void;
  changeTheme(params: TelegramThemeParams): void;
  /** The CloudStorage values (when the fake has CloudStorage). */
  cloudValues: Map<string, string>;
  /** Every CloudStorage call, in the order Telegram received them. */
  cloudCalls: { method: 'get' | 'set' | 'remove'; key: string }[];
  /** Fires the `activated` event (the user came back to the mini app). */
  activate(): void;
  /** Telegram's answer to the next full-screen requests: the error fullscreen_failed carries, or none (done). */
  failFullscreenWith(reason: string | null): void;
  /** What checkHomeScreenStatus answers ('missed' unless set); 'added' also fires home_screen_added. */
  setHomeScreenStatus(status: string): void;
  /** Telegram's answer to the next shareMessage calls (sent unless set). */
  answerShareMessageWith(outcome: ShareMessageOutcome): void;
};

/** For tests: a Telegram bridge that records what the app asks of Telegram. */
export function createFakeTelegramBridge(
  theme: TelegramThemeParams = {},
  {
    hasCloudStorage = true,
    hasMiniApps8 = true,
  }: { hasCloudStorage?: boolean; /** Full screen and the home screen (Mini Apps 8.0). */ hasMiniApps8?: boolean } = {},
): FakeTelegramBridge {
  const calls: FakeBridgeCall[] = [];
  const cloudValues = new Map<string, string>();
  const cloudCalls: FakeTelegramBridge['cloudCalls'] = [];
  const cloud: TelegramCloudStorage = {
    get: async (key) => {
      cloudCalls.push({ method: 'get', key });
      return cloudValues.get(key) ?? null;
    },
    set: async (key, value) => {
      cloudCalls.push({ method: 'set', key });
      cloudValues.set(key, value);
    },
    remove: async (key) => {
      cloudCalls.push({ method: 'remove', key });
      cloudValues.delete(key);
    },
  };
  const activatedListeners = new Set<() => void>();
  const themeListeners = new Set<() => void>();
  const backListeners = new Set<() => void>();
  let params = theme;
  let isBackVisible = false;
  const fullscreenListeners = new Set<() => void>();
  let isFullscreen = false;
  let fullscreenFailure: string | null = null;
  let homeScreenStatus = 'missed';
  const addedListeners = new Set<() => void>();
  let shareMessageOutcome: ShareMessageOutcome = { ok: true };
  return {
    calls,
    notify: (type) => void calls.push({ kind: 'notify', type }),
    impact: (style) => void calls.push({ kind: 'impact', style }),
    themeParams: () => params,
    onThemeChange(listener) {
      themeListeners.add(listener);
      return () => themeListeners.delete(listener);
    },
    setChromeColors: (colors) => void calls.push({ kind: 'chrome', colors }),
    hasBackButton: () => true,
    setBackButtonVisible(isVisible) {
      isBackVisible = isVisible;
      calls.push({ kind: 'backButton', isVisible });
    },
    onBackButtonClick(listener) {
      backListeners.add(listener);
      return () => backListeners.delete(listener);
    },
    openLink: (url) => (calls.push({ kind: 'openLink', url }), true),
    openTelegramLink: (url) => (calls.push({ kind: 'openTelegramLink', url }), true),
    shareUrl: (url, text) => (calls.push({ kind: 'shareUrl', url, text }), true),
    cloudStorage: () => (hasCloudStorage ? cloud : null),
    onActivated(listener) {
      activatedListeners.add(listener);
      return () => activatedListeners.delete(listener);
    },
    fullscreen: {
      isSupported: () => hasMiniApps8,
      isOn: () => isFullscreen,
      onChange(listener) {
        fullscreenListeners.add(listener);
        return () => fullscreenListeners.delete(listener);
      },
      async set(isOn) {
        calls.push({ kind: 'fullscreen', isOn });
        if (fullscreenFailure !== null) return { ok: false, reason: fullscreenFailure };
        isFullscreen = isOn;
        for (const listener of [...fullscreenListeners]) listener();
        return { ok: true };
      },
    },
    homeScreen: {
      isSupported: () => hasMiniApps8,
      status: async () => homeScreenStatus,
      add: () => (calls.push({ kind: 'addToHomeScreen' }), true),
      onAdded(listener) {
        addedListeners.add(listener);
        return () => addedListeners.delete(listener);
      },
    },
    sharing: {
      canShareMessage: () => hasMiniApps8,
      async shareMessage(id) {
        calls.push({ kind: 'shareMessage', id });
        return shareMessageOutcome;
      },
      canShareStory: () => hasMiniApps8,
      shareStory: (mediaUrl, options) => (calls.push({ kind: 'shareStory', mediaUrl, options }), true),
    },
    answerShareMessageWith(outcome) {
      shareMessageOutcome = outcome;
    },
    setHomeScreenStatus(status) {
      homeScreenStatus = status;
      if (status === 'added') for (const listener of [...addedListeners]) listener();
    },
    failFullscreenWith(reason) {
      fullscreenFailure = reason;
    },
    cloudValues,
    cloudCalls,
    activate() {
      for (const listener of [...activatedListeners]) listener();
    },
    isBackButtonVisible: () => isBackVisible,
    pressBackButton() {
      for (const listener of [...backListeners]) listener();
    },
    changeTheme(next) {
      params = next;
      for (const listener of [...themeListeners]) listener();
    },
  };
}
