import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AppRoot } from '@telegram-apps/telegram-ui';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keyedMessage } from '@ziver/shared';
import { createFakeTelegramBridge } from '@/lib/platform/fake-telegram-bridge';
import { PlatformProvider } from '@/lib/platform/platform-provider';
import type { TelegramBridge } from '@/lib/platform/telegram-bridge';
import { contractAnswer, errorAnswer } from '@/testing/contract-answer';
import { buildMiningStatus, buildMiningStatusBody, buildRunningStatus, buildUser } from '@/testing/factories';
import { miningStatusQueryKey } from '../api/get-mining-status';
import type { MiningStatusSnapshot } from '../utils/mining-view';
import { MiningCard } from './mining-card';

/** POST /mining/start's answer: the new cycle's status with its message. */
const startedAnswer = (start: string) =>
  contractAnswer('miningStart', {
    ...buildMiningStatusBody(buildRunningStatus(start, 4, Date.now(), Date.now())),
    ...keyedMessage('server.miningStarted'),
  });

/** GET /mining/status's answer with no cycle running. */
const idleStatusAnswer = () => contractAnswer('miningStatus', buildMiningStatusBody());

function renderCard(status: MiningStatusSnapshot, telegram: TelegramBridge | null = null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(miningStatusQueryKey, status);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <PlatformProvider
        initial={{ platform: telegram ? 'telegram' : 'web', telegramUsername: null, telegramLanguage: null, telegram }}
      >
        <AppRoot appearance="dark">{children}</AppRoot>
      </PlatformProvider>
    </QueryClientProvider>
  );
  return Object.assign(render(<MiningCard status={status} />, { wrapper }), { queryClient });
}

/** A fetch whose answers to `path` wait until the test releases them, so "in flight" is observable. */
function heldFetch(path: string, answer: () => Response, other: () => Response) {
  const held: (() => void)[] = [];
  const fetchMock = vi.fn((url: string) =>
    String(url).endsWith(path)
      ? new Promise<Response>((resolve) => held.push(() => resolve(answer())))
      : Promise.resolve(other()),
  );
  return { fetchMock, release: () => held.splice(0).forEach((resolve) => resolve()) };
}

