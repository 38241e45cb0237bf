import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_MESSAGES } from '@ziver/shared';
import { findTemplate } from '@/i18n/match-template';
import { useTranslateMessage } from '@/i18n/translate-message';

/** Shows a feedback or upload message (ours or the server's) in the user's language. */
export function useTranslateFeedbackMessage(): (text: string) => string {
  const { t } = useTranslation();
  const translateMessage = useTranslateMessage();
  return useCallback(
    (text: string) => {
      const found = findTemplate(FEEDBACK_MESSAGES, text);
      if (!found) return translateMessage(text);
      // Keys built at run time: the typed t() cannot check them, the locales test does.
      const translateKey = t as unknown as (key: string, values: Record<string, string>) => string;
      return translateKey(`feedback.messages.${found.key}`, found.values);
    },
    [t, translateMessage],
  );
}
