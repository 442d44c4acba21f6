import { useMemo } from 'react';
import { editDashboard } from '@/stores/dashboards.ts';
import { readColumnWidths } from '@/ui/table/columnWidths.ts';
import type { WidgetProps } from '../../widgetTypes.ts';

/**
 * The column widths a person gave a list widget's table, kept in the widget's props
 * (`columnWidths`, by column key) and saved with its dashboard: spread into the VirtualTable.
 */
export function useWidgetColumnWidths({ dashboardId, widgetId, widget }: Omit<WidgetProps, 'editing'>) {
  const widths = useMemo(() => readColumnWidths(widget.props.columnWidths), [widget.props.columnWidths]);
  const onWidthsChange = (next: Record<string, number>) =>
    editDashboard(dashboardId, (d) => {
      const w = d.widgets[widgetId];
      if (!w) return d;
      return { ...d, widgets: { ...d.widgets, [widgetId]: { ...w, props: { ...w.props, columnWidths: next } } } };
    });
  return { widths, onWidthsChange };
}
