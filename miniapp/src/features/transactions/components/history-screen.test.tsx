import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AppRoot } from '@telegram-apps/telegram-ui';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TransactionView } from '@ziver/shared';
import { contractAnswer, contractBody, errorAnswer } from '@/testing/contract-answer';
import { HistoryScreen } from './history-screen';

function buildTransaction(overrides: Partial<TransactionView> = {}): TransactionView {
  return {
    id: crypto.randomUUID(),
    type: 'mining_reward',
    currency: 'ZP',
    amount: 50,
    description: 'Mining reward',
    created_at: '2025-01-05T10:00:00.000Z',
    metadata: { streak: 3, duration: 240, sebPoints: 13 },
    ...overrides,
  };
}

type Routes = { list?: (url: URL) => Response };

const STATS = contractBody('transactionStats', {
  success: true,
  period: 'month',
  granularity: 'day',
  from: '2025-01-04T00:00:00.000Z',
  to: '2025-01-05T12:00:00.000Z',
  totals: [],
  byType: [],
  series: [
    { date: '2025-01-04T00:00:00.000Z', currency: 'ZP', earned: 55, spent: 0, net: 55, count: 2 },
    { date: '2025-01-04T00:00:00.000Z', currency: 'SEB', earned: 14, spent: 0, net: 14, count: 2 },
    { date: '2025-01-05T00:00:00.000Z', currency: 'ZP', earned: 50, spent: 0, net: 50, count: 1 },
    { date: '2025-01-05T00:00:00.000Z', currency: 'SEB', earned: 0, spent: 0, net: 0, count: 0 },
  ],
});

const listOf = (transactions: TransactionView[], page = 1, totalPages = 1, totalCount = transactions.length) =>
  contractAnswer('transactions', {
    success: true,
    transactions,
    pagination: { currentPage: page, totalPages, totalCount, limit: 20 },
  });

function stubApi(routes: Routes) {
  const fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/transactions/summary/balance') {
      return contractAnswer('balanceSummary', {
        success: true,
        summary: [
          { currency: 'ZP', current_balance: 1250.5, total_earned: 1300.5, total_spent: 50 },
          { currency: 'SEB', current_balance: 42, total_earned: 42, total_spent: 0 },
        ],
      });
    }
    if (url.pathname === '/api/transactions/stats/overview')
      return contractAnswer('transactionStats', {
        ...STATS,
        period: (url.searchParams.get('period') ?? 'month') as typeof STATS.period,
      });
    if (url.pathname === '/api/transactions') {
      return routes.list?.(url) ?? listOf([]);
    }
    return errorAnswer('NOT_FOUND', 'server.notFound');
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const listCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(input, 'http://localhost'))
    .filter((url) => url.pathname === '/api/transactions');

