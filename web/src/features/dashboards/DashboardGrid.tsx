import {
  applyLayout,
  type DashboardModel,
  GRID_COLUMNS,
  type GridBreakpoint,
  isLanguage,
  type LayoutItem,
  textDirection,
} from '@fieldwatch/core';
import { useMemo, useState } from 'react';
import { type Layout, Responsive, useContainerWidth } from 'react-grid-layout';
import { useTranslation } from 'react-i18next';
import 'react-grid-layout/css/styles.css';
import { editDashboard } from '../../stores/dashboards.ts';
import { WidgetFrame } from './WidgetFrame.tsx';

/**
 * Minimum container widths of the grid's breakpoints: md (12 columns) from 900 px, sm (6) from
 * 560 px, xs (2) below. The grid measures its own box, so the nav rail does not shift them.
 */
export const GRID_WIDTHS: Record<GridBreakpoint, number> = { md: 900, sm: 560, xs: 0 };
export const ROW_HEIGHT = 32;

const toGrid = (items: readonly LayoutItem[]) =>
  items.map((l) => ({ i: l.i, x: l.x, y: l.y, w: l.w, h: l.h, minW: l.mW, minH: l.mH }));

/** The widget grid: drag and resize only in edit mode; each breakpoint's layout is saved on its own. */
export function DashboardGrid({ id, dashboard, editing }: { id: string; dashboard: DashboardModel; editing: boolean }) {
  const { width, containerRef, mounted } = useContainerWidth();
  const [bp, setBp] = useState<GridBreakpoint>('md');
  const layouts = useMemo(
    () => ({ md: toGrid(dashboard.layouts.md), sm: toGrid(dashboard.layouts.sm), xs: toGrid(dashboard.layouts.xs) }),
    [dashboard.layouts],
  );
  const language = useTranslation().i18n.language;
  const dir = isLanguage(language) ? textDirection(language) : 'ltr';
  const commit = (layout: Layout) => editDashboard(id, (d) => applyLayout(d, bp, layout));

  return (
    // react-grid-layout positions items with physical translate offsets from the left edge; under
    // dir="rtl" the absolutely placed items would start at the right edge and be pushed off-screen.
    // The grid therefore stays left-to-right and each widget takes the document's direction back.
    <div
      ref={containerRef}
      dir="ltr"
      className="dashboard-grid"
      data-breakpoint={bp}
      data-editing={editing || undefined}
    >
      {mounted && (
        <Responsive
          width={width}
          breakpoints={GRID_WIDTHS}
          cols={GRID_COLUMNS}
          layouts={layouts}
          rowHeight={ROW_HEIGHT}
          margin={[12, 12]}
          containerPadding={[0, 0]}
          dragConfig={{ enabled: editing, handle: '.widget__drag' }}
          resizeConfig={{ enabled: editing }}
          onBreakpointChange={(next) => setBp(next as GridBreakpoint)}
          onDragStop={commit}
          onResizeStop={commit}
        >
          {Object.entries(dashboard.widgets).map(([widgetId, widget]) => (
            <div key={widgetId} dir={dir} data-widget-id={widgetId} data-widget-type={widget.component}>
              <WidgetFrame dashboardId={id} widgetId={widgetId} widget={widget} editing={editing} />
            </div>
          ))}
        </Responsive>
      )}
    </div>
  );
}
