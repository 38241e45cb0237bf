import { ADMIN_USER_SORTS, ROLES, SORT_DIRECTIONS, type AdminUserSort, type Role } from '@ziver/shared';
import { oneOf, pageOf } from '../hooks/use-search-state';

export type YesNo = 'true' | 'false';
const YES_NO: readonly YesNo[] = ['true', 'false'];

/** The users list's filters as the address keeps them ('' = any). */
export type UserFilters = {
  q: string;
  role: Role | '';
  suspended: YesNo | '';
  telegram: YesNo | '';
  referredBy: string;
};
export const NO_USER_FILTERS: UserFilters = { q: '', role: '', suspended: '', telegram: '', referredBy: '' };

/** Filters, order and page: everything the list's address holds. */
export type UserListQuery = UserFilters & { sort: AdminUserSort; dir: 'asc' | 'desc'; page: number };

/** The list's place from its query string; an unknown value is the default (a hand-edited link cannot break a call). */
export function userListQueryOf(params: URLSearchParams): UserListQuery {
  const text = (key: string) => params.get(key)?.trim() ?? '';
  return {
    q: text('q'),
    role: oneOf(ROLES, params.get('role')) ?? '',
    suspended: oneOf(YES_NO, params.get('suspended')) ?? '',
    telegram: oneOf(YES_NO, params.get('telegram')) ?? '',
    referredBy: text('referredBy'),
    sort: oneOf(ADMIN_USER_SORTS, params.get('sort')) ?? 'joined',
    dir: oneOf(SORT_DIRECTIONS, params.get('dir')) ?? 'desc',
    page: pageOf(params.get('page')),
  };
}

/** The API's query for it (`call` leaves empty filters out; `page` only when given). */
export function userListSearch<Q extends Omit<UserListQuery, 'page'> & { page?: number }>(
  query: Q,
  pageSize?: number,
): Q & { pageSize?: number } {
  return pageSize === undefined ? { ...query } : { ...query, pageSize };
}
