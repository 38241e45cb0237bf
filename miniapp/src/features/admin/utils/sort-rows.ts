export type SortDirection = 'asc' | 'desc';
export type SortState = { column: string; direction: SortDirection };
export type SortValue = string | number | null;

/**
 * The rows ordered by one column's values: numbers by size, text in the reader's language's
 * order; empty values last either way. Stable: equal rows keep the order the server sent.
 */
export function sortRows<T>(
  rows: readonly T[],
  valueOf: (row: T) => SortValue,
  direction: SortDirection,
  language: string,
): T[] {
  const collator = new Intl.Collator(language, { numeric: true, sensitivity: 'base' });
  const sign = direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: valueOf(row) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null)
        return a.value === b.value ? a.index - b.index : a.value === null ? 1 : -1;
      const order =
        typeof a.value === 'number' && typeof b.value === 'number'
          ? a.value - b.value
          : collator.compare(String(a.value), String(b.value));
      return order === 0 ? a.index - b.index : sign * order;
    })
    .map(({ row }) => row);
}

/** The sort of a list from its query string (?sort=column&dir=asc|desc), if it names a known column. */
export function parseSort(params: URLSearchParams, columns: readonly string[]): SortState | null {
  const column = params.get('sort');
  if (!column || !columns.includes(column)) return null;
  return { column, direction: params.get('dir') === 'desc' ? 'desc' : 'asc' };
}

/** A header click: the same column flips its direction, another one starts ascending. */
export function nextSort(current: SortState | null, column: string): SortState {
  if (current?.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: 'asc' };
}
