import { randomUUID } from 'node:crypto';
import {
  type AcknowledgementFacts,
  type Actor,
  addAcknowledgementNote,
  addTaskEvents,
  addTaskNote,
  assignTask,
  can,
  checkTaskUpdate,
  createTask,
  type EventRecord,
  EventRuleError,
  type NewTaskBody,
  type NotificationRecord,
  setTaskCategory,
  setTaskStatus,
  setTaskTitle,
  type TaskRecord,
  type TaskUpdateBody,
  withdrawTask,
} from '@fieldwatch/core';
import type { Db, Queryable } from '../../db/db.ts';
import { HttpError } from '../../http.ts';
import type { LiveEvent, LivePublisher } from '../../live/bus.ts';
import type { SessionRow } from '../auth/auth.service.ts';
import { reachedOrganizations, scopeWithin, withAccess } from '../organizations/organizations.service.ts';
import { enqueueFacts } from '../webhooks/outbox.service.ts';
import * as repo from './events.repository.ts';
import { eventIdsWithin, platformStaff, usersSeeing } from './events.repository.ts';
import { localizeEvent, localizeNotification } from './localize.ts';

type Page = { limit?: number; before?: string; useContext?: boolean };
const page = (q: Page) => ({ limit: q.limit ?? 100, before: q.before });
export const notFound = (what: string) => new HttpError(404, `${what} not found`);

/** Organizations whose tasks and events the user may see, and those where they may change them. */
export async function taskScope(db: Queryable, session: SessionRow, useContext?: boolean) {
  const reached = await reachedOrganizations(db, session);
  const visible = scopeWithin(reached, session, { useContext });
  return { visible, writable: new Set(withAccess(reached, 'write', 'task', visible)) };
}

export function assertWritable(scope: { writable: Set<number> }, organizationId: number) {
  if (!scope.writable.has(organizationId)) throw new HttpError(403, 'You may not change tasks of this organisation');
}

/** Rule refusals of core answer 400 with core's message as the text. */
function rule<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof EventRuleError) throw new HttpError(400, e.message);
    throw e;
  }
}

/** Who may be assigned an organization's tasks: the users who see it (a role there or above) whose role works tasks. */
/**
 * Who may be assigned the organization's tasks by `callerId`: the users who see the organization and
 * may work tasks. The platform's own staff are offered and accepted only to one of them: a
 * customer's people never learn their names.
 */
async function assignable(db: Queryable, organizationId: number, callerId: number) {
  const [seeing, staff] = await Promise.all([usersSeeing(db, organizationId), platformStaff(db)]);
  return seeing.filter((u) => can(u.role_id, 'write', 'task') && (staff.has(callerId) || !staff.has(u.id)));
}

/**
 * The usernames as stored, when each may be assigned the organization's tasks; otherwise 400 naming
 * the field (the same answer for an unknown user as for one of another organization).
 */
async function assignableNames(
  db: Queryable,
  session: SessionRow,
  organizationId: number,
  names: readonly string[],
  field: string,
) {
  if (names.length === 0) return [];
  const known = new Map(
    (await assignable(db, organizationId, session.user_id)).map((u) => [u.username.toLowerCase(), u.username]),
  );
  return names.map((name) => {
    const username = known.get(name.toLowerCase());
    if (username === undefined)
      throw new HttpError(400, `${field}: ${name} may not be assigned tasks of this organisation`);
    return username;
  });
}

/**
 * The event ids, when each is an event of the organization or one below it (where its units are);
 * otherwise 400 naming the field (the same answer for an unknown event as for a foreign one).
 */
async function ownEventIds(db: Queryable, organizationId: number, ids: readonly string[], field: string) {
  const found = await eventIdsWithin(db, organizationId, [...new Set(ids)]);
  const foreign = ids.find((id) => !found.has(id));
  if (foreign !== undefined) throw new HttpError(400, `${field}: ${foreign} is not an event of this organisation`);
  return [...ids];
}

export const actor = (session: SessionRow): Actor => ({ user: session.username, date: new Date().toISOString() });
/** A task as answered: its record and the organization it belongs to (for choosing assignees). */
const answer = (task: TaskRecord, organizationId: number) => ({ ...task, organizationId });

// Events ------------------------------------------------------------------------------------------

