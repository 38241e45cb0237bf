import { useEffect, useState, type ReactNode } from 'react';
import type { Language } from '@ziver/shared/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { ErrorBoundary } from '@/components/error-boundary';
import { AuthProvider, useAuth } from '@/features/auth/components/auth-provider';
import { LockdownWatcher } from '@/features/system/components/lockdown-watcher';
import { applyStartupLanguage, i18n, pickLanguage, readChosenLanguage } from '@/i18n';
import { hasTelegramLaunchHint } from '@/lib/platform/launch-hint';
import { PlatformProvider, usePlatform } from '@/lib/platform/platform-provider';
import { createQueryClient } from '@/lib/query-client';
import { ThemeProvider } from '@/lib/theme/theme-provider';
import { CrashScreen } from './crash-screen';

/**
 * The start-up language, when platform detection (about 100 ms after load, docs/spec.md §1) cannot
 * change it: the reader's kept choice comes before Telegram's, and a page Telegram did not launch
 * has none, so the browser's decides. Routes wait for the start-up language (i18n/index.ts):
 * applied before React's first render (main.tsx), the signed-in first screen no longer waits for
 * detection, then a render, then LanguageSync's effect. Null inside Telegram without a kept
 * choice: LanguageSync decides once the SDK has read Telegram's language.
 */
export function languageBeforeDetection(win: Window = window): Language | null {
  const chosen = readChosenLanguage();
  if (chosen) return chosen;
  if (hasTelegramLaunchHint(win)) return null;
  return pickLanguage([...win.navigator.languages, win.navigator.language]);
}

/** The language the user chose before (kept across sign-outs), else Telegram's, then the browser's; else English. */
function LanguageSync() {
  const { platform, telegramLanguage } = usePlatform();
  useEffect(() => {
    if (platform === null) return;
    void applyStartupLanguage(
      pickLanguage([readChosenLanguage(), telegramLanguage, ...navigator.languages, navigator.language]),
    );
  }, [platform, telegramLanguage]);
  return null;
}

/** Maintenance mode follows the signed-in user's role (ADMIN keeps access). */
function LockdownSync() {
  const { status, user } = useAuth();
  return <LockdownWatcher auth={status} role={user?.role ?? null} />;
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <PlatformProvider>
        <ThemeProvider>
          <ErrorBoundary fallback={<CrashScreen />}>
            <QueryClientProvider client={queryClient}>
              <LanguageSync />
              <AuthProvider>
                <LockdownSync />
                {children}
              </AuthProvider>
            </QueryClientProvider>
          </ErrorBoundary>
        </ThemeProvider>
      </PlatformProvider>
    </I18nextProvider>
  );
}
