import { API_BASE, ApiError, handleUnauthorized, toApiError } from './api-client';
import { lockdownSignal } from './lockdown-signal';
import { sessionStore } from './session';

/** A failed upload whose answer had no body at all (docs/spec.md §8: 'Server returned {status} with empty body'). */
export class EmptyBodyError extends ApiError {
  constructor(status: number) {
    super({ status, code: 'UNKNOWN', message: `Server returned ${status} with empty body` });
    this.name = 'EmptyBodyError';
  }
}

export type UploadOptions<T> = {
  /** 0..1 as the request body is sent. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Validates and types the response body; it receives `undefined` for an empty OK body. */
  parse?: (data: unknown) => T;
  method?: 'POST' | 'PUT';
};

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A `call` (lib/call.ts) of a multipart entry: its form sent with progress, its answer read by `read`. */
export function uploadCall(
  method: string,
  path: string,
  args: { body?: unknown; signal?: AbortSignal; onProgress?: (fraction: number) => void; emptyAnswer?: unknown },
  read: (data: unknown) => unknown,
): Promise<unknown> {
  const { emptyAnswer } = args;
  return uploadForm(path, args.body as FormData, {
    method: method as 'POST' | 'PUT',
    signal: args.signal,
    onProgress: args.onProgress,
    parse: (data) => (data === undefined && emptyAnswer !== undefined ? emptyAnswer : read(data)),
  });
}

/**
 * Sends a multipart form to the API with upload progress (fetch has none, so XMLHttpRequest),
 * with the same bearer token, 401 and lockdown handling and ApiError failures as the API client.
 */
export function uploadForm<T>(path: string, form: FormData, options: UploadOptions<T> = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', `${API_BASE}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = sessionStore.getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network error' }));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    xhr.onload = () => {
      const data = parseBody(xhr.responseText);
      const status = xhr.status;
      if (status === 401) handleUnauthorized(toApiError(401, data));
      const isOk = status >= 200 && status < 300;
      const saysFailed = typeof data === 'object' && data !== null && (data as { success?: unknown }).success === false;
      if (!isOk && data === undefined) return reject(new EmptyBodyError(status));
      if (!isOk || saysFailed) {
        const error = toApiError(isOk ? 400 : status, data);
        if (error.code === 'LOCKDOWN') lockdownSignal.emit();
        return reject(error);
      }
      options.onProgress?.(1);
      if (!options.parse) return resolve(data as T);
      try {
        resolve(options.parse(data));
      } catch {
        reject(new ApiError({ status, code: 'INVALID_RESPONSE', message: 'Unexpected response from the server' }));
      }
    };

    if (options.signal) {
      if (options.signal.aborted) return reject(new DOMException('The upload was cancelled', 'AbortError'));
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
