import type { FilterSettings } from '../units/filters.ts';
import type { BuiltinKey } from './builtins.ts';
import { isWidgetType, type WidgetType, widgetTypeDef } from './widgets.ts';

/** The dashboard client model, version '1', and its editing rules. */

export const DASHBOARD_VERSION = '1';
export const GRID_BREAKPOINTS = ['md', 'sm', 'xs'] as const;
export type GridBreakpoint = (typeof GRID_BREAKPOINTS)[number];
export const GRID_COLUMNS: Readonly<Record<GridBreakpoint, number>> = { md: 12, sm: 6, xs: 2 };
/** Built-in layout minimums. */
export const GRID_MINIMUMS: Readonly<Record<GridBreakpoint, { w: number; h: number }>> = {
  md: { w: 2, h: 3 },
  sm: { w: 2, h: 3 },
  xs: { w: 1, h: 3 },
};
export const GENERATED_ID_LENGTH = 10;
export const DEFAULT_LINK_GROUP_ID = 'default';
const DEFAULT_NEW_DASHBOARD_NAME = 'Default';
/** The colours a link group can have, in the order new groups take them. */
export const LINK_GROUP_COLORS = ['group-one', 'group-two', 'group-three', 'group-four', 'group-five', 'group-six'];
export const ONE_MAP_ONLY = 'You can only have one map';
export const LINK_GROUP_MISSING = 'Link group does not exist';

export type LayoutItem = { x: number; y: number; w: number; h: number; mW: number; mH: number; i: string };
export type Layouts = Record<GridBreakpoint, LayoutItem[]>;
export type LinkGroup = { id: string; name: string; color: string };
export type Widget = {
  component: WidgetType;
  name: string;
  /** Link group id, or null when ungrouped. */
  group: string | null;
  props: Record<string, unknown>;
  settings: Record<string, unknown>;
};
/** Binding kinds widgets exchange through their link group. */
export type BindingKind = 'units' | 'channel';
type BindingValue = { kind: string; updatedBy: string; value: unknown };
export type Bindings = Record<string, Record<string, BindingValue>>;

export type DashboardModel = {
  name: string;
  version: typeof DASHBOARD_VERSION;
  unitGroups: string[];
  linkGroups: Record<string, LinkGroup>;
  bindings: Bindings;
  layouts: Layouts;
  widgets: Record<string, Widget>;
  /** Key of the built-in dashboard this one is. */
  static?: BuiltinKey;
};

/** The dashboard as the server stores it, with its id encoded for the client. */
export type DashboardRecord = {
  id: string;
  name: string;
  filter: FilterSettings | null;
  content: DashboardModel | null;
  templateId: string | null;
  useContext: boolean;
};

export class DashboardError extends Error {}

/** A random id of `length` letters and digits. */
export function generateId(length = GENERATED_ID_LENGTH): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

export const defaultLinkGroups = (): Record<string, LinkGroup> => ({
  [DEFAULT_LINK_GROUP_ID]: {
    id: DEFAULT_LINK_GROUP_ID,
    name: DEFAULT_LINK_GROUP_ID,
    color: LINK_GROUP_COLORS[0] as string,
  },
});

export function emptyDashboard(name = DEFAULT_NEW_DASHBOARD_NAME): DashboardModel {
  return {
    name,
    version: DASHBOARD_VERSION,
    unitGroups: [],
    linkGroups: defaultLinkGroups(),
    bindings: {},
    layouts: { md: [], sm: [], xs: [] },
    widgets: {},
  };
}

export const hasMap = (d: DashboardModel) => Object.values(d.widgets).some((w) => widgetTypeDef(w.component)?.map);

/** Where a widget's binding values live: its link group, or itself when ungrouped or manual. */
export function bindingKey(d: DashboardModel, widgetId: string): string {
  const w = d.widgets[widgetId];
  if (!w) throw new DashboardError(`Widget ${widgetId} does not exist`);
  return w.group === null || w.settings.manual === true ? widgetId : w.group;
}

/** The value of one kind a widget sees. */
export function boundValue(d: DashboardModel, widgetId: string, kind: BindingKind): unknown {
  if (!d.widgets[widgetId]) return undefined;
  return d.bindings[bindingKey(d, widgetId)]?.[kind]?.value;
}

