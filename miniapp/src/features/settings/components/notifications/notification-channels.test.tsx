import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Platform } from '@/lib/platform/detect-platform';
import { PlatformProvider } from '@/lib/platform/platform-provider';
import { sessionStore } from '@/lib/session';
import { ThemeProvider } from '@/lib/theme/theme-provider';
import { contractAnswer, errorAnswer } from '@/testing/contract-answer';
import { buildSession } from '@/testing/factories';
import settingsEn from '../../locales/en';
import { NotificationChannels } from './notification-channels';

const TEXTS = settingsEn.notifications.channels;
const SETTINGS = { email: true, push: true, marketing: false, security: true, hideFromBoards: false };

type Channels = {
  email: { available: boolean; hasAddress: boolean };
  push: { available: boolean; devices: number; thisDevice: boolean };
  telegram: { available: boolean; connected: boolean; blocked: boolean };
};

function renderChannels(platform: Platform, channels: Channels) {
  sessionStore.set(buildSession());
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.includes('/settings/notifications/channels')
        ? contractAnswer('notificationChannels', { success: true, channels })
        : errorAnswer('NOT_FOUND', 'server.notFound'),
    ),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <PlatformProvider initial={{ platform, telegramUsername: null, telegramLanguage: null, telegram: null }}>
        <ThemeProvider>
          <NotificationChannels settings={SETTINGS} onPushError={() => undefined} />
        </ThemeProvider>
      </PlatformProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('NotificationChannels: nothing says On for a channel that cannot deliver', () => {
  it('inside Telegram browser push is not offered: the bot message is the channel', async () => {
    renderChannels('telegram', {
      email: { available: true, hasAddress: false },
      push: { available: true, devices: 0, thisDevice: false },
      telegram: { available: true, connected: true, blocked: false },
    });
    expect((await screen.findByTestId('channel-push')).textContent).toBe(TEXTS.viaTelegram);
    expect(screen.getByTestId('channel-push').dataset.on).toBe('false');
    expect(screen.getByTestId('channel-push-state').textContent).toBe(TEXTS.pushTelegram);
    expect(screen.queryByTestId('push-device-on')).toBeNull();
    expect(screen.getByTestId('channel-telegram').textContent).toBe(TEXTS.connected);
    expect(screen.getByTestId('channel-email').textContent).toBe(TEXTS.noAddress);
    expect(screen.getByTestId('channel-email-add')).toBeTruthy();
  });

  it('on a server without mail, push or a bot: every channel but in-app says so, none is on', async () => {
    renderChannels('web', {
      email: { available: false, hasAddress: true },
      push: { available: false, devices: 0, thisDevice: false },
      telegram: { available: false, connected: false, blocked: false },
    });
    expect((await screen.findByTestId('channel-email')).textContent).toBe(TEXTS.unavailable);
    for (const id of ['email', 'push', 'telegram']) {
      expect(screen.getByTestId(`channel-${id}`).dataset.on, id).toBe('false');
    }
    expect(screen.getByTestId('channel-push-state').textContent).toBe(TEXTS.pushUnavailable);
    expect(screen.getByTestId('channel-telegram-state').textContent).toBe(TEXTS.telegramUnavailable);
    expect(screen.queryByTestId('push-device-on')).toBeNull();
  });

  it('an account not linked to Telegram is told so, with the way to connect', async () => {
    renderChannels('web', {
      email: { available: true, hasAddress: true },
      push: { available: true, devices: 0, thisDevice: false },
      telegram: { available: true, connected: false, blocked: false },
    });
    expect((await screen.findByTestId('channel-telegram')).textContent).toBe(TEXTS.notConnected);
    expect(screen.getByTestId('channel-telegram-connect').getAttribute('href')).toBe('/referrals');
  });
});
