/** Sorting of the list widgets: one column at a time, missing values always last. */

export type SortDir = 'asc' | 'desc';
export type Sort = { key: string; dir: SortDir };
export type SortValue = string | number | null | undefined;

/** Clicking a header: a new column starts in its natural direction, the same column flips. */
export function nextSort(current: Sort, key: string, firstDir: SortDir = 'asc'): Sort {
  if (current.key !== key) return { key, dir: firstDir };
  return { key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
}

/** aria-sort of a header. */
export const ariaSort = (sort: Sort, key: string): 'ascending' | 'descending' | 'none' =>
  sort.key !== key ? 'none' : sort.dir === 'asc' ? 'ascending' : 'descending';

const isMissing = (v: SortValue) =>
  v === null || v === undefined || v === '' || (typeof v === 'number' && Number.isNaN(v));

/**
 * Rows sorted by `value` in `dir`; text by the language's collation with numbers in text compared
 * as numbers ("K9" before "K17"). Missing values go last in both directions; ties keep the order
 * of `tie` (then the input order), so the list never jumps between equal rows.
 */
export function sortRows<T>(
  rows: readonly T[],
  value: (row: T) => SortValue,
  dir: SortDir,
  collator: Intl.Collator,
  tie?: (a: T, b: T) => number,
): T[] {
  const keyed = rows.map((row, i) => ({ row, i, v: value(row) }));
  const sign = dir === 'asc' ? 1 : -1;
  keyed.sort((a, b) => {
    const am = isMissing(a.v);
    const bm = isMissing(b.v);
    if (am || bm) return am === bm ? (tie?.(a.row, b.row) ?? 0) || a.i - b.i : am ? 1 : -1;
    const c =
      typeof a.v === 'number' && typeof b.v === 'number' ? a.v - b.v : collator.compare(String(a.v), String(b.v));
    return c * sign || (tie?.(a.row, b.row) ?? 0) || a.i - b.i;
  });
  return keyed.map((k) => k.row);
}

const collators = new Map<string, Intl.Collator>();
/** A cached numeric, case-insensitive collator of the language. */
export function collatorFor(lang: string): Intl.Collator {
  let c = collators.get(lang);
  if (!c) {
    c = new Intl.Collator(lang, { numeric: true, sensitivity: 'base' });
    collators.set(lang, c);
  }
  return c;
}
