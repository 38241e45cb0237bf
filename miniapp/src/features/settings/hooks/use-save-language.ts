import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@ziver/shared/core';
import type { AppearanceSettings } from '@ziver/shared';
import { chooseLanguage } from '@/i18n';
import { appearanceSettingsQueryKey } from '../api/get-appearance-settings';
import { updateLanguage } from '../api/update-language';
import { saveOptimistically, type SaveOutcome } from '../utils/save-optimistically';

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
      const outcome = await saveOptimistically<Language>({
        next,
        previous,
        apply: (value) => chooseLanguage(value),
        save: (value) => updateLanguage({ language: value }),
        current: () => i18n.language as Language,
      });
      if (outcome.ok) {
        queryClient.setQueryData<AppearanceSettings>(appearanceSettingsQueryKey, (data) =>
          data ? { ...data, language: { value: next } } : data,
        );
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
