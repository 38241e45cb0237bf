import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AppRoot } from '@telegram-apps/telegram-ui';
import { cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGES, type TransactionView } from '@ziver/shared';
import earlyScript from '../../build/early.js?raw';
import { miningStatusQueryKey } from '@/features/mining/api/get-mining-status';
import { recentTransactionsQueryKey } from '@/features/mining/api/get-recent-transactions';
import { MiningScreen } from '@/features/mining/components/mining-screen';
import { RECENT_ACTIVITY_LIMIT } from '@/features/mining/components/recent-activity';
import type { MiningStatusSnapshot } from '@/features/mining/utils/mining-view';
import { applyLanguage } from '@/i18n';
import { PlatformProvider } from '@/lib/platform/platform-provider';
import { contractBody } from '@/testing/contract-answer';
import { buildMiningStatus, buildRunningStatus, buildSession, miningScreenServer } from '@/testing/factories';
import { sessionStore } from './session';

/**
 * Every Intl formatter used while `run` runs, by kind and resolved options (locale included):
 * recorded where formatters are used, so the app's cached formatters count too.
 */
async function formattersUsedBy(run: () => void | Promise<void>): Promise<Set<string>> {
  const used = new Set<string>();
  const restores: (() => void)[] = [];
  const kinds = [
    ['NumberFormat', Intl.NumberFormat.prototype],
    ['DateTimeFormat', Intl.DateTimeFormat.prototype],
    ['RelativeTimeFormat', Intl.RelativeTimeFormat.prototype],
  ] as const;
  for (const [kind, prototype] of kinds) {
    for (const method of ['format', 'formatToParts']) {
      const original = Object.getOwnPropertyDescriptor(prototype, method)!;
      const record = (formatter: { resolvedOptions(): object }) =>
        used.add(`${kind} ${JSON.stringify(formatter.resolvedOptions())}`);
      // NumberFormat's and DateTimeFormat's `format` are getters (a bound function), the rest methods.
      const replacement: PropertyDescriptor = original.get
        ? {
            ...original,
            get(this: { resolvedOptions(): object }) {
              record(this);
              return original.get!.call(this);
            },
          }
        : {
            ...original,
            value(this: { resolvedOptions(): object }, ...args: unknown[]) {
              record(this);
              return (original.value as (...a: unknown[]) => unknown).apply(this, args);
            },
          };
      Object.defineProperty(prototype, method, replacement);
      restores.push(() => Object.defineProperty(prototype, method, original));
    }
  }
  try {
    await run();
  } finally {
    for (const restore of restores) restore();
  }
  return used;
}

const NOW = Date.now();
const HOUR = 3_600_000;

function row(
  type: string,
  metadata: Record<string, unknown>,
  agoMs: number,
  currency: TransactionView['currency'] = 'ZP',
): TransactionView {
  return {
    id: crypto.randomUUID(),
    type,
    currency,
    amount: 50,
    description: 'stored',
    created_at: new Date(NOW - agoMs).toISOString(),
    metadata,
  };
}

/** What a signed-in reader's first screen shows, in the states it can open in. */
const FIRST_SCREENS: [name: string, status: MiningStatusSnapshot, transactions: TransactionView[]][] = [
  ['a new account', buildMiningStatus({ receivedAt: NOW }), [row('daily_login', { day: '2026-01-05' }, 10_000)]],
  [
    'a cycle with hours left',
    buildRunningStatus(new Date(NOW - HOUR).toISOString(), 4, NOW, NOW),
    [
      row('mining_reward', { cycleId: 'c1', duration: 240, sebPoints: 13, streak: 3 }, 5 * HOUR),
      row('mining_reward', { cycleId: 'c1', duration: 240, sebPoints: 13, streak: 3 }, 5 * HOUR, 'SEB'),
      row('daily_login', { day: '2026-01-05' }, 30 * 24 * HOUR),
    ],
  ],
  ['a cycle with minutes left', buildRunningStatus(new Date(NOW - 3.5 * HOUR).toISOString(), 4, NOW, NOW), []],
  ['a reward to claim', buildRunningStatus(new Date(NOW - 5 * HOUR).toISOString(), 4, NOW, NOW), []],
];

function renderFirstScreen(status: MiningStatusSnapshot, transactions: TransactionView[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(miningStatusQueryKey, status);
  // Seeded as the screen would have fetched them: rows a server could send.
  const answer = contractBody('recentTransactions', { success: true, transactions });
  queryClient.setQueryData(recentTransactionsQueryKey(RECENT_ACTIVITY_LIMIT), answer.transactions);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <PlatformProvider initial={{ platform: 'web', telegramUsername: null, telegramLanguage: null, telegram: null }}>
        <AppRoot appearance="dark">{children}</AppRoot>
      </PlatformProvider>
    </QueryClientProvider>
  );
  render(<MiningScreen />, { wrapper });
  expect(screen.getByTestId('mining-screen')).toBeTruthy();
  cleanup();
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.removeItem('ziver-language');
  sessionStore.clear();
  document.head.innerHTML = '';
  window.history.replaceState(null, '', '/');
  delete window.__zivEarly;
});

afterAll(() => applyLanguage('en'));

describe("build/early.js's Intl warm-up", () => {
  it.each(LANGUAGES)(
    "builds every formatter the mining screen's first frame uses, in %s, while the scripts download",
    async (language) => {
      vi.useFakeTimers({ toFake: ['setTimeout'] });
      vi.stubGlobal('fetch', miningScreenServer());
      sessionStore.set(buildSession({ token: 'early-token' }));
      localStorage.setItem('ziver-language', language);
      window.history.replaceState(null, '', '/mining');
      document.head.innerHTML =
        '<script type="application/json" id="ziv-preload">' +
        JSON.stringify({ screens: {}, languages: Object.fromEntries(LANGUAGES.map((l) => [l, []])) }) +
        '</script>';
      const warmed = await formattersUsedBy(() => {
        new Function(earlyScript)();
        vi.runAllTimers();
      });
      vi.useRealTimers();

      await applyLanguage(language);
      const used = await formattersUsedBy(() => {
        for (const [, status, transactions] of FIRST_SCREENS) renderFirstScreen(status, transactions);
      });
      expect(used.size).toBeGreaterThan(3);
      expect([...used].filter((formatter) => !warmed.has(formatter))).toEqual([]);
    },
  );
});
