import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { DEFAULT_HISTORY_STATE, parseHistorySearch, toHistorySearch, type HistoryState } from '../utils/history-query';

type ListFilters = Pick<HistoryState, 'type' | 'currency' | 'startDate' | 'endDate' | 'search'>;

/**
 * The history page's filters, page and chart period, kept in the URL query so a reload, a shared
 * link or the back button restores them. A new filter starts again at page 1 and replaces the
 * history entry; a page turn adds one, so back goes to the previous page.
 */
export function useHistoryState() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const state = useMemo(() => parseHistorySearch(search), [search]);

  const go = useCallback(
    (next: HistoryState, isNewEntry: boolean) => {
      const query = toHistorySearch(next);
      if (query === toHistorySearch(state)) return;
      navigate(`${location}${query}`, { replace: !isNewEntry });
    },
    [location, navigate, state],
  );

  const setFilters = useCallback(
    (patch: Partial<ListFilters>) => go({ ...state, ...patch, page: 1 }, false),
    [go, state],
  );
  const setPage = useCallback((page: number) => go({ ...state, page }, true), [go, state]);
  /** Moves to another page without a new history entry (e.g. back from past the last page). */
  const correctPage = useCallback((page: number) => go({ ...state, page }, false), [go, state]);
  const setPeriod = useCallback((period: HistoryState['period']) => go({ ...state, period }, false), [go, state]);
  const clearFilters = useCallback(
    () => go({ ...DEFAULT_HISTORY_STATE, period: state.period }, false),
    [go, state.period],
  );

  return { state, setFilters, setPage, correctPage, setPeriod, clearFilters };
}
