import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keyedMessage, SERVER_MESSAGES, type Theme } from '@ziver/shared';
import { PlatformProvider } from '@/lib/platform/platform-provider';
import { sessionStore } from '@/lib/session';
import { ThemeProvider } from '@/lib/theme/theme-provider';
import { contractAnswer, errorAnswer } from '@/testing/contract-answer';
import { buildSession } from '@/testing/factories';
import { AppearancePage } from './appearance/appearance-page';
import { ServerAppearanceSync } from './server-appearance-sync';
import { getDisplay, setDisplay, DEFAULT_DISPLAY } from '@/lib/display/display';
import { NotificationsPage } from './notifications/notifications-page';

function renderWithProviders(children: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <PlatformProvider initial={{ platform: 'web', telegramUsername: null, telegramLanguage: null, telegram: null }}>
        <ThemeProvider>{children}</ThemeProvider>
      </PlatformProvider>
    </QueryClientProvider>,
  );
}

const NOTIFICATIONS = { email: true, push: true, marketing: false, security: true, hideFromBoards: false };

/**
 * A server for the settings calls; `failWrites` makes every PUT fail. With `holdWrites`, a PUT
 * answers only when `release()` is called, so the screen can be seen before the answer.
 */
function settingsServer({ failWrites, holdWrites = false }: { failWrites: boolean; holdWrites?: boolean }) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'PUT') {
      if (holdWrites) await held;
      if (failWrites) return errorAnswer('DATABASE_UNAVAILABLE', 'server.databaseUnavailable');
      const body = JSON.parse(init.body as string) as Record<string, unknown>;
      if (url.endsWith('/settings/notifications')) {
        return contractAnswer('updateNotifications', {
          success: true,
          ...keyedMessage('settings.notificationsUpdated'),
          settings: { ...NOTIFICATIONS, ...body },
        });
      }
      return contractAnswer('updateTheme', {
        success: true,
        ...keyedMessage('settings.themeUpdated'),
        settings: {
          theme: { value: body.theme as Theme },
          language: { value: 'en' },
          display: { reducedMotion: false, highContrast: false, largeText: false },
        },
      });
    }
    if (url.endsWith('/settings/notifications')) {
      return contractAnswer('notifications', { success: true, settings: NOTIFICATIONS });
    }
    if (url.includes('/settings/notifications/channels')) {
      return contractAnswer('notificationChannels', {
        success: true,
        channels: {
          email: { available: true, hasAddress: true },
          push: { available: true, devices: 0, thisDevice: false },
          telegram: { available: false, connected: false, blocked: false },
        },
      });
    }
    return errorAnswer('NOT_FOUND', 'server.notFound');
  });
  return Object.assign(fetchMock, { release: () => release() });
}

const switchOf = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('notification toggles (optimistic, spec §4)', () => {
  it('shows the new value at once and confirms it', async () => {
    sessionStore.set(buildSession());
    const server = settingsServer({ failWrites: false, holdWrites: true });
    vi.stubGlobal('fetch', server);
    renderWithProviders(<NotificationsPage />);
    await waitFor(() => expect(switchOf('notify-marketing').checked).toBe(false));

    fireEvent.click(switchOf('notify-marketing'));
    await waitFor(() => expect(switchOf('notify-marketing').checked).toBe(true));
    expect(screen.queryByTestId('notifications-message')).toBeNull();
    server.release();
    expect((await screen.findByTestId('notifications-message')).textContent).toBe('Notification preferences updated');
    expect(switchOf('notify-marketing').checked).toBe(true);
  });

  it('goes back to the previous value when the server refuses, and says why', async () => {
    sessionStore.set(buildSession());
    const server = settingsServer({ failWrites: true, holdWrites: true });
    vi.stubGlobal('fetch', server);
    renderWithProviders(<NotificationsPage />);
    await waitFor(() => expect(switchOf('notify-email').checked).toBe(true));
    // Mail is on on this server and the account has an address: the channel follows the toggle.
    expect((await screen.findByTestId('channel-email')).dataset.on).toBe('true');

    fireEvent.click(switchOf('notify-email'));
    await waitFor(() => expect(switchOf('notify-email').checked).toBe(false));
    expect(screen.getByTestId('channel-email').dataset.on).toBe('false');
    server.release();

    expect((await screen.findByTestId('notifications-message')).textContent).toBe(SERVER_MESSAGES.databaseUnavailable);
    expect(switchOf('notify-email').checked).toBe(true);
    expect(screen.getByTestId('channel-email').dataset.on).toBe('true');
  });
});

