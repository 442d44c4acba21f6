import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react';
import {
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Line } from '../Bidi.tsx';
import { type ColumnFit, type ColumnWidths, clampWidth, columnWidths, RESIZE_MAX, RESIZE_MIN } from './columnWidths.ts';
import { moveActive } from './selection.ts';
import './table.css';
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

/** One column of the table's width: a keyboard step on a resize handle, in pixels. */
const RESIZE_STEP = 16;

/** A truncated cell's full content, shown beside the row or the cell it belongs to. */
type Peek = { index: number; keys: string[]; at: { block: number; below: boolean; start: number; rtl: boolean } };

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
                    {/* Each cell's data in its own direction, cut at its logical end (ui/Bidi.tsx). */}
                    <Line className="vt__line">{c.cell(row)}</Line>
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

/** Whether a cell's text is cut: its line (or a part of it with its own ellipsis) is narrower than its content. */
function truncated(cell: HTMLElement): boolean {
  const parts = cell.querySelectorAll<HTMLElement>('.line, .vt__ellipsis');
  return [...parts].some((el) => el.scrollWidth > el.clientWidth + 1);
}

/** The truncated ones of `cells` (of the row at `index`) and where their full text goes: below the first. */
function peekOf(anchor: HTMLElement, index: number, cells: HTMLElement[]): Peek | undefined {
  const cut = cells.filter(truncated);
  const first = cut[0];
  if (!first) return undefined;
  const rtl = getComputedStyle(anchor).direction === 'rtl';
  const box = first.getBoundingClientRect();
  const row = anchor.getBoundingClientRect();
  // Below the row, or above it when the row is in the lower third of the window.
  const below = row.bottom < (window.innerHeight * 2) / 3;
  return {
    index,
    keys: cut.map((c) => c.dataset.key ?? ''),
    at: {
      block: below ? row.bottom : window.innerHeight - row.top,
      below,
      start: rtl ? window.innerWidth - box.right : box.left,
      rtl,
    },
  };
}

/**
 * The full content of truncated cells, each under its column's name, floating below the row
 * (shown on hover of a cut cell and for the keyboard's row). Screen readers read the cells themselves.
 */
function FullText({ at, cells }: { at: Peek['at']; cells: { key: string; header: string; content: ReactNode }[] }) {
  const style: CSSProperties = { [at.below ? 'top' : 'bottom']: at.block, [at.rtl ? 'right' : 'left']: at.start };
  return createPortal(
    <div className="vt__full" style={style} aria-hidden>
      {cells.map((c) => (
        <div key={c.key} className="vt__full-cell">
          <span className="vt__full-head">{c.header}</span>
          <Line className="vt__full-text">{c.content}</Line>
        </div>
      ))}
    </div>,
    document.body,
  );
}

/**
 * The end edge of a column's header: dragging it (pointer) or the arrow keys (focused) change the
 * column's width, mirrored in right-to-left pages; the width is kept when the drag or key ends.
 */
function ResizeHandle({
  column,
  width,
  onDrag,
  onDone,
}: {
  column: string;
  width: number;
  /** The width while dragging; undefined when the drag ends without a change. */
  onDrag: (width: number | undefined) => void;
  onDone: (width: number) => void;
}) {
  const { t } = useTranslation();
  const start = useRef<{ x: number; width: number; sign: number }>(undefined);
  const signOf = (el: HTMLElement) => (getComputedStyle(el).direction === 'rtl' ? -1 : 1);
  const widthAt = (e: PointerEvent<HTMLElement>, s: { x: number; width: number; sign: number }) =>
    clampWidth(s.width + (e.clientX - s.x) * s.sign);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable, movable separator (the window splitter pattern), which <hr> cannot be
    <span
      role="separator"
      aria-orientation="vertical"
      aria-label={t('common.resizeColumn', { column })}
      aria-valuenow={width}
      aria-valuemin={RESIZE_MIN}
      aria-valuemax={RESIZE_MAX}
      tabIndex={0}
      className="vt__resize"
      onClick={(e) => e.stopPropagation()}
      onPointerDown={(e) => {
        if (e.button !== 0) return;
        e.preventDefault();
        e.currentTarget.setPointerCapture(e.pointerId);
        start.current = { x: e.clientX, width, sign: signOf(e.currentTarget) };
      }}
      onPointerMove={(e) => {
        if (start.current) onDrag(widthAt(e, start.current));
      }}
      onPointerUp={(e) => {
        const s = start.current;
        if (!s) return;
        start.current = undefined;
        // A click without a move keeps the column as it is (it stays automatic).
        if (e.clientX === s.x) onDrag(undefined);
        else onDone(widthAt(e, s));
      }}
      onPointerCancel={() => {
        start.current = undefined;
        onDrag(undefined);
      }}
      onKeyDown={(e) => {
        const step = { ArrowRight: RESIZE_STEP, ArrowLeft: -RESIZE_STEP }[e.key];
        if (step === undefined) return;
        e.preventDefault();
        e.stopPropagation();
        onDone(clampWidth(width + step * signOf(e.currentTarget)));
      }}
    />
  );
}

function SortIcon({ state }: { state: 'ascending' | 'descending' | 'none' }) {
  if (state === 'ascending') return <ArrowUp size={12} aria-hidden className="vt__sort-icon" />;
  if (state === 'descending') return <ArrowDown size={12} aria-hidden className="vt__sort-icon" />;
  return <ChevronsUpDown size={12} aria-hidden className="vt__sort-icon vt__sort-icon--idle" />;
}

function HeaderCheckbox({
  state,
  label,
  onToggle,
  disabled,
}: {
  state: 'all' | 'some' | 'none';
  label: string;
  onToggle?: () => void;
  disabled?: boolean;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'some';
  }, [state]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="vt__all"
      aria-label={label}
      title={label}
      checked={state === 'all'}
      disabled={disabled}
      onChange={() => onToggle?.()}
    />
  );
}
