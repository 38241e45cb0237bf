import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AppRoot } from '@telegram-apps/telegram-ui';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keyedMessage, TELEGRAM_MESSAGES, type ReferralEntry } from '@ziver/shared';
import { PlatformProvider } from '@/lib/platform/platform-provider';
import { sessionStore } from '@/lib/session';
import { contractAnswer, errorAnswer, gatewayAnswer } from '@/testing/contract-answer';
import { buildSession, buildUser } from '@/testing/factories';
import { useSmartSuggestion } from '../api/get-smart-suggestion';
import { ReferralsScreen } from './referrals-screen';

function buildReferral(overrides: Partial<ReferralEntry> = {}): ReferralEntry {
  return {
    // The referred user's id (docs/spec.md §7: the row describes the friend), what DELETE takes.
    id: 'user-bilal',
    username: 'bilal',
    avatar_url: null,
    created_at: '2025-01-05T10:00:00.000Z',
    mining_session_start_time: null,
    daily_streak_count: 2,
    last_seen: null,
    isMining: true,
    rewardPaid: true,
    ...overrides,
  };
}

const NOT_FOUND = (method: string, path: string) =>
  errorAnswer('NOT_FOUND', 'server.noRoute', { params: { method, path } });

type Handler = (url: URL, init: RequestInit) => Response | undefined;

function stubApi(handler: Handler = () => undefined, referrals: ReferralEntry[] = [buildReferral()]) {
  const calls: { path: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const method = init.method ?? 'GET';
      calls.push({ path: url.pathname, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const handled = handler(url, init);
      if (handled) return handled;
      switch (url.pathname) {
        case '/api/referrals':
          return contractAnswer('referrals', {
            success: true,
            referralCode: 'AMINA1',
            referralCount: referrals.length,
            totalEarnings: 150,
            maxReferrals: 50,
            referrals,
          });
        case '/api/referrals/leaderboard':
          return contractAnswer('leaderboard', {
            success: true,
            leaderboard: [{ rank: 1, username: 'amina', referralCount: 1, isMe: true }],
            me: { rank: 1, referralCount: 1 },
          });
        case '/api/auth/config':
          return contractAnswer('authConfig', {
            success: true,
            googleClientId: null,
            telegramBotUsername: null,
            supportEmail: null,
          });
        default:
          return NOT_FOUND(method, url.pathname);
      }
    }),
  );
  return calls;
}

/** Shows whether the smart suggestion has been answered: once it has, the invited card has seen it too. */
function SuggestionProbe() {
  const { isFetched } = useSmartSuggestion(true);
  return <output data-testid="suggestion-probe">{isFetched ? 'answered' : ''}</output>;
}

function renderScreen(user: Parameters<typeof buildSession>[0] = {}, probe: ReactNode = null) {
  sessionStore.set(buildSession(user));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <PlatformProvider initial={{ platform: 'web', telegramUsername: null, telegramLanguage: null, telegram: null }}>
        <AppRoot appearance="dark">{children}</AppRoot>
      </PlatformProvider>
    </QueryClientProvider>
  );
  return render(
    <>
      <ReferralsScreen />
      {probe}
    </>,
    { wrapper },
  );
}

