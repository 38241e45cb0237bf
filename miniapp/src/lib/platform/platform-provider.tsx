import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { PLATFORM_DETECTION_DELAY_MS } from '@ziver/shared';
import { classifyPlatform, readBrowserSignals, type Platform } from './detect-platform';
import type { HapticKind, TelegramBridge, TelegramLaunch } from './telegram';

export type PlatformState = {
  /** Null until detection has run (about 100 ms after load). */
  platform: Platform | null;
  telegramUsername: string | null;
  /** The language Telegram reports for the user, when inside Telegram. */
  telegramLanguage: string | null;
  telegram: TelegramBridge | null;
};

type PlatformContextValue = PlatformState & {
  isDetecting: boolean;
  /** Haptic feedback inside Telegram; nothing elsewhere. */
  haptic: (kind: HapticKind) => void;
};

const INITIAL: PlatformState = { platform: null, telegramUsername: null, telegramLanguage: null, telegram: null };

const PlatformContext = createContext<PlatformContextValue | null>(null);

/** Detects the platform; the Telegram SDK is loaded in its own chunk and may fail to load. */
export async function detectPlatform(win: Window): Promise<PlatformState> {
  let launch: TelegramLaunch | null = null;
  let telegram: TelegramBridge | null = null;
  try {
    const sdk = await import('./telegram');
    launch = sdk.readTelegramLaunch();
    if (launch) telegram = sdk.startTelegramSdk();
  } catch {
    launch = null;
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

  const value = useMemo<PlatformContextValue>(
    () => ({
      ...state,
      isDetecting: state.platform === null,
      haptic: (kind) => state.telegram?.haptic(kind),
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
