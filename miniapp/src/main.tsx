import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@telegram-apps/telegram-ui/dist/styles.css';
import './styles/global.css';
import './i18n';
import { App } from './app/app';
import { installStorageFallbacks } from './lib/storage/guarded-storage';
import { initDisplay } from './lib/display/display';

// Blocked storage (a cross-site frame in incognito) must not stop the Telegram SDK, loaded later.
installStorageFallbacks();
initDisplay();

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
