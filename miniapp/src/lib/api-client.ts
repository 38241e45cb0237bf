import { navigate } from 'wouter/use-browser-location';
import { ERROR_STATUS, isErrorCode, type ErrorCode } from '@ziver/shared/core';
import { paths } from '@/config/paths';
import { takeEarlyRequest } from './early-requests';
import { databaseOutage } from './database-outage';
import { lockdownSignal } from './lockdown-signal';
import { sessionStore } from './session';

/** Where the API is served: every contract path is under it. */
export const API_BASE = '/api';

/** Codes the client adds for failures that never reached a server answer. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'INVALID_RESPONSE' | 'UNKNOWN';

/** Every failed API call ends up as one of these. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | ClientErrorCode;
  /** The (English) message the server sent, when it sent one. Screens show it from its key. */
  readonly serverMessage: string | null;
  /** The key of the server's message in the message list: shown in the user's language (i18n/server-message). */
  readonly messageKey: string | null;
  /** The values the server's message interpolates. */
  readonly params: Record<string, string | number>;

  constructor(options: {
    status: number;
    code: ErrorCode | ClientErrorCode;
    message: string;
    serverMessage?: string | null;
    messageKey?: string | null;
    params?: Record<string, string | number>;
  }) {
    super(options.message);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.serverMessage = options.serverMessage ?? null;
    this.messageKey = options.messageKey ?? null;
    this.params = options.params ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The code for a status when the body carried none we know. */
function codeForStatus(status: number): ErrorCode | ClientErrorCode {
  const known = (Object.keys(ERROR_STATUS) as ErrorCode[]).find((code) => ERROR_STATUS[code] === status);
  return known ?? 'UNKNOWN';
}

/** The `params` of an answer: an object of strings and numbers, anything else dropped. */
function paramsOf(value: unknown): Record<string, string | number> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string | number] =>
      ['string', 'number'].includes(typeof entry[1]),
    ),
  );
}

/**
 * Turns a non-OK response body (`{success:false, message, messageKey, params, code}` or anything
 * else) into an ApiError.
 */
export function toApiError(status: number, body: unknown): ApiError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const serverMessage = typeof record.message === 'string' && record.message.trim() ? record.message : null;
  const code = isErrorCode(record.code) ? record.code : codeForStatus(status);
  return new ApiError({
    status,
    code,
    serverMessage,
    messageKey: typeof record.messageKey === 'string' && record.messageKey ? record.messageKey : null,
    params: paramsOf(record.params),
    message: serverMessage ?? `Request failed with status ${status}`,
  });
}

export type RequestOptions<T> = {
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Validates and types the response body (e.g. a zod schema's `parse`, maybe loaded lazily).
   * `receivedAt`: when the answer arrived (earlier than now for a request started by early.js).
   */
  parse?: (data: unknown, meta: { receivedAt: number }) => T | Promise<T>;
  /**
   * A 2xx answer with `success: false` is this call's ordinary answer, handed to `parse`, not an
   * error (GET /referrals/smart-suggestion when there is nobody to suggest). Off by default.
   */
  isUnsuccessfulAnswer?: boolean;
  /** A file answer (a CSV export): its bytes as a Blob, unparsed; an error answer is still JSON. */
  isFile?: boolean;
  /** Send this bearer token instead of the session's (one not stored yet); a 401 then signs nobody out. */
  token?: string;
  /**
   * Sent as the Idempotency-Key header: one key per user intent, reused by its retries, so a
   * crediting call whose answer was lost is answered, not run again (docs/decisions.md).
   */
  idempotencyKey?: string;
};

export type ApiClientOptions = {
  baseUrl: string;
  getToken: () => string | null;
  /** Called on every 401 with its error, before the error is thrown. */
  onUnauthorized: (error: ApiError) => void;
  /** Called when the server refuses a call because of maintenance (code 'LOCKDOWN'). */
  onLockdown?: () => void;
  /** Told whether the database answers: false on code 'DATABASE_UNAVAILABLE', true on any success. */
  onDatabaseStatus?: (isUp: boolean) => void;
  fetchFn?: typeof fetch;
};

/** The transport under `call` (lib/call.ts), which names every endpoint by its contract entry. */
export type ApiClient = {
  request<T>(method: string, path: string, options?: RequestOptions<T>): Promise<T>;
};

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Builds the one API client: bearer token, JSON in and out, errors as ApiError, 401 handling. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchFn = options.fetchFn ?? ((input, init) => fetch(input, init));

  async function request<T>(
    method: string,
    path: string,
    {
      body,
      signal,
      parse,
      isUnsuccessfulAnswer = false,
      isFile = false,
      token: ownToken,
      idempotencyKey,
    }: RequestOptions<T> = {},
  ): Promise<T> {
    const headers: Record<string, string> = { Accept: isFile ? '*/*' : 'application/json' };
    const token = ownToken ?? options.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (idempotencyKey !== undefined) headers['Idempotency-Key'] = idempotencyKey;

    let response: Response | undefined;
    let receivedAt: number | undefined;
    const early = method === 'GET' ? takeEarlyRequest(`${options.baseUrl}${path}`, token) : undefined;
    if (early) {
      try {
        response = await early.response;
        receivedAt = early.receivedAt();
      } catch {
        response = undefined; // asked again below
      }
    }
    try {
      response ??= await fetchFn(`${options.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
        credentials: 'same-origin',
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network error' });
    }

    if (isFile && response.ok) {
      options.onDatabaseStatus?.(true);
      return (await response.blob()) as T;
    }
    const data = await readBody(response);
    if (response.status === 401 && !ownToken) options.onUnauthorized(toApiError(401, data));
    const failed =
      !response.ok ||
      (!isUnsuccessfulAnswer &&
        typeof data === 'object' &&
        data !== null &&
        (data as { success?: unknown }).success === false);
    if (failed) {
      const error = toApiError(response.ok ? 400 : response.status, data);
      if (error.code === 'LOCKDOWN') options.onLockdown?.();
      if (error.code === 'DATABASE_UNAVAILABLE') options.onDatabaseStatus?.(false);
      throw error;
    }
    options.onDatabaseStatus?.(true);
    if (!parse) return data as T;
    try {
      return await parse(data, { receivedAt: receivedAt ?? Date.now() });
    } catch {
      throw new ApiError({
        status: response.status,
        code: 'INVALID_RESPONSE',
        message: 'Unexpected response from the server',
      });
    }
  }

  return { request };
}

/**
 * A 401 always means "sign in again" (docs/spec.md §7): drop the session and go to the login page,
 * which says "suspended" (with the support contact) instead of "expired" when the server said so.
 */
export function handleUnauthorized(error: Pick<ApiError, 'messageKey'>): void {
  sessionStore.clear(error.messageKey === 'identity.accountSuspended' ? 'suspended' : undefined);
  if (window.location.pathname !== paths.login) navigate(paths.login, { replace: true });
}

export const api = createApiClient({
  baseUrl: API_BASE,
  getToken: () => sessionStore.getToken(),
  onUnauthorized: handleUnauthorized,
  onLockdown: lockdownSignal.emit,
  onDatabaseStatus: databaseOutage.report,
});
