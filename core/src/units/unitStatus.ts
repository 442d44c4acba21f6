import { AlarmType } from './alarmTypes.ts';

export type UnitStatus = 'alarm' | 'problem' | 'inactive' | 'ok';
export const UNIT_STATUSES: readonly UnitStatus[] = ['alarm', 'problem', 'inactive', 'ok'];

/** The Swedish marker text of a unit that is not installed ("not installed"). */
export const INACTIVE_MARKER = 'Ej Installerad';

export type StatusInput = { UnitName: string; AlarmEvents: readonly { AlarmType: number | string }[] };

const typeOf = (a: { AlarmType: number | string }) => Number.parseInt(String(a.AlarmType), 10);

/** Unit status, in this priority: inactive, problem, alarm, ok. */
export function unitStatus(unit: StatusInput): UnitStatus {
  if (unit.UnitName.includes(INACTIVE_MARKER)) return 'inactive';
  if (unit.AlarmEvents.some((a) => typeOf(a) === AlarmType.Communication)) return 'problem';
  if (unit.AlarmEvents.some((a) => typeOf(a) >= 0)) return 'alarm';
  return 'ok';
}

/** An individual alarm shows as problem if it is a communication error, otherwise as alarm. */
export function alarmStatus(alarmType: number | string): 'problem' | 'alarm' {
  return Number.parseInt(String(alarmType), 10) === AlarmType.Communication ? 'problem' : 'alarm';
}

/** Severity order for maps and lists: the worst status first (alarm, problem, ok, inactive). */
export const STATUS_SEVERITY: Readonly<Record<UnitStatus, number>> = { alarm: 3, problem: 2, ok: 1, inactive: 0 };
