import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AppRoot } from '@telegram-apps/telegram-ui';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { keyedMessage, type AdminUserDetailResponse } from '@ziver/shared';
import { sessionStore } from '@/lib/session';
import { contractAnswer, errorAnswer } from '@/testing/contract-answer';
import { buildSession } from '@/testing/factories';
import { UserWallet } from './user-wallet';
import { WalletsExport } from './wallets-export';

const ADDRESS = 'UQBvW8Z5huBkMJYdnfAEM5JqTNkuWX3diqYENkWsIL0XggGG';

function buildUserPage(overrides: Partial<AdminUserDetailResponse> = {}): AdminUserDetailResponse {
  return {
    success: true,
    user: {
      id: 'user-1',
      username: 'amina',
      email: 'amina@example.com',
      telegram_username: null,
      telegram_id: null,
      role: 'USER',
      suspended_at: null,
      suspension_reason: null,
      zp_balance: 150,
      seb_balance: 12,
      created_at: '2026-01-01T00:00:00.000Z',
      two_factor_enabled: false,
      last_seen_at: null,
    } as AdminUserDetailResponse['user'],
    transactions: [],
    referrals: [],
    wallet: {
      address: ADDRESS,
      rawAddress: `0:${'6f'.repeat(32)}`,
      network: 'mainnet',
      version: 'v4R2',
      linkedAt: '2026-01-05T10:30:00.000Z',
    },
    sessions: [],
    risk: {
      score: 0,
      threshold: 60,
      flagged: false,
      reasons: [],
      computed_at: null,
      reviewed_at: null,
      held_rewards: [],
    },
    ...overrides,
  };
}

function stubApi() {
  const sent: { method: string; path: string; auth: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const method = init.method ?? 'GET';
      const headers = (init.headers ?? {}) as Record<string, string>;
      sent.push({ method, path: url.pathname, auth: headers.Authorization ?? null });
      if (method === 'DELETE' && url.pathname === '/api/admin/users/user-1/wallet')
        return contractAnswer('adminUnlinkWallet', { success: true, ...keyedMessage('wallet.unlinked'), wallet: null });
      if (method === 'GET' && url.pathname === '/api/admin/wallets/export')
        return new Response(`username,address\namina,${ADDRESS}\n`, { headers: { 'Content-Type': 'text/csv' } });
      return errorAnswer('NOT_FOUND', 'server.noRoute', { params: { method, path: url.pathname } });
    }),
  );
  return sent;
}

function renderInConsole(node: ReactNode) {
  sessionStore.set(buildSession({ user: { role: 'ADMIN' } }));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <AppRoot>{node}</AppRoot>
    </QueryClientProvider>,
  );
}

describe("the console's wallet pieces", () => {
  it("shows the user's whole address and unlinks it only after the confirmation", async () => {
    const sent = stubApi();
    renderInConsole(<UserWallet page={buildUserPage()} />);
    expect(screen.getByTestId('admin-user-wallet-address').textContent).toBe(ADDRESS);
    fireEvent.click(screen.getByTestId('admin-user-wallet-unlink'));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(new RegExp(`amina's wallet ${ADDRESS}`))).toBeTruthy();
    expect(sent).toHaveLength(0);
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() =>
      expect(sent.map((call) => `${call.method} ${call.path}`)).toContain('DELETE /api/admin/users/user-1/wallet'),
    );
    expect(await screen.findByTestId('admin-user-wallet-done')).toBeTruthy();
  });

  it('says so when the user has no wallet, with nothing to unlink', () => {
    stubApi();
    renderInConsole(<UserWallet page={buildUserPage({ wallet: null })} />);
    expect(screen.getByText('No wallet linked')).toBeTruthy();
    expect(screen.queryByTestId('admin-user-wallet-unlink')).toBeNull();
  });

  it('downloads the CSV through the API client, with the session', async () => {
    const sent = stubApi();
    const saved: Blob[] = [];
    // jsdom has no object URLs: the blob handed to the download is kept to read back.
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = (blob: Blob) => (saved.push(blob), 'blob:csv');
    URL.revokeObjectURL = () => undefined;
    onTestFinished(() => {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderInConsole(<WalletsExport />);
    fireEvent.click(screen.getByTestId('admin-wallets-export-button'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({ method: 'GET', path: '/api/admin/wallets/export' });
    expect(sent[0]!.auth).toMatch(/^Bearer /);
    expect(await saved[0]!.text()).toContain(`amina,${ADDRESS}`);
  });
});
