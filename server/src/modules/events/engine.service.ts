import { randomUUID } from 'node:crypto';
import {
  type AlarmRecord,
  type AlarmSeverities,
  addTaskEvents,
  alarmFactsOf,
  alarmTaskSignature,
  createAlarmEvent,
  createAlarmNotification,
  createTask,
  DEFAULT_ALARM_JOIN_HOURS,
  type EventRecord,
  escalateTask,
  formatLegacyDate,
  type NotificationRecord,
  occurrenceCount,
  SYSTEM_USER,
  type TaskRecord,
  taskCategoryOf,
} from '@fieldwatch/core';
import type { Db, Queryable } from '../../db/db.ts';
import { translate } from '../../i18n.ts';
import type { LiveEvent } from '../../live/bus.ts';
import { effectiveSeverities } from '../admin/alarmSeverity.service.ts';
import { alarmMessage, alarmTypeName } from '../alarms/alarmTexts.ts';
import {
  alarmEventKey,
  appendOccurrences,
  groupNamesByUnit,
  insertEvents,
  insertNotifications,
  insertOccurrences,
  latestAlarmEvents,
  openTasksBySignature,
  type PendingAlarmRow,
  pendingAlarms,
  type RecipientRow,
  renotify,
  taskKey,
  upsertTasks,
  usersSeeing,
} from './events.repository.ts';
import { localizeNotification } from './localize.ts';

const HOUR_MS = 3_600_000;

/** Alarms turned into events per transaction. */
const ENGINE_BATCH = 500;

/**
 * The event engine (the alarm listener, on the server): drains the alarms that have no event
 * yet. Each becomes one event (the unique alarm id makes a second engine or a restart store nothing
 * twice), one notification per user who may see the unit, in that user's language, and joins the
 * open task with its alarm signature or opens a new alarm task. An alarm raised again on the same
 * unit, channel and type within the organization's window joins the earlier event as an occurrence
 * instead, and makes its notifications unread again. A batch commits together,
 * written with one statement per table; live events go out after the commit. Answers how many
 * alarms became events.
 */
export async function processPendingAlarms(
  db: Db,
  publish: (e: LiveEvent) => void,
  opts: {
    batch?: number;
    committed?: (alarms: number) => void;
    /** Only these alarms (those just raised), when they are known; default every pending one. */
    ids?: readonly number[];
  } = {},
): Promise<number> {
  const batch = opts.batch ?? ENGINE_BATCH;
  const ids = opts.ids ? [...opts.ids].sort((a, b) => a - b) : undefined;
  let total = 0;
  for (let from = 0; ; from += batch) {
    const pending = await pendingAlarms(db, batch, ids?.slice(from, from + batch));
    if (pending.length > 0) {
      const live = await db.transaction((tx) => processBatch(tx, pending));
      opts.committed?.(pending.length);
      for (const e of live) publish(e);
      total += pending.length;
    }
    if (ids ? from + batch >= ids.length : pending.length < batch) return total;
  }
}

type Built = { a: PendingAlarmRow; event: EventRecord; groups: readonly string[] };
type Repeat = { a: PendingAlarmRow; eventId: string };

/**
 * Sorts a batch into alarms that make a new event and re-raises that join the latest event of the
 * same unit, channel and type, when it last occurred within the organization's window (one fault,
 * one event). Alarms are taken in the order they were raised, so a flapping batch joins the event
 * its own first alarm makes.
 */
async function sortOutRepeats(db: Queryable, pending: readonly PendingAlarmRow[]) {
  const groups = await groupNamesByUnit(db, [...new Set(pending.map((a) => a.unit_id))]);
  // The severity each organization gives each alarm type (its own or its nearest ancestor's setting).
  const severities = await effectiveSeverities(db, [...new Set(pending.map((a) => a.organization_id))]);
  const keyOf = (a: PendingAlarmRow) => alarmEventKey({ unitId: a.unit_id, channel: a.channel, type: a.alarm_type });
  const keys = new Map(pending.map((a) => [keyOf(a), { unitId: a.unit_id, channel: a.channel, type: a.alarm_type }]));
  const latest = new Map(
    (await latestAlarmEvents(db, [...keys.values()])).map((r) => [
      alarmEventKey({ unitId: r.unit_id, channel: r.channel, type: r.alarm_type }),
      { id: r.id, lastAt: r.last_at.getTime() },
    ]),
  );
  const built: Built[] = [];
  const repeats: Repeat[] = [];
  for (const a of pending) {
    const at = a.event_time.getTime();
    const windowMs = (a.alarm_join_hours ?? DEFAULT_ALARM_JOIN_HOURS) * HOUR_MS;
    const previous = latest.get(keyOf(a));
    if (previous && at - previous.lastAt <= windowMs) {
      repeats.push({ a, eventId: previous.id });
      previous.lastAt = Math.max(previous.lastAt, at);
    } else {
      const names = groups.get(a.unit_id) ?? [];
      const event = alarmEvent(a, names, severities.get(a.organization_id));
      built.push({ a, event, groups: names });
      latest.set(keyOf(a), { id: event.id, lastAt: at });
    }
  }
  return { built, repeats };
}

