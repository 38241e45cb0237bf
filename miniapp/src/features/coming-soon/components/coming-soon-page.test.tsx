import { AppRoot } from '@telegram-apps/telegram-ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { contractAnswer } from '@/testing/contract-answer';
import { buildSession } from '@/testing/factories';
import { ComingSoonPage } from './coming-soon-page';

/** GET /api/system/launch-text answers `text` (null: no operator text), as the server would. */
function stubLaunchText(text: string | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => contractAnswer('launchText', { success: true, text })),
  );
}

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AppRoot>
        <ComingSoonPage feature="wallet">
          <p>wallet preview</p>
        </ComingSoonPage>
      </AppRoot>
    </QueryClientProvider>,
  );

beforeEach(() => stubLaunchText(null));
afterEach(() => {
  sessionStore.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the launch line (issue 38, item 15)', () => {
  it("says the spec's Q4 2025 while that is ahead", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-11-20T12:00:00Z'));
    sessionStore.set(buildSession({ user: { role: 'USER' } }));
    renderPage();
    expect(await screen.findByText('Launching Q4 2025')).toBeTruthy();
  });

  it('says a neutral Coming soon once the date has passed, never a date gone by', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:01Z'));
    sessionStore.set(buildSession({ user: { role: 'USER' } }));
    renderPage();
    expect(await screen.findByTestId('coming-soon-launch')).toHaveProperty('textContent', 'Coming soon');
    expect(screen.getByText('Wallet is on its way. We are building it with care.')).toBeTruthy();
    expect(screen.queryByText(/2025/)).toBeNull();
  });

  it("shows the operator's text when one is set", async () => {
    stubLaunchText('Launching in spring');
    sessionStore.set(buildSession({ user: { role: 'USER' } }));
    renderPage();
    expect(await screen.findByText('Launching in spring')).toBeTruthy();
    expect(screen.queryByText(/2025/)).toBeNull();
  });
});

describe('coming-soon page', () => {
  it('shows Coming Soon with no bypass to ordinary users', () => {
    sessionStore.set(buildSession({ user: { role: 'USER' } }));
    renderPage();
    expect(screen.getByText('Coming Soon')).toBeTruthy();
    expect(screen.queryByTestId('admin-bypass')).toBeNull();
  });

  it.each(['ADMIN', 'TESTER'] as const)('lets %s show the content, remembered per feature', (role) => {
    sessionStore.set(buildSession({ user: { role } }));
    const { unmount } = renderPage();
    fireEvent.click(screen.getByTestId('admin-bypass'));
    expect(screen.getByText('wallet preview')).toBeTruthy();
    expect(window.localStorage.getItem('ziver-admin-bypass:wallet')).toBe('true');
    expect(window.localStorage.getItem('ziver-admin-bypass:marketplace')).toBeNull();

    unmount();
    renderPage();
    expect(screen.getByText('wallet preview')).toBeTruthy();
  });
});
