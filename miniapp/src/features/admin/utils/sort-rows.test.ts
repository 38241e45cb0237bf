import { describe, expect, it } from 'vitest';
import { nextSort, parseSort, sortRows } from './sort-rows';

const rows = [
  { name: 'bob', zp: 10 },
  { name: 'Alice', zp: 2 },
  { name: 'émile', zp: null },
  { name: 'carl', zp: 10 },
];

describe('sortable columns', () => {
  it('orders numbers by size, equal values in the order received, empty last', () => {
    expect(sortRows(rows, (r) => r.zp, 'asc', 'en').map((r) => r.name)).toEqual(['Alice', 'bob', 'carl', 'émile']);
    expect(sortRows(rows, (r) => r.zp, 'desc', 'en').map((r) => r.name)).toEqual(['bob', 'carl', 'Alice', 'émile']);
  });

  it("orders text in the reader's language, ignoring case and accents", () => {
    expect(sortRows(rows, (r) => r.name, 'asc', 'fr').map((r) => r.name)).toEqual(['Alice', 'bob', 'carl', 'émile']);
    expect(sortRows(rows, (r) => r.name, 'desc', 'fr').map((r) => r.name)).toEqual(['émile', 'carl', 'bob', 'Alice']);
  });

  it('reads the sort from the query string, known columns only', () => {
    expect(parseSort(new URLSearchParams('sort=zp&dir=desc'), ['zp'])).toEqual({ column: 'zp', direction: 'desc' });
    expect(parseSort(new URLSearchParams('sort=zp'), ['zp'])).toEqual({ column: 'zp', direction: 'asc' });
    expect(parseSort(new URLSearchParams('sort=password'), ['zp'])).toBeNull();
  });

  it('flips the same column and starts another ascending', () => {
    expect(nextSort(null, 'zp')).toEqual({ column: 'zp', direction: 'asc' });
    expect(nextSort({ column: 'zp', direction: 'asc' }, 'zp')).toEqual({ column: 'zp', direction: 'desc' });
    expect(nextSort({ column: 'zp', direction: 'desc' }, 'name')).toEqual({ column: 'name', direction: 'asc' });
  });
});
