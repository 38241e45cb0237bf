import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { IDENTITY_MESSAGES, SERVER_MESSAGES } from '@ziver/shared/core';
import { useTranslateMessage } from '@/i18n/translate-message';

type IdentityKey = Exclude<keyof typeof IDENTITY_MESSAGES, 'welcomeBack'>;
type ServerKey = 'invalidCredentials' | 'rateLimited' | 'sessionExpired';

const identityKeyByText = new Map<string, IdentityKey>(
  (Object.entries(IDENTITY_MESSAGES) as [keyof typeof IDENTITY_MESSAGES, string][])
    .filter((entry): entry is [IdentityKey, string] => entry[0] !== 'welcomeBack')
    .map(([key, text]) => [text, key]),
);
const serverKeyByText = new Map<string, ServerKey>(
  (['invalidCredentials', 'rateLimited', 'sessionExpired'] as const).map((key) => [SERVER_MESSAGES[key], key]),
);

/**
 * Shows a sign-in message in the user's language: the spec's messages, then the identity and
 * common server messages; anything else as the server sent it.
 */
export function useTranslateIdentityMessage(): (text: string) => string {
  const { t } = useTranslation();
  const translateMessage = useTranslateMessage();
  return useCallback(
    (text: string) => {
      const identityKey = identityKeyByText.get(text);
      if (identityKey) return t(`identity.server.${identityKey}`);
      const serverKey = serverKeyByText.get(text);
      if (serverKey) return t(`identity.server.${serverKey}`);
      return translateMessage(text);
    },
    [t, translateMessage],
  );
}
