import { useServerMessage, type ServerText } from '@/i18n/server-message';

/**
 * Shows a profile text in the user's language: a server answer from its messageKey and params
 * (i18n/server-message.ts), a text of the shared schemas from its entry in the message list.
 */
export function useTranslateProfileMessage(): (text: ServerText | string) => string {
  return useServerMessage();
}
