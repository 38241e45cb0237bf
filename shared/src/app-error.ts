// AppError, apart from the error codes: it fills its English message from the message list, which
// is not for the mini app's first screen ('@ziver/shared/core' exports the codes, not this).
import { ERROR_STATUS, type ErrorCode } from './errors.js';
import {
  englishMessage,
  type MessageParams,
  type MessageParamsOf,
  type MessageTextOf,
  type Placeholders,
  type ServerMessageKey,
} from './i18n/catalogue.js';

/** After the key: its params (required when its text has placeholders), then any details. */
type AppErrorArgs<K extends ServerMessageKey> = ServerMessageKey extends K
  ? [params?: MessageParams, details?: unknown]
  : [Placeholders<MessageTextOf<K>>] extends [never]
    ? [params?: Record<string, never>, details?: unknown]
    : [params: MessageParamsOf<K>, details?: unknown];

/**
 * One error type for the whole product; the server maps `code` to an HTTP status. Its text is a
 * key of the message list (shared/src/i18n) with the values it interpolates: the answer carries
 * `messageKey` and `params` beside the English `message`, so clients show it in any language.
 */
export class AppError<K extends ServerMessageKey = ServerMessageKey> extends Error {
  readonly code: ErrorCode;
  readonly messageKey: K;
  readonly params: MessageParams;
  readonly details?: unknown;

  constructor(code: ErrorCode, messageKey: K, ...[params, details]: AppErrorArgs<K>) {
    super(englishMessage(messageKey, params ?? {}));
    this.name = 'AppError';
    this.code = code;
    this.messageKey = messageKey;
    this.params = params ?? {};
    this.details = details;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}