const connectCard = () => screen.getByTestId('telegram-connect-card');

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('referrals screen', () => {
  it('shows the link, the count out of 50 and the list', async () => {
    stubApi();
    renderScreen();
    await waitFor(() =>
      expect(screen.getByTestId('referral-link').textContent).toBe(`${window.location.origin}/register?ref=AMINA1`),
    );
    expect(screen.getByTestId('referral-count').textContent).toBe('1');
    expect(screen.getByTestId('referral-progress-text').textContent).toBe('1 / 50');
    // The bar's tooltip and values say the same as its label, not telegram-ui's "2 / 100".
    const bar = screen.getByTestId('referral-progress');
    expect([bar.title, bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemax')]).toEqual([
      '1 / 50',
      '1',
      '50',
    ]);
    const item = within(screen.getByTestId('referral-list')).getByTestId('referral-item');
    expect(item.textContent).toContain('bilal');
    expect(within(item).getByTestId('referral-mining').textContent).toBe('Mining');
    expect(within(item).getByTestId('referral-reward').textContent).toBe('+150 ZP paid');
  });

  it('copies the link', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    stubApi();
    renderScreen();
    await screen.findByTestId('referral-list');
    fireEvent.click(screen.getByTestId('referral-copy'));
    expect((await screen.findByTestId('referral-copy-result')).textContent).toBe('Copied to clipboard!');
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/register?ref=AMINA1`);
  });

  it('removes a referral after a confirmation naming the bonus and the reward', async () => {
    const calls = stubApi((url, init) =>
      init.method === 'DELETE' && url.pathname === '/api/referrals/user-bilal'
        ? contractAnswer('removeReferral', {
            success: true,
            ...keyedMessage('referrals.removed'),
            reversal: { bonus: { requested: 100, reversed: 100 }, reward: { requested: 150, reversed: 150 } },
          })
        : undefined,
    );
    renderScreen();
    fireEvent.click(await screen.findByTestId('referral-remove'));
    const dialog = await screen.findByTestId('referral-remove-dialog');
    expect(dialog.textContent).toContain(
      'The 100 ZP bonus bilal received and your 150 ZP referral reward will be removed.',
    );
    fireEvent.click(within(dialog).getByTestId('confirm-yes'));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
  });

  it("says 'Failed to remove referral' when removal fails without a message", async () => {
    stubApi((url, init) => (init.method === 'DELETE' ? gatewayAnswer(502) : undefined));
    renderScreen();
    fireEvent.click(await screen.findByTestId('referral-remove'));
    fireEvent.click(within(await screen.findByTestId('referral-remove-dialog')).getByTestId('confirm-yes'));
    expect(await screen.findByText('Failed to remove referral')).toBeTruthy();
  });

  it('shows the empty state without referrals', async () => {
    stubApi(undefined, []);
    renderScreen();
    expect((await screen.findByTestId('referral-empty')).textContent).toContain('No referrals yet');
  });

  it('says the data could not load', async () => {
    stubApi((url) => (url.pathname === '/api/referrals' ? errorAnswer('INTERNAL', 'server.internal') : undefined));
    renderScreen();
    expect((await screen.findByTestId('referrals-load-error')).textContent).toContain(
      'Failed to load referral data. Please try again.',
    );
  });
});

describe('Telegram connect card', () => {
  it('is unavailable while the server has no connection route', async () => {
    stubApi();
    renderScreen();
    await waitFor(() => expect(connectCard().getAttribute('data-state')).toBe('unavailable'));
    expect(connectCard().textContent).toContain('Telegram connection is not available yet');
  });

  it('validates the code, then verifies it', async () => {
    const calls = stubApi((url) => {
      if (url.pathname === '/api/telegram/connection-status') {
        return contractAnswer('telegramConnectionStatus', {
          success: true,
          hasTelegram: false,
          telegram_username: null,
          botUsername: 'ZiverBot',
          miniAppShortName: null,
        });
      }
      if (url.pathname === '/api/telegram/verify-connection') {
        return errorAnswer('BAD_REQUEST', 'telegram.codeInvalid');
      }
      return undefined;
    });
    renderScreen();
    await waitFor(() => expect(connectCard().getAttribute('data-state')).toBe('not_connected'));
    expect(screen.getByTestId('telegram-open-bot').textContent).toBe('Open @ZiverBot');
    expect(screen.getByTestId('referral-telegram-link').textContent).toBe('https://t.me/ZiverBot?start=AMINA1');

    fireEvent.click(screen.getByTestId('telegram-verify'));
    expect((await screen.findByTestId('telegram-code-error')).textContent).toBe('Please enter the connection code');

    fireEvent.input(screen.getByTestId('telegram-code-input'), { target: { value: '12a3' } });
    expect((screen.getByTestId('telegram-code-input') as HTMLInputElement).value).toBe('123');
    // The same code kept ('123' again): the letter must still leave the field.
    fireEvent.input(screen.getByTestId('telegram-code-input'), { target: { value: '123x' } });
    expect((screen.getByTestId('telegram-code-input') as HTMLInputElement).value).toBe('123');
    fireEvent.click(screen.getByTestId('telegram-verify'));
    expect((await screen.findByTestId('telegram-code-error')).textContent).toBe('The connection code is 6 digits');

    fireEvent.input(screen.getByTestId('telegram-code-input'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('telegram-verify'));
    expect((await screen.findByTestId('telegram-code-error')).textContent).toBe(TELEGRAM_MESSAGES.codeInvalid);
    expect(calls.find((call) => call.path === '/api/telegram/verify-connection')?.body).toEqual({
      connectionCode: '123456',
    });
  });

  it('falls back to the spec message when verification fails without one', async () => {
    stubApi((url) => {
      if (url.pathname === '/api/telegram/connection-status') {
        return contractAnswer('telegramConnectionStatus', {
          success: true,
          hasTelegram: false,
          telegram_username: null,
          botUsername: null,
          miniAppShortName: null,
        });
      }
      if (url.pathname === '/api/telegram/verify-connection') return gatewayAnswer(502);
      return undefined;
    });
    renderScreen();
    await waitFor(() => expect(connectCard().getAttribute('data-state')).toBe('not_connected'));
    fireEvent.input(screen.getByTestId('telegram-code-input'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('telegram-verify'));
    expect((await screen.findByTestId('telegram-code-error')).textContent).toBe('Failed to verify connection code');
  });

  it('shows the connected account and disconnects after a confirmation', async () => {
    let isLinked = true;
    const calls = stubApi((url) => {
      if (url.pathname === '/api/telegram/connection-status') {
        return contractAnswer('telegramConnectionStatus', {
          success: true,
          hasTelegram: isLinked,
          telegram_username: isLinked ? 'amina_tg' : null,
          botUsername: 'ZiverBot',
          miniAppShortName: null,
        });
      }
      if (url.pathname === '/api/telegram/disconnect') {
        isLinked = false;
        return contractAnswer('telegramDisconnect', {
          success: true,
          ...keyedMessage('telegram.disconnected'),
          user: buildUser(),
        });
      }
      return undefined;
    });
    renderScreen();
    await waitFor(() => expect(connectCard().getAttribute('data-state')).toBe('connected'));
    expect(screen.getByTestId('telegram-username').textContent).toBe('Connected as @amina_tg');

    fireEvent.click(screen.getByTestId('telegram-disconnect'));
    fireEvent.click(within(await screen.findByTestId('telegram-disconnect-dialog')).getByTestId('confirm-yes'));
    await waitFor(() => expect(connectCard().getAttribute('data-state')).toBe('not_connected'));
    expect(calls.some((call) => call.path === '/api/telegram/disconnect' && call.method === 'POST')).toBe(true);
  });
});

describe('were you invited', () => {
  const recentUser = { user: { created_at: new Date().toISOString() } };

  it('is hidden for someone who cannot take a referrer (canApply false)', async () => {
    stubApi((url) =>
      url.pathname === '/api/referrals/smart-suggestion'
        ? contractAnswer('smartSuggestion', {
            success: false,
            canApply: false,
            referrer: null,
            reason: null,
            message: 'You already have a referrer',
            messageKey: 'referrals.alreadyReferred',
            params: {},
          })
        : undefined,
    );
    renderScreen(recentUser, <SuggestionProbe />);
    await screen.findByTestId('referral-list');
    await waitFor(() => expect(screen.getByTestId('suggestion-probe').textContent).toBe('answered'));
    await act(async () => undefined);
    expect(screen.queryByTestId('invited-card')).toBeNull();
  });

  it('looks the code up, then applies it', async () => {
    const calls = stubApi((url) => {
      if (url.pathname === '/api/referrals/smart-suggestion') {
        return contractAnswer('smartSuggestion', {
          success: false,
          canApply: true,
          referrer: null,
          reason: null,
          message: 'No community match is available right now',
          messageKey: 'referrals.noSuggestion',
          params: {},
        });
      }
      if (url.pathname === '/api/referrals/referrer-info/NOPE') {
        return errorAnswer('NOT_FOUND', 'referrals.invalidCode');
      }
      if (url.pathname === '/api/referrals/referrer-info/BILAL1') {
        return contractAnswer('referrerInfo', {
          success: true,
          isValid: true,
          referrer: { username: 'bilal', referral_code: 'BILAL1', referralCount: 3 },
        });
      }
      return undefined;
    });
    renderScreen(recentUser);
    const card = await screen.findByTestId('invited-card');

    fireEvent.click(within(card).getByTestId('invited-find-community'));
    expect((await within(card).findByTestId('invited-suggestion-error')).textContent).toBe(
      'Unable to find community match at this time',
    );

    fireEvent.input(within(card).getByTestId('invited-code-input'), { target: { value: 'nope' } });
    await waitFor(() =>
      expect(within(card).getByTestId('invited-code-status').getAttribute('data-state')).toBe('invalid'),
    );
    expect(within(card).getByTestId('invited-code-status').textContent).toBe('Invalid referral code');

    fireEvent.input(within(card).getByTestId('invited-code-input'), { target: { value: 'nope!' } });
    expect((within(card).getByTestId('invited-code-input') as HTMLInputElement).value).toBe('NOPE');
    fireEvent.input(within(card).getByTestId('invited-code-input'), { target: { value: 'bilal1' } });
    expect(within(card).getByTestId('invited-code-status').getAttribute('data-state')).toBe('checking');
    await waitFor(() =>
      expect(within(card).getByTestId('invited-code-status').getAttribute('data-state')).toBe('valid'),
    );
    expect(within(card).getByTestId('invited-code-status').textContent).toBe('Invited by bilal');

    fireEvent.click(within(card).getByTestId('invited-apply'));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/referrals/apply')?.body).toEqual({
        referralCode: 'BILAL1',
        source: 'apply',
      }),
    );
    expect(calls.filter((call) => call.path === '/api/referrals/smart-suggestion')).toHaveLength(2);
  });
});
