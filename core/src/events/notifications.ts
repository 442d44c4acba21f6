import type { EventRecord } from './events.ts';
import { EventMessages, EventRuleError } from './messages.ts';
import { type AlarmSeverities, priorityOfSeverity, severityOfAlarmType } from './severity.ts';

export const NOTIFICATION_PRIORITIES = ['low', 'normal', 'high', 'critical'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];
const NOTIFICATION_VERSION = 1;

/** A notification, model version 1. `seen` is the time it was seen, or empty. */
export type NotificationRecord = {
  id: string;
  created: string;
  version: number;
  kind: 'notification';
  eventId: string;
  type: 'alarm';
  message: string;
  priority: NotificationPriority;
  seen: string;
  /** When its event's alarm was raised more than once: how many times, and since when (the first). */
  occurrences?: number;
  since?: string;
};

/**
 * The priority of an alarm type's notification, from its severity (severity.ts): without a setting,
 * critical for the critical alarm types and normal for the others.
 */
export const notificationPriorityOf = (alarmType: number, severities?: AlarmSeverities): NotificationPriority =>
  priorityOfSeverity(severityOfAlarmType(alarmType, severities));

/**
 * A notification of an alarm event. Its message (spec: the translated alarm name, a colon, then the
 * alarm event text) is worded in the recipient's language by the caller, from the alarm's facts.
 */
export function createAlarmNotification(input: {
  id: string;
  created: string;
  event: EventRecord;
  message: string;
}): NotificationRecord {
  const alarm = input.event.alarm;
  if (!alarm) throw new EventRuleError(EventMessages.invalidNotification);
  return {
    id: input.id,
    created: input.created,
    version: NOTIFICATION_VERSION,
    kind: 'notification',
    eventId: input.event.id,
    type: 'alarm',
    message: input.message,
    // The event's own severity decides (the organization's setting when it was raised).
    priority: priorityOfSeverity(input.event.category),
    seen: '',
  };
}

/**
 * Marking seen sets the seen time on a copy; an unknown id is ignored (the same map comes
 * back). A notification already seen keeps its first time.
 */
export function markNotificationSeen(
  notifications: Readonly<Record<string, NotificationRecord>>,
  id: string,
  at: string,
): Readonly<Record<string, NotificationRecord>> {
  if (!id) throw new EventRuleError(EventMessages.invalidNotification);
  const n = notifications[id];
  if (!n || n.seen) return notifications;
  return { ...notifications, [id]: { ...n, seen: at } };
}
