import type { Device, UnitShowValue } from '@fieldwatch/core';

/**
 * Which units a sensor widget (water level, air quality, consumption) shows. A unit is a sensor of
 * a kind when its type is the kind's IoT type code or its latest values hold one of the kind's
 * columns. The units come from the widget's own settings, else from its link group's selection
 * (those of the kind), else every unit of the kind the dashboard shows.
 */

export type SensorKind = { types: readonly number[]; columns: readonly string[] };
export const WATER_LEVEL_SENSOR: SensorKind = { types: [220], columns: ['WaterLevel'] };
export const AIR_QUALITY_SENSOR: SensorKind = { types: [230], columns: ['CO2', 'PM25'] };
export const CONSUMPTION_SENSOR: SensorKind = { types: [235], columns: ['Consumption'] };

/** The sensors of a kind among these devices, by name. */
export function sensorUnits(
  kind: SensorKind,
  devices: readonly Device[],
  values: readonly UnitShowValue[] | undefined,
): Device[] {
  const withColumn = new Set(
    (values ?? []).filter((v) => kind.columns.some((c) => v.Values[c] !== undefined)).map((v) => v.UnitID),
  );
  return devices
    .filter((d) => kind.types.includes(d.type.code) || withColumn.has(d.id))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

/** Unit ids stored in a widget's props: whole positive numbers only, each once, at most `max`. */
export function unitIdsProp(v: unknown, max = 50): number[] {
  if (!Array.isArray(v)) return [];
  const ids = v.filter((x): x is number => typeof x === 'number' && Number.isInteger(x) && x > 0);
  return [...new Set(ids)].slice(0, max);
}

/** A number prop within [min, max]; the fallback otherwise. */
export function numberProp(v: unknown, min: number, max: number, fallback: number): number;
export function numberProp(v: unknown, min: number, max: number, fallback: undefined): number | undefined;
export function numberProp(v: unknown, min: number, max: number, fallback: number | undefined) {
  return typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max ? v : fallback;
}

type UnitScope = {
  units: Device[];
  /** Where the units come from. */
  source: 'settings' | 'selection' | 'all';
  /** Ids chosen in the settings that the user cannot see (any more). */
  missing: number[];
};

/**
 * The units a sensor widget shows: the settings' units (looked up among all the user's devices,
 * so a dashboard filter does not hide a unit chosen by hand), else the link group's selected
 * sensors, else every sensor in view (`inView`, after the dashboard's filter).
 */
export function unitScope(
  kind: SensorKind,
  opts: {
    chosen: readonly number[];
    selected: readonly number[] | undefined;
    all: readonly Device[];
    inView: readonly Device[];
    values: readonly UnitShowValue[] | undefined;
  },
): UnitScope {
  const byId = new Map(opts.all.map((d) => [d.id, d]));
  if (opts.chosen.length > 0) {
    const units = opts.chosen.flatMap((id) => byId.get(id) ?? []);
    return { units, source: 'settings', missing: opts.chosen.filter((id) => !byId.has(id)) };
  }
  const sensors = sensorUnits(kind, opts.inView, opts.values);
  if (opts.selected && opts.selected.length > 0) {
    const picked = new Set(opts.selected);
    const units = sensorUnits(kind, opts.all, opts.values).filter((d) => picked.has(d.id));
    if (units.length > 0) return { units, source: 'selection', missing: [] };
  }
  return { units: sensors, source: 'all', missing: [] };
}
