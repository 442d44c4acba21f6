import { type Static, Type } from '@sinclair/typebox';
import { TASK_CATEGORIES, TASK_STATUSES } from '../events/tasks.ts';
import { NonBlank } from './common.ts';

const oneOf = <T extends string>(values: readonly T[]) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], description: values.join(', ') });

/** Records keep the spec's shapes (core/src/events); fields beyond these pass through. */
const record = (props: Parameters<typeof Type.Object>[0]) => Type.Object(props, { additionalProperties: true });

export const EventRecordSchema = record({
  id: Type.String(),
  created: Type.String(),
  version: Type.Integer(),
  kind: Type.Literal('event'),
  type: Type.String(),
  title: Type.String(),
  category: Type.String(),
});
export const NotificationRecordSchema = record({
  id: Type.String(),
  created: Type.String(),
  version: Type.Integer(),
  kind: Type.Literal('notification'),
  eventId: Type.String(),
  type: Type.String(),
  message: Type.String(),
  priority: Type.String(),
  seen: Type.String(),
});
export const TaskRecordSchema = record({
  id: Type.String(),
  created: Type.String(),
  version: Type.Integer(),
  kind: Type.Literal('task'),
  title: Type.String(),
  category: Type.String(),
  type: Type.String(),
  signature: Type.String(),
  status: Type.String(),
  eventIds: Type.Array(Type.String()),
  assignees: Type.Array(Type.String()),
  activities: Type.Array(record({ date: Type.String(), type: Type.String(), user: Type.String() })),
  organizationId: Type.Optional(Type.Integer()),
});

export const RecordIdParam = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9-]+$' }),
});

/** Newest first, a page at a time: `before` is the `created` of the last record of the previous page. */
export const RecordListQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
  before: Type.Optional(Type.String({ format: 'date-time' })),
  useContext: Type.Optional(Type.Boolean()),
});
export const NotificationListQuery = Type.Composite([
  Type.Omit(RecordListQuery, ['useContext']),
  Type.Object({ unseen: Type.Optional(Type.Boolean()) }),
]);
export const TaskListQuery = Type.Composite([
  RecordListQuery,
  Type.Object({ archived: Type.Optional(Type.Boolean()) }),
]);

export const AcknowledgeBody = Type.Object(
  { comment: Type.String({ maxLength: 2000 }) },
  { additionalProperties: false },
);
/** Marks the given notifications seen, or every one of the user's when `ids` is left out. */
export const SeenBody = Type.Object({
  ids: Type.Optional(Type.Array(RecordIdParam.properties.id, { maxItems: 1000 })),
});
export const UnseenCount = Type.Object({ unseen: Type.Integer() });

const username = Type.String({ minLength: 1, maxLength: 100 });
export const NewTaskBody = Type.Object(
  {
    organizationId: Type.Integer({ minimum: 1 }),
    title: Type.Optional(Type.String({ maxLength: 200 })),
    category: Type.Optional(oneOf(TASK_CATEGORIES)),
    assignees: Type.Optional(Type.Array(username, { maxItems: 50 })),
    eventIds: Type.Optional(Type.Array(RecordIdParam.properties.id, { maxItems: 500 })),
    location: Type.Optional(Type.String({ maxLength: 200 })),
    group: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type NewTaskBody = Static<typeof NewTaskBody>;

/** A task change: each given part becomes its activity; an empty change is refused. */
export const TaskUpdateBody = Type.Object(
  {
    status: Type.Optional(oneOf(TASK_STATUSES)),
    title: Type.Optional(NonBlank()),
    category: Type.Optional(oneOf(TASK_CATEGORIES)),
    note: Type.Optional(NonBlank({ maxLength: 5000 })),
    assign: Type.Optional(username),
    withdraw: Type.Optional(username),
    addEvents: Type.Optional(Type.Array(RecordIdParam.properties.id, { minItems: 1, maxItems: 500 })),
  },
  { additionalProperties: false },
);
export type TaskUpdateBody = Static<typeof TaskUpdateBody>;

export const AssigneesQuery = Type.Object({ organizationId: Type.Integer({ minimum: 1 }) });
export const Assignee = Type.Object({ username: Type.String(), name: Type.String() });
export type Assignee = Static<typeof Assignee>;

/** A file attached to a task (its bytes are downloaded separately). */
export const TaskFileSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: Type.String(),
  size: Type.Integer(),
  uploadedBy: Type.String(),
  uploadedAt: Type.String(),
});
export type TaskFile = Static<typeof TaskFileSchema>;
export const TaskFileParams = Type.Object({ id: RecordIdParam.properties.id, fileId: RecordIdParam.properties.id });
/** The file's name and media type ride in the query; the body is the file itself (application/octet-stream). */
export const TaskFileUploadQuery = Type.Object({
  name: NonBlank({ maxLength: 200 }),
  type: Type.Optional(Type.String({ maxLength: 100, pattern: '^[\\w.+-]+/[\\w.+-]+$' })),
});
