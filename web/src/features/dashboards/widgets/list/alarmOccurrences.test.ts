import type { Alarm } from '@fieldwatch/core';
import { describe, expect, it } from 'vitest';
import { joinOccurrences } from './alarmOccurrences.ts';

const HOUR = 3_600_000;
const alarm = (id: number, hour: number, over: Partial<Alarm> = {}): Alarm => ({
  AlarmID: id,
  AlarmType: 9,
  AlarmEventText: '',
  UnitID: 1,
  ChannelID: 1,
  AlarmEventTime: String(hour),
  Units: [{ UnitType: 1 }],
  ...over,
});
const timeOf = (a: Alarm) => (a.AlarmEventTime === 'x' ? undefined : Number(a.AlarmEventTime) * HOUR);

describe('joinOccurrences', () => {
  it('gives eight raises within a day one row: the latest, 8 times since the first', () => {
    const raises = [0, 2, 4, 6, 8, 10, 12, 14].map((h, i) => alarm(i + 1, h));
    expect(joinOccurrences(raises, timeOf)).toEqual([{ alarm: raises[7], count: 8, since: 0 }]);
  });

  it('starts a new row after the window since the last raise, and per unit, channel and type', () => {
    const rows = joinOccurrences(
      [
        alarm(1, 0),
        alarm(2, 23),
        alarm(3, 48),
        alarm(4, 49, { ChannelID: 2 }),
        alarm(5, 49, { UnitID: 2 }),
        alarm(6, 50, { AlarmType: 8 }),
      ],
      timeOf,
    );
    expect(rows.map((r) => [r.alarm.AlarmID, r.count])).toEqual([
      [6, 1],
      [5, 1],
      [4, 1],
      [3, 1],
      [2, 2],
    ]);
  });

  it('keeps an alarm with an unreadable time as a row of its own', () => {
    expect(joinOccurrences([alarm(1, 0), alarm(2, 0, { AlarmEventTime: 'x' })], timeOf).map((r) => r.count)).toEqual([
      1, 1,
    ]);
  });
});
