import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react';
import { type PointerEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { clampWidth, RESIZE_MAX, RESIZE_MIN } from './columnWidths.ts';

/** One column of the table's width: a keyboard step on a resize handle, in pixels. */
const RESIZE_STEP = 16;

/**
 * The end edge of a column's header: dragging it (pointer) or the arrow keys (focused) change the
 * column's width, mirrored in right-to-left pages; the width is kept when the drag or key ends.
 */
export function ResizeHandle({
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

export function SortIcon({ state }: { state: 'ascending' | 'descending' | 'none' }) {
  if (state === 'ascending') return <ArrowUp size={12} aria-hidden className="vt__sort-icon" />;
  if (state === 'descending') return <ArrowDown size={12} aria-hidden className="vt__sort-icon" />;
  return <ChevronsUpDown size={12} aria-hidden className="vt__sort-icon vt__sort-icon--idle" />;
}

export function HeaderCheckbox({
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
