import type { ReactNode } from 'react';
import { useSearchState } from '../hooks/use-search-state';
import { useAdminTranslation } from '../i18n';
import { nextSort, parseSort, sortRows, type SortState, type SortValue } from '../utils/sort-rows';

export type TableColumn<T> = {
  id: string;
  label: string;
  cell: (row: T) => ReactNode;
  /** What the column sorts by; without it the column does not sort. */
  value?: (row: T) => SortValue;
  numeric?: boolean;
  /**
   * Long free text (a contact, a summary): takes the width the other columns leave, and only a
   * word longer than the column may break. Other cells wrap between words only.
   */
  wraps?: boolean;
  /** A word or two that reads as one (a role, a status): kept on one line. */
  short?: boolean;
};

const cellClass = (column: { numeric?: boolean; wraps?: boolean; short?: boolean }) =>
  column.numeric
    ? 'zv-admin-table__num'
    : column.wraps
      ? 'zv-admin-table__wrap'
      : column.short
        ? 'zv-admin-table__short'
        : undefined;

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * A list as a table at desktop width. A sortable column's header is a button: a click sorts by it
 * (again: the other way), announced with aria-sort, kept in the query string (?sort=&dir=) like
 * the section's filters. `initialSort` is the order the server sends (the rows' own order).
 * `isServerSorted`: the server sorts (the query string is part of its query, `serverSort` what it
 * applied), so the rows are shown as they come and a column only needs `value` to be sortable.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  label,
  testId,
  rowTestId,
  initialSort = null,
  isServerSorted = false,
  serverSort,
  rowData,
}: {
  columns: TableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  label: string;
  testId: string;
  rowTestId: string;
  initialSort?: SortState | null;
  isServerSorted?: boolean;
  /** The order the server applied (what a server-sorted list's query says); read from ?sort=&dir= otherwise. */
  serverSort?: SortState;
  /** data-* attributes of a row (what tests and styles pick rows by). */
  rowData?: (row: T) => Record<`data-${string}`, string>;
}) {
  const { i18n } = useAdminTranslation();
  const [params, setParams] = useSearchState();
  const sortable = columns.filter((column) => column.value).map((column) => column.id);
  const sort = serverSort ?? parseSort(params, sortable) ?? initialSort;
  const sortBy = columns.find((column) => column.id === sort?.column)?.value;
  const shown = sort && sortBy && !isServerSorted ? sortRows(rows, sortBy, sort.direction, i18n.language) : rows;
  const onSort = (id: string) => {
    const next = nextSort(sort, id);
    // A server-sorted list starts again at its first page in the new order.
    setParams({ sort: next.column, dir: next.direction, ...(isServerSorted ? { page: null } : {}) });
  };
  return (
    <div className="zv-admin-table-box">
      <table className="zv-admin-table" aria-label={label} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                aria-sort={sort?.column === column.id ? ARIA_SORT[sort.direction] : undefined}
                className={cellClass(column)}
                data-testid={`${testId}-col-${column.id}`}
              >
                {column.value ? (
                  <button type="button" className="zv-admin-table__sort" onClick={() => onSort(column.id)}>
                    {column.label}
                    <span aria-hidden="true" className="zv-admin-table__arrow">
                      {sort?.column === column.id ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
                    </span>
                  </button>
                ) : (
                  column.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId} {...rowData?.(row)}>
              {columns.map((column) => (
                <td key={column.id} className={cellClass(column)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
