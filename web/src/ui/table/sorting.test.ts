import { describe, expect, it } from 'vitest';
import { ariaSort, collatorFor, nextSort, sortRows } from './sorting.ts';

const collator = collatorFor('en');

describe('nextSort', () => {
  it('starts a new column in its first direction and flips the same column', () => {
    expect(nextSort({ key: 'name', dir: 'asc' }, 'status', 'desc')).toEqual({ key: 'status', dir: 'desc' });
    expect(nextSort({ key: 'name', dir: 'asc' }, 'location')).toEqual({ key: 'location', dir: 'asc' });
    expect(nextSort({ key: 'name', dir: 'asc' }, 'name')).toEqual({ key: 'name', dir: 'desc' });
    expect(nextSort({ key: 'name', dir: 'desc' }, 'name')).toEqual({ key: 'name', dir: 'asc' });
  });

  it('names the sorted column for aria-sort', () => {
    const sort = { key: 'time', dir: 'desc' } as const;
    expect(ariaSort(sort, 'time')).toBe('descending');
    expect(ariaSort({ key: 'time', dir: 'asc' }, 'time')).toBe('ascending');
    expect(ariaSort(sort, 'name')).toBe('none');
  });
});

describe('sortRows', () => {
  const names = ['Smedjegatan K8', 'Kungsgatan K23', 'kungsgatan K3', 'Smedjegatan K17'];

  it('compares numbers inside names as numbers, ignoring case', () => {
    const sorted = sortRows(names, (n) => n, 'asc', collator);
    expect(sorted).toEqual(['kungsgatan K3', 'Kungsgatan K23', 'Smedjegatan K8', 'Smedjegatan K17']);
    expect(sortRows(names, (n) => n, 'desc', collator)).toEqual([...sorted].reverse());
  });

  it('puts missing values last in both directions', () => {
    const rows = [{ v: 2 }, { v: null }, { v: 5 }, { v: undefined }, { v: 1 }];
    expect(sortRows(rows, (r) => r.v, 'asc', collator).map((r) => r.v)).toEqual([1, 2, 5, null, undefined]);
    expect(sortRows(rows, (r) => r.v, 'desc', collator).map((r) => r.v)).toEqual([5, 2, 1, null, undefined]);
  });

  it('orders ties by the tie-breaker, then keeps the input order', () => {
    const rows = [
      { s: 3, n: 'b', id: 1 },
      { s: 1, n: 'a', id: 2 },
      { s: 3, n: 'a', id: 3 },
      { s: 3, n: 'a', id: 4 },
    ];
    const byName = (a: (typeof rows)[number], b: (typeof rows)[number]) => a.n.localeCompare(b.n);
    // Worst first (desc), then by name ascending whatever the direction.
    expect(sortRows(rows, (r) => r.s, 'desc', collator, byName).map((r) => r.id)).toEqual([3, 4, 1, 2]);
  });

  it('does not change its input', () => {
    const input = [3, 1, 2];
    sortRows(input, (n) => n, 'asc', collator);
    expect(input).toEqual([3, 1, 2]);
  });

  it('sorts 10,000 rows quickly', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => ({ name: `Unit K${(i * 7919) % 10_000}` }));
    const t0 = performance.now();
    const sorted = sortRows(rows, (r) => r.name, 'asc', collator);
    expect(performance.now() - t0).toBeLessThan(500);
    expect(sorted[0]?.name).toBe('Unit K0');
    expect(sorted[9999]?.name).toBe('Unit K9999');
  });
});
