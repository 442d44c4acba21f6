import {
  PARKING_WINDOW_DEFAULT,
  SELECTABLE_ALARM_TYPES,
  SERIES,
  type UnitStatus,
  WEATHER_DEFAULTS,
  WEATHER_MAX_DAYS,
} from '@fieldwatch/core';

/**
 * Each widget type's own settings as stored in `widget.props` (dashboard JSON): read defensively,
 * every missing or invalid value falls back to its default, so an old or hand-edited dashboard
 * still shows. The settings forms write the same shapes.
 */

type Props = Readonly<Record<string, unknown>>;

const bool = (v: unknown, fallback: boolean) => (typeof v === 'boolean' ? v : fallback);
const int = (v: unknown, min: number, max: number, fallback: number) =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : fallback;
const oneOf = <T extends string | number>(v: unknown, allowed: readonly T[], fallback: T): T =>
  allowed.includes(v as T) ? (v as T) : fallback;
/** The allowed values that `v` (an array) holds, in the allowed order; `fallback` when `v` is no array. */
const subset = <T extends string | number>(v: unknown, allowed: readonly T[], fallback: readonly T[]): T[] => {
  if (!Array.isArray(v)) return [...fallback];
  const picked = new Set(v);
  return allowed.filter((a) => picked.has(a));
};

// Status -------------------------------------------------------------------------------------------

export const STATUS_CHOICES: readonly UnitStatus[] = ['alarm', 'problem', 'ok', 'inactive'];
type StatusProps = { statuses: UnitStatus[]; showBar: boolean };
export function statusProps(p: Props): StatusProps {
  const statuses = subset(p.statuses, STATUS_CHOICES, STATUS_CHOICES);
  return { statuses: statuses.length > 0 ? statuses : [...STATUS_CHOICES], showBar: bool(p.showBar, true) };
}

// Temperature --------------------------------------------------------------------------------------

type TempProps = { decimals: number; showSource: boolean };
export const tempProps = (p: Props): TempProps => ({
  decimals: int(p.decimals, 0, 2, 1),
  showSource: bool(p.showSource, false),
});

// Battery ------------------------------------------------------------------------------------------

export const BATTERY_THRESHOLD = { min: 2, max: 15, step: 0.1 } as const;
/** `lowThreshold` in volts; undefined: each unit's own battery alarm level decides. */
export function batteryProps(p: Props): { lowThreshold: number | undefined } {
  const v = p.lowThreshold;
  const ok = typeof v === 'number' && Number.isFinite(v) && v >= BATTERY_THRESHOLD.min && v <= BATTERY_THRESHOLD.max;
  return { lowThreshold: ok ? Math.round(v * 10) / 10 : undefined };
}

/** The KPI battery rows re-classed by a fixed threshold: below it is low, the rest ok. */
export function classifyBattery<R extends { DataBatteryVoltage: number; Status: string }>(
  rows: readonly R[],
  threshold: number | undefined,
): R[] {
  if (threshold === undefined) return [...rows];
  return rows.map((r) => ({ ...r, Status: r.DataBatteryVoltage < threshold - 1e-9 ? 'low' : 'ok' }));
}

// Alarms KPI ---------------------------------------------------------------------------------------

export const ALARM_PERIODS = ['range', '7', '30'] as const;
export type AlarmPeriod = (typeof ALARM_PERIODS)[number];
export const alarmsProps = (p: Props): { period: AlarmPeriod } => ({
  period: oneOf(String(p.period ?? ''), ALARM_PERIODS, 'range'),
});

/** The KPI period: the dashboard's range, or the last 7 or 30 days up to now. */
export function alarmsPeriod(period: AlarmPeriod, range: { start: Date; end: Date }, now: Date) {
  if (period === 'range') return range;
  const days = Number(period);
  return { start: new Date(now.getTime() - days * 24 * 60 * 60 * 1000), end: now };
}

// Weather ------------------------------------------------------------------------------------------

