import type { AlarmFinding, AlarmKey, GovernedAlarm } from '@fieldwatch/core';
import type { Queryable } from '../../db/db.ts';
import type { LivePublisher } from '../../live/bus.ts';
import { enqueueAlarms } from '../webhooks/outbox.service.ts';
import * as alarmsKpiRepository from './alarms.kpi.repository.ts';
import * as alarmsRepository from './alarms.repository.ts';
import { type AlarmRow, clearAlarmsAt, raiseAlarms, setNormalSince } from './alarms.repository.ts';

const keyOf = (k: AlarmKey) => `${k.channel}:${k.type}`;

/**
 * An alarm a measurement governs. Without `clears` and `holdS` (an operator's switch such as the
 * disabled-device alarm) it clears as soon as it is not raised.
 */
export type Governed = AlarmKey & Partial<Pick<GovernedAlarm, 'clears' | 'holdS'>>;

type Unit = { id: number; organization_id: number };
/** What measurements of one unit say about its alarms (`known`: its active alarms, when the caller has them). */
export type UnitFindings = {
  unit: Unit;
  governs: readonly Governed[];
  raised: readonly AlarmFinding[];
  time: Date;
  known?: readonly AlarmRow[];
};

/**
 * Applies what a measurement says about the alarms it governs, with hysteresis: raises the
 * breached ones that are not active yet; clears an active one only when the value clears it (back
 * beyond the limit by the margin) and, with a hold time, only once it has been so for the hold
 * time (from the alarm's `normal_since`, set when the value first clears it and reset when it no
 * longer does). Writes only on change, so a value hovering in the margin writes nothing.
 */
export function applyFindings(
  db: Queryable,
  unit: Unit,
  governs: readonly Governed[],
  raised: readonly AlarmFinding[],
  time: Date,
  bus?: LivePublisher,
): Promise<{ raised: AlarmRow[]; cleared: AlarmRow[] }> {
  return applyFindingsOfUnits(db, [{ unit, governs, raised, time }], bus);
}

/** applyFindings for many units at once (batched ingest): one statement per kind of write, not per alarm. */
export async function applyFindingsOfUnits(
  db: Queryable,
  findings: readonly UnitFindings[],
  bus?: LivePublisher,
): Promise<{ raised: AlarmRow[]; cleared: AlarmRow[] }> {
  const todo = findings.filter((f) => f.governs.length > 0 || f.raised.length > 0);
  const unknown = todo.filter((f) => !f.known).map((f) => f.unit.id);
  const fetched = unknown.length > 0 ? await activeAlarms(db, unknown) : [];
  const raise: Parameters<typeof raiseAlarms>[1][number][] = [];
  const normal: Parameters<typeof setNormalSince>[1][number][] = [];
  const clear: Parameters<typeof clearAlarmsAt>[1][number][] = [];
  for (const f of todo) {
    const d = decide(f, f.known ?? fetched.filter((a) => a.unit_id === f.unit.id));
    const at = (k: AlarmKey) => ({ unitId: f.unit.id, channel: k.channel, type: k.type });
    raise.push(...d.raise.map((r) => ({ ...at(r), value: r.value, limit: r.limit, time: f.time })));
    normal.push(...d.unsettled.map((k) => ({ ...at(k), since: null })));
    normal.push(...d.settling.map((k) => ({ ...at(k), since: f.time })));
    clear.push(...d.clear.map((k) => ({ ...at(k), at: f.time })));
  }
  const newRows = await raiseAlarms(db, raise);
  await setNormalSince(db, normal);
  const cleared = await clearAlarmsAt(db, clear);
  const organization = new Map(todo.map((f) => [f.unit.id, f.unit.organization_id]));
  const changed = [...newRows, ...cleared];
  // Webhook deliveries of the raises and clears, in this same transaction (modules/webhooks).
  if (changed.length > 0)
    await enqueueAlarms(
      db,
      changed.map((alarm) => ({ organizationId: organization.get(alarm.unit_id) ?? 0, alarm })),
    );
  for (const a of changed) bus?.publish(alarmEvent(organization.get(a.unit_id) ?? 0, a));
  return { raised: newRows, cleared };
}

/** The writes one unit's findings call for, given its active alarms (see applyFindings). */
function decide(f: UnitFindings, rows: readonly AlarmRow[]) {
  const active = new Map(rows.map((a) => [keyOf({ channel: a.channel, type: a.alarm_type }), a]));
  const breached = new Set(f.raised.map(keyOf));
  const raise = new Map<string, AlarmFinding>(); // once per alarm, however many messages breached it
  const unsettled: AlarmKey[] = []; // active, and no longer (or not yet) back to normal
  for (const r of f.raised) {
    const row = active.get(keyOf(r));
    if (!row) {
      if (!raise.has(keyOf(r))) raise.set(keyOf(r), r);
    } else if (row.normal_since !== null) unsettled.push(r);
  }
  const clear: AlarmKey[] = [];
  const settling: AlarmKey[] = []; // back to normal from now on; cleared after the hold time
  for (const g of f.governs) {
    const row = active.get(keyOf(g));
    if (!row || breached.has(keyOf(g))) continue;
    const key = { channel: g.channel, type: g.type };
    const holdMs = (g.holdS ?? 0) * 1000;
    if (g.clears === false) {
      if (row.normal_since !== null) unsettled.push(key);
    } else if (holdMs <= 0) clear.push(key);
    else if (row.normal_since === null) settling.push(key);
    else if (f.time.getTime() - row.normal_since.getTime() >= holdMs) clear.push(key);
  }
  return { raise: [...raise.values()], unsettled, settling, clear };
}

export function alarmEvent(organizationId: number, a: AlarmRow) {
  return {
    kind: 'alarm' as const,
    unitId: a.unit_id,
    organizationId,
    alarmId: a.id,
    alarmType: a.alarm_type,
    channel: a.channel,
    value: a.value,
    limit: a.limit_value,
    time: a.event_time.toISOString(),
    cleared: a.cleared_at !== null,
  };
}

// The stored rows other modules read and write, through this service only.
export type { AlarmActionRow } from './alarms.kpi.repository.ts';
export type { AlarmRow } from './alarms.repository.ts';

export function activeAlarms(db: Queryable, unitIds: readonly number[]) {
  return alarmsRepository.activeAlarms(db, unitIds);
}

export function alarmsSince(db: Queryable, unitIds: readonly number[], start: Date, rows: number) {
  return alarmsRepository.alarmsSince(db, unitIds, start, rows);
}

export function alarmCountsPerDay(db: Queryable, unitIds: readonly number[], start: Date) {
  return alarmsKpiRepository.alarmCountsPerDay(db, unitIds, start);
}

export function listAlarmActions(db: Queryable) {
  return alarmsKpiRepository.listAlarmActions(db);
}
