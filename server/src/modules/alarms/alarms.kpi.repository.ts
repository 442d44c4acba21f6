import type { Queryable } from '../../db/db.ts';

export type AlarmActionRow = { id: number; name: string; description: string };

export async function listAlarmActions(db: Queryable): Promise<AlarmActionRow[]> {
  return db.query<AlarmActionRow>('select id, name, description from alarm_actions order by id');
}

/** Alarms (active and past) of units counted per UTC day of their event time, oldest day first. */
export async function alarmCountsPerDay(
  db: Queryable,
  unitIds: readonly number[],
  start: Date,
): Promise<{ day: string; n: number }[]> {
  return db.query<{ day: string; n: number }>(
    `select to_char(event_time at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n
     from alarms where unit_id = any($1) and event_time >= $2 group by day order by day`,
    [unitIds, start],
  );
}
