import { describe, expect, it } from 'vitest';
import {
  ALARM_TYPES,
  AlarmType,
  alarmTypeKey,
  CRITICAL_ALARM_TYPES,
  isCriticalAlarmType,
  SELECTABLE_ALARM_TYPES,
} from './alarmTypes.ts';

describe('alarm types', () => {
  it('has critical types 0 and 30 only', () => {
    expect([...CRITICAL_ALARM_TYPES].sort((a, b) => a - b)).toEqual([0, 30]);
    expect(isCriticalAlarmType(0)).toBe(true);
    expect(isCriticalAlarmType(30)).toBe(true);
    for (const t of [1, 4, 19, 28, 29, 31, 43, 52, -1]) expect(isCriticalAlarmType(t)).toBe(false);
  });

  it('lists the types selectable in the alarm list', () => {
    expect(SELECTABLE_ALARM_TYPES).toEqual([0, 4, 6, 14, 16, 19, 20, 28, 29, 30, 34, 39, 43]);
    for (const t of SELECTABLE_ALARM_TYPES) expect(ALARM_TYPES[t]).toBeDefined();
  });

  it('covers exactly the codes', () => {
    const codes = [
      ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      ...[10, 11, 12, 13, 14, 15, 16, 17, 18, 19],
      ...[20, 21, 22, 23, 24, 25, 26, 27, 28],
      ...[29, 30, 31, 32, 34, 39, 40, 41, 42, 43, 52, 60, 61, 62],
    ];
    expect(
      Object.keys(ALARM_TYPES)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(codes);
    expect(new Set(Object.values(ALARM_TYPES)).size).toBe(codes.length);
  });

  it('names the families by their level', () => {
    expect([0, 1, 2, 3].map((t) => ALARM_TYPES[t])).toEqual([
      'resistance1',
      'resistance2',
      'resistance3',
      'resistance4',
    ]);
    expect(ALARM_TYPES[4]).toBe('loop');
    expect(ALARM_TYPES[5]).toBe('loopOpen');
    expect(ALARM_TYPES[18]).toBe('scheduled');
    expect(ALARM_TYPES[19]).toBe('communication');
    expect(ALARM_TYPES[28]).toBe('battery');
    expect([29, 30, 31, 32].map((t) => ALARM_TYPES[t])).toEqual(['switch1', 'switch2', 'switch3', 'switch4']);
    expect(ALARM_TYPES[34]).toBe('intrusion');
    expect([39, 40, 41, 42].map((t) => ALARM_TYPES[t])).toEqual(['formula1', 'formula2', 'formula3', 'formula4']);
    expect(ALARM_TYPES[43]).toBe('disabled');
    expect(ALARM_TYPES[52]).toBe('ground');
  });

  it('names the constants with their codes', () => {
    expect(AlarmType.Communication).toBe(19);
    expect(AlarmType.Resistance1).toBe(0);
    expect(AlarmType.Battery).toBe(28);
    expect(AlarmType.Disabled).toBe(43);
    expect(AlarmType.Ground).toBe(52);
  });

  it('gives the i18n key of known and unknown codes', () => {
    expect(alarmTypeKey(0)).toBe('alarmTypes.resistance1');
    expect(alarmTypeKey(19)).toBe('alarmTypes.communication');
    expect(alarmTypeKey(52)).toBe('alarmTypes.ground');
    expect(alarmTypeKey(33)).toBe('alarmTypes.unknown');
    expect(alarmTypeKey(999)).toBe('alarmTypes.unknown');
    expect(alarmTypeKey(-1)).toBe('alarmTypes.unknown');
    expect(alarmTypeKey(Number.NaN)).toBe('alarmTypes.unknown');
  });
});
