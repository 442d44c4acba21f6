import type { Device } from '../contract/devices.ts';
import { type StatusInput, UNIT_STATUSES, type UnitStatus, unitStatus } from './unitStatus.ts';

/** Filter settings. */
export type FilterSettings = {
  unitStatus: Record<UnitStatus, boolean>;
  unitTypes: { UnitTypes: string }[];
  alarmTypes: (number | string)[];
  textSearch: string;
};

export const emptyFilter = (): FilterSettings => ({
  unitStatus: { alarm: false, inactive: false, ok: false, problem: false },
  unitTypes: [],
  alarmTypes: [],
  textSearch: '',
});

export type FilterableUnit = StatusInput & { UnitLocation: string; UnitType: number };
type FilterableAlarm = { AlarmType: number | string; AlarmEventText: string; UnitType: number };

const matchesText = (search: string, fields: readonly string[]) => {
  const s = search.trim().toLowerCase();
  return s === '' || fields.some((f) => f.toLowerCase().includes(s));
};

/** Blank entries of the comma lists are skipped, so `{UnitTypes: ''}` (or a trailing comma) is no restriction. */
const typeIds = (f: FilterSettings) =>
  f.unitTypes
    .flatMap((t) => t.UnitTypes.split(','))
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((s) => Number.parseInt(s, 10));

const alarmTypeIds = (f: FilterSettings) => f.alarmTypes.map((t) => Number.parseInt(String(t), 10));

/** A device of the device APIs as the unit filter sees it. */
export const asFilterable = (d: Device): FilterableUnit & { device: Device } => ({
  UnitName: d.name,
  UnitLocation: d.location,
  UnitType: d.type.code,
  AlarmEvents: d.alarmTypes.map((AlarmType) => ({ AlarmType })),
  device: d,
});

/** Filter logic for units: search (name, location, type), status, type and alarm type. */
export function filterUnits<U extends FilterableUnit>(
  units: readonly U[],
  f: FilterSettings,
  typeName: (t: number) => string,
): U[] {
  const statuses = Object.entries(f.unitStatus)
    .filter(([, on]) => on)
    .map(([s]) => s);
  const allStatuses = statuses.length === 0 || statuses.length === 4;
  const types = typeIds(f);
  const alarms = alarmTypeIds(f);
  return units.filter(
    (u) =>
      matchesText(f.textSearch, [u.UnitName, u.UnitLocation, typeName(u.UnitType)]) &&
      (allStatuses || statuses.includes(unitStatus(u))) &&
      (types.length === 0 || types.includes(u.UnitType)) &&
      (alarms.length === 0 || u.AlarmEvents.some((a) => alarms.includes(Number.parseInt(String(a.AlarmType), 10)))),
  );
}

/**
 * Filter logic for alarms: search (event text, translated alarm type name, unit type
 * name), type and alarm type. Alarms are not filtered by status.
 */
export function filterAlarms<A extends FilterableAlarm>(
  list: readonly A[],
  f: FilterSettings,
  alarmTypeName: (t: number) => string,
  typeName: (t: number) => string,
): A[] {
  const types = typeIds(f);
  const alarms = alarmTypeIds(f);
  return list.filter((a) => {
    const type = Number.parseInt(String(a.AlarmType), 10);
    return (
      matchesText(f.textSearch, [a.AlarmEventText, alarmTypeName(type), typeName(a.UnitType)]) &&
      (types.length === 0 || types.includes(a.UnitType)) &&
      (alarms.length === 0 || alarms.includes(type))
    );
  });
}

/**
 * A filter as query parameters of the fleet summaries (status counts, temperature): text search,
 * comma lists of unit type and alarm type ids, and of the statuses picked. What does not restrict
 * is left out.
 */
export type FilterParams = { q?: string; types?: string; alarmTypes?: string; statuses?: string };

const idList = (ids: readonly number[]) => {
  const list = ids.filter((n) => Number.isInteger(n) && n >= 0).join(',');
  return list === '' ? undefined : list;
};

export function filterParams(f: FilterSettings): FilterParams {
  const q = f.textSearch.trim();
  const statuses = UNIT_STATUSES.filter((s) => f.unitStatus[s]);
  return {
    q: q === '' ? undefined : q,
    types: idList(typeIds(f)),
    alarmTypes: idList(alarmTypeIds(f)),
    statuses: statuses.length === 0 || statuses.length === UNIT_STATUSES.length ? undefined : statuses.join(','),
  };
}

/** The filter that query parameters stand for (filterParams read back). */
export function filterOfParams(p: FilterParams): FilterSettings {
  const picked = new Set(p.statuses?.split(','));
  const f = emptyFilter();
  return {
    unitStatus: Object.fromEntries(UNIT_STATUSES.map((s) => [s, picked.has(s)])) as FilterSettings['unitStatus'],
    unitTypes: p.types ? [{ UnitTypes: p.types }] : [],
    alarmTypes: p.alarmTypes ? p.alarmTypes.split(',').map((s) => Number.parseInt(s.trim(), 10)) : f.alarmTypes,
    textSearch: p.q ?? f.textSearch,
  };
}
