import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@ziver/shared/core';
import { keyedMessage } from '@ziver/shared';
import { contractAnswer, errorAnswer, offContractAnswer } from '@/testing/contract-answer';
import { buildMiningStatusBody, buildSession } from '@/testing/factories';
import { api, ApiError, createApiClient, toApiError } from './api-client';
import { sessionStore } from './session';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
});

function clientWith(fetchFn: typeof fetch, token: string | null = null, onUnauthorized = vi.fn()) {
  return {
    client: createApiClient({ baseUrl: '/api', getToken: () => token, onUnauthorized, fetchFn }),
    onUnauthorized,
  };
}

describe('api client', () => {
  it('sends the bearer token of the session and JSON bodies', async () => {
    const started = { ...buildMiningStatusBody(), ...keyedMessage('server.miningStarted') };
    const fetchFn = vi.fn<typeof fetch>(async () => contractAnswer('miningStart', started));
    const { client } = clientWith(fetchFn, 'tok-1');
    await expect(client.request('POST', '/mining/start', { body: { a: 1 } })).resolves.toEqual(started);
    const [url, init] = fetchFn.mock.calls[0]!;
    expect(url).toBe('/api/mining/start');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');
    expect(init?.body).toBe('{"a":1}');
  });

  it('hands a file answer over as its bytes, with the session, and an error answer as an ApiError', async () => {
    const csv = 'id,username\r\n1,ann\r\n';
    const fetchFn = vi.fn<typeof fetch>(async () => new Response(csv, { headers: { 'content-type': 'text/csv' } }));
    const { client } = clientWith(fetchFn, 'tok-2');
    const file = await client.request<Blob>('GET', '/admin/users/export?role=USER', { isFile: true });
    expect(await file.text()).toBe(csv);
    expect((fetchFn.mock.calls[0]![1]?.headers as Record<string, string>).Authorization).toBe('Bearer tok-2');
    const refused = clientWith(
      vi.fn<typeof fetch>(async () => errorAnswer('BAD_REQUEST', 'admin.exportTooLarge')),
      'tok-2',
    ).client;
    await expect(refused.request('GET', '/admin/users/export', { isFile: true })).rejects.toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
    });
  });

  it('sends no Authorization header without a session', async () => {
    const fetchFn = vi.fn<typeof fetch>(async () =>
      contractAnswer('miningConfig', { success: true, settings: buildSession().appSettings }),
    );
    const { client } = clientWith(fetchFn, null);
    await client.request('GET', '/mining/config');
    expect((fetchFn.mock.calls[0]![1]?.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('turns {success:false,message,code} into an ApiError with status, code and message', async () => {
    const fetchFn = vi.fn<typeof fetch>(async () => errorAnswer('MINING_ALREADY_ACTIVE', 'server.miningAlreadyActive'));
    const { client, onUnauthorized } = clientWith(fetchFn, 'tok');
    const error = await client.request('POST', '/mining/start').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'MINING_ALREADY_ACTIVE',
      message: 'A mining cycle is already running',
      serverMessage: 'A mining cycle is already running',
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('hands a 200 {success:false} to parse only for a call that says it is an answer', async () => {
    const noMatch = {
      success: false as const,
      canApply: true,
      referrer: null,
      reason: null,
      ...keyedMessage('referrals.noSuggestion'),
    };
    const { client } = clientWith(vi.fn<typeof fetch>(async () => contractAnswer('smartSuggestion', noMatch)));
    await expect(client.request('GET', '/referrals/smart-suggestion', { isUnsuccessfulAnswer: true })).resolves.toEqual(
      noMatch,
    );
    await expect(client.request('GET', '/referrals/smart-suggestion')).rejects.toMatchObject({ status: 400 });
    const failed = clientWith(vi.fn<typeof fetch>(async () => errorAnswer('NOT_FOUND', 'server.notFound')));
    await expect(failed.client.request('GET', '/nope', { isUnsuccessfulAnswer: true })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('falls back to a code from the status when the body is not the API error shape', () => {
    const error = toApiError(502, '<html>Bad gateway</html>');
    expect(error.code).toBe('UNKNOWN');
    expect(error.serverMessage).toBeNull();
    expect(error.message).toBe('Request failed with status 502');
    expect(toApiError(429, {}).code).toBe('RATE_LIMITED');
    expect(toApiError(400, { message: 'x', code: 'NOT_A_CODE' }).code).toBe('VALIDATION_FAILED');
  });

  it('reports a network failure as NETWORK_ERROR with status 0', async () => {
    const { client } = clientWith(vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(client.request('GET', '/user/verify-token')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    });
  });

  it('rejects a body that fails validation as INVALID_RESPONSE', async () => {
    // A server that broke the contract: /auth/me without the user.
    const { client } = clientWith(vi.fn<typeof fetch>(async () => offContractAnswer('authMe', 200, { success: true })));
    const parse = (data: unknown) => {
      if (!(data as { user?: unknown }).user) throw new Error('no user');
      return data;
    };
    await expect(client.request('GET', '/auth/me', { parse })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('calls onUnauthorized on a 401 and still throws the error', async () => {
    const { client, onUnauthorized } = clientWith(
      vi.fn<typeof fetch>(async () => errorAnswer('UNAUTHENTICATED', 'server.authRequired')),
      'tok',
    );
    await expect(client.request('GET', '/mining/status')).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
    });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('on any 401 the app client clears the stored session and goes to /login', async () => {
    sessionStore.set(buildSession());
    window.history.pushState(null, '', '/mining');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => errorAnswer('SESSION_EXPIRED', 'server.sessionExpired')),
    );

    await expect(api.request('GET', '/mining/status')).rejects.toBeInstanceOf(ApiError);

    expect(sessionStore.get()).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(window.location.pathname).toBe('/login');
  });

  it('keeps the session on errors other than 401', async () => {
    sessionStore.set(buildSession());
    window.history.pushState(null, '', '/mining');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => errorAnswer('FORBIDDEN', 'server.forbidden')),
    );

    await expect(api.request('GET', '/mining/status')).rejects.toMatchObject({ status: 403 });

    expect(sessionStore.get()).not.toBeNull();
    expect(window.location.pathname).toBe('/mining');
  });
});
