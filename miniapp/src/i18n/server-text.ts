import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { MESSAGES, PLACEHOLDERS } from '@ziver/shared/core';
import { isApiError } from '@/lib/api-client';

// Server texts by key, without the English message list: rendering needs only the key and the
// active language's `server` namespace. ./server-message.ts adds plain English sentences (looked
// up in the whole list, which brings zod along); screens that name their texts by key, such as
// mining, import this file instead and stay without both.

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
    interpolation: PLACEHOLDERS,
  } as never) as unknown;
  return typeof rendered === 'string' && rendered ? rendered : fallback;
}

/** One of the spec's texts (MESSAGES, the list's `spec` group) by its key, e.g. specText('failedToClaim'). */
export function specText(name: keyof typeof MESSAGES): ServerText {
  return { message: MESSAGES[name], messageKey: `spec.${name}`, params: {} };
}

/**
 * A text of the message list the app shows itself (a success note, a check before sending) by
 * its group and name, e.g. listText('settings', SETTINGS_MESSAGES, 'themeUpdated'): each text is
 * kept once, in shared/src/i18n, and renders like the server's.
 */
export function listText<M extends Record<string, string>>(
  group: string,
  messages: M,
  name: keyof M & string,
): ServerText {
  return { message: messages[name], messageKey: `${group}.${name}`, params: {} };
}

/** Renders server texts (an answer's `message`/`messageKey`/`params`) in the active language. */
export function useServerText(): (text: ServerText) => string {
  const { i18n } = useTranslation();
  return useCallback((text: ServerText) => renderServerText(i18n, text), [i18n]);
}

/** The server's text of a failed call, when the server sent one (null for network errors and the like). */
export function serverTextOf(error: unknown): ServerText | null {
  if (!isApiError(error) || !error.serverMessage) return null;
  return { message: error.serverMessage, messageKey: error.messageKey, params: error.params };
}