export async function listEvents(db: Queryable, session: SessionRow, q: Page): Promise<EventRecord[]> {
  const { visible } = await taskScope(db, session, q.useContext);
  return (await repo.listEvents(db, visible, page(q))).map((r) => localizeEvent(r.data, session.language));
}

export async function getEvent(db: Queryable, session: SessionRow, id: string): Promise<EventRecord> {
  const { visible } = await taskScope(db, session);
  const row = await repo.findEvent(db, id, visible);
  if (!row) throw notFound('Event');
  return localizeEvent(row.data, session.language);
}

/** Notification ids a `notificationsSeen` live event lists; more are sent as null (re-read them all). */
const SEEN_IDS_LISTED = 100;

const seenEvent = (userId: number, ids: readonly string[], at: string): LiveEvent => ({
  kind: 'notificationsSeen',
  userId,
  notificationIds: ids.length <= SEEN_IDS_LISTED ? [...ids] : null,
  at,
});

/**
 * Acknowledges an event with a comment (who and when). In the same transaction the acknowledger's
 * notification of it is marked seen, and the event's tasks get a note of the facts (the event, its
 * alarm type; the comment as the note), which each reader's language words. After the commit,
 * everyone who sees the event hears of the acknowledgement and of the tasks' change, and the
 * acknowledger's other tabs that the notification was seen.
 */
export async function acknowledgeEvent(
  db: Db,
  session: SessionRow,
  id: string,
  comment: string,
  bus?: LivePublisher,
): Promise<EventRecord> {
  const scope = await taskScope(db, session);
  const live: LiveEvent[] = [];
  const event = await db.transaction(async (tx) => {
    live.length = 0;
    const row = await repo.findEvent(tx, id, scope.visible, true);
    if (!row) throw notFound('Event');
    assertWritable(scope, row.organization_id);
    const by = actor(session);
    const user = by.user as string;
    const text = comment.trim();
    const event: EventRecord = { ...row.data, acknowledged: { by: user, at: by.date, comment: text } };
    await repo.updateEventData(tx, event);
    const seen = await repo.markEventSeen(tx, session.user_id, id, by.date);
    const unitId = event.unitId ?? 0;
    const facts: AcknowledgementFacts = {
      eventId: event.id,
      title: event.title,
      ...(event.alarm ? { alarmType: event.alarm.AlarmType } : {}),
      ...(event.unitName ? { unitName: event.unitName } : {}),
    };
    for (const t of await repo.tasksWithEvent(tx, id)) {
      const task = addAcknowledgementNote(t.data, facts, text, by);
      await repo.upsertTask(tx, t.organization_id, task);
      live.push({ kind: 'task', unitId, organizationId: t.organization_id, taskId: task.id, status: task.status });
    }
    // The webhook delivery of the acknowledgement, in this transaction (facts only; the comment stays here).
    await enqueueFacts(tx, [
      {
        organizationId: row.organization_id,
        kind: 'event.acknowledged',
        data: {
          eventId: id,
          alarmId: event.alarm?.AlarmID ?? null,
          alarmType: event.alarm?.AlarmType ?? null,
          unit: { id: event.unitId ?? null },
          category: event.category,
          acknowledgedBy: user,
          acknowledgedAt: by.date,
        },
      },
    ]);
    live.push({
      kind: 'acknowledged',
      unitId,
      organizationId: row.organization_id,
      eventId: id,
      by: user,
      at: by.date,
    });
    if (seen.length > 0)
      live.push(
        seenEvent(
          session.user_id,
          seen.map((r) => r.data.id),
          by.date,
        ),
      );
    return event;
  });
  for (const e of live) bus?.publish(e);
  return event;
}

// Notifications -----------------------------------------------------------------------------------

export async function listNotifications(
  db: Queryable,
  session: SessionRow,
  q: Page & { unseen?: boolean },
): Promise<NotificationRecord[]> {
  return (await repo.listNotifications(db, session.user_id, { ...page(q), unseen: q.unseen })).map((r) =>
    localizeNotification(r.data, r.alarm, session.language),
  );
}

export const unseenCount = async (db: Queryable, session: SessionRow) => ({
  unseen: await repo.countUnseen(db, session.user_id),
});

/**
 * Marking seen sets the seen time; unknown ids are ignored. Answers those that changed;
 * the user's other tabs hear of them.
 */
