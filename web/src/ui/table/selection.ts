/** Selection rules of the list widgets (pure; the widgets keep the result in the link group). */

type SelectResult<K> = { selected: K[]; anchor: K };

/**
 * A click (or Enter/Space) on the row `key`, with `order` the rows as shown.
 * - Single select: the row becomes the selection; the selected row again clears it.
 * - Multi select: the row toggles; with shift, every row from the anchor (the last row clicked
 *   without shift) to this one is added. Selected rows hidden by the filter are kept.
 */
export function selectRow<K>(
  selected: readonly K[],
  order: readonly K[],
  key: K,
  opts: { multi: boolean; shift?: boolean; anchor?: K },
): SelectResult<K> {
  if (!opts.multi) {
    return { selected: selected.length === 1 && selected[0] === key ? [] : [key], anchor: key };
  }
  const from = opts.anchor === undefined ? -1 : order.indexOf(opts.anchor);
  const to = order.indexOf(key);
  if (opts.shift && from >= 0 && to >= 0) {
    const range = order.slice(Math.min(from, to), Math.max(from, to) + 1);
    const set = new Set(selected);
    return { selected: [...selected, ...range.filter((k) => !set.has(k))], anchor: opts.anchor as K };
  }
  return {
    selected: selected.includes(key) ? selected.filter((k) => k !== key) : [...selected, key],
    anchor: key,
  };
}

/** The header checkbox: all shown rows selected → they are removed; otherwise all are added. */
export function toggleAll<K>(selected: readonly K[], shown: readonly K[]): K[] {
  const set = new Set(selected);
  if (shown.length > 0 && shown.every((k) => set.has(k))) {
    const hide = new Set(shown);
    return selected.filter((k) => !hide.has(k));
  }
  return [...selected, ...shown.filter((k) => !set.has(k))];
}

/** 'all', 'some' or 'none' of the shown rows selected (the header checkbox's state). */
export function selectionState<K>(selected: ReadonlySet<K>, shown: readonly K[]): 'all' | 'some' | 'none' {
  let n = 0;
  for (const k of shown) if (selected.has(k)) n += 1;
  return n === 0 ? 'none' : n === shown.length ? 'all' : 'some';
}

/** The active row after a navigation key; undefined for other keys. */
export function moveActive(key: string, active: number, count: number, page: number): number | undefined {
  if (count === 0) return undefined;
  const clamp = (i: number) => Math.min(count - 1, Math.max(0, i));
  switch (key) {
    case 'ArrowDown':
      return clamp(active < 0 ? 0 : active + 1);
    case 'ArrowUp':
      return clamp(active < 0 ? 0 : active - 1);
    case 'PageDown':
      return clamp(active + page);
    case 'PageUp':
      return clamp(active - page);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}
