// The one list of every text the server (and the bot, through the server's use cases) shows a
// user, by stable key: `<group>.<name>`, e.g. 'identity.googleTokenInvalid'. The English texts
// are the feature message objects themselves (so the spec's wording cannot drift); the other
// languages are in ./es.ts, ./fr.ts, ./de.ts and ./zh.ts, typed against this list so a missing
// key does not compile. `{name}` marks a value the answer's `params` fills in.
import { ADMIN_MESSAGES } from '../admin.js';
import { ANNOUNCEMENT_MESSAGES } from '../announcements.js';
import { ECONOMY_MESSAGES } from '../economy.js';
import { AVATAR_MESSAGES, FEEDBACK_MESSAGES, UPLOAD_MESSAGES } from '../feedback-core.js';
import {
  IDENTITY_MESSAGES,
  PROFILE_MESSAGES,
  REFERRAL_MESSAGES,
  SETTINGS_MESSAGES,
  TASK_MESSAGES,
  WALLET_MESSAGES,
} from '../feature-messages.js';
import { MESSAGES, SERVER_MESSAGES } from '../messages.js';
import { INTEGRITY_MESSAGES } from '../integrity.js';
import { OPERATOR_TEXT_MESSAGES } from '../operator-texts.js';
import { SYSTEM_MESSAGES } from '../system.js';
import { CHANNEL_CHECK_MESSAGES, TELEGRAM_MESSAGES } from '../telegram.js';
import type { Language } from '../constants.js';
import { interpolate } from './interpolate.js';

export const MESSAGE_CATALOGUE = {
  spec: MESSAGES,
  server: SERVER_MESSAGES,
  identity: IDENTITY_MESSAGES,
  profile: PROFILE_MESSAGES,
  settings: SETTINGS_MESSAGES,
  tasks: TASK_MESSAGES,
  referrals: REFERRAL_MESSAGES,
  telegram: TELEGRAM_MESSAGES,
  channel: CHANNEL_CHECK_MESSAGES,
  feedback: FEEDBACK_MESSAGES,
  avatar: AVATAR_MESSAGES,
  upload: UPLOAD_MESSAGES,
  system: SYSTEM_MESSAGES,
  economy: ECONOMY_MESSAGES,
  admin: ADMIN_MESSAGES,
  announcements: ANNOUNCEMENT_MESSAGES,
  operatorTexts: OPERATOR_TEXT_MESSAGES,
  wallet: WALLET_MESSAGES,
  integrity: INTEGRITY_MESSAGES,
} as const;

type Catalogue = typeof MESSAGE_CATALOGUE;
type Group = keyof Catalogue;

/** Every key of the list: 'identity.googleTokenInvalid', 'server.rateLimited', … */
export type ServerMessageKey = { [G in Group]: `${G}.${keyof Catalogue[G] & string}` }[Group];

/** The English text of a key. */
export type MessageTextOf<K extends ServerMessageKey> = K extends `${infer G}.${infer N}`
  ? G extends Group
    ? N extends keyof Catalogue[G]
      ? Catalogue[G][N]
      : never
    : never
  : never;

export type Placeholders<S> = S extends `${string}{${infer Name}}${infer Rest}` ? Name | Placeholders<Rest> : never;

/** The values a message interpolates, as sent in an answer's `params`. */
export type MessageParams = Record<string, string | number>;

/** The params a key needs: exactly its `{name}` placeholders (none for a plain text). */
export type MessageParamsOf<K extends ServerMessageKey> =
  string extends MessageTextOf<K>
    ? MessageParams
    : [Placeholders<MessageTextOf<K>>] extends [never]
      ? Record<string, never>
      : Record<Placeholders<MessageTextOf<K>>, string | number>;

/** The params argument of a key: required when its text has placeholders, absent otherwise. */
export type MessageParamsArgs<K extends ServerMessageKey> = ServerMessageKey extends K
  ? [params?: MessageParams]
  : [Placeholders<MessageTextOf<K>>] extends [never]
    ? []
    : [params: MessageParamsOf<K>];

/** A language's texts: every group and key of the list, nothing else (the compiler checks). */
export type MessageTranslations = { [G in Group]: { [N in keyof Catalogue[G]]: string } };

/** A message as the API sends it: the English text, its key and the values filled in. */
export type KeyedMessage = { message: string; messageKey: ServerMessageKey; params: MessageParams };

const keys = new Set<string>(
  Object.entries(MESSAGE_CATALOGUE).flatMap(([group, texts]) => Object.keys(texts).map((name) => `${group}.${name}`)),
);

export const SERVER_MESSAGE_KEYS = [...keys] as ServerMessageKey[];

export function isServerMessageKey(value: unknown): value is ServerMessageKey {
  return typeof value === 'string' && keys.has(value);
}

/** The text of a key in a language's texts; undefined when the key is not in them. */
export function messageTextIn(texts: MessageTranslations, key: string): string | undefined {
  const dot = key.indexOf('.');
  const group = (texts as Record<string, Record<string, string> | undefined>)[key.slice(0, dot)];
  const text = group?.[key.slice(dot + 1)];
  return typeof text === 'string' ? text : undefined;
}

/** The `{name}` placeholders of a text, sorted (used to check translations keep them). */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!))].sort();
}

/**
 * The answer fields of a message: `{ message, messageKey, params }`, the English `message` filled
 * from the list. Every answer the server sends with a text goes through this (or AppError, which
 * calls it), so the key cannot be forgotten and always names an entry of the list.
 */
export function keyedMessage<K extends ServerMessageKey>(key: K, ...[params]: MessageParamsArgs<K>): KeyedMessage {
  const values: MessageParams = params ?? {};
  return {
    message: interpolate(messageTextIn(MESSAGE_CATALOGUE, key) ?? key, values),
    messageKey: key,
    params: values,
  };
}

/** The English text of a list entry, filled (for logs and tests). */
export function englishMessage(key: ServerMessageKey, params: MessageParams = {}): string {
  return interpolate(messageTextIn(MESSAGE_CATALOGUE, key) ?? key, params);
}

export type Translations = Record<Exclude<Language, 'en'>, MessageTranslations>;

let keyByText: Map<string, ServerMessageKey> | undefined;

/**
 * The key of a text the shared schemas use as a validation message (they write the list's English
 * texts, e.g. `error: TELEGRAM_MESSAGES.codeFormat`). Only for zod issues the server turns into
 * answers; every other answer names its key itself. The first key of a text wins (the spec's own).
 */
export function messageKeyOfSchemaText(text: string): ServerMessageKey | undefined {
  keyByText ??= new Map(
    [...SERVER_MESSAGE_KEYS].reverse().map((key) => [messageTextIn(MESSAGE_CATALOGUE, key)!, key] as const),
  );
  return keyByText.get(text);
}