/** Next free place at the bottom of a layout. */
const bottom = (layout: readonly LayoutItem[]) => layout.reduce((y, l) => Math.max(y, l.y + l.h), 0);

/**
 * Where a w × h widget goes: the first free place reading the grid row by row from the top, so a
 * widget narrower than the grid fills the room beside the last ones instead of opening a row of
 * its own; at the bottom when nothing above has room.
 */
function freePlace(layout: readonly LayoutItem[], cols: number, w: number, h: number): { x: number; y: number } {
  const end = bottom(layout);
  const overlaps = (x: number, y: number) =>
    layout.some((l) => x < l.x + l.w && l.x < x + w && y < l.y + l.h && l.y < y + h);
  for (let y = 0; y < end; y++) for (let x = 0; x + w <= cols; x++) if (!overlaps(x, y)) return { x, y };
  return { x: 0, y: end };
}

/**
 * Adds a widget of a type: a unique id (base id + 10-character suffix), an item in every breakpoint
 * layout at its first free place, the default link group. A second map is refused.
 */
export function addWidget(
  d: DashboardModel,
  component: WidgetType,
  opts: { name?: string; props?: Record<string, unknown>; settings?: Record<string, unknown>; baseId?: string } = {},
): { dashboard: DashboardModel; id: string } {
  const type = widgetTypeDef(component);
  if (!type) throw new DashboardError(`Unknown widget type ${component}`);
  if (type.map && hasMap(d)) throw new DashboardError(ONE_MAP_ONLY);
  let id: string;
  do id = `${opts.baseId ?? component}-${generateId()}`;
  while (d.widgets[id]);
  const layouts = { ...d.layouts };
  for (const bp of GRID_BREAKPOINTS) {
    const cols = GRID_COLUMNS[bp];
    const min = GRID_MINIMUMS[bp];
    // Scaled from the md width; on phones (xs) a new widget spans the screen, half a phone is too narrow.
    const scaled = bp === 'md' ? type.w : bp === 'xs' ? cols : Math.ceil((type.w * cols) / 12);
    const w = Math.max(min.w, Math.min(cols, scaled));
    const h = Math.max(min.h, type.h);
    const item = { ...freePlace(d.layouts[bp], cols, w, h), w, h, mW: min.w, mH: min.h, i: id };
    layouts[bp] = [...d.layouts[bp], item];
  }
  const group = d.linkGroups[DEFAULT_LINK_GROUP_ID] ? DEFAULT_LINK_GROUP_ID : null;
  const widget: Widget = {
    component,
    name: opts.name ?? '',
    group,
    props: opts.props ?? {},
    settings: opts.settings ?? {},
  };
  return { dashboard: { ...d, layouts, widgets: { ...d.widgets, [id]: widget } }, id };
}

/**
 * Changes a widget's title and settings (`props`); the props replace the old ones whole, so
 * a setting cleared in the dialog is gone. Layouts, link group and bindings stay.
 */
export function updateWidget(
  d: DashboardModel,
  widgetId: string,
  patch: { name?: string; props?: Record<string, unknown> },
): DashboardModel {
  const widget = d.widgets[widgetId];
  if (!widget) throw new DashboardError(`Unknown widget ${widgetId}`);
  const next: Widget = { ...widget, name: patch.name ?? widget.name, props: patch.props ?? widget.props };
  return { ...d, widgets: { ...d.widgets, [widgetId]: next } };
}

/** Removes values a widget set in any binding, plus the bindings under its own id. */
function withoutBindingsOf(bindings: Bindings, widgetId: string): Bindings {
  const out: Bindings = {};
  for (const [key, values] of Object.entries(bindings)) {
    if (key === widgetId) continue;
    const kept = Object.fromEntries(Object.entries(values).filter(([, v]) => v?.updatedBy !== widgetId));
    if (Object.keys(kept).length > 0) out[key] = kept;
  }
  return out;
}

/** Deletes a widget from every layout, the widgets, the bindings it updated and its own bindings. */
export function deleteWidget(d: DashboardModel, widgetId: string): DashboardModel {
  const { [widgetId]: _removed, ...widgets } = d.widgets;
  const layouts = Object.fromEntries(
    GRID_BREAKPOINTS.map((bp) => [bp, d.layouts[bp].filter((l) => l.i !== widgetId)]),
  ) as Layouts;
  return { ...d, widgets, layouts, bindings: withoutBindingsOf(d.bindings, widgetId) };
}

