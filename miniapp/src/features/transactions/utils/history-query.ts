import { CURRENCIES, TRANSACTION_TYPES, TRANSACTIONS_PAGE_SIZE } from '@ziver/shared/core';
import { TRANSACTION_SEARCH_MAX, TRANSACTIONS_MAX_PAGE } from '@ziver/shared';
import type { Currency, TransactionType } from '@ziver/shared/core';

export type TypeFilter = 'all' | TransactionType;
export type CurrencyFilter = 'all' | Currency;
/** The chart's periods on this page (the API also knows 'day' and 'all'). */
export const CHART_PERIODS = ['week', 'month', 'year'] as const;
export type ChartPeriod = (typeof CHART_PERIODS)[number];

/** Everything the history page keeps in its URL, so reload and back restore it. */
export type HistoryState = {
  page: number;
  type: TypeFilter;
  currency: CurrencyFilter;
  /** YYYY-MM-DD or '' */
  startDate: string;
  /** YYYY-MM-DD or '' */
  endDate: string;
  search: string;
  period: ChartPeriod;
};

export const DEFAULT_HISTORY_STATE: HistoryState = {
  page: 1,
  type: 'all',
  currency: 'all',
  startDate: '',
  endDate: '',
  search: '',
  period: 'month',
};

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written as YYYY-MM-DD (what a date input gives), else ''. */
export function toDateParam(value: string | null | undefined): string {
  const match = value ? DATE.exec(value.trim()) : null;
  if (!match) return '';
  const [, y, m, d] = match;
  const day = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  const isReal =
    day.getUTCFullYear() === Number(y) && day.getUTCMonth() === Number(m) - 1 && day.getUTCDate() === Number(d);
  return isReal && Number(y) >= 1970 ? match[0] : '';
}

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** Reads the page's state from a query string; anything unknown or malformed falls back to the default. */
export function parseHistorySearch(search: string): HistoryState {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const pageText = params.get('page');
  const page = pageText && /^\d+$/.test(pageText) ? Number(pageText) : 1;
  let startDate = toDateParam(params.get('startDate'));
  let endDate = toDateParam(params.get('endDate'));
  // A range typed backwards means the same days.
  if (startDate && endDate && startDate > endDate) [startDate, endDate] = [endDate, startDate];
  return {
    page: Math.min(TRANSACTIONS_MAX_PAGE, Math.max(1, page)),
    type: oneOf<TypeFilter>(['all', ...TRANSACTION_TYPES], params.get('type'), 'all'),
    currency: oneOf<CurrencyFilter>(['all', ...CURRENCIES], params.get('currency'), 'all'),
    startDate,
    endDate,
    search: (params.get('search') ?? '').trim().slice(0, TRANSACTION_SEARCH_MAX),
    period: oneOf(CHART_PERIODS, params.get('period'), 'month'),
  };
}

/** The page's query string ('' or '?...'), leaving out every value that is the default. */
export function toHistorySearch(state: HistoryState): string {
  const params = new URLSearchParams();
  if (state.type !== 'all') params.set('type', state.type);
  if (state.currency !== 'all') params.set('currency', state.currency);
  if (state.startDate) params.set('startDate', state.startDate);
  if (state.endDate) params.set('endDate', state.endDate);
  if (state.search.trim()) params.set('search', state.search.trim());
  if (state.period !== DEFAULT_HISTORY_STATE.period) params.set('period', state.period);
  if (state.page > 1) params.set('page', String(state.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The list filters the API sees: type and currency are left out when 'all' (docs/spec.md §7). */
export type TransactionListParams = Pick<
  HistoryState,
  'page' | 'type' | 'currency' | 'startDate' | 'endDate' | 'search'
> & {
  limit?: number;
  /** The entry types whose row text in the reader's language contains `search` (typesReading). */
  searchTypes?: readonly string[];
};

/** The query of GET /api/transactions: page and limit always, the rest only when set ('' is left out). */
export function toTransactionsQuery(filters: TransactionListParams) {
  const search = filters.search.trim();
  return {
    page: filters.page,
    limit: filters.limit ?? TRANSACTIONS_PAGE_SIZE,
    type: filters.type === 'all' ? '' : filters.type,
    currency: filters.currency === 'all' ? '' : filters.currency,
    startDate: filters.startDate,
    endDate: filters.endDate,
    search,
    searchTypes: search && filters.searchTypes?.length ? filters.searchTypes.join(',') : '',
  };
}

/** Whether any list filter (not the page or the chart period) differs from the default. */
export function hasActiveFilters(state: HistoryState): boolean {
  return (
    state.type !== 'all' ||
    state.currency !== 'all' ||
    state.startDate !== '' ||
    state.endDate !== '' ||
    state.search.trim() !== ''
  );
}
