import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keyedMessage, type Wallet, type WalletStatusResponse } from '@ziver/shared';
import { PlatformProvider } from '@/lib/platform/platform-provider';
import { sessionStore } from '@/lib/session';
import { ThemeProvider } from '@/lib/theme/theme-provider';
import { contractAnswer, errorAnswer } from '@/testing/contract-answer';
import { buildSession } from '@/testing/factories';
import WalletRoute from './wallet';

const ADDRESS = 'kQBvW8Z5huBkMJYdnfAEM5JqTNkuWX3diqYENkWsIL0XggGG';

function buildWallet(overrides: Partial<Wallet> = {}): Wallet {
  return {
    address: ADDRESS,
    rawAddress: `0:${'6f'.repeat(32)}`,
    network: 'testnet',
    version: 'v4R2',
    linkedAt: '2026-01-05T10:30:00.000Z',
    ...overrides,
  };
}

type Answers = { status: WalletStatusResponse[] };

/** GET /api/wallet answers in turn (the last one repeats); the other wallet calls as the server answers them. */
function stubApi(answers: Answers) {
  const calls: { path: string; method: string }[] = [];
  let statusCalls = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const method = init.method ?? 'GET';
      calls.push({ path: url.pathname, method });
      if (url.pathname === '/api/wallet' && method === 'GET') {
        const answer = answers.status[Math.min(statusCalls, answers.status.length - 1)];
        statusCalls += 1;
        return contractAnswer('walletStatus', answer!);
      }
      if (url.pathname === '/api/wallet' && method === 'DELETE')
        return contractAnswer('walletUnlink', { success: true, ...keyedMessage('wallet.unlinked'), wallet: null });
      if (url.pathname === '/api/wallet/ton-proof/payload' && method === 'POST')
        return contractAnswer('walletTonProofPayload', {
          success: true,
          payload: 'a1'.repeat(16),
          expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
        });
      if (url.pathname === '/api/system/launch-text')
        return contractAnswer('launchText', { success: true, text: null });
      // TON Connect's wallets list (config.ton.org): none beyond what the page has injected.
      if (url.hostname !== 'localhost')
        return new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } });
      return errorAnswer('NOT_FOUND', 'server.noRoute', { params: { method, path: url.pathname } });
    }),
  );
  return calls;
}

function renderRoute() {
  sessionStore.set(buildSession({ user: { role: 'USER' } }));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <PlatformProvider initial={{ platform: 'web', telegramUsername: null, telegramLanguage: null, telegram: null }}>
        <ThemeProvider>{children}</ThemeProvider>
      </PlatformProvider>
    </QueryClientProvider>
  );
  return render(<WalletRoute />, { wrapper });
}

const enabled = (wallet: Wallet | null): WalletStatusResponse => ({
  success: true,
  enabled: true,
  manifestUrl: 'https://ziver.example/tonconnect-manifest.json',
  network: 'testnet',
  wallet,
});

afterEach(() => sessionStore.clear());

describe('/wallet', () => {
  it("stays the spec's coming-soon placeholder where wallets are off", async () => {
    const calls = stubApi({ status: [{ success: true, enabled: false, wallet: null }] });
    renderRoute();
    expect(await screen.findByText('Coming Soon')).toBeTruthy();
    // No operator launch text, and the spec's Q4 2025 is past: the neutral line (issue 38, item 15).
    expect((await screen.findByTestId('coming-soon-launch')).textContent).toBe('Coming soon');
    expect(screen.queryByTestId('wallet-connect')).toBeNull();
    expect(calls.some((call) => call.path === '/api/wallet/ton-proof/payload')).toBe(false);
  });

  it('shows the linked wallet: short address copied whole, testnet badge, link date in the reader’s locale', async () => {
    stubApi({ status: [enabled(buildWallet())] });
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderRoute();
    const card = await screen.findByTestId('wallet-linked');
    const address = within(card).getByTestId('wallet-address');
    expect(address.textContent).toBe('kQBvW8…0XggGG');
    expect(address.getAttribute('title')).toBe(ADDRESS);
    expect(within(card).getByTestId('wallet-testnet').textContent).toBe('Testnet');
    expect(within(card).getByTestId('wallet-linked-at').textContent).toMatch(/Jan 5, 2026/);
    fireEvent.click(within(card).getByTestId('wallet-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(ADDRESS));
  });

  it('shows no testnet badge for a mainnet wallet', async () => {
    stubApi({ status: [enabled(buildWallet({ network: 'mainnet', address: 'UQ' + ADDRESS.slice(2) }))] });
    renderRoute();
    const card = await screen.findByTestId('wallet-linked');
    expect(within(card).queryByTestId('wallet-testnet')).toBeNull();
    expect(within(card).getByTestId('wallet-network').textContent).toBe('TON');
  });

  it('disconnects only after the confirmation, then offers Connect with a fresh proof payload', async () => {
    const calls = stubApi({ status: [enabled(buildWallet()), enabled(null)] });
    renderRoute();
    fireEvent.click(await screen.findByTestId('wallet-disconnect'));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Disconnect this wallet?')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1));
    // The card shows "preparing" while TON Connect's chunk loads, then the real one takes over.
    await waitFor(() => expect(screen.getByTestId('wallet-connect').getAttribute('data-phase')).toBe('ready'));
    expect(calls.filter((call) => call.path === '/api/wallet/ton-proof/payload')).toHaveLength(1);
    expect((screen.getByTestId('wallet-connect-button') as HTMLButtonElement).disabled).toBe(false);
  }, 20_000);
});
