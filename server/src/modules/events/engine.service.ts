import { randomUUID } from 'node:crypto';
import {
  type AlarmRecord,
  addTaskEvents,
  alarmFactsOf,
  alarmTaskSignature,
  createAlarmEvent,
  createAlarmNotification,
  createTask,
  type EventRecord,
  formatLegacyDate,
  type NotificationRecord,
  SYSTEM_USER,
  type TaskRecord,
  taskCategoryOf,
} from '@fieldwatch/core';
import type { Db, Queryable } from '../../db/db.ts';
import { translate } from '../../i18n.ts';
import type { LiveEvent } from '../../live/bus.ts';
import { alarmMessage, alarmTypeName } from '../alarms/alarmTexts.ts';
import {
  groupNamesByUnit,
  insertEvents,
  insertNotifications,
  openTasksBySignature,
  type PendingAlarmRow,
  pendingAlarms,
  type RecipientRow,
  taskKey,
  upsertTasks,
  usersSeeing,
} from './events.repository.ts';

/** Alarms turned into events per transaction. */
export const ENGINE_BATCH = 500;

/**
 * The event engine (spec §4 alarm listener, on the server): drains the alarms that have no event
 * yet. Each becomes exactly one event (the unique alarm id makes a second engine or a restart store
 * nothing twice), one notification per user who may see the unit, in that user's language, and
 * joins the open task with its alarm signature or opens a new alarm task. A batch commits together,
 * written with one statement per table; live events go out after the commit. Answers how many
 * alarms became events.
 */
export async function processPendingAlarms(
  db: Db,
  publish: (e: LiveEvent) => void,
  opts: { batch?: number; committed?: (alarms: number) => void } = {},
): Promise<number> {
  const batch = opts.batch ?? ENGINE_BATCH;
  let total = 0;
  for (;;) {
    const pending = await pendingAlarms(db, batch);
    if (pending.length === 0) return total;
    const live = await db.transaction((tx) => processBatch(tx, pending));
    opts.committed?.(pending.length);
    for (const e of live) publish(e);
    total += pending.length;
    if (pending.length < batch) return total;
  }
}

async function processBatch(db: Queryable, pending: readonly PendingAlarmRow[]): Promise<LiveEvent[]> {
  const groups = await groupNamesByUnit(db, [...new Set(pending.map((a) => a.unit_id))]);
  const built = pending.map((a) => ({
    a,
    groups: groups.get(a.unit_id) ?? [],
    event: alarmEvent(a, groups.get(a.unit_id) ?? []),
  }));
  const stored = await insertEvents(
    db,
    built.map(({ a, event }) => ({
      organizationId: a.organization_id,
      unitId: a.unit_id,
      alarmId: a.id,
      record: event,
    })),
  );
  const fresh = built.filter(({ a }) => stored.has(a.id));

  const recipients = new Map<number, RecipientRow[]>();
  for (const org of new Set(fresh.map(({ a }) => a.organization_id))) recipients.set(org, await usersSeeing(db, org));
  const notifications = fresh.flatMap(({ a, event }) =>
    (recipients.get(a.organization_id) ?? []).map((u) => ({
      userId: u.id,
      record: createAlarmNotification({
        id: randomUUID(),
        created: event.created,
        event,
        message: alarmMessage(u.language, alarmFactsOf(event.alarm as AlarmRecord)),
      }),
      a,
    })),
  );
  await insertNotifications(db, notifications);

  const tasks = await openTasksBySignature(
    db,
    fresh.map(({ a }) => ({ organizationId: a.organization_id, signature: alarmTaskSignature(a.unit_id) })),
  );
  const changed = new Map<string, { organizationId: number; task: TaskRecord; unitId: number }>();
  for (const { a, event, groups: names } of fresh) {
    const key = taskKey(a.organization_id, alarmTaskSignature(a.unit_id));
    const open = tasks.get(key);
    const task = open
      ? addTaskEvents(open, [event.id], { user: SYSTEM_USER, date: event.created })
      : alarmTask(a, event, names);
    tasks.set(key, task);
    changed.set(key, { organizationId: a.organization_id, task, unitId: a.unit_id });
  }
  await upsertTasks(db, [...changed.values()]);

  const base = (a: PendingAlarmRow) => ({ unitId: a.unit_id, organizationId: a.organization_id });
  return [
    ...fresh.map(
      ({ a, event }): LiveEvent => ({
        ...base(a),
        kind: 'event',
        eventId: event.id,
        category: event.category,
        title: event.title,
      }),
    ),
    ...notifications.map(
      ({ a, userId, record }: { a: PendingAlarmRow; userId: number; record: NotificationRecord }): LiveEvent => ({
        ...base(a),
        kind: 'notification',
        userId,
        notificationId: record.id,
        priority: record.priority,
        message: record.message,
      }),
    ),
    ...[...changed.values()].map(
      ({ organizationId, unitId, task }): LiveEvent => ({
        organizationId,
        unitId,
        kind: 'task',
        taskId: task.id,
        status: task.status,
      }),
    ),
  ];
}

/**
 * The event of an alarm. Records are dated by the alarm, so an alarm caught up late (reconciliation)
 * sorts where it happened. The stored title speaks the fallback language; each browser titles the
 * event in its own from the alarm type.
 */
function alarmEvent(a: PendingAlarmRow, groups: readonly string[]): EventRecord {
  return createAlarmEvent({
    id: randomUUID(),
    created: a.event_time.toISOString(),
    alarm: {
      AlarmID: a.id,
      AlarmType: a.alarm_type,
      AlarmEventText: a.event_text,
      Value: a.value,
      Limit: a.limit_value,
      UnitID: a.unit_id,
      ChannelID: a.channel,
      AlarmEventTime: formatLegacyDate(a.event_time),
      Units: [{ UnitType: a.unit_type }],
    },
    unit: {
      id: a.unit_id,
      name: a.unit_name,
      type: a.unit_type,
      location: a.unit_location,
      lat: a.gps_lat,
      long: a.gps_long,
    },
    groups,
    words: { alarm: translate('en', 'status.alarm'), alarmType: alarmTypeName('en', a.alarm_type) },
  });
}

/** A new alarm task, titled by its unit's name: data, the same in every language. */
function alarmTask(a: PendingAlarmRow, event: EventRecord, groups: readonly string[]): TaskRecord {
  return createTask(
    {
      id: randomUUID(),
      type: 'alarm',
      signature: alarmTaskSignature(a.unit_id),
      title: a.unit_name,
      category: taskCategoryOf(event.category),
      eventIds: [event.id],
      location: a.unit_location,
      group: groups[0],
    },
    { user: SYSTEM_USER, date: event.created },
  );
}