describe('theme cards (optimistic, spec §4)', () => {
  it("applies a theme at once and says 'Theme updated successfully'", async () => {
    sessionStore.set(buildSession());
    vi.stubGlobal('fetch', settingsServer({ failWrites: false }));
    renderWithProviders(<AppearancePage />);
    fireEvent.click(screen.getByTestId('theme-option-light'));
    expect(document.documentElement.dataset.theme).toBe('light');
    expect((await screen.findByTestId('theme-message')).textContent).toBe('Theme updated successfully');
    expect(window.localStorage.getItem('ziver-theme')).toBe('light');
  });

  it('reverts the theme when the server refuses', async () => {
    sessionStore.set(buildSession());
    const fetchMock = settingsServer({ failWrites: true });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<AppearancePage />);
    expect(document.documentElement.dataset.theme).toBe('dark');

    fireEvent.click(screen.getByTestId('theme-option-light'));
    expect(document.documentElement.dataset.theme).toBe('light');

    expect((await screen.findByTestId('theme-message')).textContent).toBe(SERVER_MESSAGES.databaseUnavailable);
    // The document follows in an effect, which may run a frame after the message's commit.
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
    expect(window.localStorage.getItem('ziver-theme')).toBe('dark');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/settings/appearance/theme',
      expect.objectContaining({ method: 'PUT' }),
    );
  });

  it('keeps a signed-out choice local, without calling the server', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<AppearancePage />);
    fireEvent.click(screen.getByTestId('theme-option-auto'));
    expect(window.localStorage.getItem('ziver-theme')).toBe('auto');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('a change made while the appearance is still being read', () => {
  it("keeps the user's change: the read asked before it does not undo it", async () => {
    const session = buildSession();
    sessionStore.set(session);
    setDisplay(DEFAULT_DISPLAY);
    let answerFirstRead: () => void = () => undefined;
    const firstReadHeld = new Promise<void>((resolve) => (answerFirstRead = resolve));
    // The server's copy: each read answers with what it held when asked; the first read is slow.
    let held = { reducedMotion: false, highContrast: false, largeText: false };
    let firstRead: AbortSignal | undefined;
    const answer = (display: typeof held) => ({
      theme: { value: 'dark' as const },
      language: { value: 'en' as const },
      display,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.endsWith('/settings/appearance/display') && init?.method === 'PUT') {
          held = { ...held, ...(JSON.parse(init.body as string) as Partial<typeof held>) };
          return contractAnswer('updateDisplay', {
            success: true,
            ...keyedMessage('settings.displayUpdated'),
            settings: answer(held),
          });
        }
        if (url.endsWith('/settings/appearance')) {
          const asked = held;
          if (!firstRead) {
            firstRead = init?.signal ?? undefined;
            await firstReadHeld;
          }
          return contractAnswer('appearance', { success: true, settings: answer(asked) });
        }
        return errorAnswer('NOT_FOUND', 'server.notFound');
      }),
    );
    renderWithProviders(
      <>
        <ServerAppearanceSync userId={session.user.id} />
        <AppearancePage />
      </>,
    );
    await waitFor(() => expect(firstRead).toBeDefined());
    fireEvent.click(switchOf('display-reducedMotion'));
    expect(await screen.findByTestId('display-message')).toBeTruthy();
    // The read under way is dropped; its late answer changes nothing.
    await waitFor(() => expect(firstRead?.aborted).toBe(true));
    answerFirstRead();
    await act(async () => undefined);
    expect(getDisplay().reducedMotion).toBe(true);
    expect(switchOf('display-reducedMotion').checked).toBe(true);
    setDisplay(DEFAULT_DISPLAY);
  });
});
