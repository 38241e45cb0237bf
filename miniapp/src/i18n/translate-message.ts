import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGES } from '@ziver/shared/core';

export type MessageKey = keyof typeof MESSAGES;

const keyByText = new Map<string, MessageKey>(
  (Object.entries(MESSAGES) as [MessageKey, string][]).map(([key, text]) => [text, key]),
);

/** The MESSAGES key of a text, when the text is one of the spec's messages. */
export function messageKeyOf(text: string): MessageKey | undefined {
  return keyByText.get(text);
}

/**
 * Translates a message that may come from the server or from a shared schema: spec messages
 * are shown in the user's language, anything else as sent.
 */
export function useTranslateMessage(): (text: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (text: string) => {
      const key = messageKeyOf(text);
      return key ? t(`messages.${key}`) : text;
    },
    [t],
  );
}
