import { bindingKey, type DashboardModel, type WidgetType } from '@fieldwatch/core';

const LISTS: ReadonlySet<WidgetType> = new Set(['deviceList', 'parkingList', 'alarmList']);
const MAPS: ReadonlySet<WidgetType> = new Set(['deviceMap', 'alarmMap', 'parkingMap']);

/** Where a unit for a widget can be picked on its dashboard, as the `widget.pickUnit.*` text's key. */
type UnitPickers = 'list' | 'map' | 'listOrMap' | 'none';

/**
 * The lists and maps whose selection a widget sees: the others that share its link group (a widget
 * that is manual or ungrouped shares with none). 'none' when there is no such list or map.
 */
export function unitPickers(d: DashboardModel, widgetId: string): UnitPickers {
  if (!d.widgets[widgetId]) return 'none';
  const key = bindingKey(d, widgetId);
  const linked = Object.entries(d.widgets)
    .filter(([id]) => id !== widgetId && bindingKey(d, id) === key)
    .map(([, w]) => w.component);
  const list = linked.some((type) => LISTS.has(type));
  const map = linked.some((type) => MAPS.has(type));
  return list && map ? 'listOrMap' : list ? 'list' : map ? 'map' : 'none';
}
