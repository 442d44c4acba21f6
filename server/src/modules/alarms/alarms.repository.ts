import type { Queryable } from '../../db/db.ts';

export type AlarmRow = {
  id: number;
  unit_id: number;
  channel: number;
  alarm_type: number;
  /** A text that came with the alarm as it came ('' when its facts make the sentence). */
  event_text: string;
  value: number | null;
  limit_value: number | null;
  event_time: Date;
  cleared_at: Date | null;
  /** Since when an active alarm's value has been back beyond its clearing margin (hysteresis). */
  normal_since: Date | null;
};

const columns =
  'id, unit_id, channel, alarm_type, event_text, value, limit_value, event_time, cleared_at, normal_since';

export async function activeAlarms(db: Queryable, unitIds: readonly number[]): Promise<AlarmRow[]> {
  return db.query<AlarmRow>(
    `select ${columns} from alarms where unit_id = any($1) and cleared_at is null order by event_time`,
    [unitIds],
  );
}

/** Raises an alarm unless the same one is already active; returns the new alarm or undefined. */
export async function raiseAlarm(
  db: Queryable,
  a: { unitId: number; channel: number; type: number; value: number | null; limit: number | null; time: Date },
): Promise<AlarmRow | undefined> {
  const rows = await db.query<AlarmRow>(
    `insert into alarms (unit_id, channel, alarm_type, event_text, value, limit_value, event_time)
     values ($1, $2, $3, '', $4, $5, $6)
     on conflict (unit_id, channel, alarm_type) where cleared_at is null do nothing
     returning ${columns}`,
    [a.unitId, a.channel, a.type, a.value, a.limit, a.time],
  );
  return rows[0];
}

/** Clears the active alarms of the given (channel, type) pairs; returns the cleared ones. */
export async function clearAlarms(
  db: Queryable,
  unitId: number,
  keys: readonly { channel: number; type: number }[],
  time: Date,
): Promise<AlarmRow[]> {
  if (keys.length === 0) return [];
  return db.query<AlarmRow>(
    `update alarms set cleared_at = $4
     where unit_id = $1 and cleared_at is null
       and (channel, alarm_type) in (select * from unnest($2::int[], $3::int[]))
     returning ${columns}`,
    [unitId, keys.map((k) => k.channel), keys.map((k) => k.type), time],
  );
}

/**
 * Sets (a time) or resets (null) since when the given active alarms have been back to normal
 * (hysteresis hold time).
 */
export async function setNormalSince(
  db: Queryable,
  unitId: number,
  keys: readonly { channel: number; type: number }[],
  since: Date | null,
): Promise<void> {
  if (keys.length === 0) return;
  await db.query(
    `update alarms set normal_since = $4::timestamptz
     where unit_id = $1 and cleared_at is null
       and (channel, alarm_type) in (select * from unnest($2::int[], $3::int[]))`,
    [unitId, keys.map((k) => k.channel), keys.map((k) => k.type), since],
  );
}

/** Alarms (active and past) of units, newest first (the legacy GetAlarms query). */
export async function alarmsSince(
  db: Queryable,
  unitIds: readonly number[],
  start: Date,
  rows: number,
): Promise<AlarmRow[]> {
  return db.query<AlarmRow>(
    `select ${columns} from alarms where unit_id = any($1) and event_time >= $2 order by event_time desc limit $3`,
    [unitIds, start, rows],
  );
}
