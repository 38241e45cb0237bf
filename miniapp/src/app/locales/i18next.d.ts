import 'i18next';
import type en from './en';
import type adminEn from '@/features/admin/locales/en';
import type adminTasksEn from '@/features/admin/locales/tasks/en';
import type announceEn from '@/features/admin/locales/announce/en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    /** `admin`, `admin-tasks` and `adminAnnounce` load with the operators' console only (features/admin/*i18n.ts). */
    resources: {
      translation: typeof en;
      admin: typeof adminEn;
      'admin-tasks': typeof adminTasksEn;
      adminAnnounce: typeof announceEn;
    };
  }
}
