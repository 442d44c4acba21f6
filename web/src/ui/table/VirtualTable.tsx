import {
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Line } from '../Bidi.tsx';
import { type ColumnFit, type ColumnWidths, columnWidths, RESIZE_MIN } from './columnWidths.ts';
import { moveActive } from './selection.ts';
import './table.css';
import { FullText, type Peek, peekOf } from './cellPeek.tsx';
import { HeaderCheckbox, ResizeHandle, SortIcon } from './HeaderParts.tsx';
import { ariaSort, type Sort, type SortDir } from './sorting.ts';
import { pageRows, scrollToReveal, visibleRange } from './windowing.ts';

export type Column<T> = {
  key: string;
  header: string;
  /** Fixed width in pixels (times, numbers, status); columns without one share the rest by their `fit`. */
  width?: number;
  /** A column without a fixed width: a short label (default) or a long free text that takes the room left. */
  fit?: ColumnFit;
  /** The column shows only when the table is at least this wide (pixels). */
  minWidth?: number;
  align?: 'end';
  /** Sortable when given; the first click sorts in `firstDir` (default ascending). */
  sortable?: boolean;
  firstDir?: SortDir;
  cell: (row: T) => ReactNode;
  title?: (row: T) => string | undefined;
  /**
   * The cell is a phrase in the reader's language, not data: it takes the page's direction. Data
   * takes its own from its first letter, which misreads "1 MΩ in 3 days" in Arabic as left to right.
   */
  worded?: boolean;
};

type Key = string | number;

type Props<T> = {
  label: string;
  rows: readonly T[];
  rowKey: (row: T) => Key;
  columns: readonly Column<T>[];
  sort: Sort;
  onSort: (key: string) => void;
  isSelected: (row: T) => boolean;
  multi: boolean;
  /** A click, Enter or Space on a row; `shift` extends a multi-selection. */
  onSelect: (row: T, opts: { shift: boolean }) => void;
  /** Multi select: the header checkbox. */
  allState?: 'all' | 'some' | 'none';
  onToggleAll?: () => void;
  selectAllLabel?: string;
  /** Brought into view when it changes (e.g. a unit selected on the map). */
  revealKey?: Key;
  /** Shown under the header when there are no rows. */
  empty?: ReactNode;
  /** Column widths the person set by dragging or with the keyboard; kept by the table itself when not given. */
  widths?: ColumnWidths;
  onWidthsChange?: (widths: Record<string, number>) => void;
};

/** Rows are 32 px (40 px on touch screens); the windowing relies on every row having exactly this height. */
const rowHeightFor = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches ? 40 : 32;
const HEADER_HEIGHT = 32;
const CHECK_WIDTH = 36;

/**
 * A dense table that renders only the rows in view (fixed row height, spacer rows above and below),
 * with a sticky header, sortable columns (aria-sort), row selection (aria-selected) and keyboard
 * navigation: arrows, Page Up/Down, Home/End move, Enter or Space selects.
 */
