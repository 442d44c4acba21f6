import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react';
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
import { moveActive } from './selection.ts';
import './table.css';
import { ariaSort, type Sort, type SortDir } from './sorting.ts';
import { pageRows, scrollToReveal, visibleRange } from './windowing.ts';

export type Column<T> = {
  key: string;
  header: string;
  /** Fixed width in pixels; columns without one share the rest. */
  width?: number;
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
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA grid pattern on a table (selectable rows, arrow keys)
        role="grid"
        aria-label={props.label}
        aria-rowcount={rows.length + 1}
        aria-colcount={colCount}
        aria-multiselectable={multi || undefined}
        aria-activedescendant={activeId}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onFocus={(e) => {
          if (e.target === e.currentTarget && active < 0 && rows.length) {
            const first = rows.findIndex(props.isSelected);
            setActive(first >= 0 && first >= win.start && first < win.end ? first : win.start);
          }
        }}
      >
        <colgroup>
          {multi && <col style={{ width: CHECK_WIDTH }} />}
          {shown.map((c) => (
            <col key={c.key} style={c.width ? { width: c.width } : undefined} />
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
            {shown.map((c) => (
              <th
                key={c.key}
                scope="col"
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
                  <td key={c.key} className={c.align === 'end' ? 'num' : undefined} title={c.title?.(row)}>
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
    </div>
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
