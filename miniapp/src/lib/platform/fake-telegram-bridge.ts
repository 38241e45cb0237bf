import type {
  ChromeColors,
  HapticImpact,
  HapticNotification,
  TelegramBridge,
  TelegramThemeParams,
} from './telegram-bridge';

/** One call a test bridge received. */
export type FakeBridgeCall =
  | { kind: 'notify'; type: HapticNotification }
  | { kind: 'impact'; style: HapticImpact }
  | { kind: 'chrome'; colors: ChromeColors }
  | { kind: 'backButton'; isVisible: boolean }
  | { kind: 'openLink' | 'openTelegramLink'; url: string }
  | { kind: 'shareUrl'; url: string; text: string | undefined };

export type FakeTelegramBridge = TelegramBridge & {
  calls: FakeBridgeCall[];
  /** The back button's visibility as last set. */
  isBackButtonVisible(): boolean;
  pressBackButton(): void;
  changeTheme(params: TelegramThemeParams): void;
};

/** For tests: a Telegram bridge that records what the app asks of Telegram. */
export function createFakeTelegramBridge(theme: TelegramThemeParams = {}): FakeTelegramBridge {
  const calls: FakeBridgeCall[] = [];
  const themeListeners = new Set<() => void>();
  const backListeners = new Set<() => void>();
  let params = theme;
  let isBackVisible = false;
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
