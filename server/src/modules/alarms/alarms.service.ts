import type { AlarmFinding, AlarmKey, GovernedAlarm } from '@fieldwatch/core';
import type { Queryable } from '../../db/db.ts';
import type { LivePublisher } from '../../live/bus.ts';
import { type AlarmRow, activeAlarms, clearAlarms, raiseAlarm, setNormalSince } from './alarms.repository.ts';

export * from './alarms.kpi.repository.ts';
export * from './alarms.repository.ts';

const keyOf = (k: AlarmKey) => `${k.channel}:${k.type}`;

/**
 * An alarm a measurement governs. Without `clears` and `holdS` (an operator's switch such as the
 * disabled-device alarm) it clears as soon as it is not raised.
 */
export type Governed = AlarmKey & Partial<Pick<GovernedAlarm, 'clears' | 'holdS'>>;

/**
 * Applies what a measurement says about the alarms it governs, with hysteresis: raises the
 * breached ones that are not active yet; clears an active one only when the value clears it (back
 * beyond the limit by the margin) and, with a hold time, only once it has been so for the hold
 * time (from the alarm's `normal_since`, set when the value first clears it and reset when it no
 * longer does). Writes only on change, so a value hovering in the margin writes nothing.
 */
export async function applyFindings(
  db: Queryable,
  unit: { id: number; organization_id: number },
  governs: readonly Governed[],
  raised: readonly AlarmFinding[],
  time: Date,
  bus?: LivePublisher,
  /** The unit's active alarms when the caller already has them (batched ingest). */
  known?: readonly AlarmRow[],
): Promise<{ raised: AlarmRow[]; cleared: AlarmRow[] }> {
  if (governs.length === 0 && raised.length === 0) return { raised: [], cleared: [] };
  const rows = known ?? (await activeAlarms(db, [unit.id]));
  const active = new Map(rows.map((a) => [keyOf({ channel: a.channel, type: a.alarm_type }), a]));
  const breached = new Set(raised.map(keyOf));
  const newRows: AlarmRow[] = [];
  const unsettled: AlarmKey[] = []; // active, and no longer (or not yet) back to normal
  for (const f of raised) {
    const row = active.get(keyOf(f));
    if (row) {
      if (row.normal_since !== null) unsettled.push(f);
      continue;
    }
    const created = await raiseAlarm(db, { unitId: unit.id, ...f, time });
    if (created) newRows.push(created);
  }
  const toClear: AlarmKey[] = [];
  const settling: AlarmKey[] = []; // back to normal from now on; cleared after the hold time
  for (const g of governs) {
    const row = active.get(keyOf(g));
    if (!row || breached.has(keyOf(g))) continue;
    const key = { channel: g.channel, type: g.type };
    const holdMs = (g.holdS ?? 0) * 1000;
    if (g.clears === false) {
      if (row.normal_since !== null) unsettled.push(key);
    } else if (holdMs <= 0) toClear.push(key);
    else if (row.normal_since === null) settling.push(key);
    else if (time.getTime() - row.normal_since.getTime() >= holdMs) toClear.push(key);
  }
  await setNormalSince(db, unit.id, unsettled, null);
  await setNormalSince(db, unit.id, settling, time);
  const cleared = await clearAlarms(db, unit.id, toClear, time);
  for (const a of [...newRows, ...cleared]) bus?.publish(alarmEvent(unit.organization_id, a));
  return { raised: newRows, cleared };
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
