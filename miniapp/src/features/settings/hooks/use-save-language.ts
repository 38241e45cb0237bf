import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@ziver/shared/core';
import { chooseLanguage } from '@/i18n';
import { updateLanguage } from '../api/update-language';
import { saveAppearance } from '../utils/save-appearance';
import type { SaveOutcome } from '../utils/save-optimistically';

export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/** Switches the language at once and saves it; a refusal brings the previous one back (docs/spec.md §4). */
export function useSaveLanguage(): (next: Language) => Promise<SaveOutcome> {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();

  return useCallback(
    async (next: Language) => {
      const previous: Language = isLanguage(i18n.language) ? i18n.language : 'en';
      const outcome = await saveAppearance<Language>(
        queryClient,
        {
          next,
          previous,
          apply: (value) => chooseLanguage(value),
          save: (value) => updateLanguage({ language: value }),
          current: () => i18n.language as Language,
        },
        (data) => ({ ...data, language: { value: next } }),
      );
      if (outcome.ok) {
        // Task titles (also those on ledger rows) come from the server in the saved language
        // (features never import each other, hence the bare keys).
        void queryClient.invalidateQueries({ queryKey: ['tasks'] });
        void queryClient.invalidateQueries({ queryKey: ['transactions'] });
      }
      return outcome;
    },
    [i18n, queryClient],
  );
}
