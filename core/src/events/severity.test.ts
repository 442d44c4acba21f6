import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALARM_TYPE_CODES, AlarmSeverityBody } from '../contract/alarmSeverity.ts';
import { ALARM_TYPES } from '../units/alarmTypes.ts';
import { createAlarmEvent, EVENT_CATEGORIES, eventCategoryOf } from './events.ts';
import { createAlarmNotification, NOTIFICATION_PRIORITIES, notificationPriorityOf } from './notifications.ts';
import {
  compareSeverity,
  defaultSeverityOf,
  isSeverity,
  nearestSeverities,
  priorityOfSeverity,
  SEVERITIES,
  SEVERITY_TABLE,
  type Severity,
  severityOfAlarmType,
  severityOfPriority,
  severityOfTaskCategory,
  taskCategoryOfSeverity,
} from './severity.ts';
import { TASK_CATEGORIES, taskCategoryOf } from './tasks.ts';

describe('the severity table', () => {
  it('is the event category scale, mildest first', () => {
    expect(SEVERITIES).toEqual([...EVENT_CATEGORIES]);
    expect(compareSeverity('notice', 'critical')).toBeLessThan(0);
    expect(compareSeverity('alert', 'pre-alert')).toBeGreaterThan(0);
  });

  it('derives the notification priority, the task category and the colour of every level', () => {
    expect(
      Object.fromEntries(
        SEVERITIES.map((s) => [s, [priorityOfSeverity(s), taskCategoryOfSeverity(s), SEVERITY_TABLE[s].color]]),
      ),
    ).toEqual({
      notice: ['normal', 'notice', 'inactive'],
      warning: ['high', 'warning', 'problem'],
      'pre-alert': ['high', 'alert', 'problem'],
      alert: ['critical', 'alert', 'alarm'],
      critical: ['critical', 'critical', 'alarm'],
    });
  });

  it('names an i18n label and explanation for every level', () => {
    for (const s of SEVERITIES) {
      expect(SEVERITY_TABLE[s].label).toBe(`severity.levels.${s}`);
      expect(SEVERITY_TABLE[s].explain).toBe(`severity.explain.${s}`);
    }
  });

  it('never gives a milder priority or task category to a more severe level', () => {
    const rank = <T>(list: readonly T[], v: T) => list.indexOf(v);
    for (let i = 1; i < SEVERITIES.length; i++) {
      const [milder, worse] = [SEVERITIES[i - 1] as Severity, SEVERITIES[i] as Severity];
      expect(rank(NOTIFICATION_PRIORITIES, priorityOfSeverity(worse))).toBeGreaterThanOrEqual(
        rank(NOTIFICATION_PRIORITIES, priorityOfSeverity(milder)),
      );
      // Task categories are listed most severe first.
      expect(rank(TASK_CATEGORIES, taskCategoryOfSeverity(worse))).toBeLessThanOrEqual(
        rank(TASK_CATEGORIES, taskCategoryOfSeverity(milder)),
      );
    }
  });

  it('keeps taskCategoryOf on the table', () => {
    for (const s of SEVERITIES) expect(taskCategoryOf(s)).toBe(taskCategoryOfSeverity(s));
  });

  it('maps a priority back to the mildest severity that gives it, and a task category to itself', () => {
    expect(NOTIFICATION_PRIORITIES.map(severityOfPriority)).toEqual(['notice', 'notice', 'warning', 'alert']);
    for (const p of NOTIFICATION_PRIORITIES.filter((x) => x !== 'low'))
      expect(priorityOfSeverity(severityOfPriority(p))).toBe(p);
    for (const c of TASK_CATEGORIES) expect(taskCategoryOfSeverity(severityOfTaskCategory(c))).toBe(c);
  });

  it('knows its levels', () => {
    expect(SEVERITIES.every(isSeverity)).toBe(true);
    for (const x of ['Notice', 'high', 'toString', '', null, 3]) expect(isSeverity(x)).toBe(false);
  });
});

describe('severity of alarm types', () => {
  it('defaults to the spec: types 0 and 30 alert (priority critical), a suspected fault alert, a forecast warning (high), every other notice (normal)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1, max: 70 }), (type) => {
        const critical = [0, 30, 60].includes(type);
        const forecast = [61, 62].includes(type);
        const expected = critical ? 'alert' : forecast ? 'warning' : 'notice';
        expect(defaultSeverityOf(type)).toBe(expected);
        expect(eventCategoryOf(type)).toBe(expected);
        expect(notificationPriorityOf(type)).toBe(critical ? 'critical' : forecast ? 'high' : 'normal');
      }),
    );
  });

  it('follows an organisation’s setting, the default for a type it does not set', () => {
    const set = { 2: 'alert', 0: 'warning' } as const;
    expect(severityOfAlarmType(2, set)).toBe('alert');
    expect(severityOfAlarmType(0, set)).toBe('warning');
    expect(severityOfAlarmType(30, set)).toBe('alert');
    expect(severityOfAlarmType(28, set)).toBe('notice');
    expect(eventCategoryOf(2, set)).toBe('alert');
    expect(notificationPriorityOf(0, set)).toBe('high');
  });

  it('takes the nearest organisation’s setting per type', () => {
    const own = { 1: 'warning' } as const;
    const parent = { 1: 'critical', 2: 'pre-alert' } as const;
    const root = { 2: 'notice', 3: 'alert' } as const;
    expect(nearestSeverities([own, parent, root])).toEqual({ 1: 'warning', 2: 'pre-alert', 3: 'alert' });
    expect(nearestSeverities([])).toEqual({});
  });

  it('an event gets its category from the setting, its notification the priority of that category', () => {
    const alarm = {
      AlarmID: 1,
      AlarmType: 2,
      AlarmEventText: '',
      UnitID: 7,
      ChannelID: 1,
      AlarmEventTime: '2026-01-01 00:00:00',
    };
    const unit = { id: 7, name: 'K7', type: 25, location: '', lat: null, long: null };
    const words = { alarm: 'Alarm', alarmType: 'Resistance level 3' };
    const base = { id: 'e', created: '2026-01-01T00:00:00Z', alarm, unit, groups: [], words };
    const plain = createAlarmEvent(base);
    expect(plain.category).toBe('notice');
    const set = createAlarmEvent({ ...base, severities: { 2: 'pre-alert' } });
    expect(set.category).toBe('pre-alert');
    const n = (event: typeof plain) => createAlarmNotification({ id: 'n', created: '', event, message: '' }).priority;
    expect(n(plain)).toBe('normal');
    expect(n(set)).toBe('high');
  });
});

describe('the alarm severity contract', () => {
  it('lists every alarm type and nothing else', () => {
    expect(ALARM_TYPE_CODES).toEqual(
      Object.keys(ALARM_TYPES)
        .map(Number)
        .sort((a, b) => a - b),
    );
    const items = AlarmSeverityBody.properties.severities.items;
    expect(items.properties.alarmType.anyOf.map((s: { const: number }) => s.const)).toEqual(ALARM_TYPE_CODES);
  });
});
