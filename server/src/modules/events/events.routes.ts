import {
  AcknowledgeBody,
  Assignee,
  AssigneesQuery,
  EventRecordSchema,
  NewTaskBody,
  NotificationListQuery,
  NotificationRecordSchema,
  Ok,
  RecordIdParam,
  RecordListQuery,
  SeenBody,
  TaskListQuery,
  TaskRecordSchema,
  TaskUpdateBody,
  UnseenCount,
} from '@fieldwatch/core';
import { Type } from '@sinclair/typebox';
import { doc } from '../../families/family.ts';
import { errorResponses } from '../../families/standard.ts';
import type { App } from '../../http.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { scoped, signedIn } from '../../plugins/policy.ts';
import {
  acknowledgeEvent,
  createCustomTask,
  deleteTask,
  getEvent,
  getTask,
  listEvents,
  listNotifications,
  listTasks,
  markSeen,
  taskAssignees,
  unseenCount,
  updateTask,
} from './events.service.ts';

const errors = errorResponses(400, 401, 403, 404);
/** Lists narrowed to what the user may see, and the user's own notifications. */
const reads = signedIn({ writes: false });
/** One event or task: a role on its organization that may read or write tasks. */
const readTask = scoped('task', 'read', { writes: false });
const writeTask = scoped('task', 'write', { writes: true });

/**
 * Events, notifications and tasks: what the event engine made of the units' alarms.
 * Events and tasks belong to organizations (a role on a parent covers them); notifications to users.
 */
export function eventRoutes(app: App) {
  const { db } = app;
  const E = '/events';
  const N = '/notifications';
  const T = '/tasks';

  app.get(
    E,
    {
      config: reads,
      schema: {
        ...doc('events', 'Events, newest first'),
        querystring: RecordListQuery,
        response: { 200: Type.Array(EventRecordSchema), ...errors },
      },
    },
    async (req) => listEvents(db, sessionOf(req), req.query),
  );
  app.get(
    `${E}/:id`,
    {
      config: readTask,
      schema: { ...doc('events', 'One event'), params: RecordIdParam, response: { 200: EventRecordSchema, ...errors } },
    },
    async (req) => getEvent(db, sessionOf(req), req.params.id),
  );
  app.put(
    `${E}/:id/acknowledge`,
    {
      config: writeTask,
      schema: {
        ...doc('events', "Acknowledge an event with a comment (marks the caller's notification of it seen)"),
        params: RecordIdParam,
        body: AcknowledgeBody,
        response: { 200: EventRecordSchema, ...errors },
      },
    },
    async (req) => acknowledgeEvent(db, sessionOf(req), req.params.id, req.body.comment, app.bus),
  );

  app.get(
    N,
    {
      config: reads,
      schema: {
        ...doc('notifications', "The user's notifications, newest first"),
        querystring: NotificationListQuery,
        response: { 200: Type.Array(NotificationRecordSchema), ...errors },
      },
    },
    async (req) => listNotifications(db, sessionOf(req), req.query),
  );
  app.get(
    `${N}/count`,
    {
      config: reads,
      schema: {
        ...doc('notifications', 'How many notifications are not seen yet'),
        response: { 200: UnseenCount, ...errors },
      },
    },
    async (req) => unseenCount(db, sessionOf(req)),
  );
  app.put(
    `${N}/seen`,
    {
      config: signedIn({ writes: true }),
      schema: {
        ...doc('notifications', 'Mark notifications seen (all without ids)'),
        body: SeenBody,
        response: { 200: Type.Array(NotificationRecordSchema), ...errors },
      },
    },
    async (req) => markSeen(db, sessionOf(req), req.body.ids, app.bus),
  );

  app.get(
    T,
    {
      config: reads,
      schema: {
        ...doc('tasks', 'Tasks, newest first (archived: done and archived ones)'),
        querystring: TaskListQuery,
        response: { 200: Type.Array(TaskRecordSchema), ...errors },
      },
    },
    async (req) => listTasks(db, sessionOf(req), req.query),
  );
  app.get(
    `${T}/assignees`,
    {
      config: readTask,
      schema: {
        ...doc('tasks', "Users who may be assigned an organisation's tasks"),
        querystring: AssigneesQuery,
        response: { 200: Type.Array(Assignee), ...errors },
      },
    },
    async (req) => taskAssignees(db, sessionOf(req), req.query.organizationId),
  );
  app.get(
    `${T}/:id`,
    {
      config: readTask,
      schema: { ...doc('tasks', 'One task'), params: RecordIdParam, response: { 200: TaskRecordSchema, ...errors } },
    },
    async (req) => getTask(db, sessionOf(req), req.params.id),
  );
  app.post(
    T,
    {
      config: writeTask,
      schema: {
        ...doc('tasks', 'Create a custom task'),
        body: NewTaskBody,
        response: { 200: TaskRecordSchema, ...errors },
      },
    },
    async (req) => createCustomTask(db, sessionOf(req), req.body),
  );
  app.put(
    `${T}/:id`,
    {
      config: writeTask,
      schema: {
        ...doc('tasks', 'Change a task: each part an activity'),
        params: RecordIdParam,
        body: TaskUpdateBody,
        response: { 200: TaskRecordSchema, ...errors },
      },
    },
    async (req) => updateTask(db, sessionOf(req), req.params.id, req.body),
  );
  app.delete(
    `${T}/:id`,
    {
      config: writeTask,
      schema: { ...doc('tasks', 'Delete a task'), params: RecordIdParam, response: { 200: Ok, ...errors } },
    },
    async (req) => deleteTask(db, sessionOf(req), req.params.id),
  );
}
