import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { APP_TEXTS } from '@/app/locales';
import { applyStartupLanguage, featureTextsReady, i18n, registerTexts } from '@/i18n';
import { databaseOutage } from '@/lib/database-outage';
import { DEFAULT_DISPLAY, setDisplay } from '@/lib/display/display';
import { flashMessages } from '@/lib/flash-message';
import { setActiveTelegram } from '@/lib/platform/telegram-bridge';
import { sessionStore } from '@/lib/session';
import { takeRejectedAnswers } from './contract-answer';

// findBy*/waitFor wait up to 30 s for what they look for, as expect.poll does (LOADED_MACHINE in
// the repository's vitest.config.ts): their 1 s default is a timed assertion on a loaded machine.
configure({ asyncUtilTimeout: 30_000 });

// jsdom has no matchMedia; the theme provider asks for the system colour scheme.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom lays nothing out and has no scrollIntoView; the claimed reward scrolls itself into view.
Element.prototype.scrollIntoView ??= () => undefined;

// Components render with every English string, as routes do in the app once the start-up
// language is applied (main.tsx).
registerTexts(APP_TEXTS);
await applyStartupLanguage('en');
await featureTextsReady();

// Test files share a worker's modules (isolate: false in vitest.config.ts): every test starts
// from the state a fresh page load would have, whatever the previous file left in the
// app's module-level stores.
beforeEach(async () => {
  takeRejectedAnswers();
  vi.useRealTimers();
  sessionStore.clear();
  databaseOutage.report(true);
  const flash = flashMessages.get();
  if (flash) flashMessages.dismiss(flash.id);
  setActiveTelegram(null);
  setDisplay(DEFAULT_DISPLAY);
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  // A fake server answer the contract rejects fails its test, even where the client swallowed
  // the error (testing/contract-answer.ts).
  const rejected = takeRejectedAnswers();
  if (rejected.length > 0) throw new Error(rejected.join('\n'));
});
