import { SELECTABLE_ALARM_TYPES } from '@fieldwatch/core';

/**
 * The alarm list's own alarm-type choice, kept in the widget's settings as `alarmTypes`: only the
 * types selectable in the alarm list; anything else stored there is ignored. Empty = all.
 */
export function alarmTypesSetting(settings: Readonly<Record<string, unknown>>): number[] {
  const raw = settings.alarmTypes;
  if (!Array.isArray(raw)) return [];
  const picked = new Set(raw.map((x) => (typeof x === 'string' ? Number.parseInt(x, 10) : x)));
  return SELECTABLE_ALARM_TYPES.filter((type) => picked.has(type));
}

/** Adds or removes one type, keeping the selectable order. */
export function toggleAlarmType(types: readonly number[], type: number): number[] {
  if (!SELECTABLE_ALARM_TYPES.includes(type)) return [...types];
  const next = new Set(types);
  if (next.has(type)) next.delete(type);
  else next.add(type);
  return SELECTABLE_ALARM_TYPES.filter((t) => next.has(t));
}