function renderScreen(path = '/history') {
  window.history.replaceState(null, '', path);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <AppRoot appearance="dark">{children}</AppRoot>
    </QueryClientProvider>
  );
  return render(<HistoryScreen />, { wrapper });
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('history screen', () => {
  it('shows balances, the chart and the rows with their sign, label and metadata', async () => {
    stubApi({
      list: () =>
        listOf([
          buildTransaction(),
          buildTransaction({ type: 'purchase', amount: -50, description: 'Profile badge', metadata: {} }),
          buildTransaction({
            type: 'task_reward',
            amount: 25,
            description: 'Task done',
            metadata: { taskTitle: 'Follow us' },
          }),
        ]),
    });
    renderScreen();

    const rows = await screen.findAllByTestId('history-item');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Mining reward')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('transaction-amount').textContent).toBe('+50 ZP');
    expect(within(rows[0]!).getByText('Streak: 3 days')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('transaction-line').textContent).toBe('Cycle: 4 hours');
    const purchase = within(rows[1]!).getByTestId('transaction-amount');
    expect(purchase.textContent).toBe('-50 ZP');
    expect(purchase.className).toContain('zv-amount--negative');
    expect(within(rows[2]!).getByTestId('transaction-line').textContent).toBe('Task: Follow us');
    // The stored English description is not what a row says.
    expect(screen.queryByText(/Task done|Profile badge/)).toBeNull();

    expect((await screen.findByTestId('history-balance-ZP')).textContent).toContain('1,250.5');
    const chart = screen.getByTestId('history-chart');
    await waitFor(() => expect(chart.querySelectorAll('rect.zv-chart__bar')).toHaveLength(3));
    expect(within(chart).getByText('+105 ZP')).toBeTruthy();
    expect(screen.getByTestId('history-page-indicator').textContent).toBe('Page 1 of 1');
  });

  it('asks for page 2 with the next button and keeps the page in the URL', async () => {
    const fetchMock = stubApi({
      list: (url) => {
        const page = Number(url.searchParams.get('page'));
        return listOf(
          [buildTransaction({ type: 'task_reward', metadata: { taskTitle: `row on page ${page}` } })],
          page,
          3,
          45,
        );
      },
    });
    renderScreen();
    await screen.findByText(/row on page 1/);
    expect(screen.getByTestId('history-page-indicator').textContent).toBe('Page 1 of 3');
    expect((screen.getByTestId('history-prev-page') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('history-next-page'));

    await screen.findByText(/row on page 2/);
    expect(window.location.search).toBe('?page=2');
    expect(screen.getByTestId('history-page-indicator').textContent).toBe('Page 2 of 3');
    expect(listCalls(fetchMock).at(-1)?.searchParams.get('limit')).toBe('20');
  });

  it('sends filters to the API (type and currency left out when all) and starts again at page 1', async () => {
    const fetchMock = stubApi({ list: () => listOf([buildTransaction()]) });
    renderScreen('/history?page=2&currency=ZP');
    await screen.findAllByTestId('history-item');
    const first = listCalls(fetchMock)[0]!;
    expect(first.searchParams.get('currency')).toBe('ZP');
    expect(first.searchParams.has('type')).toBe(false);

    fireEvent.change(screen.getByTestId('history-type-filter'), { target: { value: 'daily_login' } });

    await waitFor(() => expect(listCalls(fetchMock).at(-1)?.searchParams.get('type')).toBe('daily_login'));
    expect(listCalls(fetchMock).at(-1)?.searchParams.get('page')).toBe('1');
    expect(new URLSearchParams(window.location.search).get('type')).toBe('daily_login');
    expect(new URLSearchParams(window.location.search).has('page')).toBe(false);
  });

  it('debounces the search box before asking the server', async () => {
    const fetchMock = stubApi({ list: () => listOf([buildTransaction()]) });
    renderScreen();
    await screen.findAllByTestId('history-item');

    fireEvent.input(screen.getByTestId('history-search'), { target: { value: 'stre' } });
    fireEvent.input(screen.getByTestId('history-search'), { target: { value: 'streak' } });
    expect(listCalls(fetchMock).some((url) => url.searchParams.has('search'))).toBe(false);

    await waitFor(() => expect(listCalls(fetchMock).at(-1)?.searchParams.get('search')).toBe('streak'));
    expect(listCalls(fetchMock).filter((url) => url.searchParams.has('search'))).toHaveLength(1);
    expect(new URLSearchParams(window.location.search).get('search')).toBe('streak');
  });

  it('offers to start mining when there are no transactions at all', async () => {
    stubApi({ list: () => listOf([], 1, 0, 0) });
    renderScreen();
    const empty = await screen.findByTestId('history-empty');
    expect(empty.textContent).toContain('No transactions yet');
    expect(within(empty).getByTestId('history-start-mining').getAttribute('href')).toBe('/mining');
  });

  it('shows an empty list and the spec message when the history fails to load', async () => {
    stubApi({ list: () => errorAnswer('INTERNAL', 'server.internal') });
    renderScreen();
    const notice = await screen.findByTestId('history-error');
    expect(notice.textContent).toContain('Failed to fetch transaction history: 500');
    expect(screen.getByTestId('history-list').children).toHaveLength(0);
  });
});
