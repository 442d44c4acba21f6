import { describe, expect, it } from 'vitest';
import {
  ageParts,
  fromAlarm,
  fromLive,
  type MonitorAlarm,
  monitorAlarms,
  monitorSettings,
  shouldBeep,
} from './monitorMath.ts';

const alarm = (over: Partial<MonitorAlarm>): MonitorAlarm => ({
  id: 1,
  type: 0,
  unitId: 1,
  channel: 1,
  text: '',
  time: 1000,
  ...over,
});

describe('alarm monitor', () => {
  const active = new Map<number, number[]>([
    [1, [0, 19]],
    [2, [28]],
  ]);

  it('shows the active alarms of units in view, newest first, one per unit, channel and type', () => {
    const list = monitorAlarms(
      [
        alarm({ id: 1, time: 1000 }),
        alarm({ id: 2, time: 5000 }), // a newer alarm of the same unit, channel and type
        alarm({ id: 3, type: 19, time: 3000 }),
        alarm({ id: 4, unitId: 2, type: 28, time: 4000 }),
        alarm({ id: 5, unitId: 2, type: 0, time: 9000 }), // unit 2 has no active type 0: cleared
        alarm({ id: 6, unitId: 3, time: 9000 }), // a unit not in view
        alarm({ id: 7, channel: 2, time: 2000 }),
      ],
      active,
      new Set(),
      [],
      10,
    );
    expect(list.map((a) => a.id)).toEqual([2, 4, 3, 7]);
  });

  it('leaves out cleared alarms, narrows to the chosen types and keeps at most the limit', () => {
    const all = [
      alarm({ id: 1, time: 1 }),
      alarm({ id: 2, type: 19, time: 2 }),
      alarm({ id: 3, unitId: 2, type: 28, time: 3 }),
    ];
    expect(monitorAlarms(all, active, new Set([3]), [], 10).map((a) => a.id)).toEqual([2, 1]);
    expect(monitorAlarms(all, active, new Set(), [19, 28], 10).map((a) => a.id)).toEqual([3, 2]);
    expect(monitorAlarms(all, active, new Set(), [], 1).map((a) => a.id)).toEqual([3]);
  });

  it('reads alarms from the list and from live events', () => {
    expect(
      fromAlarm({
        AlarmID: 9,
        AlarmType: 4,
        AlarmEventText: 'Loop',
        UnitID: 3,
        ChannelID: 2,
        AlarmEventTime: '2024-05-01 10:00:00',
        Units: [],
      }),
    ).toEqual({ id: 9, type: 4, unitId: 3, channel: 2, text: 'Loop', time: Date.UTC(2024, 4, 1, 10) });
    expect(
      fromLive({
        alarmId: 5,
        alarmType: 0,
        unitId: 7,
        channel: 1,
        text: 'Low',
        time: '2024-05-01T10:00:00.000Z',
        cleared: true,
      }),
    ).toEqual({ id: 5, type: 0, unitId: 7, channel: 1, text: 'Low', time: Date.UTC(2024, 4, 1, 10), cleared: true });
    expect(fromLive({ kind: 'alarm', unitId: 7 })).toBeUndefined();
  });

  it('counts the age up as a clock', () => {
    expect(ageParts(0)).toEqual({ days: 0, clock: '00:00' });
    expect(ageParts(65_000)).toEqual({ days: 0, clock: '01:05' });
    expect(ageParts(3 * 3600_000 + 4 * 60_000 + 5000)).toEqual({ days: 0, clock: '3:04:05' });
    expect(ageParts(2 * 86_400_000 + 5 * 3600_000 + 7 * 60_000)).toEqual({ days: 2, clock: '05:07' });
    expect(ageParts(-5000)).toEqual({ days: 0, clock: '00:00' });
  });

  it('beeps only with sound on and the page in view', () => {
    expect(shouldBeep(true, false)).toBe(true);
    expect(shouldBeep(false, false)).toBe(false);
    expect(shouldBeep(true, true)).toBe(false);
  });

  it('reads its settings defensively', () => {
    expect(monitorSettings({})).toEqual({ types: [], count: 10, sound: false });
    expect(monitorSettings({ types: [19, '0', 999, 5], count: '20', sound: true })).toEqual({
      types: [0, 19],
      count: 20,
      sound: true,
    });
    expect(monitorSettings({ types: 'x', count: 0, sound: 'yes' })).toEqual({ types: [], count: 10, sound: false });
  });
});
