import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { buildSession, buildUser, jsonResponse } from '@/testing/factories';
import { AuthProvider, useAuth } from './auth-provider';

function Probe() {
  const { status, error, user, signOut } = useAuth();
  return (
    <>
      <output data-testid="auth">{`${status}|${error ?? '-'}|${user?.zp_balance ?? '-'}`}</output>
      <button type="button" onClick={() => void signOut()}>
        sign out
      </button>
    </>
  );
}

function renderAuth() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider sessionCheckDelayMs={10}>
        <Probe />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

const authText = () => screen.getByTestId('auth').textContent;

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('auth provider', () => {
  it('is signed out at once without a stored session, and checks nothing', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderAuth();
    expect(authText()).toBe('signed_out|-|-');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads, verifies the stored session and refreshes the user', async () => {
    sessionStore.set(buildSession({ user: { zp_balance: 1 } }));
    const fetchMock = vi.fn(async () =>
      jsonResponse(200, { success: true, valid: true, user: buildUser({ zp_balance: 99 }) }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAuth();
    expect(authText()).toBe('loading|-|1');

    await waitFor(() => expect(authText()).toBe('signed_in|-|99'));
    expect(fetchMock).toHaveBeenCalledWith('/api/user/verify-token', expect.anything());
    expect(sessionStore.getToken()).toBe('token-abc');
  });

  it("clears an invalid session with the error 'invalid'", async () => {
    sessionStore.set(buildSession());
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(401, { success: false, message: 'expired', code: 'SESSION_EXPIRED' })),
    );
    renderAuth();
    await waitFor(() => expect(authText()).toBe('signed_out|invalid|-'));
    expect(sessionStore.get()).toBeNull();
  });

  it("keeps the stored session when the check cannot reach the server ('network')", async () => {
    sessionStore.set(buildSession({ user: { zp_balance: 5 } }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    renderAuth();
    await waitFor(() => expect(authText()).toBe('signed_in|network|5'));
    expect(sessionStore.get()).not.toBeNull();
  });

  it("treats a session dropped by a 401 elsewhere as 'invalid'", async () => {
    sessionStore.set(buildSession());
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { success: true, valid: true, user: buildUser() })),
    );
    renderAuth();
    await waitFor(() => expect(authText()).toBe('signed_in|-|0'));

    act(() => sessionStore.clear());

    expect(authText()).toBe('signed_out|invalid|-');
  });

  it('signs out on request: revokes the session, forgets it and opens /login', async () => {
    sessionStore.set(buildSession());
    window.history.pushState(null, '', '/mining');
    const fetchMock = vi.fn(async (url: string) =>
      url.endsWith('/auth/logout')
        ? jsonResponse(200, { success: true, message: 'Logged out' })
        : jsonResponse(200, { success: true, valid: true, user: buildUser() }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAuth();
    await waitFor(() => expect(authText()).toBe('signed_in|-|0'));

    fireEvent.click(screen.getByText('sign out'));

    await waitFor(() => expect(authText()).toBe('signed_out|-|-'));
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
    expect(window.location.pathname).toBe('/login');
  });
});
