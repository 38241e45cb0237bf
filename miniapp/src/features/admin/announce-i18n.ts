import { useTranslation } from 'react-i18next';
import { i18n } from '@/i18n';
import announceDe from './locales/announce/de';
import announceEn from './locales/announce/en';
import announceEs from './locales/announce/es';
import announceFr from './locales/announce/fr';
import announceZh from './locales/announce/zh';

/** The Announcements tab's texts: their own namespace, registered when the console's chunk loads. */
const BUNDLES = { en: announceEn, es: announceEs, fr: announceFr, de: announceDe, zh: announceZh };
for (const [language, resources] of Object.entries(BUNDLES)) {
  if (!i18n.hasResourceBundle(language, 'adminAnnounce')) i18n.addResourceBundle(language, 'adminAnnounce', resources);
}

export const useAnnounceTranslation = () => useTranslation('adminAnnounce');
