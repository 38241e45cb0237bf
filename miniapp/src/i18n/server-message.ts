import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { messageKeyOfSchemaText } from '@ziver/shared/i18n/catalogue';
import { isApiError } from '@/lib/api-client';

/**
 * A text the server sent: its key in the message list (shared/src/i18n), the values it
 * interpolates, and the English `message` (shown only when the key is unknown here).
 */
export type ServerText = {
  message?: string | null;
  messageKey?: string | null;
  params?: Record<string, string | number> | null;
};

/** The i18next namespace of the message list; a language's texts load with the language (i18n/index.ts). */
export const SERVER_NAMESPACE = 'server';

/**
 * A server text in the active language: the key's text in the `server` namespace filled with the
 * params (the list writes placeholders as `{name}`), else the English message the server sent.
 */
export function renderServerText(i18n: I18n, text: ServerText): string {
  const fallback = text.message ?? '';
  if (!text.messageKey) return fallback;
  const rendered = i18n.t(text.messageKey, {
    ...(text.params ?? {}),
    ns: SERVER_NAMESPACE,
    defaultValue: fallback,
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
  } as never) as unknown;
  return typeof rendered === 'string' && rendered ? rendered : fallback;
}

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
 * the active language.
 */
export function useServerMessage(): (text: ServerText | string) => string {
  const { i18n } = useTranslation();
  return useCallback(
    (text: ServerText | string) => renderServerText(i18n, typeof text === 'string' ? localText(text) : text),
    [i18n],
  );
}

/** The server's text of a failed call, when the server sent one (null for network errors and the like). */
export function serverTextOf(error: unknown): ServerText | null {
  if (!isApiError(error) || !error.serverMessage) return null;
  return { message: error.serverMessage, messageKey: error.messageKey, params: error.params };
}

/** The list key of a text to show: an answer's own key, or a local schema text's entry. */
export function keyOfShownText(text: ServerText | string | null | undefined): string | null {
  if (!text) return null;
  return (typeof text === 'string' ? localText(text) : text).messageKey ?? null;
}
