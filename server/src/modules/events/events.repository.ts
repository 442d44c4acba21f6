import type {
  AccessLevel,
  AlarmRecord,
  EventOccurrence,
  EventRecord,
  NotificationRecord,
  TaskRecord,
} from '@fieldwatch/core';
import type { Queryable } from '../../db/db.ts';
import type { AlarmRow } from '../alarms/alarms.service.ts';

/** An alarm that has no event yet, with what its event copies from the unit. */
export type PendingAlarmRow = Omit<AlarmRow, 'cleared_at' | 'normal_since'> & {
  organization_id: number;
  unit_name: string;
  unit_type: number;
  unit_location: string;
  gps_lat: number | null;
  gps_long: number | null;
  /** The organization's join window in hours (null: the default). */
  alarm_join_hours: number | null;
};

/**
 * Alarms without an event, oldest first (the outbox the engine drains): all of them, or only those of
 * `ids` (alarms just announced), which reads a few rows instead of every alarm ever raised.
 */
export async function pendingAlarms(db: Queryable, limit: number, ids?: readonly number[]): Promise<PendingAlarmRow[]> {
  return db.query<PendingAlarmRow>(
    `select a.id, a.unit_id, a.channel, a.alarm_type, a.event_text, a.value, a.limit_value, a.event_time,
            u.organization_id,
            u.unit_name, u.unit_type, u.unit_location, u.gps_lat, u.gps_long, o.alarm_join_hours
     from alarms a join units u on u.id = a.unit_id join organizations o on o.id = u.organization_id
     where not exists (select 1 from events e where e.alarm_id = a.id)
       and not exists (select 1 from event_occurrences j where j.alarm_id = a.id)
       ${ids ? 'and a.id = any($2)' : ''}
     order by a.id limit $1`,
    ids ? [limit, ids] : [limit],
  );
}

/** The names of the groups of each unit (its own organization's groups). */
export async function groupNamesByUnit(db: Queryable, unitIds: readonly number[]): Promise<Map<number, string[]>> {
  const rows = await db.query<{ unit_id: number; name: string }>(
    `select distinct m.unit_id, g.name from group_units m
     join device_groups g on g.id = m.group_id join units u on u.id = m.unit_id and u.organization_id = g.organization_id
     where m.unit_id = any($1) order by m.unit_id, g.name`,
    [unitIds],
  );
  const out = new Map<number, string[]>();
  for (const r of rows) out.set(r.unit_id, [...(out.get(r.unit_id) ?? []), r.name]);
  return out;
}

export type RecipientRow = { id: number; username: string; language: string; fullname: string; role_id: AccessLevel };

/** The users who may see an organization's units: a role on it or on any organization above it. */
export async function usersSeeing(db: Queryable, organizationId: number): Promise<RecipientRow[]> {
  return db.query<RecipientRow>(
    `with recursive up (id, parent) as (
       select id, parent_organization_id from organizations where id = $1
       union
       select o.id, o.parent_organization_id from organizations o join up on o.id = up.parent
     )
     select u.id, u.username, u.language, u.fullname, min(r.role_id)::int as role_id
     from user_roles r join users u on u.id = r.user_id
     where r.organization_id in (select id from up) group by u.id order by u.id`,
    [organizationId],
  );
}

/** The platform's staff: users whose every role is in the root organization (the one without a parent). */
export async function platformStaff(db: Queryable): Promise<Set<number>> {
  const rows = await db.query<{ user_id: number }>(
    `select r.user_id from user_roles r join organizations o on o.id = r.organization_id
     group by r.user_id having bool_and(o.parent_organization_id is null)`,
  );
  return new Set(rows.map((r) => r.user_id));
}