async function processBatch(db: Queryable, pending: readonly PendingAlarmRow[]): Promise<LiveEvent[]> {
  const { built, repeats } = await sortOutRepeats(db, pending);
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
  const reopened = await joinRepeats(
    db,
    repeats,
    new Set(built.filter((b) => !stored.has(b.a.id)).map((b) => b.event.id)),
  );

  const touched = [...fresh, ...reopened];
  const tasks = await openTasksBySignature(
    db,
    touched.map(({ a }) => ({ organizationId: a.organization_id, signature: alarmTaskSignature(a.unit_id) })),
  );
  const changed = new Map<string, { organizationId: number; task: TaskRecord; unitId: number }>();
  for (const { a, event, groups: names } of touched) {
    const key = taskKey(a.organization_id, alarmTaskSignature(a.unit_id));
    const open = tasks.get(key);
    if (open?.eventIds.includes(event.id)) continue;
    const by = { user: SYSTEM_USER, date: a.event_time.toISOString() };
    const task = open
      ? escalateTask(addTaskEvents(open, [event.id], by), event.category, by)
      : alarmTask(a, event, names);
    tasks.set(key, task);
    changed.set(key, { organizationId: a.organization_id, task, unitId: a.unit_id });
  }
  await upsertTasks(db, [...changed.values()]);

  const base = (a: PendingAlarmRow) => ({ unitId: a.unit_id, organizationId: a.organization_id });
  const notified = [
    ...notifications.map(({ a, userId, record }) => ({ a, userId, record })),
    ...reopened.flatMap(({ a, notified }) => notified.map((n) => ({ a, ...n }))),
  ];
  return [
    ...touched.map(
      ({ a, event }): LiveEvent => ({
        ...base(a),
        kind: 'event',
        eventId: event.id,
        category: event.category,
        title: event.title,
      }),
    ),
    ...notified.map(
      ({ a, userId, record }): LiveEvent => ({
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
 * Re-raises join their events as occurrences; each such event's notifications become unread again,
 * worded in each user's language. Repeats of an event this batch could not store (another engine
 * stored it first) stay pending for the next run.
 */
async function joinRepeats(db: Queryable, repeats: readonly Repeat[], unstored: ReadonlySet<string>) {
  const joinable = repeats.filter((r) => !unstored.has(r.eventId));
  const joined = await insertOccurrences(
    db,
    joinable.map(({ a, eventId }) => ({ alarmId: a.id, eventId, at: a.event_time.toISOString() })),
  );
  const byEvent = new Map<string, PendingAlarmRow[]>();
  for (const { a, eventId } of joinable)
    if (joined.has(a.id)) byEvent.set(eventId, [...(byEvent.get(eventId) ?? []), a]);
  const reopened: (Built & { notified: { userId: number; record: NotificationRecord }[] })[] = [];
  for (const [eventId, alarms] of byEvent) {
    const occurrences = alarms.map((a) => ({
      alarmId: a.id,
      at: a.event_time.toISOString(),
      value: a.value,
      limit: a.limit_value,
    }));
    const event = await appendOccurrences(db, eventId, occurrences);
    const last = alarms.at(-1);
    if (!event || !last) continue;
    const rows = await renotify(db, event, last.event_time.toISOString(), occurrenceCount(event));
    reopened.push({
      a: last,
      event,
      groups: event.groups ?? [],
      notified: rows.map((r) => ({ userId: r.user_id, record: localizeNotification(r.data, event.alarm, r.language) })),
    });
  }
  return reopened;
}

/**
 * The event of an alarm. Records are dated by the alarm, so an alarm caught up late (reconciliation)
 * sorts where it happened. The stored title speaks the fallback language; each browser titles the
 * event in its own from the alarm type. Its category is the severity the organization gives the
 * alarm type (spec default without a setting); its notifications' priority follows from it.
 */
function alarmEvent(a: PendingAlarmRow, groups: readonly string[], severities?: AlarmSeverities): EventRecord {
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
    severities,
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
