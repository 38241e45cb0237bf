import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { englishReady } from '@/i18n';

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

// Components render with every English string, as routes do in the app.
await englishReady();

beforeEach(() => {
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  cleanup();
});
