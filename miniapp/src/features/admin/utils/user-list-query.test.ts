import { describe, expect, it } from 'vitest';
import { queryString } from '@ziver/shared/core';
import { userListQueryOf, userListSearch } from './user-list-query';

describe('the users list in the address', () => {
  it('reads every filter, the order and the page', () => {
    const query = userListQueryOf(
      new URLSearchParams(
        'q=%20ann%20&role=TESTER&suspended=true&telegram=false&referredBy=bob&sort=zp&dir=asc&page=3',
      ),
    );
    expect(query).toEqual({
      q: 'ann',
      role: 'TESTER',
      suspended: 'true',
      telegram: 'false',
      referredBy: 'bob',
      sort: 'zp',
      dir: 'asc',
      page: 3,
    });
  });

  it('takes a hand-edited value it does not know as the default, so the call cannot fail', () => {
    expect(userListQueryOf(new URLSearchParams('role=ROOT&suspended=yes&sort=name&dir=up&page=-2'))).toEqual({
      q: '',
      role: '',
      suspended: '',
      telegram: '',
      referredBy: '',
      sort: 'joined',
      dir: 'desc',
      page: 1,
    });
  });

  it('asks the API for what is set, leaving empty filters out', () => {
    const query = userListQueryOf(new URLSearchParams('telegram=true&referredBy=@bob&page=2'));
    expect(queryString(userListSearch(query, 25))).toBe(
      '?telegram=true&referredBy=%40bob&sort=joined&dir=desc&page=2&pageSize=25',
    );
    const { page: _page, ...withoutPage } = query;
    expect(queryString(userListSearch(withoutPage))).toBe('?telegram=true&referredBy=%40bob&sort=joined&dir=desc');
  });
});
