import { type Alarm, SELECTABLE_ALARM_TYPES } from '@fieldwatch/core';
import { timeOf } from '../common/format.ts';

/** An alarm as the monitor shows it, from the alarm list or from a live `alarm` event. */
export type MonitorAlarm = { id: number; type: number; unitId: number; channel: number; text: string; time: number };

export function fromAlarm(a: Alarm): MonitorAlarm {
  return {
    id: a.AlarmID,
    type: a.AlarmType,
    unitId: a.UnitID,
    channel: a.ChannelID,
    text: a.AlarmEventText,
    time: timeOf(a.AlarmEventTime) ?? 0,
  };
}

/** A live `alarm` event (server/src/live/bus.ts); undefined when it is not a well-formed one. */
export function fromLive(e: Record<string, unknown>): (MonitorAlarm & { cleared: boolean }) | undefined {
  const { alarmId, alarmType, unitId, channel, text, time, cleared } = e;
  if (typeof alarmId !== 'number' || typeof alarmType !== 'number' || typeof unitId !== 'number') return undefined;
  return {
    id: alarmId,
    type: alarmType,
    unitId,
    channel: typeof channel === 'number' ? channel : 0,
    text: typeof text === 'string' ? text : '',
    time: (typeof time === 'string' ? timeOf(time) : undefined) ?? Date.now(),
    cleared: cleared === true,
  };
}

/**
 * The alarms on the monitor, newest first: of units in view whose active alarm types (kept live)
 * still include the type, not cleared, of the chosen types (none = all), one per unit, channel and
 * type (the newest), at most `limit`.
 */
export function monitorAlarms(
  alarms: Iterable<MonitorAlarm>,
  activeTypes: ReadonlyMap<number, readonly number[]>,
  cleared: ReadonlySet<number>,
  types: readonly number[],
  limit: number,
): MonitorAlarm[] {
  const wanted = new Set(types);
  const newest = new Map<string, MonitorAlarm>();
  for (const a of alarms) {
    if (cleared.has(a.id)) continue;
    if (wanted.size > 0 && !wanted.has(a.type)) continue;
    if (!activeTypes.get(a.unitId)?.includes(a.type)) continue;
    const key = `${a.unitId}:${a.channel}:${a.type}`;
    const seen = newest.get(key);
    if (!seen || a.time > seen.time || (a.time === seen.time && a.id > seen.id)) newest.set(key, a);
  }
  return [...newest.values()].sort((a, b) => b.time - a.time || b.id - a.id).slice(0, limit);
}

/** How long an alarm has been on: '04:05' under an hour, '3:04:05' under a day, else days and hours. */
export function ageParts(ms: number): { days: number; clock: string } {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const h = Math.floor((total % 86_400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (days > 0) return { days, clock: `${two(h)}:${two(m)}` };
  return { days: 0, clock: h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}` };
}

/** A beep only when the user asked for sound and the page is in view. */
export const shouldBeep = (sound: boolean, hidden: boolean) => sound && !hidden;

export const MONITOR_COUNTS = [5, 10, 20, 50] as const;
const DEFAULT_COUNT = 10;

/** The alarm monitor's settings (widget.props): alarm types (selectable; none = all), how many, sound. */
type MonitorSettings = { types: number[]; count: number; sound: boolean };

export function monitorSettings(props: Readonly<Record<string, unknown>>): MonitorSettings {
  const raw = Array.isArray(props.types) ? props.types : [];
  const picked = new Set(raw.map((x) => (typeof x === 'string' ? Number.parseInt(x, 10) : x)));
  const count = typeof props.count === 'string' ? Number.parseInt(props.count, 10) : props.count;
  return {
    types: SELECTABLE_ALARM_TYPES.filter((type) => picked.has(type)),
    count: typeof count === 'number' && Number.isInteger(count) && count >= 1 && count <= 50 ? count : DEFAULT_COUNT,
    sound: props.sound === true,
  };
}
