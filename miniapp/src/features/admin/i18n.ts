import { useTranslation } from 'react-i18next';
import { i18n } from '@/i18n';
import adminDe from './locales/de';
import adminEn from './locales/en';
import adminEs from './locales/es';
import adminFr from './locales/fr';
import adminZh from './locales/zh';

/**
 * The console's texts live in their own i18next namespace, registered when the console's chunk
 * loads, so none of them ship with the first screen. (Adding them to 'translation' would make a
 * language look loaded before its main bundle is.)
 */
const BUNDLES = { en: adminEn, es: adminEs, fr: adminFr, de: adminDe, zh: adminZh };
for (const [language, resources] of Object.entries(BUNDLES)) {
  if (!i18n.hasResourceBundle(language, 'admin')) i18n.addResourceBundle(language, 'admin', resources);
}

export const useAdminTranslation = () => useTranslation('admin');
