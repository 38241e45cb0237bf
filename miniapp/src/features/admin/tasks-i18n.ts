import { useTranslation } from 'react-i18next';
import { i18n } from '@/i18n';
import de from './locales/tasks/de';
import en from './locales/tasks/en';
import es from './locales/tasks/es';
import fr from './locales/tasks/fr';
import zh from './locales/tasks/zh';

/**
 * The tasks editor's texts: their own namespace, registered when the console's chunk loads (like
 * the console's `admin` namespace), so none of them ship with the first screen.
 */
const BUNDLES = { en, es, fr, de, zh };
for (const [language, resources] of Object.entries(BUNDLES)) {
  if (!i18n.hasResourceBundle(language, 'admin-tasks')) i18n.addResourceBundle(language, 'admin-tasks', resources);
}

export const useAdminTasksTranslation = () => useTranslation('admin-tasks');
