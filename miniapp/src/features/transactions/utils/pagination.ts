import type { Pagination } from '@ziver/shared';

/** What the pager shows for one answer of the list endpoint. */
export type PagerView = {
  page: number;
  totalPages: number;
  hasPrevious: boolean;
  hasNext: boolean;
  /** 1-based positions of the first and last rows on this page; 0 and 0 when there are none. */
  firstItem: number;
  lastItem: number;
  totalCount: number;
};

export function pagerView(pagination: Pagination, rowsOnPage: number): PagerView {
  const totalPages = Math.max(0, Math.floor(pagination.totalPages));
  const page = Math.max(1, Math.floor(pagination.currentPage));
  const firstItem = rowsOnPage > 0 ? (page - 1) * pagination.limit + 1 : 0;
  return {
    page,
    totalPages,
    hasPrevious: page > 1,
    hasNext: page < totalPages,
    firstItem,
    lastItem: rowsOnPage > 0 ? firstItem + rowsOnPage - 1 : 0,
    totalCount: pagination.totalCount,
  };
}

/**
 * The page to move to when the requested one is past the end (filters narrowed, rows gone):
 * the last page, or null when the request is fine as it is.
 */
export function pageToCorrect(requested: number, pagination: Pagination | undefined): number | null {
  if (!pagination) return null;
  const last = Math.max(1, pagination.totalPages);
  return requested > last ? last : null;
}
