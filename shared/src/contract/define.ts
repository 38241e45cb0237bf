import { z } from 'zod';
import { messageFields } from '../message-schema.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call: anyone, anyone (a session is read when sent), a signed-in user, an admin. */
export type Access = 'public' | 'optional' | 'user' | 'admin';

/**
 * One API call: method, path under /api (`{name}` marks a path parameter), who may call it,
 * the request's parts and the success response. Error answers all share `errorResponseSchema`.
 */
export type Endpoint = {
  method: HttpMethod;
  /** Under /api, e.g. '/tasks/{id}/complete'. */
  path: string;
  summary: string;
  /** The OpenAPI tag (docs/spec.md §7's section). */
  tag: string;
  access: Access;
  /**
   * Answered while maintenance lockdown is on (docs/spec.md §5): sign-in, so an admin can sign in;
   * the session checks every client makes to reach the lockdown page; the status poll; health.
   * What under /auth credits points or hands out logins checks lockdown itself.
   */
  openInLockdown?: true;
  /**
   * Takes the Idempotency-Key request header (a call that credits points): a retry with the key
   * gets the first answer, credited once (server/src/platform/idempotency.ts).
   */
  idempotent?: true;
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  /** 'multipart' for file uploads; JSON otherwise. */
  bodyType?: 'json' | 'multipart';
  /** The success status (200 unless said). */
  status?: number;
  /**
   * 'binary' when a success answers raw bytes (a stored file) rather than JSON: the server's
   * response check only sees JSON answers, so such a success is never checked (its errors are).
   */
  responseType?: 'json' | 'binary';
  /** The media type of a binary success ('image/*' unless said). */
  binaryMediaType?: string;
  response: z.ZodType;
};

/** Declares one endpoint (an identity function that keeps the literal types). */
/*#__NO_SIDE_EFFECTS__*/
export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

/** A path parameter that is any non-empty string. */
export const idParams = z.object({ id: z.string().min(1) });
export const codeParams = z.object({ code: z.string().min(1) });

export const fileKeyParams = z.object({ key: z.string().min(1) });

/**
 * The `response` of a `responseType: 'binary'` entry: bytes, never a JSON value, so a JSON
 * success answer from such an endpoint fails the response check.
 */
export const binaryResponse = z.instanceof(Uint8Array);

/** `{ success: true, message, messageKey, params }`: the plain acknowledgement. */
export const okMessageSchema = z.object({ success: z.literal(true), ...messageFields });

/**
 * Where Telegram posts the bot's updates in webhook mode (under /api): not a client call, so not a
 * contract entry; it checks Telegram's secret header before reading a body.
 */
export const TELEGRAM_WEBHOOK_PATH = '/telegram/webhook';