/** Clears the bindings a widget is part of: those under its own id and the values it set. */
function setGroup(d: DashboardModel, widgetId: string, group: string | null): DashboardModel {
  const w = d.widgets[widgetId];
  if (!w) throw new DashboardError(`Widget ${widgetId} does not exist`);
  return {
    ...d,
    widgets: { ...d.widgets, [widgetId]: { ...w, group } },
    bindings: withoutBindingsOf(d.bindings, widgetId),
  };
}

/** Links a widget to an existing link group ('Link group does not exist' otherwise); clears its bindings. */
export function linkWidget(d: DashboardModel, widgetId: string, groupId: string): DashboardModel {
  if (!d.linkGroups[groupId]) throw new DashboardError(LINK_GROUP_MISSING);
  return setGroup(d, widgetId, groupId);
}

/** Unlinks a widget: no group, no bindings. */
export function unlinkWidget(d: DashboardModel, widgetId: string): DashboardModel {
  return setGroup(d, widgetId, null);
}

/** Adds a link group with a 10-character id and the next unused colour. */
export function addLinkGroup(d: DashboardModel, name: string): { dashboard: DashboardModel; id: string } {
  let id: string;
  do id = generateId();
  while (d.linkGroups[id]);
  const used = new Set(Object.values(d.linkGroups).map((g) => g.color));
  const color =
    LINK_GROUP_COLORS.find((c) => !used.has(c)) ??
    (LINK_GROUP_COLORS[Object.keys(d.linkGroups).length % LINK_GROUP_COLORS.length] as string);
  return { dashboard: { ...d, linkGroups: { ...d.linkGroups, [id]: { id, name, color } } }, id };
}

/** Deletes a link group: its widgets are unlinked and its bindings go. */
export function deleteLinkGroup(d: DashboardModel, groupId: string): DashboardModel {
  if (!d.linkGroups[groupId]) throw new DashboardError(LINK_GROUP_MISSING);
  const { [groupId]: _removed, ...linkGroups } = d.linkGroups;
  let next: DashboardModel = { ...d, linkGroups };
  for (const [id, w] of Object.entries(d.widgets)) if (w.group === groupId) next = unlinkWidget(next, id);
  const { [groupId]: _bindings, ...bindings } = next.bindings;
  return { ...next, bindings };
}

/** Binds a value: stored under the widget's link group (or the widget itself), keyed by kind. */
export function bind(d: DashboardModel, widgetId: string, kind: BindingKind, value: unknown): DashboardModel {
  const key = bindingKey(d, widgetId);
  return {
    ...d,
    bindings: { ...d.bindings, [key]: { ...d.bindings[key], [kind]: { kind, updatedBy: widgetId, value } } },
  };
}

/** Removes one kind from a binding key. */
export function unbind(d: DashboardModel, key: string, kind: BindingKind): DashboardModel {
  const values = d.bindings[key];
  if (!values?.[kind]) return d;
  const { [kind]: _removed, ...rest } = values;
  const bindings = { ...d.bindings };
  if (Object.keys(rest).length > 0) bindings[key] = rest;
  else delete bindings[key];
  return { ...d, bindings };
}

/** Replaces one breakpoint's layout with the grid's positions, keeping each item's minimums. */
export function applyLayout(
  d: DashboardModel,
  bp: GridBreakpoint,
  positions: readonly { i: string; x: number; y: number; w: number; h: number }[],
): DashboardModel {
  const at = new Map(positions.map((p) => [p.i, p]));
  const layout = d.layouts[bp].map((l) => {
    const p = at.get(l.i);
    return p ? { ...l, x: p.x, y: p.y, w: Math.max(p.w, l.mW), h: Math.max(p.h, l.mH) } : l;
  });
  return { ...d, layouts: { ...d.layouts, [bp]: layout } };
}

/** Widgets whose type this build does not know are dropped, so an old dashboard still opens. */
export function knownWidgets(d: DashboardModel): DashboardModel {
  const unknown = Object.entries(d.widgets).filter(([, w]) => !isWidgetType(w.component));
  return unknown.reduce((acc, [id]) => deleteWidget(acc, id), d);
}
