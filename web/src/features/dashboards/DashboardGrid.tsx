import {
  type DashboardModel,
  GRID_COLUMNS,
  type GridBreakpoint,
  isLanguage,
  type LayoutItem,
  textDirection,
} from '@fieldwatch/core';
import { type ReactNode, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  bottom,
  calcGridItemPosition,
  findOrGenerateResponsiveLayout,
  getBreakpointFromWidth,
  type Layout,
  verticalCompactor,
} from 'react-grid-layout/core';
import { useTranslation } from 'react-i18next';
import 'react-grid-layout/css/styles.css';
import { loadChunk } from '@/lib/chunkLoad.ts';
import { WidgetFrame } from './WidgetFrame.tsx';

/**
 * Minimum container widths of the grid's breakpoints: md (12 columns) from 900 px, sm (6) from
 * 560 px, xs (2) below. The grid measures its own box, so the nav rail does not shift them.
 */
export const GRID_WIDTHS: Record<GridBreakpoint, number> = { md: 900, sm: 560, xs: 0 };
export const ROW_HEIGHT = 32;
export const GRID_MARGIN: [number, number] = [12, 12];

// Dragging and resizing (react-grid-layout's interactive grid, about 25 KB gzip) load only when a
// layout is edited; viewing places the widgets with the same library's layout arithmetic.
let editableGrid: typeof import('./EditableGrid.tsx').default | undefined;
/**
 * The interactive grid's code, loaded as editing starts and before edit mode shows: changing from
 * the resting grid remounts every widget, so it happens in the render that shows the edit bar,
 * never under a widget menu someone has just opened.
 */
export async function loadEditableGrid() {
  editableGrid ??= (await loadChunk(() => import('./EditableGrid.tsx'))).default;
}

const toGrid = (items: readonly LayoutItem[]) =>
  items.map((l) => ({ i: l.i, x: l.x, y: l.y, w: l.w, h: l.h, minW: l.mW, minH: l.mH }));

/** The grid box's content width, followed as it changes. */
function useContainerWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    setWidth(Math.round(node.clientWidth));
    const observer = new ResizeObserver(([entry]) => entry && setWidth(Math.round(entry.contentRect.width)));
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** The widget grid: drag and resize only in edit mode; each breakpoint's layout is saved on its own. */
export function DashboardGrid({ id, dashboard, editing }: { id: string; dashboard: DashboardModel; editing: boolean }) {
  const { ref, width } = useContainerWidth();
  const layouts = useMemo(
    () => ({ md: toGrid(dashboard.layouts.md), sm: toGrid(dashboard.layouts.sm), xs: toGrid(dashboard.layouts.xs) }),
    [dashboard.layouts],
  );
  const bp = width === null ? 'md' : getBreakpointFromWidth(GRID_WIDTHS, width);
  const language = useTranslation().i18n.language;
  const dir = isLanguage(language) ? textDirection(language) : 'ltr';
  // Kept while the widgets are unchanged, so the resting layout is not computed again each render.
  const cells = useMemo(
    () =>
      Object.entries(dashboard.widgets).map(([widgetId, widget]) => ({
        widgetId,
        type: widget.component,
        content: <WidgetFrame dashboardId={id} widgetId={widgetId} widget={widget} editing={editing} />,
      })),
    [dashboard.widgets, id, editing],
  );
  const Editable = editing ? editableGrid : undefined;

  return (
    // The grid places items with physical offsets from the left edge; under dir="rtl" absolutely
    // placed items would start at the right edge and be pushed off-screen. The grid therefore stays
    // left-to-right and each widget takes the document's direction back.
    <div ref={ref} dir="ltr" className="dashboard-grid" data-breakpoint={bp} data-editing={editing || undefined}>
      {width !== null &&
        (Editable ? (
          <Editable id={id} width={width} bp={bp} layouts={layouts} cells={cells} dir={dir} />
        ) : (
          <StaticGrid width={width} bp={bp} layouts={layouts} cells={cells} dir={dir} />
        ))}
    </div>
  );
}

type GridCell = { widgetId: string; type: string; content: ReactNode };
export type GridProps = {
  width: number;
  bp: GridBreakpoint;
  layouts: Record<GridBreakpoint, Layout>;
  cells: GridCell[];
  dir: 'ltr' | 'rtl';
};

/**
 * The grid as the interactive one lays it out at rest: the breakpoint's layout (or one generated
 * from a wider one), widgets without a place at the bottom, compacted upwards.
 */
function StaticGrid({ width, bp, layouts, cells, dir }: GridProps) {
  const cols = GRID_COLUMNS[bp];
  const layout = useMemo(() => {
    const placed = findOrGenerateResponsiveLayout(layouts, GRID_WIDTHS, bp, bp, cols, verticalCompactor);
    const known = new Set(placed.map((l) => l.i));
    const missing = cells
      .filter((c) => !known.has(c.widgetId))
      .map((c, n) => ({ i: c.widgetId, x: 0, y: bottom(placed) + n, w: 1, h: 1 }));
    return verticalCompactor.compact([...placed, ...missing], cols);
  }, [layouts, bp, cols, cells]);
  const params = {
    margin: GRID_MARGIN,
    containerPadding: [0, 0] as const,
    containerWidth: width,
    cols,
    rowHeight: ROW_HEIGHT,
    maxRows: Infinity,
  };
  const rows = bottom(layout);
  const height = rows > 0 ? rows * (ROW_HEIGHT + GRID_MARGIN[1]) - GRID_MARGIN[1] : 0;
  const at = new Map(layout.map((l) => [l.i, l]));
  return (
    <div className="react-grid-layout" style={{ height }}>
      {cells.map(({ widgetId, type, content }) => {
        const l = at.get(widgetId);
        if (!l) return null;
        const p = calcGridItemPosition(params, l.x, l.y, l.w, l.h);
        return (
          <div
            key={widgetId}
            dir={dir}
            data-widget-id={widgetId}
            data-widget-type={type}
            className="react-grid-item"
            style={{
              position: 'absolute',
              width: p.width,
              height: p.height,
              transform: `translate(${p.left}px,${p.top}px)`,
            }}
          >
            {content}
          </div>
        );
      })}
    </div>
  );
}
