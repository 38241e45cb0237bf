import { useSyncExternalStore } from 'react';

/** Telegram's haptic notifications. */
export type HapticNotification = 'success' | 'error' | 'warning';
/** Telegram's haptic impacts (the soft/rigid styles are not used here). */
export type HapticImpact = 'light' | 'medium' | 'heavy';
/** @deprecated Use HapticNotification. */
export type HapticKind = HapticNotification;

/** Telegram's theme palette as it sends it: snake_case keys (bg_color, text_color…), '#rrggbb' values. */
export type TelegramThemeParams = Readonly<Partial<Record<string, string>>>;

/** The colours of Telegram's own chrome around the mini app. */
export type ChromeColors = { header: string; background: string };

/**
 * Telegram's CloudStorage (Mini Apps 6.9+): small values kept by Telegram per user and per bot.
 * Every call settles (a client that never answers times out); failures reject.
 */
export type TelegramCloudStorage = {
  /** The stored value, or null when there is none. */
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
};

/** The answer to a full-screen request: done, or refused by Telegram (fullscreen_failed's error). */
export type FullscreenOutcome = { ok: true } | { ok: false; reason: string };

/** Telegram's full screen (Mini Apps 8.0+). */
export type TelegramFullscreen = {
  /** Whether this client can change full screen now (8.0+ and its viewport known). */
  isSupported(): boolean;
  /** Whether the mini app is full screen now (also when Telegram or the user changed it). */
  isOn(): boolean;
  /** Called when either of the above changes; returns the unsubscribe. */
  onChange(listener: () => void): () => void;
  /** Asks Telegram to enter (web_app_request_fullscreen) or leave (web_app_exit_fullscreen) full screen. */
  set(isOn: boolean): Promise<FullscreenOutcome>;
};

/** Telegram's home-screen shortcut (Mini Apps 8.0+). */
export type TelegramHomeScreen = {
  isSupported(): boolean;
  /** checkHomeScreenStatus: 'added', 'missed' (it can be added), 'unknown' or 'unsupported'. */
  status(): Promise<string>;
  /** Opens Telegram's "add to home screen" prompt (web_app_add_to_home_screen); true when Telegram took it. */
  add(): boolean;
  /** Called on Telegram's home_screen_added; returns the unsubscribe. */
  onAdded(listener: () => void): () => void;
};

/** How a shareMessage ended: sent to a chat, or not (prepared_message_failed's error, e.g. USER_DECLINED). */
export type ShareMessageOutcome = { ok: true } | { ok: false; reason: string };

/** What web_app_share_to_story carries besides the image. */
export type StoryOptions = { text: string; widgetLink: { url: string; name: string } };

/** Sharing a bot-prepared message (Mini Apps 8.0) and stories (7.8). */
export type TelegramSharing = {
  canShareMessage(): boolean;
  /** web_app_send_prepared_message {id}; settles on prepared_message_sent or prepared_message_failed. */
  shareMessage(id: string): Promise<ShareMessageOutcome>;
  canShareStory(): boolean;
  /** web_app_share_to_story {media_url, text, widget_link}; true when Telegram took it. */
  shareStory(mediaUrl: string, options: StoryOptions): boolean;
};

/**
 * The Telegram features the app uses, implemented in the lazily loaded SDK chunk
 * (`./telegram.ts`). Every method is safe to call: a client that lacks a feature makes it a
 * no-op (the boolean answers say whether Telegram handled the call).
 */
export type TelegramBridge = {
  notify(type: HapticNotification): void;
  impact(style: HapticImpact): void;
  /** The current theme palette; updated live on Telegram's theme_changed. */
  themeParams(): TelegramThemeParams;
  /** Called after every theme change; returns the unsubscribe. */
  onThemeChange(listener: () => void): () => void;
  /** Paints Telegram's header and background to match the page. */
  setChromeColors(colors: ChromeColors): void;
  /** Whether the client has Telegram's BackButton (Mini Apps 6.1+). */
  hasBackButton(): boolean;
  setBackButtonVisible(isVisible: boolean): void;
  /** Called when Telegram's BackButton is pressed; returns the unsubscribe. */
  onBackButtonClick(listener: () => void): () => void;
  openLink(url: string): boolean;
  openTelegramLink(url: string): boolean;
  shareUrl(url: string, text?: string): boolean;
  /** Telegram's CloudStorage, or null when the client does not support it (before 6.9). */
  cloudStorage(): TelegramCloudStorage | null;
  /** Called each time the user comes back to the mini app (Telegram's `activated`); returns the unsubscribe. */
  onActivated(listener: () => void): () => void;
  fullscreen: TelegramFullscreen;
  homeScreen: TelegramHomeScreen;
  sharing: TelegramSharing;
};

// The bridge of the running session, for helpers that live outside React (haptics, links)
// and for hooks that must work without the platform context.
let active: TelegramBridge | null = null;
const listeners = new Set<() => void>();

/** Set by the platform provider once Telegram is detected (null elsewhere). */
export function setActiveTelegram(bridge: TelegramBridge | null): void {
  if (bridge === active) return;
  active = bridge;
  for (const listener of listeners) listener();
}

/** The Telegram bridge when running inside Telegram, else null. */
export function getActiveTelegram(): TelegramBridge | null {
  return active;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The active Telegram bridge, re-rendering when it appears or goes. */
export function useActiveTelegram(): TelegramBridge | null {
  return useSyncExternalStore(subscribe, getActiveTelegram, getActiveTelegram);
}
