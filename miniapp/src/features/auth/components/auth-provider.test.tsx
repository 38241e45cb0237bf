import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keyedMessage } from '@ziver/shared';
import { PlatformProvider } from '@/lib/platform/platform-provider';
import { sessionStore } from '@/lib/session';
import { contractAnswer, errorAnswer } from '@/testing/contract-answer';
import { buildSession, buildUser } from '@/testing/factories';
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

function renderAuth({ telegramUsername = null }: { telegramUsername?: string | null } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const platform = telegramUsername ? 'telegram' : 'web';
  return render(
    <PlatformProvider initial={{ platform, telegramUsername, telegramLanguage: null, telegram: null }}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider sessionCheckDelayMs={10}>
          <Probe />
        </AuthProvider>
      </QueryClientProvider>
    </PlatformProvider>,
  );
}

/** The answer of GET /api/user/verify-token for a valid session. */
const verified = (user: ReturnType<typeof buildUser>) =>
  contractAnswer('verifyToken', { success: true, valid: true, user });

const authText = () => screen.getByTestId('auth').textContent;

/** The activity answer of POST /api/user/activity (DAILY_LOGIN). */
const activityAnswer = (credited: boolean, zp: number) =>
  contractAnswer('activity', {
    success: true,
    activityType: 'DAILY_LOGIN',
    credited,
    message: credited ? 'Daily login reward credited' : 'Daily login reward already received today',
    messageKey: credited ? 'economy.dailyLoginCredited' : 'economy.dailyLoginAlreadyCredited',
    params: {},
    day: '2025-01-05',
    reward: credited ? { zp: 5, seb: 1 } : null,
    user: buildUser({ zp_balance: zp }),
  });

