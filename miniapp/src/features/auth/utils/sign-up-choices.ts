import type { Language, Theme } from '@ziver/shared/core';
import { pickLanguage } from '@/i18n';
import { guardedLocalStorage } from '@/lib/storage/guarded-storage';
import { readPickedTheme } from '@/lib/theme/theme';

/**
 * What a new account keeps from the visit that made it (register form, Google sign-up): the
 * language shown now, so the app stays in it after sign-in, and a theme the visitor explicitly
 * picked (the account's default would otherwise override it).
 */
export function signUpChoices(shownLanguage: string): { language: Language; theme?: Theme } {
  const pickedTheme = readPickedTheme(guardedLocalStorage);
  return { language: pickLanguage([shownLanguage]), ...(pickedTheme ? { theme: pickedTheme } : {}) };
}
