import type { AlarmFinding, AlarmKey } from '@fieldwatch/core';
import type { Queryable } from '../../db/db.ts';
import type { LivePublisher } from '../../live/bus.ts';
import { type AlarmRow, activeAlarms, clearAlarms, raiseAlarm } from './alarms.repository.ts';

export * from './alarms.kpi.repository.ts';
export * from './alarms.repository.ts';

const keyOf = (k: AlarmKey) => `${k.channel}:${k.type}`;

/**
 * Applies what a measurement says about the alarms it governs: raises the breached ones that are
 * not active yet, clears the active ones that are no longer breached. Writes only on change.
 */
export async function applyFindings(
  db: Queryable,
  unit: { id: number; organization_id: number },
  governs: readonly AlarmKey[],
  raised: readonly AlarmFinding[],
  time: Date,
  bus?: LivePublisher,
  /** The unit's active alarms when the caller already has them (batched ingest). */
  known?: readonly AlarmRow[],
): Promise<{ raised: AlarmRow[]; cleared: AlarmRow[] }> {
  if (governs.length === 0 && raised.length === 0) return { raised: [], cleared: [] };
  const rows = known ?? (await activeAlarms(db, [unit.id]));
  const active = new Set(rows.map((a) => keyOf({ channel: a.channel, type: a.alarm_type })));
  const breached = new Set(raised.map(keyOf));
  const newRows: AlarmRow[] = [];
  for (const f of raised) {
    if (active.has(keyOf(f))) continue;
    const row = await raiseAlarm(db, { unitId: unit.id, ...f, time });
    if (row) newRows.push(row);
  }
  const toClear = governs.filter((k) => active.has(keyOf(k)) && !breached.has(keyOf(k)));
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
