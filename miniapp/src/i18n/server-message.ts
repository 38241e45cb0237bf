import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { messageKeyOfSchemaText } from '@ziver/shared/i18n/catalogue';
import { renderServerText, type ServerText } from './server-text';

export { renderServerText, serverTextOf, specText, type ServerText } from './server-text';

/**
 * A text of the shared schemas checked here before sending (a form's zod issue, a constant such
 * as MESSAGES.copiedToClipboard) as a ServerText: these texts are entries of the message list, so
 * they render like the server's. Answers from the server never come this way: they carry their key.
 */
export function localText(message: string): ServerText {
  return { message, messageKey: messageKeyOfSchemaText(message) ?? null, params: {} };
}

/**
 * Renders server texts (an answer's `message`/`messageKey`/`params`, or a local schema text) in
 * the active language. Screens that have only keyed texts use ./server-text's useServerText.
 */
export function useServerMessage(): (text: ServerText | string) => string {
  const { i18n } = useTranslation();
  return useCallback(
    (text: ServerText | string) => renderServerText(i18n, typeof text === 'string' ? localText(text) : text),
    [i18n],
  );
}

/** The list key of a text to show: an answer's own key, or a local schema text's entry. */
export function keyOfShownText(text: ServerText | string | null | undefined): string | null {
  if (!text) return null;
  return (typeof text === 'string' ? localText(text) : text).messageKey ?? null;
}
