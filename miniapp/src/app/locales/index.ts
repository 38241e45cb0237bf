import type { AppTexts } from '@/i18n';
import enShell from './en-shell';

/**
 * Every text of the app, per language and chunk: the app assembles the features' locale files
 * here (./en-features, ./xx-start, …) and hands them to i18n once (registerTexts in main.tsx), so
 * the i18n module knows no feature. Each chunk is its own file, loaded on demand.
 */
export const APP_TEXTS: AppTexts = {
  shellEnglish: enShell,
  miningEnglish: () => import('./en-mining'),
  otherEnglish: () => import('./en-features'),
  start: {
    es: () => import('./es-start'),
    fr: () => import('./fr-start'),
    de: () => import('./de-start'),
    zh: () => import('./zh-start'),
  },
  features: {
    es: () => import('./es-features'),
    fr: () => import('./fr-features'),
    de: () => import('./de-features'),
    zh: () => import('./zh-features'),
  },
};
