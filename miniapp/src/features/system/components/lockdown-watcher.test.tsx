import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@ziver/shared/core';
import { lockdownSignal } from '@/lib/lockdown-signal';
import { contractAnswer, errorAnswer } from '@/testing/contract-answer';
import { useSystemStatus } from '../api/get-system-status';
import { LockdownWatcher } from './lockdown-watcher';

const statusAnswer = (lockdownMode: boolean) =>
  contractAnswer('systemStatus', {
    success: true,
    lockdownMode,
    supportEmail: 'help@ziver.io',
    estimate: '30-60 minutes',
  });

/** Shows the status the watcher's query holds: once it shows an answer, the watcher has rendered it too. */
function StatusProbe() {
  const { data } = useSystemStatus();
  return <output data-testid="status-probe">{data ? String(data.lockdownMode) : ''}</output>;
}

/** Waits until the status query holds `lockdownMode` and the effects of that render have run. */
async function statusRendered(lockdownMode: boolean) {
  await waitFor(() => expect(screen.getByTestId('status-probe').textContent).toBe(String(lockdownMode)));
  await act(async () => undefined);
}

function stubStatus(lockdownMode: boolean) {
  const fetchMock = vi.fn(async () => statusAnswer(lockdownMode));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderWatcher(path: string, role: Role | null, auth: 'signed_in' | 'signed_out' = 'signed_in') {
  window.history.replaceState(null, '', path);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return render(
    <>
      <LockdownWatcher auth={auth} role={role} />
      <StatusProbe />
    </>,
    { wrapper },
  );
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
    await statusRendered(true);
    expect(fetchMock).toHaveBeenCalled();
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
    await statusRendered(false);
    expect(window.location.pathname).toBe('/mining');
    const refetch = vi.fn(async () => statusAnswer(true));
    vi.stubGlobal('fetch', refetch);

    act(() => lockdownSignal.emit());

    expect(window.location.pathname).toBe('/lockdown');
    // The status asked again after the refusal says lockdown too: the user stays.
    await statusRendered(true);
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(window.location.pathname).toBe('/lockdown');
  });

  it('only logs a failed status check and moves no one', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => errorAnswer('INTERNAL', 'server.internal')),
    );
    renderWatcher('/history', 'USER');
    await waitFor(() => expect(warn).toHaveBeenCalledWith('System status check failed', expect.anything()));
    expect(window.location.pathname).toBe('/history');
  });
});