const phaseOf = () => screen.getByTestId('mining-phase').getAttribute('data-phase');
const isActionDisabled = () => (screen.getByTestId('mining-action') as HTMLButtonElement).disabled;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('mining card', () => {
  it('offers Start Mining when no cycle runs', () => {
    renderCard(buildMiningStatus());
    expect(phaseOf()).toBe('ready');
    expect(screen.getByTestId('mining-action').textContent).toBe('Start Mining');
    expect(isActionDisabled()).toBe(false);
  });

  it('counts down each second and becomes claimable when the cycle ends, without a new status', () => {
    vi.useFakeTimers();
    const start = '2025-01-05T10:00:00.000Z';
    const now = Date.parse(start) + 4 * 3_600_000 - 3_000;
    vi.setSystemTime(now);
    renderCard(buildRunningStatus(start, 4, now, now));

    expect(phaseOf()).toBe('in_progress');
    expect(screen.getByTestId('mining-countdown').textContent).toBe('0m 03s');
    expect(isActionDisabled()).toBe(true);

    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(screen.getByTestId('mining-countdown').textContent).toBe('0m 02s');

    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    expect(phaseOf()).toBe('claimable');
    expect(screen.getByTestId('mining-action').textContent).toBe('Claim Reward');
    expect(isActionDisabled()).toBe(false);
    expect(screen.getByTestId('mining-action').className).toContain('zv-pulse');
  });

  it('claims the reward and shows +ZP, +SEB and the streak', async () => {
    const start = new Date(Date.now() - 5 * 3_600_000).toISOString();
    const claimable = buildRunningStatus(start, 4, Date.now(), Date.now());
    const fetchMock = vi.fn(async (url: string) =>
      url.endsWith('/mining/claim')
        ? contractAnswer('miningClaim', {
            success: true,
            ...keyedMessage('server.rewardClaimed'),
            reward: { zp: 50, seb: 13, streak: 3, durationMinutes: 240 },
            user: buildUser({ zp_balance: 60, social_capital_score: 33, daily_streak_count: 3 }),
            userData: {
              zp_balance: 60,
              social_capital_score: 33,
              daily_streak_count: 3,
              mining_session_start_time: null,
            },
          })
        : idleStatusAnswer(),
    );
    vi.stubGlobal('fetch', fetchMock);
    const telegram = createFakeTelegramBridge();
    renderCard(claimable, telegram);

    fireEvent.click(screen.getByTestId('mining-action'));

    const reward = await screen.findByTestId('mining-reward');
    expect(reward.textContent).toContain('+50 ZP');
    expect(reward.textContent).toContain('+13 SEB');
    expect(reward.textContent).toContain('Streak: 3 days');
    expect(fetchMock).toHaveBeenCalledWith('/api/mining/claim', expect.objectContaining({ method: 'POST' }));
    expect(telegram.calls).toContainEqual({ kind: 'notify', type: 'success' });
  });

  it('taps (haptic impact) inside Telegram when mining starts', async () => {
    const start = new Date().toISOString();
    const fetchMock = vi.fn(async () => startedAnswer(start));
    vi.stubGlobal('fetch', fetchMock);
    const telegram = createFakeTelegramBridge();
    renderCard(buildMiningStatus(), telegram);
    fireEvent.click(screen.getByTestId('mining-action'));
    expect(telegram.calls).toEqual([{ kind: 'impact', style: 'medium' }]);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/mining/start', expect.anything()));
  });

  it("shows 'Failed to claim reward' with the server's reason when the claim is refused", async () => {
    const start = new Date(Date.now() - 5 * 3_600_000).toISOString();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => errorAnswer('MINING_NOT_FINISHED', 'server.miningNotFinished')),
    );
    const telegram = createFakeTelegramBridge();
    renderCard(buildRunningStatus(start, 4, Date.now(), Date.now()), telegram);

    fireEvent.click(screen.getByTestId('mining-action'));

    const error = await screen.findByTestId('mining-error');
    expect(telegram.calls).toContainEqual({ kind: 'notify', type: 'error' });
    expect(error.textContent).toContain('Failed to claim reward');
    expect(error.textContent).toContain('The mining cycle has not finished yet');
    await waitFor(() => expect(isActionDisabled()).toBe(false));
  });

  it('sends one start for a double tap on Start Mining, and no error', async () => {
    const start = new Date().toISOString();
    const running = () => startedAnswer(start);
    const { fetchMock, release } = heldFetch('/mining/start', running, running);
    vi.stubGlobal('fetch', fetchMock);
    const telegram = createFakeTelegramBridge();
    renderCard(buildMiningStatus(), telegram);

    const button = screen.getByTestId('mining-action');
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(isActionDisabled()).toBe(true));
    release();
    await waitFor(() => expect(isActionDisabled()).toBe(false));

    const starts = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/mining/start'));
    expect(starts).toHaveLength(1);
    expect(screen.queryByTestId('mining-error')).toBeNull();
    expect(telegram.calls).not.toContainEqual({ kind: 'notify', type: 'error' });
  });

  it('sends one claim for a double tap on Claim Reward', async () => {
    const start = new Date(Date.now() - 5 * 3_600_000).toISOString();
    const claimed = () =>
      contractAnswer('miningClaim', {
        success: true,
        ...keyedMessage('server.rewardClaimed'),
        reward: { zp: 50, seb: 13, streak: 3, durationMinutes: 240 },
        user: buildUser({ zp_balance: 60 }),
        userData: { zp_balance: 60, social_capital_score: 33, daily_streak_count: 3, mining_session_start_time: null },
      });
    const { fetchMock, release } = heldFetch('/mining/claim', claimed, idleStatusAnswer);
    vi.stubGlobal('fetch', fetchMock);
    const telegram = createFakeTelegramBridge();
    renderCard(buildRunningStatus(start, 4, Date.now(), Date.now()), telegram);

    const button = screen.getByTestId('mining-action');
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(isActionDisabled()).toBe(true));
    release();
    await screen.findByTestId('mining-reward');
    await waitFor(() => expect(isActionDisabled()).toBe(false));

    const claims = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/mining/claim'));
    expect(claims).toHaveLength(1);
    expect(screen.queryByTestId('mining-error')).toBeNull();
    expect(telegram.calls).not.toContainEqual({ kind: 'notify', type: 'error' });
  });

  it.each([
    ['Start Mining', 'MINING_ALREADY_ACTIVE', 'server.miningAlreadyActive', '/mining/start'],
    ['Claim Reward', 'MINING_NOT_STARTED', 'server.miningNotStarted', '/mining/claim'],
  ] as const)('refreshes instead of failing when %s is answered %s (already done)', async (_label, code, key, path) => {
    const start = new Date(Date.now() - 5 * 3_600_000).toISOString();
    const refused = () => errorAnswer(code, key);
    const { fetchMock, release } = heldFetch(path, refused, idleStatusAnswer);
    vi.stubGlobal('fetch', fetchMock);
    const telegram = createFakeTelegramBridge();
    const status =
      path === '/mining/start' ? buildMiningStatus() : buildRunningStatus(start, 4, Date.now(), Date.now());
    const { queryClient } = renderCard(status, telegram);

    fireEvent.click(screen.getByTestId('mining-action'));
    await waitFor(() => expect(isActionDisabled()).toBe(true));
    release();
    await waitFor(() => expect(isActionDisabled()).toBe(false));

    expect(queryClient.getQueryState(miningStatusQueryKey)?.isInvalidated).toBe(true);
    expect(screen.queryByTestId('mining-error')).toBeNull();
    expect(telegram.calls).not.toContainEqual({ kind: 'notify', type: 'error' });
  });
});
