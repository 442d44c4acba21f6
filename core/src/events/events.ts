import type { AlarmFacts } from '../units/alarmText.ts';
import { type AlarmSeverities, severityOfAlarmType } from './severity.ts';

/** Event categories, mildest first. */
export const EVENT_CATEGORIES = ['notice', 'warning', 'pre-alert', 'alert', 'critical'] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];

export const EVENT_VERSION = 2;

/** The raw alarm an event keeps ("Alarm"). */
export type AlarmRecord = {
  AlarmID: number;
  AlarmType: number;
  AlarmEventText: string;
  UnitID: number;
  ChannelID: number;
  AlarmEventTime: string;
  Units?: { UnitType: number }[];
  /** The value measured and the limit it crossed: each reader's AlarmEventText is built from them. */
  Value?: number | null;
  Limit?: number | null;
};

/** The facts of an event's alarm, from which its text is built in each reader's language. */
export const alarmFactsOf = (a: AlarmRecord): AlarmFacts => ({
  type: a.AlarmType,
  channel: a.ChannelID,
  value: a.Value,
  limit: a.Limit,
  text: a.AlarmEventText,
});

/** An alarm event's title: the word for alarm and the alarm type's name, in one language. */
export const alarmEventTitle = (words: { alarm: string; alarmType: string }) => `${words.alarm} ${words.alarmType}`;

/** The unit an alarm event describes: what is copied into the event. */
export type EventUnit = {
  id: number;
  name: string;
  type: number;
  location: string;
  lat: number | null;
  long: number | null;
};

export type EventPosition = { location?: { latitude: number; longitude: number }; address: string };

/** An event, model version 2, with the acknowledgement operators expect. */
export type EventRecord = {
  id: string;
  created: string;
  version: number;
  kind: 'event';
  type: 'system' | 'alarm';
  title: string;
  position?: EventPosition;
  category: EventCategory;
  unitId?: number;
  unitName?: string;
  unitType?: number;
  alarmId?: string;
  alarm?: AlarmRecord;
  groups?: string[];
  acknowledged?: { by: string; at: string; comment: string };
  /** Later raises of the same unit, channel and alarm type that joined this event, oldest first. */
  occurrences?: EventOccurrence[];
};

/** A re-raise that joined an event: its alarm, when, and what was measured. */
export type EventOccurrence = { alarmId: number; at: string; value: number | null; limit: number | null };

/** Hours within which an alarm raised again joins its earlier event, unless the organization sets its own. */
export const DEFAULT_ALARM_JOIN_HOURS = 24;
/** The longest window an organization may set: a week. */
export const MAX_ALARM_JOIN_HOURS = 168;

/** Acknowledged after its alarm was last raised: a fault raised again needs handling again. */
export function isHandled(e: Pick<EventRecord, 'acknowledged' | 'occurrences' | 'created'>): boolean {
  if (!e.acknowledged) return false;
  const lastRaised = e.occurrences?.at(-1)?.at ?? e.created;
  return Date.parse(e.acknowledged.at) >= Date.parse(lastRaised);
}

/** How many times an event's alarm was raised: the first time and every occurrence that joined it. */
export const occurrenceCount = (e: Pick<EventRecord, 'occurrences'>) => 1 + (e.occurrences?.length ?? 0);

/** An alarm event's id: 'alarm', unit id, channel id, alarm type and event time joined by a separator. */
export function alarmIdOf(alarm: Pick<AlarmRecord, 'UnitID' | 'ChannelID' | 'AlarmType' | 'AlarmEventTime'>): string {
  return ['alarm', alarm.UnitID, alarm.ChannelID, alarm.AlarmType, alarm.AlarmEventTime].join('_');
}

/**
 * The category (severity) of an alarm type's event: the organization's setting for the type, else
 * the default (critical alarm types 0 and 30 give alert, every other type notice).
 */
export const eventCategoryOf = (alarmType: number, severities?: AlarmSeverities): EventCategory =>
  severityOfAlarmType(alarmType, severities);

/** A location only when the unit has both coordinates, plus the address from its location text. */
function eventPosition(unit: Pick<EventUnit, 'lat' | 'long' | 'location'>): EventPosition {
  const located = unit.lat !== null && unit.long !== null && Number.isFinite(unit.lat) && Number.isFinite(unit.long);
  return located
    ? { location: { latitude: unit.lat as number, longitude: unit.long as number }, address: unit.location }
    : { address: unit.location };
}

/**
 * The event of a new alarm (alarm listener). `words` are the translated texts: the word for
 * alarm and the alarm type's name, which together make the title.
 */
export function createAlarmEvent(input: {
  id: string;
  created: string;
  alarm: AlarmRecord;
  unit: EventUnit;
  groups: readonly string[];
  words: { alarm: string; alarmType: string };
  /** The severities the unit's organization has set (severity.ts); without them, spec defaults. */
  severities?: AlarmSeverities;
}): EventRecord {
  const { alarm, unit } = input;
  return {
    id: input.id,
    created: input.created,
    version: EVENT_VERSION,
    kind: 'event',
    type: 'alarm',
    title: alarmEventTitle(input.words),
    position: eventPosition(unit),
    category: eventCategoryOf(alarm.AlarmType, input.severities),
    unitId: unit.id,
    unitName: unit.name,
    unitType: unit.type,
    alarmId: alarmIdOf(alarm),
    alarm,
    ...(input.groups.length ? { groups: [...input.groups] } : {}),
  };
}

/** Events stored at version 1 become version 2 with the category notice. */
export function migrateEvent(event: EventRecord): EventRecord {
  if (event.version >= EVENT_VERSION) return event;
  return { ...event, version: EVENT_VERSION, category: 'notice' };
}