export const WEATHER_DAYS_MAX = Math.min(7, WEATHER_MAX_DAYS);
/** `unitId`: the chosen unit's position; undefined: the selected or the dashboard's units' centre. */
export const weatherProps = (p: Props): { days: number; unitId: number | undefined } => ({
  days: int(p.days, 1, WEATHER_DAYS_MAX, WEATHER_DEFAULTS.days),
  unitId: typeof p.unitId === 'number' && Number.isInteger(p.unitId) && p.unitId > 0 ? p.unitId : undefined,
});

// Unit and parking lists ---------------------------------------------------------------------------

export const DEVICE_LIST_COLUMNS = ['status', 'type', 'location', 'forecast', 'lastReport'] as const;
export const PARKING_LIST_COLUMNS = ['status', 'occupancy', 'usage', 'location', 'lastReport'] as const;
export type ListColumn = (typeof DEVICE_LIST_COLUMNS)[number] | (typeof PARKING_LIST_COLUMNS)[number];
/** The optional columns of a unit or parking list (the name always shows) and multi-select. */
export function deviceListProps(p: Props, parking: boolean): { columns: ListColumn[]; multiSelect: boolean } {
  const all: readonly ListColumn[] = parking ? PARKING_LIST_COLUMNS : DEVICE_LIST_COLUMNS;
  return { columns: subset(p.columns, all, all), multiSelect: bool(p.multiSelect, false) };
}

// Alarm list ---------------------------------------------------------------------------------------

export const ALARM_LIST_ROWS = [50, 100, 200, 500] as const;
/** The alarm types shown (the selectable types; empty: all) and at most `rows` newest alarms. */
export function alarmListProps(p: Props, settings: Props = {}): { alarmTypes: number[]; rows: number } {
  // Older dashboards kept the type choice in the widget's settings.
  const raw = Array.isArray(p.alarmTypes) ? p.alarmTypes : settings.alarmTypes;
  const types = Array.isArray(raw) ? raw.map((x) => (typeof x === 'string' ? Number.parseInt(x, 10) : x)) : [];
  return {
    alarmTypes: subset(types, SELECTABLE_ALARM_TYPES, []),
    rows: oneOf(p.rows as number, ALARM_LIST_ROWS, 500),
  };
}

// Maps ---------------------------------------------------------------------------------------------

export const MAP_VIEWS = ['fitAll', 'remember'] as const;
type MapProps = { cluster: boolean; legend: boolean; initialView: (typeof MAP_VIEWS)[number] };
export const mapProps = (p: Props): MapProps => ({
  cluster: bool(p.cluster, true),
  legend: bool(p.legend, true),
  initialView: oneOf(p.initialView as string, MAP_VIEWS, 'fitAll'),
});

// Chart --------------------------------------------------------------------------------------------

/** Series keys of core's list (channels share a key), e.g. 'resistance', 'battery'. */
export const SERIES_KEYS: readonly string[] = [...new Set(SERIES.map((s) => s.key))];
/** `series`: keys shown when the chart opens (empty: all); `yFromZero`: y axes include 0. */
export const chartProps = (p: Props): { series: string[]; yFromZero: boolean } => ({
  series: subset(p.series, SERIES_KEYS, []),
  yFromZero: bool(p.yFromZero, false),
});

// Parking statistics -------------------------------------------------------------------------------

const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;
/** 'H:mm' → minutes after midnight; undefined if invalid. */
export function minutesOf(text: string): number | undefined {
  const m = TIME.exec(text.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : undefined;
}
/** The daily window (UTC 'HH:mm', default 08:00–17:00); an empty or reversed window falls back. */
export function parkingProps(p: Props): { windowStart: string; windowStop: string } {
  const a = typeof p.windowStart === 'string' ? minutesOf(p.windowStart) : undefined;
  const b = typeof p.windowStop === 'string' ? minutesOf(p.windowStop) : undefined;
  if (a === undefined || b === undefined || a >= b) {
    return { windowStart: PARKING_WINDOW_DEFAULT.start, windowStop: PARKING_WINDOW_DEFAULT.stop };
  }
  const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return { windowStart: hhmm(a), windowStop: hhmm(b) };
}
