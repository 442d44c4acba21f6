import type { Marker } from '@fieldwatch/core';
import { Lock } from 'lucide-react';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type uPlot from 'uplot';
import { clampPosition, formatNumber } from './radarMath.ts';

/** A marker's line while it is dragged: its id and where it is now. */
export type Drag = { id: number; position: number } | null;

const LABEL_ROW_PX = 22;
const LABEL_ROWS = 3;

/**
 * Marker labels in rows so that near markers do not hide each other's names: each label goes to
 * the first row where the previous label has ended (width estimated from the name), at most three
 * rows; the lines themselves stay at their exact positions.
 */
function labelRows(items: { id: number; x: number; m: Marker }[]): Map<number, number> {
  const rows = new Map<number, number>();
  const ends: number[] = [];
  for (const { id, x, m } of [...items].sort((a, b) => a.x - b.x)) {
    const width = Math.min(140, 16 + m.name.length * 6.6 + (m.locked ? 13 : 0));
    let row = ends.findIndex((end) => end + 4 <= x);
    if (row < 0) row = ends.length < LABEL_ROWS ? ends.length : ends.indexOf(Math.min(...ends));
    ends[row] = x + width;
    rows.set(id, row);
  }
  return rows;
}

/**
 * The markers over one plot, a line each at its position (labels on the main plot only). Marker
 * lines sit beside uPlot's overlay (not in it), so a press on them never starts a zoom drag; a
 * label dragged moves its marker, a label clicked opens it.
 */
export function PlotMarkers({
  u,
  labelled,
  markers,
  drag,
  onDrag,
  canEdit,
  locale,
  maxPosition,
  onMove,
  onOpen,
}: {
  u: uPlot;
  labelled: boolean;
  markers: Marker[];
  drag: Drag;
  onDrag: (drag: Drag) => void;
  canEdit: boolean;
  locale: string;
  maxPosition: number;
  onMove: (marker: Marker, position: number) => void;
  onOpen: (marker: Marker) => void;
}) {
  const { t } = useTranslation();
  const left = (u: uPlot, position: number) => u.over.offsetLeft + u.valToPos(position, 'x');
  const inView = (u: uPlot, position: number) => {
    const { min, max } = u.scales.x ?? {};
    return min !== undefined && max !== undefined && position >= min && position <= max;
  };

  const startDrag = (e: ReactPointerEvent<HTMLButtonElement>, m: Marker) => {
    if (e.button !== 0) return;
    e.stopPropagation();
    const startX = e.clientX;
    const target = e.currentTarget;
    const movable = canEdit && !m.locked;
    let moved = false;
    let position = m.position;
    if (movable) target.setPointerCapture(e.pointerId);
    const move = (ev: PointerEvent) => {
      if (!movable) return;
      if (Math.abs(ev.clientX - startX) > 3) moved = true;
      if (!moved) return;
      position = clampPosition(u.posToVal(ev.clientX - u.over.getBoundingClientRect().left, 'x'), maxPosition);
      onDrag({ id: m.id, position });
    };
    const up = () => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', up);
      target.removeEventListener('pointercancel', up);
      onDrag(null);
      if (moved && position !== m.position) onMove(m, position);
      else onOpen(m);
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', up);
    target.addEventListener('pointercancel', up);
  };

  const positionOf = (m: Marker) => (drag?.id === m.id ? drag.position : m.position);
  const rows = labelRows(
    markers.filter((m) => inView(u, positionOf(m))).map((m) => ({ id: m.id, x: left(u, positionOf(m)), m })),
  );
  return createPortal(
    markers.map((m) => {
      const position = positionOf(m);
      if (!inView(u, position)) return null;
      const label = t('radar.markers.onPlot', {
        name: m.name,
        position: formatNumber(position, locale, 2),
      });
      return (
        <div
          key={m.id}
          className={`radar-mark${m.locked ? ' radar-mark--locked' : ''}${drag?.id === m.id ? ' radar-mark--drag' : ''}`}
          style={{
            left: `${left(u, position)}px`,
            top: `${u.over.offsetTop}px`,
            height: `${u.over.offsetHeight}px`,
          }}
        >
          {labelled && (
            <button
              type="button"
              className="radar-mark__label"
              style={{ insetBlockStart: `${(rows.get(m.id) ?? 0) * LABEL_ROW_PX}px` }}
              data-marker={m.name}
              title={
                m.locked
                  ? t('radar.markers.lockedHint')
                  : canEdit
                    ? t('radar.markers.dragHint')
                    : t('radar.markers.openHint')
              }
              aria-label={label}
              onPointerDown={(e) => startDrag(e, m)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  onOpen(m);
                }
              }}
            >
              {m.locked && <Lock size={10} aria-hidden />}
              <span>{m.name}</span>
            </button>
          )}
        </div>
      );
    }),
    u.over.parentElement ?? u.root,
  );
}
