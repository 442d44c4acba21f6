import { type EventRecord, migrateEvent } from './events.ts';
import type { NotificationRecord } from './notifications.ts';
import type { TaskRecord } from './tasks.ts';

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null;
const isString = (v: unknown) => typeof v === 'string';

/** An event exists, its kind is event, it has created, a string id and a string type. */
export const isEventRecord = (v: unknown): v is EventRecord =>
  isObject(v) && v.kind === 'event' && Boolean(v.created) && isString(v.id) && isString(v.type);

/** Kind notification, created, a string id, type, message, eventId and priority. */
export const isNotificationRecord = (v: unknown): v is NotificationRecord =>
  isObject(v) &&
  v.kind === 'notification' &&
  Boolean(v.created) &&
  isString(v.id) &&
  Boolean(v.type && v.message && v.eventId && v.priority);

/** Kind task, created, a string id, type, status, and activities an object. */
export const isTaskRecord = (v: unknown): v is TaskRecord =>
  isObject(v) &&
  v.kind === 'task' &&
  Boolean(v.created) &&
  isString(v.id) &&
  Boolean(v.type && v.status) &&
  isObject(v.activities);

/**
 * A stored map of records is checked by its first entry only; an invalid map is discarded
 * whole (empty).
 */
export function validRecords<T>(map: unknown, isValid: (v: unknown) => v is T): Record<string, T> {
  if (!isObject(map)) return {};
  const first = Object.values(map)[0];
  if (first === undefined) return {};
  return isValid(first) ? (map as Record<string, T>) : {};
}

/** Newest first by created (notifications and tasks are sorted so). */
export const newestFirst = <T extends { created: string }>(list: readonly T[]): T[] =>
  [...list].sort((a, b) => (a.created < b.created ? 1 : a.created > b.created ? -1 : 0));

/** Events load validated and migrated to the current version. */
export function loadEvents(map: unknown): Record<string, EventRecord> {
  const valid = validRecords(map, isEventRecord);
  return Object.fromEntries(Object.entries(valid).map(([id, e]) => [id, migrateEvent(e)]));
}
