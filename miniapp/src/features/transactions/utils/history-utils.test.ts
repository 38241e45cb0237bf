import { describe, expect, it } from 'vitest';
import type { TransactionStatsResponse } from '@ziver/shared';
import { queryString } from '@ziver/shared/core';
import { formatBucket, labelIndexes, maxOf, niceCeiling, toChartBuckets, totalsOf } from './chart-data';
import {
  DEFAULT_HISTORY_STATE,
  hasActiveFilters,
  parseHistorySearch,
  toHistorySearch,
  toTransactionsQuery,
} from './history-query';
import { pageToCorrect, pagerView } from './pagination';

/** The query string `call` sends for the list's filters (without its '?'). */
const searchOf = (params: Parameters<typeof toTransactionsQuery>[0]) =>
  queryString(toTransactionsQuery(params)).slice(1);

describe('transactions query', () => {
  it("leaves out type and currency when 'all', and blank dates and search", () => {
    expect(searchOf(DEFAULT_HISTORY_STATE)).toBe('page=1&limit=20');
  });

  it('sends every filter that is set, with the page size of 20', () => {
    const query = searchOf({
      page: 3,
      type: 'mining_reward',
      currency: 'SEB',
      startDate: '2025-01-01',
      endDate: '2025-01-31',
      search: '  streak bonus ',
    });
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      page: '3',
      limit: '20',
      type: 'mining_reward',
      currency: 'SEB',
      startDate: '2025-01-01',
      endDate: '2025-01-31',
      search: 'streak bonus',
    });
  });

  it('sends the types the search names only beside a search', () => {
    const types = ['referral_bonus', 'referral_bonus_reversal'];
    const withSearch = new URLSearchParams(
      searchOf({ ...DEFAULT_HISTORY_STATE, search: 'invite', searchTypes: types }),
    );
    expect(withSearch.get('searchTypes')).toBe('referral_bonus,referral_bonus_reversal');
    expect(searchOf({ ...DEFAULT_HISTORY_STATE, searchTypes: types })).toBe('page=1&limit=20');
    expect(searchOf({ ...DEFAULT_HISTORY_STATE, search: 'x', searchTypes: [] })).toBe('page=1&limit=20&search=x');
  });
});

describe('history URL state', () => {
  it('round-trips through the query string and leaves out defaults', () => {
    const state = {
      ...DEFAULT_HISTORY_STATE,
      page: 2,
      type: 'daily_login' as const,
      search: 'login',
      period: 'week' as const,
    };
    const search = toHistorySearch(state);
    expect(search).toBe('?type=daily_login&search=login&period=week&page=2');
    expect(parseHistorySearch(search)).toEqual(state);
    expect(toHistorySearch(DEFAULT_HISTORY_STATE)).toBe('');
  });

  it('falls back to defaults for unknown or malformed values', () => {
    expect(parseHistorySearch('?page=-4&type=steal&currency=BTC&startDate=2025-02-30&period=decade')).toEqual(
      DEFAULT_HISTORY_STATE,
    );
    expect(parseHistorySearch('?page=abc').page).toBe(1);
  });

  it('reads a backwards date range as the same days', () => {
    const state = parseHistorySearch('?startDate=2025-03-10&endDate=2025-03-01');
    expect([state.startDate, state.endDate]).toEqual(['2025-03-01', '2025-03-10']);
  });

  it('knows when a list filter is active (page and period do not count)', () => {
    expect(hasActiveFilters({ ...DEFAULT_HISTORY_STATE, page: 4, period: 'year' })).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_HISTORY_STATE, currency: 'ZP' })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_HISTORY_STATE, search: '   ' })).toBe(false);
  });
});

