import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@telegram-apps/telegram-ui/dist/styles.css';
import './styles/global.css';
import { App } from './app/app';
import { APP_TEXTS } from './app/locales';
import { languageBeforeDetection } from './app/provider';
import { applyStartupLanguage, registerTexts } from './i18n';
import { installStorageFallbacks } from './lib/storage/guarded-storage';
import { initDisplay } from './lib/display/display';
import { keepTelegramLaunchHash } from './lib/platform/launch-hint';

// Blocked storage (a cross-site frame in incognito) must not stop the Telegram SDK, loaded later.
installStorageFallbacks();
// A reload inside Telegram must find the launch parameters in the URL, as on the first open.
keepTelegramLaunchHash(window);
initDisplay();
// The app's texts, before anything renders or picks a language (i18n knows no feature).
registerTexts(APP_TEXTS);

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// Routes wait for the start-up language: when platform detection cannot change it, it is
// applied now, before the first render (LanguageSync applies the same one again after detection).
const language = languageBeforeDetection();
if (language) void applyStartupLanguage(language);

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
