import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  alarmIdOf,
  createAlarmEvent,
  type EventRecord,
  eventCategoryOf,
  isHandled,
  migrateEvent,
  occurrenceCount,
} from './events.ts';
import { createAlarmNotification, markNotificationSeen } from './notifications.ts';
import { isEventRecord, isNotificationRecord, isTaskRecord, loadEvents, newestFirst, validRecords } from './records.ts';

const alarm = {
  AlarmID: 7,
  AlarmType: 0,
  AlarmEventText: 'Insulation resistance 0.8 MΩ',
  UnitID: 42,
  ChannelID: 2,
  AlarmEventTime: '2026-11-24 07:30:00',
};
const unit = { id: 42, name: 'Smedjegatan K8', type: 25, location: 'Smedjegatan, Luleå', lat: 65.58, long: 22.15 };
const words = { alarm: 'Alarm', alarmType: 'Resistance level 1' };
const event = createAlarmEvent({ id: 'e1', created: '2026-11-24T07:30:01Z', alarm, unit, groups: ['Luleå'], words });

describe('alarm events (model version 2)', () => {
  it('joins alarm, unit id, channel id, type and time into the alarm id', () => {
    expect(alarmIdOf(alarm)).toBe('alarm_42_2_0_2026-11-24 07:30:00');
  });

  it('titles the event with the word for alarm and the translated type, and copies the unit', () => {
    expect(event).toMatchObject({
      version: 2,
      kind: 'event',
      type: 'alarm',
      title: 'Alarm Resistance level 1',
      unitId: 42,
      unitName: 'Smedjegatan K8',
      unitType: 25,
      alarmId: alarmIdOf(alarm),
      alarm,
      groups: ['Luleå'],
    });
  });

  it('has a location only when the unit has both coordinates, and always the address', () => {
    expect(event.position).toEqual({ location: { latitude: 65.58, longitude: 22.15 }, address: 'Smedjegatan, Luleå' });
    for (const [lat, long] of [
      [null, 22.15],
      [65.58, null],
      [null, null],
    ] as const) {
      const e = createAlarmEvent({ id: 'e', created: '', alarm, unit: { ...unit, lat, long }, groups: [], words });
      expect(e.position).toEqual({ address: 'Smedjegatan, Luleå' });
      expect(e.groups).toBeUndefined();
    }
  });

  it('gives alert for the critical types 0 and 30 and a suspected fault, warning for a forecast, notice for every other type', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1, max: 70 }), (type) => {
        const expected = [0, 30, 60].includes(type) ? 'alert' : [61, 62].includes(type) ? 'warning' : 'notice';
        expect(eventCategoryOf(type)).toBe(expected);
      }),
    );
  });

  it('migrates version-1 events to version 2 with the category notice, and leaves version 2 alone', () => {
    const old = { ...event, version: 1, category: 'alert' } as EventRecord;
    expect(migrateEvent(old)).toEqual({ ...event, version: 2, category: 'notice' });
    expect(migrateEvent(event)).toBe(event);
  });
});

describe('notifications (model version 1)', () => {
  const n = createAlarmNotification({
    id: 'n1',
    created: '2026-11-24T07:30:02Z',
    event,
    message: 'Resistance level 1: Insulation resistance 0.8 MΩ',
  });

  it('carries the message worded for its recipient, critical for critical types, not seen', () => {
    expect(n).toEqual({
      id: 'n1',
      created: '2026-11-24T07:30:02Z',
      version: 1,
      kind: 'notification',
      eventId: 'e1',
      type: 'alarm',
      message: 'Resistance level 1: Insulation resistance 0.8 MΩ',
      priority: 'critical',
      seen: '',
    });
    const loop = createAlarmEvent({
      id: 'e2',
      created: '',
      alarm: { ...alarm, AlarmType: 4 },
      unit,
      groups: [],
      words,
    });
    expect(createAlarmNotification({ id: 'n2', created: '', event: loop, message: 'Loop' }).priority).toBe('normal');
  });

  it('refuses an event without an alarm', () => {
    const { alarm: _, ...system } = event;
    expect(() => createAlarmNotification({ id: 'n', created: '', event: system, message: '' })).toThrow(
      'Invalid notification parameter',
    );
  });

  it('marks seen on a copy, ignores an unknown id, keeps the first seen time', () => {
    const map = { n1: n };
    const seen = markNotificationSeen(map, 'n1', '2026-11-24T08:00:00Z');
    expect(seen.n1?.seen).toBe('2026-11-24T08:00:00Z');
    expect(map.n1.seen).toBe('');
    expect(markNotificationSeen(map, 'nope', 'x')).toBe(map);
    expect(markNotificationSeen(seen, 'n1', 'later')).toBe(seen);
    expect(() => markNotificationSeen(map, '', 'x')).toThrow('Invalid notification parameter');
  });
});

describe('stored records (the first entry decides)', () => {
  it('accepts valid maps whole and discards a map whose first entry is invalid', () => {
    expect(validRecords({ e1: event }, isEventRecord)).toEqual({ e1: event });
    expect(validRecords({ x: { kind: 'task' }, e1: event }, isEventRecord)).toEqual({});
    expect(validRecords(null, isEventRecord)).toEqual({});
    expect(validRecords({ e1: { ...event, id: 1 } }, isEventRecord)).toEqual({});
  });

  it('checks notifications and tasks by their own fields', () => {
    const n = createAlarmNotification({ id: 'n1', created: 'c', event, message: 'R' });
    expect(isNotificationRecord(n)).toBe(true);
    expect(isNotificationRecord({ ...n, priority: '' })).toBe(false);
    expect(
      isTaskRecord({ kind: 'task', created: 'c', id: 't', type: 'custom', status: 'resting', activities: [] }),
    ).toBe(true);
    expect(isTaskRecord({ kind: 'task', created: 'c', id: 't', type: 'custom', status: 'resting' })).toBe(false);
  });

  it('loads events migrated, and sorts newest first', () => {
    expect(loadEvents({ e1: { ...event, version: 1 } }).e1?.category).toBe('notice');
    expect(newestFirst([{ created: '2026-01-01' }, { created: '2026-03-01' }]).map((r) => r.created)).toEqual([
      '2026-03-01',
      '2026-01-01',
    ]);
  });
});

describe('occurrences (one fault, one event)', () => {
  const raised = { created: '2026-11-26T15:10:00Z' };
  const again = { alarmId: 2, at: '2026-11-26T18:10:00Z', value: 25.4, limit: 25 };
  const ack = (at: string) => ({ by: 'op', at, comment: '' });

  it('counts the first raise and every occurrence', () => {
    expect(occurrenceCount({})).toBe(1);
    expect(occurrenceCount({ occurrences: [again, { ...again, alarmId: 3 }] })).toBe(3);
  });

  it('is handled only when acknowledged after the alarm was last raised', () => {
    expect(isHandled(raised)).toBe(false);
    expect(isHandled({ ...raised, acknowledged: ack('2026-11-26T16:00:00Z') })).toBe(true);
    expect(isHandled({ ...raised, occurrences: [again], acknowledged: ack('2026-11-26T16:00:00Z') })).toBe(false);
    expect(isHandled({ ...raised, occurrences: [again], acknowledged: ack('2026-11-26T19:00:00Z') })).toBe(true);
  });
});
