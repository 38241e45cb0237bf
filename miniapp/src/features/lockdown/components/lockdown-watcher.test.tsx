import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@ziver/shared/core';
import { lockdownSignal } from '@/lib/lockdown-signal';
import { jsonResponse } from '@/testing/factories';
import { LockdownWatcher } from './lockdown-watcher';

function stubStatus(lockdownMode: boolean) {
  const fetchMock = vi.fn(async () =>
    jsonResponse(200, { success: true, lockdownMode, supportEmail: 'help@ziver.io', estimate: '30-60 minutes' }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderWatcher(path: string, role: Role | null, auth: 'signed_in' | 'signed_out' = 'signed_in') {
  window.history.replaceState(null, '', path);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return render(<LockdownWatcher auth={auth} role={role} />, { wrapper });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('lockdown watcher', () => {
  it('moves a signed-in user to /lockdown (replacing the entry) when the status says lockdown', async () => {
    const fetchMock = stubStatus(true);
    const lengthBefore = window.history.length;
    renderWatcher('/history', 'USER');
    await waitFor(() => expect(window.location.pathname).toBe('/lockdown'));
    expect(window.history.length).toBe(lengthBefore);
    expect(fetchMock).toHaveBeenCalledWith('/api/system/status', expect.objectContaining({ method: 'GET' }));
  });

  it('leaves an ADMIN where they are', async () => {
    const fetchMock = stubStatus(true);
    renderWatcher('/history', 'ADMIN');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(window.location.pathname).toBe('/history');
  });

  it('sends the user home from /lockdown once maintenance is over', async () => {
    stubStatus(false);
    renderWatcher('/lockdown', 'USER');
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });

  it('goes to /lockdown at once when an API call is refused for lockdown', async () => {
    stubStatus(false);
    renderWatcher('/mining', 'USER');
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(window.location.pathname).toBe('/mining');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(200, {
          success: true,
          lockdownMode: true,
          supportEmail: 'help@ziver.io',
          estimate: '30-60 minutes',
        }),
      ),
    );

    act(() => lockdownSignal.emit());

    expect(window.location.pathname).toBe('/lockdown');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(window.location.pathname).toBe('/lockdown');
  });

  it('only logs a failed status check and moves no one', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(500, { success: false, message: 'down', code: 'INTERNAL' })),
    );
    renderWatcher('/history', 'USER');
    await waitFor(() => expect(warn).toHaveBeenCalledWith('System status check failed', expect.anything()));
    expect(window.location.pathname).toBe('/history');
  });
});