/** Which of `ids` are events of the organization or of one below it (their units' organizations). */
export async function eventIdsWithin(
  db: Queryable,
  organizationId: number,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.query<{ id: string }>(
    `with recursive down (id) as (
       select $1::int
       union
       select o.id from organizations o join down on o.parent_organization_id = down.id
     )
     select id from events where id = any($2::text[]) and organization_id in (select id from down)`,
    [organizationId, ids],
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * Stores the events of alarms that have none yet; an alarm whose event exists already (another
 * engine, a redelivery) stores nothing. Answers the alarm ids whose events were stored.
 */
export async function insertEvents(
  db: Queryable,
  rows: readonly { organizationId: number; unitId: number; alarmId: number; record: EventRecord }[],
): Promise<Set<number>> {
  if (rows.length === 0) return new Set();
  const stored = await db.query<{ alarm_id: number }>(
    `insert into events (id, organization_id, unit_id, alarm_id, created, data, channel, alarm_type, last_at)
     select *, created from unnest($1::text[], $2::int[], $3::int[], $4::int[], $5::timestamptz[], $6::jsonb[],
       $7::int[], $8::int[]) as r (id, organization_id, unit_id, alarm_id, created, data, channel, alarm_type)
     on conflict (alarm_id) do nothing returning alarm_id`,
    [
      rows.map((r) => r.record.id),
      rows.map((r) => r.organizationId),
      rows.map((r) => r.unitId),
      rows.map((r) => r.alarmId),
      rows.map((r) => r.record.created),
      rows.map((r) => JSON.stringify(r.record)),
      rows.map((r) => r.record.alarm?.ChannelID ?? null),
      rows.map((r) => r.record.alarm?.AlarmType ?? null),
    ],
  );
  return new Set(stored.map((r) => r.alarm_id));
}

/** An alarm event's place: its unit, channel and alarm type. */
export type AlarmEventKey = { unitId: number; channel: number; type: number };
export const alarmEventKey = (k: AlarmEventKey) => `${k.unitId}:${k.channel}:${k.type}`;

export type RecentEventRow = { id: string; unit_id: number; channel: number; alarm_type: number; last_at: Date };

/** The latest alarm event of each unit, channel and type asked for (where there is one). */
export async function latestAlarmEvents(db: Queryable, keys: readonly AlarmEventKey[]): Promise<RecentEventRow[]> {
  if (keys.length === 0) return [];
  return db.query<RecentEventRow>(
    `select e.id, e.unit_id, e.channel, e.alarm_type, e.last_at
     from unnest($1::int[], $2::int[], $3::int[]) as k (unit_id, channel, alarm_type)
     cross join lateral (
       select id, unit_id, channel, alarm_type, last_at from events
       where unit_id = k.unit_id and channel = k.channel and alarm_type = k.alarm_type
       order by last_at desc limit 1) e`,
    [keys.map((k) => k.unitId), keys.map((k) => k.channel), keys.map((k) => k.type)],
  );
}

/**
 * Records alarms that joined an earlier event; one already recorded (another engine) is skipped.
 * Answers the alarm ids recorded now.
 */
export async function insertOccurrences(
  db: Queryable,
  rows: readonly { alarmId: number; eventId: string; at: string }[],
): Promise<Set<number>> {
  if (rows.length === 0) return new Set();
  const stored = await db.query<{ alarm_id: number }>(
    `insert into event_occurrences (alarm_id, event_id, at)
     select * from unnest($1::int[], $2::text[], $3::timestamptz[])
     on conflict (alarm_id) do nothing returning alarm_id`,
    [rows.map((r) => r.alarmId), rows.map((r) => r.eventId), rows.map((r) => r.at)],
  );
  return new Set(stored.map((r) => r.alarm_id));
}

/**
 * Appends occurrences to an event (in SQL, so two engines never lose one) and answers its record
 * as it is now.
 */
export async function appendOccurrences(
  db: Queryable,
  eventId: string,
  occurrences: readonly EventOccurrence[],
): Promise<EventRecord | undefined> {
  const [row] = await db.query<{ data: EventRecord }>(
    `update events set
       data = jsonb_set(data, '{occurrences}', coalesce(data->'occurrences', '[]'::jsonb) || $2::jsonb),
       last_at = greatest(last_at, $3::timestamptz)
     where id = $1 returning data`,
    [eventId, JSON.stringify(occurrences), occurrences.at(-1)?.at],
  );
  return row?.data;
}

/**
 * The fault is back: each user's notification of the event becomes unread again and moves to the
 * top, saying how many times since when. Answers the notifications with their users' languages.
 */
export async function renotify(db: Queryable, event: EventRecord, at: string, occurrences: number) {
  return db.query<{ user_id: number; language: string; data: NotificationRecord }>(
    `update notifications n set seen = null, created = $2::timestamptz,
       data = n.data || jsonb_build_object('seen', '', 'created', $2::text, 'occurrences', $3::int, 'since', $4::text)
     from users u where u.id = n.user_id and n.event_id = $1
     returning n.user_id, u.language, n.data`,
    [event.id, at, occurrences, event.created],
  );
}

export async function insertNotifications(
  db: Queryable,
  rows: readonly { userId: number; record: NotificationRecord }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `insert into notifications (id, user_id, event_id, created, data)
     select * from unnest($1::text[], $2::int[], $3::text[], $4::timestamptz[], $5::jsonb[])
     on conflict (user_id, event_id) do nothing`,
    [
      rows.map((r) => r.record.id),
      rows.map((r) => r.userId),
      rows.map((r) => r.record.eventId),
      rows.map((r) => r.record.created),
      rows.map((r) => JSON.stringify(r.record)),
    ],
  );
}

/** A task's place: its organization and signature. */
export const taskKey = (organizationId: number, signature: string) => `${organizationId}|${signature}`;

/**
 * The open tasks (not done, not archived) with these organizations and signatures, locked for the
 * change; the newest where several are open.
 */
export async function openTasksBySignature(
  db: Queryable,
  keys: readonly { organizationId: number; signature: string }[],
): Promise<Map<string, TaskRecord>> {
  const out = new Map<string, TaskRecord>();
  if (keys.length === 0) return out;
  const rows = await db.query<{ organization_id: number; data: TaskRecord }>(
    `select organization_id, data from tasks
     where status not in ('done', 'archived')
       and (organization_id, signature) in (select * from unnest($1::int[], $2::text[]))
     order by created for update`,
    [keys.map((k) => k.organizationId), keys.map((k) => k.signature)],
  );
  for (const r of rows) out.set(taskKey(r.organization_id, r.data.signature), r.data);
  return out;
}

export async function upsertTasks(db: Queryable, rows: readonly { organizationId: number; task: TaskRecord }[]) {
  if (rows.length === 0) return;
  await db.query(
    `insert into tasks (id, organization_id, signature, status, created, data)
     select * from unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::timestamptz[], $6::jsonb[])
     on conflict (id) do update set signature = excluded.signature, status = excluded.status, data = excluded.data`,
    [
      rows.map((r) => r.task.id),
      rows.map((r) => r.organizationId),
      rows.map((r) => r.task.signature),
      rows.map((r) => r.task.status),
      rows.map((r) => r.task.created),
      rows.map((r) => JSON.stringify(r.task)),
    ],
  );
}

export async function upsertTask(db: Queryable, organizationId: number, task: TaskRecord): Promise<void> {
  await upsertTasks(db, [{ organizationId, task }]);
}

// Reads for the REST calls ------------------------------------------------------------------------

export type ListWindow = { limit: number; before?: string };

export async function listEvents(db: Queryable, orgs: readonly number[], w: ListWindow) {
  return db.query<{ organization_id: number; data: EventRecord }>(
    `select organization_id, data from events where organization_id = any($1) and ($2::timestamptz is null or last_at < $2)
     order by last_at desc, id desc limit $3`,
    [orgs, w.before ?? null, w.limit],
  );
}

/** A record of an organization's events or tasks by id, only when the organization is one of `orgs`. */
async function findRecord<T>(
  db: Queryable,
  table: 'events' | 'tasks',
  id: string,
  orgs: readonly number[],
  lock: boolean,
) {
  const rows = await db.query<{ organization_id: number; data: T }>(
    `select organization_id, data from ${table} where id = $1 and organization_id = any($2)${lock ? ' for update' : ''}`,
    [id, orgs],
  );
  return rows[0];
}

export const findEvent = (db: Queryable, id: string, orgs: readonly number[], lock = false) =>
  findRecord<EventRecord>(db, 'events', id, orgs, lock);

export async function updateEventData(db: Queryable, e: EventRecord) {
  await db.query('update events set data = $2 where id = $1', [e.id, JSON.stringify(e)]);
}

/** A user's notifications, newest first, each with its event's alarm (its message is built from it). */
export async function listNotifications(db: Queryable, userId: number, w: ListWindow & { unseen?: boolean }) {
  return db.query<{ data: NotificationRecord; alarm: AlarmRecord | null }>(
    `select n.data, e.data->'alarm' as alarm from notifications n join events e on e.id = n.event_id
     where n.user_id = $1 and ($2::timestamptz is null or n.created < $2) and (not $3 or n.seen is null)
     order by n.created desc, n.data->>'priority' = 'critical' desc, n.id desc limit $4`,
    [userId, w.before ?? null, w.unseen ?? false, w.limit],
  );
}

export async function countUnseen(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'select count(*)::int as n from notifications where user_id = $1 and seen is null',
    [userId],
  );
  return row?.n ?? 0;
}