export function VirtualTable<T>(props: Props<T>) {
  const { rows, rowKey, columns, sort, multi } = props;
  const id = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const [rowHeight] = useState(rowHeightFor);
  const [box, setBox] = useState({ width: 0, height: 0 });
  const [scrollTop, setScrollTop] = useState(0);
  const [active, setActive] = useState(-1);
  const [focused, setFocused] = useState(false);
  const [hover, setHover] = useState<Peek>();
  const [focusPeek, setFocusPeek] = useState<Peek>();
  /** Counts scrolls and resizes of anything while a full text shows: it floats, so it is placed again. */
  const [moved, setMoved] = useState(0);
  const [ownWidths, setOwnWidths] = useState<ColumnWidths>({});
  const [drag, setDrag] = useState<{ key: string; width: number }>();
  const saved = props.widths ?? ownWidths;
  const resized = drag ? { ...saved, [drag.key]: drag.width } : saved;

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setBox({ width: el.clientWidth, height: el.clientHeight });
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const shown = columns.filter((c) => !c.minWidth || box.width === 0 || box.width >= c.minWidth);
  const bodyHeight = Math.max(0, box.height - HEADER_HEIGHT);
  const win = visibleRange(scrollTop, bodyHeight || 600, rowHeight, rows.length);
  const activeIndex = active >= rows.length ? rows.length - 1 : active;
  const widths = columnWidths(shown, box.width, resized);
  const checkWidth = multi ? CHECK_WIDTH : 0;
  const tableWidth = checkWidth + widths.reduce((sum, w) => sum + w, 0);
  const saveWidths = (next: Record<string, number>) =>
    props.onWidthsChange ? props.onWidthsChange(next) : setOwnWidths(next);

  const reveal = useCallback(
    (index: number) => {
      const el = scroller.current;
      if (!el) return;
      const top = scrollToReveal(index, el.scrollTop, el.clientHeight, rowHeight, HEADER_HEIGHT);
      if (top !== undefined) el.scrollTop = top;
    },
    [rowHeight],
  );

  // A row selected elsewhere (the map) is scrolled into view, once per change.
  const { revealKey } = props;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the key changes, not on every data tick
  useEffect(() => {
    if (revealKey === undefined) return;
    const index = rows.findIndex((r) => rowKey(r) === revealKey);
    if (index >= 0) reveal(index);
  }, [revealKey, reveal]);

  // With the keyboard on a row, its truncated cells show in full beside it (hover does the same per cell).
  const activeShown = activeIndex >= win.start && activeIndex < win.end;
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again whenever the row, its place or the widths change
  useLayoutEffect(() => {
    // Only for keyboard focus (a click focuses the table too; the pointer has its own peek).
    const keyboard = focused && activeShown && scroller.current?.querySelector('table')?.matches(':focus-visible');
    const row = keyboard ? scroller.current?.querySelector<HTMLElement>('tr[data-active]') : null;
    setFocusPeek(row ? peekOf(row, activeIndex, [...row.querySelectorAll<HTMLElement>('td[data-key]')]) : undefined);
  }, [focused, activeIndex, activeShown, moved, box.width, widths.join()]);

  // A scroll (the table's, the page's) or a resize leaves the pointer's cell; the keyboard's row is measured again.
  const peeking = hover !== undefined || focusPeek !== undefined;
  useEffect(() => {
    if (!peeking) return;
    const moves = () => {
      setHover(undefined);
      setMoved((n) => n + 1);
    };
    window.addEventListener('scroll', moves, true);
    window.addEventListener('resize', moves);
    return () => {
      window.removeEventListener('scroll', moves, true);
      window.removeEventListener('resize', moves);
    };
  }, [peeking]);

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    if (e.target !== e.currentTarget) return;
    const page = pageRows(scroller.current?.clientHeight ?? 0, rowHeight, HEADER_HEIGHT);
    const next = moveActive(e.key, activeIndex, rows.length, page);
    if (next !== undefined) {
      e.preventDefault();
      setActive(next);
      reveal(next);
      return;
    }
    if ((e.key === 'Enter' || e.key === ' ') && activeIndex >= 0) {
      const row = rows[activeIndex];
      if (!row) return;
      e.preventDefault();
      props.onSelect(row, { shift: e.shiftKey });
    }
  };

  const visible = rows.slice(win.start, win.end);
  const colCount = shown.length + (multi ? 1 : 0);
  const activeRow = activeIndex >= 0 ? rows[activeIndex] : undefined;
  // The pointer's peek, the more recent intent, goes over the keyboard's.
  const peek = hover ?? focusPeek;
  const peekRow = peek && rows[peek.index];
  const activeId =
    activeRow && activeIndex >= win.start && activeIndex < win.end ? `${id}-r${rowKey(activeRow)}` : undefined;

  return (
    <div
      className="vt"
      ref={scroller}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      style={{ '--vt-row': `${rowHeight}px`, '--vt-head': `${HEADER_HEIGHT}px` } as CSSProperties}
    >
      <table
        className="data-table vt__table"
        style={box.width > 0 ? { width: tableWidth } : undefined}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA grid pattern on a table (selectable rows, arrow keys)
        role="grid"
        aria-label={props.label}
        aria-rowcount={rows.length + 1}
        aria-colcount={colCount}
        aria-multiselectable={multi || undefined}
        aria-activedescendant={activeId}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onBlur={(e) => {
          if (e.target === e.currentTarget) setFocused(false);
        }}
        onFocus={(e) => {
          if (e.target !== e.currentTarget) return;
          setFocused(true);
          if (active < 0 && rows.length) {
            const first = rows.findIndex(props.isSelected);
            setActive(first >= 0 && first >= win.start && first < win.end ? first : win.start);
          }
        }}
      >
        <colgroup>
          {multi && <col style={{ width: CHECK_WIDTH }} />}
          {shown.map((c, i) => (
            <col key={c.key} style={box.width > 0 ? { width: widths[i] } : c.width ? { width: c.width } : undefined} />
          ))}
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            {multi && (
              <th className="vt__check" scope="col">
                <HeaderCheckbox
                  state={props.allState ?? 'none'}
                  label={props.selectAllLabel ?? ''}
                  onToggle={props.onToggleAll}
                  disabled={rows.length === 0}
                />
              </th>
            )}
            {shown.map((c, i) => (
              <th
                key={c.key}
                scope="col"
                // The column's name only, not its resize handle's label.
                aria-label={c.header}
                className={c.align === 'end' ? 'num' : undefined}
                aria-sort={c.sortable ? ariaSort(sort, c.key) : undefined}
              >
                {c.sortable ? (
                  <button type="button" className="vt__sort" onClick={() => props.onSort(c.key)}>
                    <span className="vt__sort-text">{c.header}</span>
                    <SortIcon state={ariaSort(sort, c.key)} />
                  </button>
                ) : (
                  c.header
                )}
                <ResizeHandle
                  column={c.header}
                  width={widths[i] ?? RESIZE_MIN}
                  onDrag={(width) => setDrag(width === undefined ? undefined : { key: c.key, width })}
                  onDone={(width) => {
                    setDrag(undefined);
                    saveWidths({ ...saved, [c.key]: width });
                  }}
                />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {win.before > 0 && (
            <tr className="vt__spacer" aria-hidden style={{ height: win.before }}>
              <td colSpan={colCount} />
            </tr>
          )}
          {visible.map((row, i) => {
            const index = win.start + i;
            const key = rowKey(row);
            const selected = props.isSelected(row);
            return (
              <tr
                key={key}
                id={`${id}-r${key}`}
                aria-rowindex={index + 2}
                aria-selected={selected}
                data-active={index === activeIndex || undefined}
                onMouseDown={(e) => {
                  // Shift-click extends the selection; it must not select the page's text.
                  if (e.shiftKey) e.preventDefault();
                }}
                onClick={(e) => {
                  setActive(index);
                  props.onSelect(row, { shift: e.shiftKey });
                }}
              >
                {multi && (
                  <td className="vt__check">
                    <span className="vt__box" data-checked={selected || undefined} aria-hidden />
                  </td>
                )}
                {shown.map((c) => (
                  <td
                    key={c.key}
                    data-key={c.key}
                    className={c.align === 'end' ? 'num' : undefined}
                    title={c.title?.(row)}
                    onPointerEnter={(e) => setHover(peekOf(e.currentTarget, index, [e.currentTarget]))}
                    onPointerLeave={() => setHover(undefined)}
                  >
                    {/* Each cell's data in its own direction (a worded cell in the page's), cut at its logical end (ui/Bidi.tsx). */}
                    <Line className="vt__line" worded={c.worded}>
                      {c.cell(row)}
                    </Line>
                  </td>
                ))}
              </tr>
            );
          })}
          {win.after > 0 && (
            <tr className="vt__spacer" aria-hidden style={{ height: win.after }}>
              <td colSpan={colCount} />
            </tr>
          )}
        </tbody>
      </table>
      {rows.length === 0 && props.empty}
      {peekRow && peek && (
        <FullText
          at={peek.at}
          cells={shown
            .filter((c) => peek.keys.includes(c.key))
            .map((c) => ({ key: c.key, header: c.header, content: c.cell(peekRow) }))}
        />
      )}
    </div>
  );
}
