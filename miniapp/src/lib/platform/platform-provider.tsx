import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { PLATFORM_DETECTION_DELAY_MS } from '@ziver/shared/core';
import { classifyPlatform, readBrowserSignals, type Platform } from './detect-platform';
import { hasTelegramLaunchHint } from './launch-hint';
import { setActiveTelegram, type HapticKind, type TelegramBridge } from './telegram-bridge';

export type { TelegramBridge } from './telegram-bridge';

export type PlatformState = {
  /** Null until detection has run (about 100 ms after load). */
  platform: Platform | null;
  /** The Telegram username from the launch data ("Use detected" in profile edit), when inside Telegram. */
  telegramUsername: string | null;
  /** The language Telegram reports for the user, when inside Telegram. */
  telegramLanguage: string | null;
  telegram: TelegramBridge | null;
};

type PlatformContextValue = PlatformState & {
  isDetecting: boolean;
  /** Haptic feedback inside Telegram; nothing elsewhere. Same as `haptics.notify` (lib/telegram-haptics). */
  haptic: (kind: HapticKind) => void;
};

const INITIAL: PlatformState = { platform: null, telegramUsername: null, telegramLanguage: null, telegram: null };

const PlatformContext = createContext<PlatformContextValue | null>(null);

/**
 * Detects the platform. The Telegram SDK lives in its own chunk, loaded only when the URL
 * carries Telegram's launch parameters, and any failure there means "not Telegram".
 */
export async function detectPlatform(win: Window): Promise<PlatformState> {
  let launch: { username: string | null; languageCode: string | null } | null = null;
  let telegram: TelegramBridge | null = null;
  if (hasTelegramLaunchHint(win)) {
    try {
      const sdk = await import('./telegram');
      launch = sdk.readTelegramLaunch();
      if (launch) telegram = sdk.startTelegramSdk();
    } catch {
      launch = null;
      telegram = null;
    }
  }
  return {
    platform: classifyPlatform({ ...readBrowserSignals(win), isTelegram: launch !== null }),
    telegramUsername: launch?.username ?? null,
    telegramLanguage: launch?.languageCode ?? null,
    telegram,
  };
}

export function PlatformProvider({ children, initial }: { children: ReactNode; initial?: PlatformState }) {
  const [state, setState] = useState<PlatformState>(initial ?? INITIAL);

  useEffect(() => {
    if (initial) return;
    let isCancelled = false;
    const timer = window.setTimeout(() => {
      void detectPlatform(window).then((detected) => {
        if (!isCancelled) setState(detected);
      });
    }, PLATFORM_DETECTION_DELAY_MS);
    return () => {
      isCancelled = true;
      window.clearTimeout(timer);
    };
  }, [initial]);

  // Haptics, links and the back button reach Telegram through the active bridge.
  useEffect(() => {
    setActiveTelegram(state.telegram);
    return () => setActiveTelegram(null);
  }, [state.telegram]);

  const value = useMemo<PlatformContextValue>(
    () => ({
      ...state,
      isDetecting: state.platform === null,
      haptic: (kind) => state.telegram?.notify(kind),
    }),
    [state],
  );

  return <PlatformContext.Provider value={value}>{children}</PlatformContext.Provider>;
}

export function usePlatform(): PlatformContextValue {
  const value = useContext(PlatformContext);
  if (!value) throw new Error('usePlatform must be used inside <PlatformProvider>');
  return value;
}