describe('pagination', () => {
  it('labels the rows shown and which way the pager can go', () => {
    expect(pagerView({ currentPage: 2, totalPages: 3, totalCount: 57, limit: 20 }, 20)).toEqual({
      page: 2,
      totalPages: 3,
      hasPrevious: true,
      hasNext: true,
      firstItem: 21,
      lastItem: 40,
      totalCount: 57,
    });
    const last = pagerView({ currentPage: 3, totalPages: 3, totalCount: 57, limit: 20 }, 17);
    expect([last.firstItem, last.lastItem, last.hasNext]).toEqual([41, 57, false]);
    const first = pagerView({ currentPage: 1, totalPages: 1, totalCount: 5, limit: 20 }, 5);
    expect([first.hasPrevious, first.hasNext]).toEqual([false, false]);
  });

  it('shows nothing to page through when there are no rows', () => {
    const view = pagerView({ currentPage: 1, totalPages: 0, totalCount: 0, limit: 20 }, 0);
    expect([view.firstItem, view.lastItem, view.hasNext, view.hasPrevious]).toEqual([0, 0, false, false]);
  });

  it('moves a page past the end back to the last page', () => {
    expect(pageToCorrect(5, { currentPage: 5, totalPages: 2, totalCount: 30, limit: 20 })).toBe(2);
    expect(pageToCorrect(3, { currentPage: 3, totalPages: 0, totalCount: 0, limit: 20 })).toBe(1);
    expect(pageToCorrect(2, { currentPage: 2, totalPages: 2, totalCount: 30, limit: 20 })).toBeNull();
    expect(pageToCorrect(2, undefined)).toBeNull();
  });
});

type Point = TransactionStatsResponse['series'][number];
const point = (date: string, currency: 'ZP' | 'SEB', earned: number, spent = 0): Point => ({
  date,
  currency,
  earned,
  spent,
  net: earned - spent,
  count: earned ? 1 : 0,
});

describe('earnings chart data', () => {
  const series = [
    point('2025-01-02T00:00:00.000Z', 'SEB', 11),
    point('2025-01-01T00:00:00.000Z', 'ZP', 55, 10),
    point('2025-01-01T00:00:00.000Z', 'SEB', 1),
    point('2025-01-02T00:00:00.000Z', 'ZP', 50),
    point('2025-01-03T00:00:00.000Z', 'ZP', 0),
  ];

  it('groups the series by bucket, oldest first, with each currency earned (spending left out)', () => {
    expect(toChartBuckets(series)).toEqual([
      { date: '2025-01-01T00:00:00.000Z', earned: { ZP: 55, SEB: 1 } },
      { date: '2025-01-02T00:00:00.000Z', earned: { ZP: 50, SEB: 11 } },
      { date: '2025-01-03T00:00:00.000Z', earned: { ZP: 0, SEB: 0 } },
    ]);
  });

  it('totals and scales the shown currencies', () => {
    const buckets = toChartBuckets(series);
    expect(totalsOf(buckets)).toEqual({ ZP: 105, SEB: 12 });
    expect(maxOf(buckets, ['ZP', 'SEB'])).toBe(55);
    expect(maxOf(buckets, ['SEB'])).toBe(11);
    expect(toChartBuckets([])).toEqual([]);
  });

  it('rounds the axis top up to a nice number', () => {
    expect([0, 0.3, 1, 7, 11, 55, 120, 2600].map(niceCeiling)).toEqual([1, 0.5, 1, 10, 20, 100, 200, 5000]);
  });

  it('spreads at most N axis labels and always labels the latest bucket', () => {
    expect(labelIndexes(7, 7)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(labelIndexes(30, 6)).toEqual([5, 11, 17, 23, 29]);
    expect(labelIndexes(12, 6)).toEqual([2, 5, 8, 11]);
    expect(labelIndexes(0, 5)).toEqual([]);
  });

  it('formats bucket dates in UTC for the axis and the tooltip', () => {
    expect(formatBucket('2025-01-05T00:00:00.000Z', 'day', 'en-US', 'axis')).toBe('Jan 5');
    expect(formatBucket('2025-03-01T00:00:00.000Z', 'month', 'en-US', 'axis')).toBe('Mar');
    expect(formatBucket('2025-03-01T00:00:00.000Z', 'month', 'en-US', 'tooltip')).toBe('March 2025');
  });
});
