import { applyLayout, GRID_COLUMNS, type GridBreakpoint } from '@fieldwatch/core';
import { type Layout, Responsive } from 'react-grid-layout';
import { editDashboard } from '@/stores/dashboards.ts';
import { GRID_MARGIN, GRID_WIDTHS, type GridProps, ROW_HEIGHT } from './DashboardGrid.tsx';

/** The grid while a layout is edited: widgets dragged by their handle and resized; each breakpoint saved on its own. */
export default function EditableGrid({ id, width, bp, layouts, cells, dir }: GridProps & { id: string }) {
  const commit = (layout: Layout) => editDashboard(id, (d) => applyLayout(d, bp as GridBreakpoint, layout));
  return (
    <Responsive
      width={width}
      breakpoints={GRID_WIDTHS}
      cols={GRID_COLUMNS}
      layouts={layouts}
      rowHeight={ROW_HEIGHT}
      margin={GRID_MARGIN}
      containerPadding={[0, 0]}
      dragConfig={{ enabled: true, handle: '.widget__drag' }}
      resizeConfig={{ enabled: true }}
      onDragStop={commit}
      onResizeStop={commit}
    >
      {cells.map(({ widgetId, type, content }) => (
        <div key={widgetId} dir={dir} data-widget-id={widgetId} data-widget-type={type}>
          {content}
        </div>
      ))}
    </Responsive>
  );
}
