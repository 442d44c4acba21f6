import {
  DASHBOARD_VERSION,
  type DashboardModel,
  defaultLinkGroups,
  GRID_BREAKPOINTS,
  GRID_MINIMUMS,
  type GridBreakpoint,
  type LayoutItem,
  type Widget,
} from './model.ts';
import type { WidgetType } from './widgets.ts';

/** The six built-in dashboards, each with its widgets and md, sm and xs layouts. */
export const BUILTIN_KEYS = ['overview', 'units', 'alarms', 'map', 'telemetry', 'parking'] as const;
export type BuiltinKey = (typeof BUILTIN_KEYS)[number];
export const OVERVIEW_KEY: BuiltinKey = 'overview';
export const isBuiltinKey = (key: unknown): key is BuiltinKey => BUILTIN_KEYS.includes(key as BuiltinKey);

/** The translation key of a built-in's name: the server stores it, the client shows it translated. */
export const builtinNameKey = (key: BuiltinKey) => `builtin.${key}`;

/** [x, y, w, h] per breakpoint. */
type Place = Record<GridBreakpoint, [number, number, number, number]>;
type Slot = { type: WidgetType; props?: Record<string, unknown>; place: Place };

const TEMPLATES: Record<BuiltinKey, Slot[]> = {
  overview: [
    { type: 'status', place: { md: [0, 0, 3, 5], sm: [0, 0, 3, 5], xs: [0, 0, 1, 5] } },
    { type: 'temp', place: { md: [3, 0, 3, 5], sm: [3, 0, 3, 5], xs: [1, 0, 1, 5] } },
    { type: 'battery', place: { md: [6, 0, 3, 5], sm: [0, 5, 3, 5], xs: [0, 5, 1, 5] } },
    { type: 'alarms', place: { md: [9, 0, 3, 5], sm: [3, 5, 3, 5], xs: [1, 5, 1, 5] } },
    { type: 'deviceMap', place: { md: [0, 5, 8, 11], sm: [0, 10, 6, 10], xs: [0, 10, 2, 9] } },
    { type: 'weather', place: { md: [8, 5, 4, 11], sm: [0, 20, 6, 7], xs: [0, 19, 2, 8] } },
  ],
  units: [
    {
      type: 'deviceList',
      props: { multiSelect: true },
      place: { md: [0, 0, 5, 16], sm: [0, 0, 6, 9], xs: [0, 0, 2, 9] },
    },
    { type: 'deviceMap', place: { md: [5, 0, 7, 16], sm: [0, 9, 6, 10], xs: [0, 9, 2, 10] } },
  ],
  alarms: [
    { type: 'alarmList', place: { md: [0, 0, 6, 16], sm: [0, 0, 6, 9], xs: [0, 0, 2, 9] } },
    {
      type: 'alarmMap',
      props: { alarmOnly: true },
      place: { md: [6, 0, 6, 16], sm: [0, 9, 6, 10], xs: [0, 9, 2, 10] },
    },
  ],
  map: [
    { type: 'deviceMap', place: { md: [0, 0, 12, 10], sm: [0, 0, 6, 10], xs: [0, 0, 2, 9] } },
    { type: 'charts', place: { md: [0, 10, 12, 8], sm: [0, 10, 6, 8], xs: [0, 9, 2, 8] } },
  ],
  telemetry: [
    { type: 'deviceList', place: { md: [0, 0, 4, 16], sm: [0, 0, 6, 8], xs: [0, 0, 2, 8] } },
    { type: 'charts', place: { md: [4, 0, 8, 16], sm: [0, 8, 6, 9], xs: [0, 8, 2, 9] } },
  ],
  parking: [
    { type: 'parkingStatistics', place: { md: [0, 0, 4, 6], sm: [0, 0, 6, 6], xs: [0, 0, 2, 6] } },
    { type: 'parkingList', place: { md: [0, 6, 4, 10], sm: [0, 6, 6, 8], xs: [0, 6, 2, 8] } },
    { type: 'parkingMap', place: { md: [4, 0, 8, 16], sm: [0, 14, 6, 10], xs: [0, 14, 2, 9] } },
  ],
};

/** Built-in widget ids are stable (type + the key padded to the 10-character suffix). */
const builtinWidgetId = (key: BuiltinKey, type: WidgetType) => `${type}-${key.padEnd(10, '0').slice(0, 10)}`;

/** A fresh copy of a built-in dashboard, named `name` (the translation key unless given). */
export function builtinDashboard(key: BuiltinKey, name = builtinNameKey(key)): DashboardModel {
  const slots = TEMPLATES[key];
  const widgets: Record<string, Widget> = {};
  for (const s of slots) {
    widgets[builtinWidgetId(key, s.type)] = {
      component: s.type,
      name: '',
      group: 'default',
      props: s.props ?? {},
      settings: {},
    };
  }
  const layoutFor = (bp: GridBreakpoint): LayoutItem[] =>
    slots.map((s) => {
      const [x, y, w, h] = s.place[bp];
      const min = GRID_MINIMUMS[bp];
      return { x, y, w, h, mW: min.w, mH: min.h, i: builtinWidgetId(key, s.type) };
    });
  return {
    name,
    version: DASHBOARD_VERSION,
    unitGroups: [],
    linkGroups: defaultLinkGroups(),
    bindings: {},
    layouts: Object.fromEntries(GRID_BREAKPOINTS.map((bp) => [bp, layoutFor(bp)])) as DashboardModel['layouts'],
    widgets,
    static: key,
  };
}

/** The built-ins a user gets: parking only when a selected customer has the Parking right. */
export const builtinsFor = (showParking: boolean): BuiltinKey[] =>
  BUILTIN_KEYS.filter((k) => k !== 'parking' || showParking);
