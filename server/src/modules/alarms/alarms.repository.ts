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

export type AlarmAt = { unitId: number; channel: number; type: number };
type NewAlarm = AlarmAt & { value: number | null; limit: number | null; time: Date };

/** Raises an alarm unless the same one is already active; returns the new alarm or undefined. */
export async function raiseAlarm(db: Queryable, a: NewAlarm): Promise<AlarmRow | undefined> {
  return (await raiseAlarms(db, [a]))[0];
}

/** Raises alarms (of many units, in one statement) unless the same is already active; returns the new ones. */
export async function raiseAlarms(db: Queryable, alarms: readonly NewAlarm[]): Promise<AlarmRow[]> {
  if (alarms.length === 0) return [];
  return db.query<AlarmRow>(
    `insert into alarms (unit_id, channel, alarm_type, event_text, value, limit_value, event_time)
     select u, c, t, '', v, l, at
     from unnest($1::int[], $2::int[], $3::int[], $4::float8[], $5::float8[], $6::timestamptz[])
          with ordinality as x(u, c, t, v, l, at, i)
     order by i
     on conflict (unit_id, channel, alarm_type) where cleared_at is null do nothing
     returning ${columns}`,
    [
      alarms.map((a) => a.unitId),
      alarms.map((a) => a.channel),
      alarms.map((a) => a.type),
      alarms.map((a) => a.value),
      alarms.map((a) => a.limit),
      alarms.map((a) => a.time.toISOString()),
    ],
  );
}

/** Clears the active alarms of the given (channel, type) pairs; returns the cleared ones. */
export async function clearAlarms(
  db: Queryable,
  unitId: number,
  keys: readonly { channel: number; type: number }[],
  time: Date,
): Promise<AlarmRow[]> {
  return clearAlarmsAt(
    db,
    keys.map((k) => ({ unitId, ...k, at: time })),
  );
}

/** Clears these active alarms (of many units, in one statement), each at its time; returns the cleared ones. */
export async function clearAlarmsAt(db: Queryable, alarms: readonly (AlarmAt & { at: Date })[]): Promise<AlarmRow[]> {
  if (alarms.length === 0) return [];
  return db.query<AlarmRow>(
    `update alarms a set cleared_at = x.at
     from unnest($1::int[], $2::int[], $3::int[], $4::timestamptz[]) as x(u, c, t, at)
     where a.unit_id = x.u and a.channel = x.c and a.alarm_type = x.t and a.cleared_at is null
     returning ${columns.replace(/(\w+)/g, 'a.$1')}`,
    [
      alarms.map((a) => a.unitId),
      alarms.map((a) => a.channel),
      alarms.map((a) => a.type),
      alarms.map((a) => a.at.toISOString()),
    ],
  );
}

/**
 * Sets (a time) or resets (null) since when these active alarms (of many units, in one statement)
 * have been back to normal (hysteresis hold time).
 */
export async function setNormalSince(db: Queryable, alarms: readonly (AlarmAt & { since: Date | null })[]) {
  if (alarms.length === 0) return;
  await db.query(
    `update alarms a set normal_since = x.since
     from unnest($1::int[], $2::int[], $3::int[], $4::timestamptz[]) as x(u, c, t, since)
     where a.unit_id = x.u and a.channel = x.c and a.alarm_type = x.t and a.cleared_at is null`,
    [
      alarms.map((a) => a.unitId),
      alarms.map((a) => a.channel),
      alarms.map((a) => a.type),
      alarms.map((a) => a.since?.toISOString() ?? null),
    ],
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
