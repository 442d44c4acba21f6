import type { EventCategory } from './events.ts';
import { EventMessages, EventRuleError } from './messages.ts';
import { taskCategoryOfSeverity } from './severity.ts';

/** Task statuses; the interface also shows archived. */
export const TASK_STATUSES = ['resting', 'working', 'reported', 'done', 'archived'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
/** Task levels, most severe first. */
export const TASK_CATEGORIES = ['critical', 'alert', 'warning', 'notice'] as const;
export type TaskCategory = (typeof TASK_CATEGORIES)[number];
/** The largest file a task takes (photos from the field, reports, PDFs). */
export const TASK_FILE_MAX_BYTES = 10 * 1024 * 1024;
const TASK_VERSION = 2;
const DEFAULT_TASK_TITLE = 'New task';
const DEFAULT_TASK_SIGNATURE = 'default';
export const SYSTEM_USER = 'system';

export type TaskActivity = { date: string; user: string } & (
  | { type: 'status'; status: TaskStatus }
  | { type: 'note'; note: string; acknowledged?: AcknowledgementFacts }
  | { type: 'assignees'; assignees: string[] }
  | { type: 'events'; eventIds: string[] }
  | { type: 'title'; title: string }
  | { type: 'category'; category: TaskCategory }
);
export type ActivityType = TaskActivity['type'];

/**
 * The facts of a note the system writes when an event of the task is acknowledged: which event
 * (its alarm type, or its stored title for an event without one, and its unit). The reader's
 * language words them; the note's `note` is the acknowledger's comment (empty without one).
 */
export type AcknowledgementFacts = { eventId: string; alarmType?: number; title: string; unitName?: string };

/** A task, model version 2, with the interface-level location and group. */
export type TaskRecord = {
  id: string;
  created: string;
  version: number;
  kind: 'task';
  title: string;
  category: TaskCategory;
  type: 'custom' | 'alarm';
  signature: string;
  eventIds: string[];
  assignees: string[];
  status: TaskStatus;
  activities: TaskActivity[];
  location?: string;
  group?: string;
};

/** Who made a change and when: every rule takes it, so the activity log says it. */
export type Actor = { user?: string; date: string };

const MISSING: Record<ActivityType, string> = {
  status: EventMessages.missingStatus,
  note: EventMessages.missingNote,
  assignees: EventMessages.missingAssignees,
  events: EventMessages.missingEvents,
  title: EventMessages.missingTitle,
  category: EventMessages.missingCategory,
};

type Payload<T extends ActivityType> = Omit<Extract<TaskActivity, { type: T }>, 'type' | 'date' | 'user'>;

/** An activity needs its payload ('Missing note parameter', …); the user defaults to system. */
export function createActivity<T extends ActivityType>(type: T, payload: Partial<Payload<T>>, by: Actor): TaskActivity {
  const values = Object.values(payload as Record<string, unknown>);
  const value = values[0];
  const present =
    values.length === 1 && (Array.isArray(value) ? value.length > 0 : typeof value === 'string' && value.trim() !== '');
  if (!present) throw new EventRuleError(MISSING[type]);
  return { ...payload, type, date: by.date, user: by.user || SYSTEM_USER } as unknown as TaskActivity;
}

function checkTask(task: TaskRecord | undefined | null): TaskRecord {
  if (!task || typeof task !== 'object' || !task.id) throw new EventRuleError(EventMessages.invalidTask);
  return task;
}

const withActivity = (task: TaskRecord, patch: Partial<TaskRecord>, activity: TaskActivity): TaskRecord => ({
  ...task,
  ...patch,
  activities: [...task.activities, activity],
});

/** A new task starts resting, with a status activity. Defaults 'New task' and 'default'. */
export function createTask(
  input: {
    id: string;
    title?: string;
    category?: TaskCategory;
    type?: TaskRecord['type'];
    signature?: string;
    eventIds?: string[];
    assignees?: string[];
    location?: string;
    group?: string;
  },
  by: Actor,
): TaskRecord {
  return {
    id: input.id,
    created: by.date,
    version: TASK_VERSION,
    kind: 'task',
    title: input.title?.trim() || DEFAULT_TASK_TITLE,
    category: input.category ?? 'notice',
    type: input.type ?? 'custom',
    signature: input.signature || DEFAULT_TASK_SIGNATURE,
    eventIds: [...(input.eventIds ?? [])],
    assignees: [...new Set(input.assignees ?? [])],
    status: 'resting',
    activities: [createActivity('status', { status: 'resting' }, by)],
    ...(input.location ? { location: input.location } : {}),
    ...(input.group ? { group: input.group } : {}),
  };
}

/** Any status may follow any other; the change is an activity. */
export function setTaskStatus(task: TaskRecord, status: TaskStatus | undefined, by: Actor): TaskRecord {
  const t = checkTask(task);
  return withActivity(t, { status: status as TaskStatus }, createActivity('status', { status }, by));
}

export function addTaskNote(task: TaskRecord, note: string | undefined, by: Actor): TaskRecord {
  const t = checkTask(task);
  return withActivity(t, {}, createActivity('note', { note: note?.trim() }, by));
}

/** The note of an acknowledgement: its facts, and the comment as the note (the note payload). */
export function addAcknowledgementNote(
  task: TaskRecord,
  facts: AcknowledgementFacts,
  comment: string,
  by: Actor,
): TaskRecord {
  const t = checkTask(task);
  const activity: TaskActivity = {
    type: 'note',
    note: comment.trim(),
    acknowledged: facts,
    date: by.date,
    user: by.user || SYSTEM_USER,
  };
  return withActivity(t, {}, activity);
}

export function setTaskTitle(task: TaskRecord, title: string | undefined, by: Actor): TaskRecord {
  const t = checkTask(task);
  const activity = createActivity('title', { title: title?.trim() }, by);
  return withActivity(t, { title: (title ?? '').trim() }, activity);
}

export function setTaskCategory(task: TaskRecord, category: TaskCategory | undefined, by: Actor): TaskRecord {
  const t = checkTask(task);
  return withActivity(t, { category: category as TaskCategory }, createActivity('category', { category }, by));
}

/** Assigning adds a user (once); the activity holds the new list. */
export function assignTask(task: TaskRecord, user: string | undefined, by: Actor): TaskRecord {
  const t = checkTask(task);
  if (!user) throw new EventRuleError(EventMessages.missingAssignees);
  const assignees = t.assignees.includes(user) ? t.assignees : [...t.assignees, user];
  return withActivity(
    t,
    { assignees },
    createActivity('assignees', { assignees: assignees.length ? assignees : [user] }, by),
  );
}

/** Withdrawing removes a user, and fails with 'User not assigned' when the user is not. */
export function withdrawTask(task: TaskRecord, user: string | undefined, by: Actor): TaskRecord {
  const t = checkTask(task);
  if (!user || !t.assignees.includes(user)) throw new EventRuleError(EventMessages.userNotAssigned);
  const assignees = t.assignees.filter((u) => u !== user);
  return withActivity(t, { assignees }, { type: 'assignees', assignees, date: by.date, user: by.user || SYSTEM_USER });
}

/** Adding events appends their ids (in order, once each) to the task's list. */
export function addTaskEvents(task: TaskRecord, eventIds: readonly string[] | undefined, by: Actor): TaskRecord {
  const t = checkTask(task);
  const added = [...new Set(eventIds ?? [])].filter((id) => !t.eventIds.includes(id));
  const activity = createActivity('events', { eventIds: added.length ? added : [...(eventIds ?? [])] }, by);
  return withActivity(t, { eventIds: [...t.eventIds, ...added] }, activity);
}

/** An update with an empty task is rejected. */
export function checkTaskUpdate(task: Partial<TaskRecord> | undefined | null): Partial<TaskRecord> {
  if (!task || typeof task !== 'object' || Object.keys(task).length === 0) {
    throw new EventRuleError(EventMessages.invalidTask);
  }
  return task;
}

// Alarm tasks -----------------------------------------------------------------------------------

/** The alarm task signature is the word Alarm followed by the unit id. */
export const alarmTaskSignature = (unitId: number) => `Alarm${unitId}`;

/** The unit of an alarm task signature, read back from its trailing digits. */
export function unitIdOfSignature(signature: string): number | undefined {
  const digits = /(\d+)$/.exec(signature)?.[1];
  return digits === undefined ? undefined : Number.parseInt(digits, 10);
}

/** The task category of an alarm event: its severity, mapped onto the task levels (severity.ts). */
export const taskCategoryOf = (category: EventCategory): TaskCategory => taskCategoryOfSeverity(category);

/**
 * An alarm task takes the category of its most severe event: an event more severe than the task
 * raises it (an activity, by `by`); a milder one leaves it. TASK_CATEGORIES runs most severe first.
 */
export function escalateTask(task: TaskRecord, eventCategory: EventCategory, by: Actor): TaskRecord {
  const category = taskCategoryOf(eventCategory);
  return TASK_CATEGORIES.indexOf(category) < TASK_CATEGORIES.indexOf(task.category)
    ? setTaskCategory(task, category, by)
    : task;
}
