import { type Device, displayTemperature, formatLegacyDate, type UnitShowValue, unitStatus } from '@fieldwatch/core';

/** A unit's new samples as the live socket sends them (one `sampleBatch` message carries a tick's). */
export type LiveSample = { unitId: number; t: string; values: Record<string, number> };
/** An alarm of a unit raised or cleared. */
export type AlarmChange = { type: number; cleared: boolean };

/** Groups changes by unit, keeping their order. */
export function byUnit<T extends { unitId: number }>(changes: Iterable<T>): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const c of changes) {
    const list = out.get(c.unitId);
    if (list) list.push(c);
    else out.set(c.unitId, [c]);
  }
  return out;
}

/**
 * The latest values after a tick's samples, applied in one pass in the order they came: each
 * unit's values merged (a later sample wins), its display temperature and battery voltage
 * following them and its time the last sample's. Units without samples keep their row (same
 * object), so a list with no change for a unit renders it as before.
 */
export function applySamples(list: readonly UnitShowValue[], samples: ReadonlyMap<number, readonly LiveSample[]>) {
  return list.map((v) => {
    const changes = samples.get(v.UnitID);
    if (!changes || changes.length === 0) return v;
    const merged = Object.assign({}, v.Values, ...changes.map((c) => c.values)) as Record<string, number>;
    return {
      ...v,
      Values: merged,
      Temperature: displayTemperature(merged) ?? v.Temperature,
      BatteryVoltage: merged.BatteryVoltage ?? v.BatteryVoltage,
      LastValueTime: formatLegacyDate(new Date((changes.at(-1) as LiveSample).t)),
    };
  });
}

/**
 * The devices after alarms raised and cleared, in the order they came: each unit's active alarm
 * types and, by the same rule as on the server, its status.
 */
export function applyAlarms(list: readonly Device[], alarms: ReadonlyMap<number, readonly AlarmChange[]>) {
  return list.map((d) => {
    const changes = alarms.get(d.id);
    if (!changes) return d;
    let alarmTypes = d.alarmTypes;
    for (const { type, cleared } of changes) {
      const others = alarmTypes.filter((a) => a !== type);
      alarmTypes = cleared ? others : [...others, type];
    }
    const status = unitStatus({ UnitName: d.name, AlarmEvents: alarmTypes.map((a) => ({ AlarmType: a })) });
    return { ...d, alarmTypes, status };
  });
}