export async function markSeen(db: Queryable, session: SessionRow, ids?: readonly string[], bus?: LivePublisher) {
  const at = new Date().toISOString();
  const changed = (await repo.markSeen(db, session.user_id, ids ?? null, at)).map((r) => r.data);
  if (changed.length > 0)
    bus?.publish(
      seenEvent(
        session.user_id,
        changed.map((n) => n.id),
        at,
      ),
    );
  return changed;
}

// Tasks -------------------------------------------------------------------------------------------

export async function listTasks(db: Queryable, session: SessionRow, q: Page & { archived?: boolean }) {
  const { visible } = await taskScope(db, session, q.useContext);
  return (await repo.listTasks(db, visible, { ...page(q), archived: q.archived })).map((r) =>
    answer(r.data, r.organization_id),
  );
}

export async function getTask(db: Queryable, session: SessionRow, id: string): Promise<TaskRecord> {
  const { visible } = await taskScope(db, session);
  const row = await repo.findTask(db, id, visible);
  if (!row) throw notFound('Task');
  return answer(row.data, row.organization_id);
}

export async function createCustomTask(db: Db, session: SessionRow, body: NewTaskBody): Promise<TaskRecord> {
  const scope = await taskScope(db, session);
  if (!scope.visible.includes(body.organizationId)) throw notFound('Organisation');
  assertWritable(scope, body.organizationId);
  const assignees = await assignableNames(db, session, body.organizationId, body.assignees ?? [], 'assignees');
  const eventIds = await ownEventIds(db, body.organizationId, body.eventIds ?? [], 'eventIds');
  const task = rule(() =>
    createTask({ ...body, assignees, eventIds, id: randomUUID(), type: 'custom' }, actor(session)),
  );
  await repo.upsertTask(db, body.organizationId, task);
  return answer(task, body.organizationId);
}

/** Applies each given part of the change as its activity, in a fixed order, all or nothing. */
export async function updateTask(db: Db, session: SessionRow, id: string, body: TaskUpdateBody): Promise<TaskRecord> {
  rule(() => checkTaskUpdate(body as Partial<TaskRecord>));
  const scope = await taskScope(db, session);
  return db.transaction(async (tx) => {
    const row = await repo.findTask(tx, id, scope.visible, true);
    if (!row) throw notFound('Task');
    assertWritable(scope, row.organization_id);
    const org = row.organization_id;
    const [assign] = body.assign === undefined ? [] : await assignableNames(tx, session, org, [body.assign], 'assign');
    const addEvents = body.addEvents && (await ownEventIds(tx, org, body.addEvents, 'addEvents'));
    const by = actor(session);
    const task = rule(() => {
      let t = row.data;
      if (body.title !== undefined) t = setTaskTitle(t, body.title, by);
      if (body.category !== undefined) t = setTaskCategory(t, body.category, by);
      if (body.status !== undefined) t = setTaskStatus(t, body.status, by);
      if (assign !== undefined) t = assignTask(t, assign, by);
      if (body.withdraw !== undefined) t = withdrawTask(t, body.withdraw, by);
      if (addEvents !== undefined) t = addTaskEvents(t, addEvents, by);
      if (body.note !== undefined) t = addTaskNote(t, body.note, by);
      return t;
    });
    await repo.upsertTask(tx, row.organization_id, task);
    if (task.status !== row.data.status)
      await enqueueFacts(tx, [
        {
          organizationId: row.organization_id,
          kind: 'task.status_changed',
          data: {
            taskId: task.id,
            type: task.type,
            signature: task.signature ?? null,
            from: row.data.status,
            to: task.status,
            changedBy: by.user,
            changedAt: by.date,
            eventIds: task.eventIds ?? [],
          },
        },
      ]);
    return answer(task, row.organization_id);
  });
}

export async function deleteTask(db: Db, session: SessionRow, id: string): Promise<{ success: boolean }> {
  const scope = await taskScope(db, session);
  const row = await repo.findTask(db, id, scope.visible);
  if (!row) throw notFound('Task');
  assertWritable(scope, row.organization_id);
  await repo.deleteTask(db, id);
  return { success: true };
}

/** Who may be assigned an organization's tasks (the same rule a task's assignees are held to). */
export async function taskAssignees(db: Queryable, session: SessionRow, organizationId: number) {
  const { visible } = await taskScope(db, session);
  if (!visible.includes(organizationId)) throw notFound('Organisation');
  return (await assignable(db, organizationId, session.user_id)).map((u) => ({
    username: u.username,
    name: u.fullname,
  }));
}
