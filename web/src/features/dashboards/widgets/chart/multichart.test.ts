import type { UnitData } from '@fieldwatch/core';
import { describe, expect, it } from 'vitest';
import { axisPlan, csvExportUrl, decodeUnitData, mergeDecoded, seriesId } from './chartData.ts';
import {
  chartPlan,
  hiddenSeries,
  MAX_UNITS,
  readDraft,
  readMultichartProps,
  toggleHidden,
  writeMultichartProps,
} from './multichart.ts';

const iso = (min: number) => new Date(Date.UTC(2026, 0, 1, 0, min)).toISOString();
const answer = (unitId: number, series: [string, string, string, number | null, [number, number][]][]): UnitData => ({
  unitId,
  start: iso(0),
  end: iso(60),
  bucketSeconds: null,
  series: series.map(([column, key, unit, channel, points]) => ({
    column,
    key,
    unit,
    channel,
    downsampled: false,
    points: points.map(([m, v]) => [iso(m), v] as [string, number]),
  })),
});

describe('readMultichartProps', () => {
  it('keeps complete rows once each, at most ten units, and follow only when true', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ unitId: i + 1, column: 'PT1' }));
    const s = readMultichartProps({
      series: [
        { unitId: 3, column: 'Resistance1' },
        { unitId: 3, column: 'resistance1' }, // the same column again
        { unitId: 'x', column: 'PT1' },
        { unitId: 4, column: '' },
        { unitId: 4, column: 'Bad column!' },
        null,
        ...many,
      ],
      followLinkGroup: 'yes',
    });
    expect(s.followLinkGroup).toBe(false);
    expect(new Set(s.series.map((x) => x.unitId)).size).toBe(MAX_UNITS);
    expect(s.series[0]).toEqual({ unitId: 3, column: 'Resistance1' });
    expect(s.series.filter((x) => x.unitId === 3)).toHaveLength(2); // Resistance1 and PT1 of unit 3
    expect(readMultichartProps({ series: 'nonsense', followLinkGroup: true })).toEqual({
      series: [],
      followLinkGroup: true,
    });
    expect(readMultichartProps({})).toEqual({ series: [], followLinkGroup: false });
  });

  it('round-trips the form rows, incomplete ones too, keeping other props', () => {
    const props = writeMultichartProps({ other: 1 }, [{ unitId: 5, column: '' }], true);
    expect(props).toEqual({ other: 1, series: [{ unitId: 5, column: '' }], followLinkGroup: true });
    expect(readDraft(props)).toEqual([{ unitId: 5, column: '' }]);
    expect(readMultichartProps(props).series).toEqual([]);
  });
});

describe('chartPlan', () => {
  const settings = readMultichartProps({
    series: [
      { unitId: 1, column: 'Resistance1' },
      { unitId: 2, column: 'PT1' },
      { unitId: 1, column: 'PT1' },
    ],
    followLinkGroup: true,
  });

  it('groups the chosen columns per unit and adds linked units with the chosen columns', () => {
    expect(chartPlan(settings, [2, 7])).toEqual([
      { unitId: 1, columns: ['Resistance1', 'PT1'], linked: false },
      { unitId: 2, columns: ['PT1'], linked: false },
      { unitId: 7, columns: ['Resistance1', 'PT1'], linked: true },
    ]);
    expect(chartPlan({ ...settings, followLinkGroup: false }, [7])).toHaveLength(2);
    expect(chartPlan({ series: [], followLinkGroup: true }, [9])).toEqual([
      { unitId: 9, columns: 'default', linked: true },
    ]);
    const linked = Array.from({ length: 20 }, (_, i) => 100 + i);
    expect(chartPlan(settings, linked)).toHaveLength(MAX_UNITS);
  });
});

describe('mergeDecoded', () => {
  const a = decodeUnitData(
    answer(1, [
      [
        'Resistance1',
        'resistance',
        'MΩ',
        1,
        [
          [0, 150],
          [10, 149],
          [20, 148],
        ],
      ],
      [
        'PT1',
        'pt',
        '°C',
        1,
        [
          [0, 40],
          [10, 41],
          [20, 42],
        ],
      ],
    ]),
  );
  const b = decodeUnitData(
    answer(2, [
      [
        'Resistance1',
        'resistance',
        'MΩ',
        1,
        [
          [5, 90],
          [15, 91],
        ],
      ],
    ]),
  );

  it('puts the chosen series of several units on one time axis, equal columns kept apart', () => {
    const { chart, sources } = mergeDecoded(
      [
        { unitId: 1, decoded: a, columns: ['PT1', 'Resistance1', 'Missing'] },
        { unitId: 2, decoded: b, columns: 'all' },
      ],
      { start: a.start, end: a.end },
    );
    expect(chart.series.map((s) => s.column)).toEqual([
      seriesId(1, 'PT1'),
      seriesId(1, 'Resistance1'),
      '2:Resistance1',
    ]);
    expect(sources.map((s) => [s.unitId, s.column])).toEqual([
      [1, 'PT1'],
      [1, 'Resistance1'],
      [2, 'Resistance1'],
    ]);
    const t0 = Date.UTC(2026, 0, 1) / 1000;
    expect(Array.from(chart.data[0])).toEqual([0, 5, 10, 15, 20].map((m) => t0 + m * 60));
    expect(Array.from(chart.data[1] as ArrayLike<number | null | undefined>)).toEqual([
      40,
      undefined,
      41,
      undefined,
      42,
    ]);
    expect(Array.from(chart.data[3] as ArrayLike<number | null | undefined>)).toEqual([
      undefined,
      90,
      undefined,
      91,
      undefined,
    ]);
    expect(chart.points).toBe(8);
    // Both units' MΩ share one axis; °C gets its own.
    const plan = axisPlan(chart.series, new Set(chart.series.map((s) => s.column)));
    expect(plan.map((p) => p.unit)).toEqual(['MΩ', '°C']);
  });

  it('answers an empty chart when nothing is chosen', () => {
    const { chart } = mergeDecoded([{ unitId: 1, decoded: a, columns: [] }], { start: 0, end: 1 });
    expect(chart.series).toEqual([]);
    expect(chart.data).toHaveLength(1);
  });
});

describe('legend and export helpers', () => {
  it('toggles hidden series and reads them defensively', () => {
    expect(hiddenSeries({ hidden: ['1:PT1', 3, null] })).toEqual(new Set(['1:PT1']));
    expect(hiddenSeries({ hidden: 'x' })).toEqual(new Set());
    expect(toggleHidden(new Set(['1:PT1']), '1:PT1', false)).toEqual([]);
    expect(toggleHidden(new Set(), '2:PT1', true)).toEqual(['2:PT1']);
  });

  it('builds the streaming export URL', () => {
    const url = csvExportUrl([1, 2, 1], ['PT1', 'Resistance1', 'PT1'], new Date(iso(0)), new Date(iso(60)));
    const u = new URL(url, 'http://x');
    expect(u.pathname).toBe('/api/v3/device/devices/export.csv');
    expect(u.searchParams.get('units')).toBe('1,2');
    expect(u.searchParams.get('columns')).toBe('PT1,Resistance1');
    expect(u.searchParams.get('start')).toBe(iso(0));
    expect(u.searchParams.get('end')).toBe(iso(60));
  });
});
