import 'i18next';
import type en from './locales/en';
import type adminEn from '@/features/admin/locales/en';
import type announceEn from '@/features/admin/locales/announce/en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    /** `admin` is loaded with the operators' console only (features/admin/i18n.ts). */
    /** `adminAnnounce`: the console's Announcements tab (features/admin/announce-i18n.ts). */
    resources: { translation: typeof en; admin: typeof adminEn; adminAnnounce: typeof announceEn };
  }
}
