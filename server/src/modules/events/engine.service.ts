import { randomUUID } from 'node:crypto';
import {
  addTaskEvents,
  alarmTaskSignature,
  alarmTypeKey,
  createAlarmEvent,
  createAlarmNotification,
  createTask,
  type EventRecord,
  formatLegacyDate,
  SYSTEM_USER,
  taskCategoryOf,
} from '@fieldwatch/core';
import type { Db, Queryable } from '../../db/db.ts';
import { translate } from '../../i18n.ts';
import type { LiveEvent } from '../../live/bus.ts';
import {
  groupNamesByUnit,
  insertEvent,
  insertNotifications,
  openTaskBySignature,
  type PendingAlarmRow,
  pendingAlarms,
  type RecipientRow,
  upsertTask,
  usersSeeing,
} from './events.repository.ts';

/** Alarms turned into events per transaction. */
export const ENGINE_BATCH = 250;

/**
 * The event engine (spec §4 alarm listener, on the server): drains the alarms that have no event
 * yet. Each becomes exactly one event (the unique alarm id makes a second engine or a restart store
 * nothing twice), one notification per user who may see the unit, in that user's language, and
 * joins the open task with its alarm signature or opens a new alarm task. Everything of an alarm
 * commits together; live events go out after the commit. Answers how many alarms became events.
 */
export async function processPendingAlarms(
  db: Db,
  publish: (e: LiveEvent) => void,
  batch = ENGINE_BATCH,
): Promise<number> {
  let total = 0;
  for (;;) {
    const pending = await pendingAlarms(db, batch);
    if (pending.length === 0) return total;
    const live: LiveEvent[] = [];
    await db.transaction(async (tx) => {
      const groups = await groupNamesByUnit(tx, [...new Set(pending.map((a) => a.unit_id))]);
      const recipients = new Map<number, RecipientRow[]>();
      for (const alarm of pending) {
        let users = recipients.get(alarm.organization_id);
        if (!users) {
          users = await usersSeeing(tx, alarm.organization_id);
          recipients.set(alarm.organization_id, users);
        }
        live.push(...(await processAlarm(tx, alarm, groups.get(alarm.unit_id) ?? [], users)));
      }
    });
    for (const e of live) publish(e);
    total += pending.length;
    if (pending.length < batch) return total;
  }
}

async function processAlarm(
  db: Queryable,
  a: PendingAlarmRow,
  groups: readonly string[],
  users: readonly RecipientRow[],
): Promise<LiveEvent[]> {
  // Records are dated by the alarm, so an alarm caught up late (reconciliation) sorts where it happened.
  const now = a.event_time.toISOString();
  const base = { unitId: a.unit_id, organizationId: a.organization_id };
  const alarm = {
    AlarmID: a.id,
    AlarmType: a.alarm_type,
    AlarmEventText: a.event_text,
    UnitID: a.unit_id,
    ChannelID: a.channel,
    AlarmEventTime: formatLegacyDate(a.event_time),
    Units: [{ UnitType: a.unit_type }],
  };
  const words = (lang: string) => ({
    alarm: translate(lang, 'status.alarm'),
    alarmType: translate(lang, alarmTypeKey(a.alarm_type)),
  });
  const unit = {
    id: a.unit_id,
    name: a.unit_name,
    type: a.unit_type,
    location: a.unit_location,
    lat: a.gps_lat,
    long: a.gps_long,
  };
  // The stored event speaks the fallback language; each browser titles it in its own from the alarm type.
  const event: EventRecord = createAlarmEvent({
    id: randomUUID(),
    created: now,
    alarm,
    unit,
    groups,
    words: words('en'),
  });
  if (
    !(await insertEvent(db, { organizationId: a.organization_id, unitId: a.unit_id, alarmId: a.id, record: event }))
  ) {
    return [];
  }
  const notifications = users.map((u) => ({
    userId: u.id,
    record: createAlarmNotification({ id: randomUUID(), created: now, event, alarmName: words(u.language).alarmType }),
  }));
  await insertNotifications(db, notifications);

  const by = { user: SYSTEM_USER, date: now };
  const signature = alarmTaskSignature(a.unit_id);
  const open = await openTaskBySignature(db, a.organization_id, signature);
  const task = open
    ? addTaskEvents(open, [event.id], by)
    : createTask(
        {
          id: randomUUID(),
          type: 'alarm',
          signature,
          // The unit's name: data, the same in every language (category and events say the rest).
          title: a.unit_name,
          category: taskCategoryOf(event.category),
          eventIds: [event.id],
          location: a.unit_location,
          group: groups[0],
        },
        by,
      );
  await upsertTask(db, a.organization_id, task);
  return [
    { ...base, kind: 'event', eventId: event.id, category: event.category, title: event.title },
    ...notifications.map(
      (n): LiveEvent => ({
        ...base,
        kind: 'notification',
        userId: n.userId,
        notificationId: n.record.id,
        priority: n.record.priority,
        message: n.record.message,
      }),
    ),
    { ...base, kind: 'task', taskId: task.id, status: task.status },
  ];
}