/** Marks a user's notifications seen (all when `ids` is null); answers those that changed. */
export async function markSeen(db: Queryable, userId: number, ids: readonly string[] | null, at: string) {
  return db.query<{ data: NotificationRecord }>(
    `update notifications set seen = $3::text::timestamptz, data = jsonb_set(data, '{seen}', to_jsonb($3::text))
     where user_id = $1 and seen is null and ($2::text[] is null or id = any($2)) returning data`,
    [userId, ids, at],
  );
}

/** Marks a user's notification of an event seen (when not seen yet); answers those that changed. */
export async function markEventSeen(db: Queryable, userId: number, eventId: string, at: string) {
  return db.query<{ data: NotificationRecord }>(
    `update notifications set seen = $3::text::timestamptz, data = jsonb_set(data, '{seen}', to_jsonb($3::text))
     where user_id = $1 and event_id = $2 and seen is null returning data`,
    [userId, eventId, at],
  );
}

export async function listTasks(db: Queryable, orgs: readonly number[], w: ListWindow & { archived?: boolean }) {
  return db.query<{ organization_id: number; data: TaskRecord }>(
    `select organization_id, data from tasks where organization_id = any($1) and ($2::timestamptz is null or created < $2)
       and (status in ('done', 'archived')) = $3
     order by created desc, id desc limit $4`,
    [orgs, w.before ?? null, w.archived ?? false, w.limit],
  );
}

export const findTask = (db: Queryable, id: string, orgs: readonly number[], lock = false) =>
  findRecord<TaskRecord>(db, 'tasks', id, orgs, lock);

export async function deleteTask(db: Queryable, id: string) {
  await db.query('delete from tasks where id = $1', [id]);
}

/** The tasks that list an event, locked for the change. */
export async function tasksWithEvent(db: Queryable, eventId: string) {
  return db.query<{ organization_id: number; data: TaskRecord }>(
    `select organization_id, data from tasks where data->'eventIds' ? $1 for update`,
    [eventId],
  );
}
