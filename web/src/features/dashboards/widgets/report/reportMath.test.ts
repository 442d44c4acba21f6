import type { TableReport } from '@fieldwatch/core';
import { describe, expect, it } from 'vitest';
import { reportDays } from '../common/reportApi.ts';
import { cellValue, csvNumber, listProps, reportColumns, reportUnits } from './reportMath.ts';

describe('listProps', () => {
  it('defaults to battery and temperature with last, min and max over the units in view', () => {
    expect(listProps({})).toEqual({
      units: undefined,
      columns: ['BatteryVoltage', 'Temperature'],
      stats: ['last', 'min', 'max'],
    });
  });
  it('keeps known series (in their own spelling) and statistics, in the statistics order', () => {
    expect(
      listProps({ units: [5, 5, 'x', 3, -1], columns: ['resistance1', 'Nope', 'Loop2'], stats: ['count', 'avg', 'x'] }),
    ).toEqual({ units: [5, 3], columns: ['Resistance1', 'Loop2'], stats: ['avg', 'count'] });
    expect(listProps({ units: [], columns: [], stats: [] }).stats).toEqual(['last', 'min', 'max']);
  });
});

describe('reportUnits', () => {
  const inView = [4, 1, 3, 2];
  it('takes the chosen units still in view, else the selection, else all in view (sorted)', () => {
    expect(reportUnits([3, 9], [1], inView)).toEqual({ ids: [3], source: 'chosen' });
    expect(reportUnits(undefined, [2, 1], inView)).toEqual({ ids: [1, 2], source: 'selection' });
    expect(reportUnits(undefined, [], inView)).toEqual({ ids: [1, 2, 3, 4], source: 'view' });
  });
  it('keeps every unit in view, more than one request carries (the report is read in chunks)', () => {
    const many = Array.from({ length: 9001 }, (_, i) => 9001 - i);
    expect(reportUnits(undefined, undefined, many).ids).toHaveLength(9001);
  });
});

describe('report cells', () => {
  const report: TableReport = {
    start: '2026-03-01T00:00:00.000Z',
    stop: '2026-03-02T00:00:00.000Z',
    columns: [{ column: 'BatteryVoltage', unit: 'V' }],
    rows: [
      {
        unitId: 1,
        unitName: 'A',
        values: {
          BatteryVoltage: { last: 3.6, lastTime: '2026-03-01T10:00:00.000Z', min: 3.5, max: 3.7, avg: 3.6, count: 4 },
        },
      },
      { unitId: 2, unitName: 'B', values: { BatteryVoltage: null } },
    ],
  };
  it('gives one column per series and statistic, and undefined without data', () => {
    const cols = reportColumns(['BatteryVoltage', 'Bogus'], ['min', 'count']);
    expect(cols.map((c) => c.key)).toEqual(['BatteryVoltage:min', 'BatteryVoltage:count']);
    const [min, count] = cols as [(typeof cols)[0], (typeof cols)[0]];
    expect(cellValue(report.rows[0] as TableReport['rows'][0], min)).toBe(3.5);
    expect(cellValue(report.rows[0] as TableReport['rows'][0], count)).toBe(4);
    expect(cellValue(report.rows[1] as TableReport['rows'][0], min)).toBeUndefined();
  });
});

describe('CSV', () => {
  it('rounds numbers to the decimals shown', () => {
    expect(csvNumber(21.4567, 2)).toBe(21.46);
    expect(csvNumber(undefined, 2)).toBeUndefined();
  });
});

describe('reportDays', () => {
  it('splits a range into UTC days clipped to it, newest ones kept', () => {
    const days = reportDays(new Date('2026-03-01T12:00:00Z'), new Date('2026-03-03T06:00:00Z'));
    expect(days.map((d) => [d.day, d.from.toISOString(), d.to.toISOString()])).toEqual([
      ['2026-03-01', '2026-03-01T12:00:00.000Z', '2026-03-02T00:00:00.000Z'],
      ['2026-03-02', '2026-03-02T00:00:00.000Z', '2026-03-03T00:00:00.000Z'],
      ['2026-03-03', '2026-03-03T00:00:00.000Z', '2026-03-03T06:00:00.000Z'],
    ]);
    const month = reportDays(new Date('2026-03-01T00:00:00Z'), new Date('2026-04-01T00:00:00Z'), 14);
    expect(month).toHaveLength(14);
    expect(month[13]?.day).toBe('2026-03-31');
  });
});
