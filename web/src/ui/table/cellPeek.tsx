import type { CSSProperties, ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Line } from '../Bidi.tsx';

/** A truncated cell's full content, shown beside the row or the cell it belongs to. */
export type Peek = {
  index: number;
  keys: string[];
  at: { block: number; below: boolean; start: number; rtl: boolean };
};

/** Whether a cell's text is cut: its line (or a part of it with its own ellipsis) is narrower than its content. */
function truncated(cell: HTMLElement): boolean {
  const parts = cell.querySelectorAll<HTMLElement>('.line, .vt__ellipsis');
  return [...parts].some((el) => el.scrollWidth > el.clientWidth + 1);
}

/** The truncated ones of `cells` (of the row at `index`) and where their full text goes: below the first. */
export function peekOf(anchor: HTMLElement, index: number, cells: HTMLElement[]): Peek | undefined {
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
export function FullText({
  at,
  cells,
}: {
  at: Peek['at'];
  cells: { key: string; header: string; content: ReactNode }[];
}) {
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
