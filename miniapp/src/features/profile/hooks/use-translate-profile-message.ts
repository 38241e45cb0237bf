import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { PROFILE_MESSAGES } from '@ziver/shared/core';
import { useTranslateMessage } from '@/i18n/translate-message';

type ProfileKey = keyof typeof PROFILE_MESSAGES;
const keyByText = new Map<string, ProfileKey>(
  (Object.entries(PROFILE_MESSAGES) as [ProfileKey, string][]).map(([key, text]) => [text, key]),
);

/** Shows a profile message (the server's or the shared schema's) in the user's language when known. */
export function useTranslateProfileMessage(): (text: string) => string {
  const { t } = useTranslation();
  const translateMessage = useTranslateMessage();
  return useCallback(
    (text: string) => {
      const key = keyByText.get(text);
      return key ? t(`profile.server.${key}`) : translateMessage(text);
    },
    [t, translateMessage],
  );
}
