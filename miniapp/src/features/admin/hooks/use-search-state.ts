import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';

type Patch = Record<string, string | number | null | undefined>;

/**
 * A section's filters, sort and page, kept in the URL's query string so a refresh, Back and a
 * shared link keep the place. Empty values leave the query. A filter replaces the history entry;
 * `{ push: true }` (a page turn) adds one, so Back goes to the previous page (as /history does).
 */
export function useSearchState() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const update = useCallback(
    (patch: Patch, { push = false }: { push?: boolean } = {}) => {
      const next = new URLSearchParams(search);
      for (const [key, value] of Object.entries(patch)) {
        if (value === undefined || value === null || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      const query = next.toString();
      if (query === new URLSearchParams(search).toString()) return;
      navigate(query ? `${location}?${query}` : location, { replace: !push });
    },
    [search, location, navigate],
  );
  return [params, update] as const;
}

/** `value` when it is one of `allowed`, else undefined (a hand-edited link cannot break a call). */
export function oneOf<T extends string | number>(allowed: readonly T[], value: string | null): T | undefined {
  return allowed.find((item) => String(item) === value);
}

/** A page number from the query: a whole number from 1, else 1. */
export function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
