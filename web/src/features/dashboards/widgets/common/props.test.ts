import { describe, expect, it } from 'vitest';
import {
  alarmListProps,
  alarmsPeriod,
  alarmsProps,
  batteryProps,
  chartProps,
  classifyBattery,
  deviceListProps,
  mapProps,
  parkingProps,
  statusProps,
  tempProps,
  weatherProps,
} from './props.ts';

describe('widget settings read from stored props', () => {
  it('falls back to the defaults for missing or invalid values', () => {
    const junk = { statuses: 'all', showBar: 'no', decimals: 7, lowThreshold: 'x', period: 12, days: 0, unitId: -3 };
    expect(statusProps(junk)).toEqual({ statuses: ['alarm', 'problem', 'ok', 'inactive'], showBar: true });
    expect(tempProps(junk)).toEqual({ decimals: 1, showSource: false });
    expect(batteryProps(junk)).toEqual({ lowThreshold: undefined });
    expect(alarmsProps(junk)).toEqual({ period: 'range' });
    expect(weatherProps(junk)).toEqual({ days: 5, unitId: undefined });
    expect(deviceListProps({ columns: 3 }, false)).toEqual({
      columns: ['status', 'type', 'location', 'forecast', 'lastReport'],
      multiSelect: false,
    });
    expect(mapProps({ cluster: 1 })).toEqual({ cluster: true, legend: true, initialView: 'fitAll' });
    expect(chartProps({ series: 'battery' })).toEqual({ series: [], yFromZero: false });
    expect(parkingProps({})).toEqual({ windowStart: '08:00', windowStop: '17:00' });
  });

  it('keeps valid values, in the catalogue order, dropping unknown ones', () => {
    expect(statusProps({ statuses: ['ok', 'bogus', 'alarm'], showBar: false })).toEqual({
      statuses: ['alarm', 'ok'],
      showBar: false,
    });
    // No status at all would show nothing: all of them instead.
    expect(statusProps({ statuses: [] }).statuses).toHaveLength(4);
    expect(tempProps({ decimals: 2, showSource: true })).toEqual({ decimals: 2, showSource: true });
    expect(batteryProps({ lowThreshold: 3.44 })).toEqual({ lowThreshold: 3.4 });
    expect(alarmsProps({ period: '30' })).toEqual({ period: '30' });
    expect(weatherProps({ days: 7, unitId: 12 })).toEqual({ days: 7, unitId: 12 });
    expect(weatherProps({ days: 8 }).days).toBe(5);
    expect(deviceListProps({ columns: ['lastReport', 'usage', 'status'], multiSelect: true }, true)).toEqual({
      columns: ['status', 'usage', 'lastReport'],
      multiSelect: true,
    });
    // 'usage' is a parking column only.
    expect(deviceListProps({ columns: ['usage', 'type'] }, false).columns).toEqual(['type']);
    expect(chartProps({ series: ['battery', 'nope', 'resistance'], yFromZero: true })).toEqual({
      series: ['resistance', 'battery'],
      yFromZero: true,
    });
    expect(mapProps({ cluster: false, legend: false, initialView: 'remember' })).toEqual({
      cluster: false,
      legend: false,
      initialView: 'remember',
    });
  });

  it('reads the alarm list types from props, else from the older settings place, selectable types only', () => {
    expect(alarmListProps({ alarmTypes: [43, 2, '19', 0] })).toEqual({ alarmTypes: [0, 19, 43], rows: 500 });
    expect(alarmListProps({}, { alarmTypes: [28] })).toEqual({ alarmTypes: [28], rows: 500 });
    expect(alarmListProps({ alarmTypes: [] }, { alarmTypes: [28] }).alarmTypes).toEqual([]);
    expect(alarmListProps({ rows: 100 }).rows).toBe(100);
    expect(alarmListProps({ rows: 77 }).rows).toBe(500);
  });

  it('normalises the parking window and refuses an empty or reversed one', () => {
    expect(parkingProps({ windowStart: '7:30', windowStop: '18:00' })).toEqual({
      windowStart: '07:30',
      windowStop: '18:00',
    });
    expect(parkingProps({ windowStart: '18:00', windowStop: '07:00' })).toEqual({
      windowStart: '08:00',
      windowStop: '17:00',
    });
    expect(parkingProps({ windowStart: '25:00', windowStop: '26:00' }).windowStart).toBe('08:00');
  });
});

describe('battery threshold', () => {
  const rows = [
    { DataBatteryVoltage: 3.2, Status: 'ok', D: [] },
    { DataBatteryVoltage: 3.4, Status: 'low', D: [] },
    { DataBatteryVoltage: 3.6, Status: 'ok', D: [] },
  ];
  it('re-classes rows by a fixed threshold (below is low)', () => {
    expect(classifyBattery(rows, 3.5).map((r) => r.Status)).toEqual(['low', 'low', 'ok']);
    expect(classifyBattery(rows, 3.4).map((r) => r.Status)).toEqual(['low', 'ok', 'ok']);
  });
  it("keeps each unit's own level without one", () => {
    expect(classifyBattery(rows, undefined)).toEqual(rows);
  });
});

describe('alarm KPI period', () => {
  const range = { start: new Date('2026-01-01T00:00:00Z'), end: new Date('2026-01-05T00:00:00Z') };
  const now = new Date('2026-03-31T12:00:00Z');
  it('is the dashboard range or the last N days up to now', () => {
    expect(alarmsPeriod('range', range, now)).toBe(range);
    expect(alarmsPeriod('7', range, now)).toEqual({ start: new Date('2026-03-24T12:00:00Z'), end: now });
    expect(alarmsPeriod('30', range, now).start).toEqual(new Date('2026-03-01T12:00:00Z'));
  });
});
