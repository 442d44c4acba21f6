import { type DashboardModel, hasMap, WIDGET_CATALOGUE, type WidgetType } from '@fieldwatch/core';

export type StoreEntry = { type: WidgetType; state: 'add' | 'oneMap' | 'needsParking' };

/**
 * The widget store's catalogue: every built widget type not yet on the dashboard (itself left out),
 * with why it cannot be added (a second map, spec §5; parking without the right, §6); and how many
 * types are announced but not built yet.
 */
export function storeEntries(
  dashboard: Pick<DashboardModel, 'widgets'>,
  built: (type: WidgetType) => boolean,
  parking: boolean,
): { entries: StoreEntry[]; announced: number } {
  const present = new Set(Object.values(dashboard.widgets).map((w) => w.component));
  const mapTaken = hasMap(dashboard as DashboardModel);
  const entries: StoreEntry[] = [];
  let announced = 0;
  for (const w of WIDGET_CATALOGUE) {
    if (w.type === 'widgetStore') continue;
    if (!built(w.type)) {
      announced++;
      continue;
    }
    if (present.has(w.type)) continue;
    const state = w.right === 'Parking' && !parking ? 'needsParking' : w.map && mapTaken ? 'oneMap' : 'add';
    entries.push({ type: w.type, state });
  }
  // What can be added first, the catalogue's order within.
  const rank = { add: 0, oneMap: 1, needsParking: 2 } as const;
  entries.sort((a, b) => rank[a.state] - rank[b.state]);
  return { entries, announced };
}