/** Answers the session check with `verify`, and the per-session calls as the server would. */
function serve(verify: () => Response | Promise<Response>, activity = () => activityAnswer(false, 0)) {
  return vi.fn(async (url: string) => {
    if (url.endsWith('/user/activity')) return activity();
    if (url.endsWith('/user/heartbeat')) return contractAnswer('heartbeat', { success: true });
    if (url.endsWith('/auth/logout'))
      return contractAnswer('logout', { success: true, ...keyedMessage('server.loggedOut') });
    return verify();
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('auth provider', () => {
  it('inside Telegram, auto-saves the detected username once when the account has none', async () => {
    sessionStore.set(buildSession({ user: { telegram_username: null } }));
    const saved = buildUser({ telegram_username: 'detected_user' });
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
      if (url.endsWith('/user/telegram-auto-save'))
        return contractAnswer('telegramAutoSave', { success: true, saved: true, user: saved });
      if (url.endsWith('/user/activity')) return activityAnswer(false, 0);
      return verified(buildUser({ telegram_username: null }));
    });
    vi.stubGlobal('fetch', fetchMock);
    renderAuth({ telegramUsername: 'detected_user' });
    await waitFor(() => expect(sessionStore.get()?.user.telegram_username).toBe('detected_user'));
    const autoSaves = fetchMock.mock.calls.filter(([url]) => url.endsWith('/user/telegram-auto-save'));
    expect(autoSaves).toHaveLength(1);
    expect(JSON.parse(String(autoSaves[0]![1]?.body))).toEqual({ telegram_username: 'detected_user' });
  });

  it('does not auto-save when the account already has a Telegram username', async () => {
    sessionStore.set(buildSession({ user: { telegram_username: 'mine_already' } }));
    const fetchMock = serve(
      () => verified(buildUser({ telegram_username: 'mine_already' })),
      () => activityAnswer(false, 7),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAuth({ telegramUsername: 'detected_user' });
    // The daily-login answer applied: the session start that would auto-save has run.
    await waitFor(() => expect(authText()).toBe('signed_in|-|7'));
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/user/telegram-auto-save'))).toBe(false);
  });

  it('is signed out at once without a stored session, and checks nothing', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderAuth();
    expect(authText()).toBe('signed_out|-|-');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads, verifies the stored session and refreshes the user', async () => {
    sessionStore.set(buildSession({ user: { zp_balance: 1 } }));
    const fetchMock = serve(
      () => verified(buildUser({ zp_balance: 99 })),
      () => activityAnswer(false, 99),
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
      vi.fn(async () => errorAnswer('SESSION_EXPIRED', 'server.sessionExpired')),
    );
    renderAuth();
    await waitFor(() => expect(authText()).toBe('signed_out|invalid|-'));
    expect(sessionStore.get()).toBeNull();
  });

  it("tells a session the server ended for a suspended account ('suspended'), at start-up and while open", async () => {
    sessionStore.set(buildSession());
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => errorAnswer('SESSION_EXPIRED', 'identity.accountSuspended')),
    );
    const view = renderAuth();
    await waitFor(() => expect(authText()).toBe('signed_out|suspended|-'));
    expect(sessionStore.get()).toBeNull();
    view.unmount();

    // A later session that simply expires is 'invalid' again: the reason went with the next sign-in.
    sessionStore.set(buildSession());
    vi.stubGlobal(
      'fetch',
      serve(() => verified(buildUser())),
    );
    renderAuth();
    await waitFor(() => expect(authText()).toBe('signed_in|-|0'));
    act(() => sessionStore.clear());
    expect(authText()).toBe('signed_out|invalid|-');
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
      serve(() => verified(buildUser())),
    );
    renderAuth();
    await waitFor(() => expect(authText()).toBe('signed_in|-|0'));

    act(() => sessionStore.clear());

    expect(authText()).toBe('signed_out|invalid|-');
  });

  it('signs out on request: revokes the session, forgets it and opens /login', async () => {
    sessionStore.set(buildSession());
    window.history.pushState(null, '', '/mining');
    const fetchMock = serve(() => verified(buildUser()));
    vi.stubGlobal('fetch', fetchMock);
    renderAuth();
    await waitFor(() => expect(authText()).toBe('signed_in|-|0'));

    fireEvent.click(screen.getByText('sign out'));

    await waitFor(() => expect(authText()).toBe('signed_out|-|-'));
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
    expect(window.location.pathname).toBe('/login');
  });

  it('sends DAILY_LOGIN on session start and takes the credited balance', async () => {
    sessionStore.set(buildSession({ user: { zp_balance: 1 } }));
    const fetchMock = serve(
      () => verified(buildUser({ zp_balance: 1 })),
      () => activityAnswer(true, 6),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAuth();

    await waitFor(() => expect(authText()).toBe('signed_in|-|6'));
    const activityCall = fetchMock.mock.calls.find(([url]) => url === '/api/user/activity') as unknown as
      [string, RequestInit] | undefined;
    expect(activityCall?.[1].method).toBe('POST');
    expect(JSON.parse(activityCall?.[1].body as string)).toEqual({ activityType: 'DAILY_LOGIN' });
  });

  it('stays signed in when DAILY_LOGIN fails', async () => {
    sessionStore.set(buildSession({ user: { zp_balance: 3 } }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      serve(
        () => verified(buildUser({ zp_balance: 3 })),
        () => errorAnswer('INTERNAL', 'server.internal'),
      ),
    );
    renderAuth();
    await waitFor(() => expect(authText()).toBe('signed_in|-|3'));
    // The failure has been handled (logged): the user is still signed in after it.
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Daily login activity failed', expect.anything()));
    await act(async () => undefined);
    expect(authText()).toBe('signed_in|-|3');
  });

  it('sends a heartbeat every 60 s while signed in, and none after signing out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      sessionStore.set(buildSession());
      const fetchMock = serve(() => verified(buildUser()));
      vi.stubGlobal('fetch', fetchMock);
      renderAuth();
      await waitFor(() => expect(authText()).toBe('signed_in|-|0'));
      const heartbeats = () => fetchMock.mock.calls.filter(([url]) => url === '/api/user/heartbeat').length;
      expect(heartbeats()).toBe(0);

      await act(async () => vi.advanceTimersByTimeAsync(60_000));
      expect(heartbeats()).toBe(1);
      await act(async () => vi.advanceTimersByTimeAsync(60_000));
      expect(heartbeats()).toBe(2);

      act(() => sessionStore.clear());
      await act(async () => vi.advanceTimersByTimeAsync(120_000));
      expect(heartbeats()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
