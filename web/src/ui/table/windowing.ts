/**
 * Windowing of a list with a fixed row height: which rows a scroll position shows, and where to
 * scroll to bring a row into view. Only those rows are rendered, so 10,000 units cost the same as 30.
 */

type RowWindow = {
  /** First rendered row. */
  start: number;
  /** One past the last rendered row. */
  end: number;
  /** Space above and below the rendered rows, in pixels. */
  before: number;
  after: number;
};

export function visibleRange(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  count: number,
  overscan = 8,
): RowWindow {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0, before: 0, after: 0 };
  const top = Math.max(0, scrollTop);
  const first = Math.min(count - 1, Math.floor(top / rowHeight));
  const last = Math.min(count - 1, Math.floor((top + Math.max(0, viewportHeight) - 1) / rowHeight));
  const start = Math.max(0, first - overscan);
  const end = Math.min(count, Math.max(first, last) + 1 + overscan);
  return { start, end, before: start * rowHeight, after: (count - end) * rowHeight };
}

/**
 * The scroll position that shows row `index` whole in a viewport of `viewportHeight` whose top
 * `stickyTop` pixels are covered (the sticky header), moving as little as possible; undefined when
 * the row is already in view.
 */
export function scrollToReveal(
  index: number,
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  stickyTop = 0,
): number | undefined {
  const rowTop = index * rowHeight;
  const rowBottom = rowTop + rowHeight;
  const visibleTop = scrollTop;
  const visibleBottom = scrollTop + viewportHeight - stickyTop;
  if (rowTop < visibleTop) return rowTop;
  if (rowBottom > visibleBottom) return Math.max(0, rowBottom - (viewportHeight - stickyTop));
  return undefined;
}

/** Rows a page-up or page-down moves: a viewport's worth, at least one. */
export const pageRows = (viewportHeight: number, rowHeight: number, stickyTop = 0) =>
  Math.max(1, Math.floor((viewportHeight - stickyTop) / rowHeight) - 1);
