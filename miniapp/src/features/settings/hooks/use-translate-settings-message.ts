import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { IDENTITY_MESSAGES, SERVER_MESSAGES, SETTINGS_MESSAGES } from '@ziver/shared/core';
import { useTranslateMessage } from '@/i18n/translate-message';

type SettingsKey = Exclude<keyof typeof SETTINGS_MESSAGES, 'languageChanged'>;
type IdentityKey =
  | 'twoFactorCodeInvalid'
  | 'twoFactorCodeReused'
  | 'backupCodeInvalid'
  | 'backupCodeFormat'
  | 'twoFactorAlreadyEnabled'
  | 'twoFactorNotEnabled'
  | 'twoFactorSetupRequired';
const IDENTITY_KEYS: readonly IdentityKey[] = [
  'twoFactorCodeInvalid',
  'twoFactorCodeReused',
  'backupCodeInvalid',
  'backupCodeFormat',
  'twoFactorAlreadyEnabled',
  'twoFactorNotEnabled',
  'twoFactorSetupRequired',
];

const settingsKeyByText = new Map<string, SettingsKey>(
  (Object.entries(SETTINGS_MESSAGES) as [keyof typeof SETTINGS_MESSAGES, string][])
    .filter((entry): entry is [SettingsKey, string] => entry[0] !== 'languageChanged')
    .map(([key, text]) => [text, key]),
);
const identityKeyByText = new Map<string, IdentityKey>(IDENTITY_KEYS.map((key) => [IDENTITY_MESSAGES[key], key]));

/**
 * Shows a settings message in the user's language: the spec's messages, the settings and 2FA
 * messages the server sends, and the rate-limit message; anything else as sent.
 */
export function useTranslateSettingsMessage(): (text: string) => string {
  const { t } = useTranslation();
  const translateMessage = useTranslateMessage();
  return useCallback(
    (text: string) => {
      const settingsKey = settingsKeyByText.get(text);
      if (settingsKey) return t(`settings.server.${settingsKey}`);
      const identityKey = identityKeyByText.get(text);
      if (identityKey) return t(`settings.server.${identityKey}`);
      if (text === SERVER_MESSAGES.rateLimited) return t('settings.server.rateLimited');
      return translateMessage(text);
    },
    [t, translateMessage],
  );
}
