import { ALARM_TYPES, alarmTypeKey, SELECTABLE_ALARM_TYPES } from '@fieldwatch/core';
import en from '@fieldwatch/core/locales/en.json';
import { describe, expect, it } from 'vitest';
import { alarmTypesSetting, toggleAlarmType } from './alarmTypes.ts';

describe('alarmTypesSetting', () => {
  it('keeps only the selectable types, in their order', () => {
    expect(alarmTypesSetting({ alarmTypes: [43, 2, 19, 0, 52] })).toEqual([0, 19, 43]);
  });
  it('reads numbers stored as text', () => {
    expect(alarmTypesSetting({ alarmTypes: ['28', '4'] })).toEqual([4, 28]);
  });
  it('is empty (all types) when nothing usable is stored', () => {
    expect(alarmTypesSetting({})).toEqual([]);
    expect(alarmTypesSetting({ alarmTypes: 'all' })).toEqual([]);
  });
});

describe('toggleAlarmType', () => {
  it('adds and removes a type, keeping their order', () => {
    expect(toggleAlarmType([19], 0)).toEqual([0, 19]);
    expect(toggleAlarmType([0, 19], 0)).toEqual([19]);
  });
  it('refuses types that are not selectable in the alarm list', () => {
    expect(toggleAlarmType([0], 2)).toEqual([0]);
  });
});

describe('alarm type names', () => {
  const names = (en as { alarmTypes: Record<string, string> }).alarmTypes;
  const text = (key: string) => names[key.replace(/^alarmTypes\./, '')];

  it('exist in English for every alarm type and for unknown types', () => {
    const missing = [...Object.keys(ALARM_TYPES).map(Number), 999].map(alarmTypeKey).filter((key) => !text(key));
    expect(missing).toEqual([]);
  });

  it('differ between the selectable types', () => {
    const words = SELECTABLE_ALARM_TYPES.map((t) => text(alarmTypeKey(t)));
    expect(new Set(words).size).toBe(SELECTABLE_ALARM_TYPES.length);
  });
});
