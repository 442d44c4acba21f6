import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageRows, scrollToReveal, visibleRange } from './windowing.ts';

describe('visibleRange', () => {
  it('renders the rows in view plus the overscan, with spacers for the rest', () => {
    // 10,000 rows of 32 px, 320 px of viewport scrolled to row 100.
    expect(visibleRange(3200, 320, 32, 10_000, 5)).toEqual({
      start: 95,
      end: 115,
      before: 95 * 32,
      after: (10_000 - 115) * 32,
    });
  });

  it('clamps at the top and at the end', () => {
    expect(visibleRange(0, 320, 32, 10_000, 5)).toMatchObject({ start: 0, end: 15, before: 0 });
    expect(visibleRange(10_000 * 32, 320, 32, 10_000, 5)).toMatchObject({ end: 10_000, after: 0 });
    expect(visibleRange(-50, 320, 32, 3, 5)).toEqual({ start: 0, end: 3, before: 0, after: 0 });
  });

  it('renders nothing for no rows', () => {
    expect(visibleRange(0, 320, 32, 0)).toEqual({ start: 0, end: 0, before: 0, after: 0 });
  });

  it('always covers the viewport and accounts for every row', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 1, max: 2000 }),
        fc.integer({ min: 1, max: 80 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (count, viewport, row, overscan, rawTop) => {
          const maxTop = Math.max(0, count * row - viewport);
          const top = Math.min(rawTop, maxTop);
          const w = visibleRange(top, viewport, row, count, overscan);
          expect(w.before + (w.end - w.start) * row + w.after).toBe(count * row);
          expect(w.start).toBeGreaterThanOrEqual(0);
          expect(w.end).toBeLessThanOrEqual(count);
          if (count === 0) return;
          // Every row that intersects the viewport is rendered.
          const firstSeen = Math.floor(top / row);
          const lastSeen = Math.min(count - 1, Math.floor((top + viewport - 1) / row));
          expect(w.start).toBeLessThanOrEqual(firstSeen);
          expect(w.end).toBeGreaterThan(lastSeen);
          // And not much more: at most the visible rows plus the overscan on both sides.
          expect(w.end - w.start).toBeLessThanOrEqual(lastSeen - firstSeen + 1 + 2 * overscan);
        },
      ),
    );
  });
});

describe('scrollToReveal', () => {
  // Viewport 332 px of which the sticky header covers 32: 300 px of rows (9.4 rows of 32).
  it('leaves a row in view alone', () => {
    expect(scrollToReveal(3, 0, 332, 32, 32)).toBeUndefined();
  });
  it('scrolls up so a row above is the first under the header', () => {
    expect(scrollToReveal(10, 800, 332, 32, 32)).toBe(320);
  });
  it('scrolls down just enough for a row below to show whole', () => {
    // Row 20 ends at 672; 300 px of rows show from scrollTop 372.
    expect(scrollToReveal(20, 0, 332, 32, 32)).toBe(372);
  });
  it('moves a page by a viewport of rows less one', () => {
    expect(pageRows(332, 32, 32)).toBe(8);
    expect(pageRows(10, 32, 0)).toBe(1);
  });
});
