import { dateFormatter, type UnitData } from '@fieldwatch/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ThemeTokens } from '@/lib/useThemeTokens.ts';
import { alignColumns, findGaps, parseIsoMs, toColumn } from './chartColumns.ts';
import {
  axisPlan,
  type ChartSeries,
  prepareUnitData,
  seriesChoice,
  toggleColumn,
  unitsInOrder,
  visibleColumns,
} from './chartData.ts';
import {
  buildOptions,
  formatBucket,
  formatValue,
  numberTicks,
  SERIES_PALETTE,
  seriesStyle,
  stepDigits,
  timeTicks,
} from './chartOptions.ts';

const T0 = Date.UTC(2026, 2, 12, 0, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();
const dates = (timeFormat: '24h' | '12h' = '24h', timezone = 'GMT +00:00 UTC') =>
  dateFormatter({ language: 'en', timeConfig: { timeFormat, timezone, dateFormat: 'DD MMM YYYY' } });
const pts = (times: number[], values: number[] = times.map((_, i) => i)): [string, number][] =>
  times.map((t, i) => [iso(t), values[i] as number]);
const secs = (a: ArrayLike<number>) => Array.from(a);

const series = (column: string, key: string, unit: string, channel: number | null = null): ChartSeries => ({
  column,
  key,
  unit,
  channel,
  downsampled: false,
  last: null,
});
const PIPE: ChartSeries[] = [
  series('Loop1', 'loop', 'Ω', 1),
  series('Loop2', 'loop', 'Ω', 2),
  series('Resistance1', 'resistance', 'MΩ', 1),
  series('Resistance2', 'resistance', 'MΩ', 2),
  series('PT1', 'pt', '°C', 1),
  series('InternalTemperature', 'internalTemperature', '°C'),
  series('BatteryVoltage', 'battery', 'V'),
  series('SignalStrength', 'signal', 'dBm'),
];

describe('parseIsoMs', () => {
  it('reads the server form exactly like Date.parse', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2200, 0, 1) }), (ms) => {
        const s = new Date(ms).toISOString();
        expect(parseIsoMs(s)).toBe(Date.parse(s));
        expect(parseIsoMs(s.replace(/\.\d{3}Z$/, 'Z'))).toBe(Date.parse(s.replace(/\.\d{3}Z$/, 'Z')));
      }),
    );
  });

  it('hands other forms to Date.parse', () => {
    expect(parseIsoMs('2026-03-12T14:20:05+01:00')).toBe(Date.parse('2026-03-12T14:20:05+01:00'));
    expect(parseIsoMs('2026-13-12T14:20:05.000Z')).toBeNaN();
    expect(parseIsoMs('2024-02-29T23:59:59.999Z')).toBe(Date.UTC(2024, 1, 29, 23, 59, 59, 999));
  });
});

describe('toColumn and gaps', () => {
  it('gives seconds, sorted, and keeps values', () => {
    const c = toColumn([
      [iso(T0 + 20_000), 3],
      [iso(T0), 1],
      [iso(T0 + 10_000), 2],
    ]);
    expect(secs(c.times)).toEqual([T0 / 1000, T0 / 1000 + 10, T0 / 1000 + 20]);
    expect(secs(c.values)).toEqual([1, 2, 3]);
  });

  it('breaks the line where a unit stays silent, with a marker half-way', () => {
    const times = [0, 10, 20, 30, 40, 3640, 3650, 3660, 3670].map((s) => T0 + s * 1000);
    const c = toColumn(pts(times));
    expect(c.times.length).toBe(times.length + 1);
    expect(c.times[5]).toBe(T0 / 1000 + (40 + 3640) / 2);
    expect(c.values[5]).toBeNaN();
  });

  it('does not break where the interval changes (history every 5 min, then live every 10 s)', () => {
    const times = [0, 300, 600, 900, 1100, 1110, 1120, 1130, 1140];
    expect(findGaps(Float64Array.from(times))).toEqual([]);
  });

  it('tolerates a few missed reports and isolated points are cut off on both sides', () => {
    expect(findGaps(Float64Array.from([0, 10, 20, 50, 60, 70]))).toEqual([]);
    const lonely = [0, 10, 20, 30, 3630, 7230, 7240, 7250, 7260];
    expect(findGaps(Float64Array.from(lonely))).toEqual([3, 4]);
  });

  it('in downsampled data, breaks only after more than two empty buckets', () => {
    const b = 600;
    // min at the bucket start, max at its middle; one bucket missing, then three.
    const times = [0, 300, 600, 900, 1800, 2100, 2400, 2700, 4800, 5100, 5400, 5700];
    expect(findGaps(Float64Array.from(times), b)).toEqual([7]);
  });
});

describe('alignColumns', () => {
  it('passes series sharing their times through as they are', () => {
    const a = toColumn(pts([T0, T0 + 1000, T0 + 2000], [1, 2, 3]));
    const b = toColumn(pts([T0, T0 + 1000, T0 + 2000], [4, 5, 6]));
    const data = alignColumns([a, b]);
    expect(data[0]).toBe(a.times);
    expect(data[1]).toBe(a.values);
    expect(secs(data[2] as Float64Array)).toEqual([4, 5, 6]);
  });

  it('unites different times: undefined where a series has no sample, null at its gaps', () => {
    const s = T0 / 1000;
    const a = { times: Float64Array.from([s, s + 2, s + 4]), values: Float64Array.from([1, Number.NaN, 3]) };
    const b = { times: Float64Array.from([s + 1, s + 2, s + 5]), values: Float64Array.from([7, 8, 9]) };
    const c = { times: Float64Array.from([s + 5]), values: Float64Array.from([0]) };
    const [x, ya, yb, yc] = alignColumns([a, b, c]);
    expect(secs(x as Float64Array)).toEqual([s, s + 1, s + 2, s + 4, s + 5]);
    expect(Array.from(ya as unknown[])).toEqual([1, undefined, null, 3, undefined]);
    expect(Array.from(yb as unknown[])).toEqual([undefined, 7, 8, undefined, 9]);
    expect(Array.from(yc as unknown[])).toEqual([undefined, undefined, undefined, undefined, 0]);
  });

  it('handles no series', () => {
    expect(alignColumns([])).toEqual([[]]);
  });

  it('keeps every sample of every series at its time (property)', () => {
    const times = fc.uniqueArray(fc.integer({ min: 0, max: 10_000 }), { maxLength: 40 });
    fc.assert(
      fc.property(fc.array(times, { minLength: 1, maxLength: 5 }), (lists) => {
        const columns = lists.map((l) => {
          const sorted = [...l].sort((p, q) => p - q);
          return { times: Float64Array.from(sorted), values: Float64Array.from(sorted, (t) => t * 2) };
        });
        const [x, ...ys] = alignColumns(columns);
        const xs = Array.from(x as ArrayLike<number>);
        expect(xs).toEqual([...new Set(lists.flat())].sort((p, q) => p - q));
        columns.forEach((c, k) => {
          const y = ys[k] as ArrayLike<number | null | undefined>;
          const got = xs.flatMap((t, j) => (y[j] === undefined ? [] : [[t, y[j]]]));
          expect(got).toEqual(Array.from(c.times, (t) => [t, t * 2]));
        });
      }),
    );
  });
});

describe('prepareUnitData', () => {
  it('turns the API answer into uPlot data over the requested range', () => {
    const d: UnitData = {
      unitId: 7,
      start: iso(T0 - 3600_000),
      end: iso(T0 + 3600_000),
      bucketSeconds: 7200,
      series: [
        {
          column: 'Resistance1',
          key: 'resistance',
          unit: 'MΩ',
          channel: 1,
          downsampled: true,
          points: pts([T0, T0 + 60_000], [150, 149]),
        },
        {
          column: 'InternalTemperature',
          key: 'internalTemperature',
          unit: '°C',
          channel: null,
          downsampled: false,
          points: pts([T0 + 30_000], [21.5]),
        },
      ],
    };
    const c = prepareUnitData(d);
    expect(c.start).toBe((T0 - 3600_000) / 1000);
    expect(c.end).toBe((T0 + 3600_000) / 1000);
    expect(c.points).toBe(3);
    expect(c.bucketSeconds).toBe(7200);
    expect(c.series.map((s) => [s.column, s.last])).toEqual([
      ['Resistance1', 149],
      ['InternalTemperature', 21.5],
    ]);
    expect(c.data.length).toBe(3);
    expect(Array.from(c.data[2] as unknown[])).toEqual([undefined, 21.5, undefined]);
  });

  it('reports no bucket when nothing was downsampled', () => {
    const c = prepareUnitData({ unitId: 1, start: iso(T0), end: iso(T0 + 1000), bucketSeconds: 60, series: [] });
    expect(c.bucketSeconds).toBeNull();
    expect(c.series).toEqual([]);
  });
});

describe('series choice and axes', () => {
  it('orders units: insulation and temperature first, the unit’s own health last', () => {
    expect(unitsInOrder(PIPE)).toEqual(['MΩ', '°C', 'Ω', 'V', 'dBm']);
    // Without PT probes the internal temperature is diagnostic: loop resistance comes second.
    expect(unitsInOrder(PIPE.filter((s) => s.key !== 'pt'))).toEqual(['MΩ', 'Ω', '°C', 'V', 'dBm']);
    expect(unitsInOrder([series('Occupied', 'occupied', ''), series('BatteryVoltage', 'battery', 'V')])).toEqual([
      '',
      'V',
    ]);
  });

  it('shows the two most important units by default; the choice overrides per column', () => {
    expect([...visibleColumns(PIPE, { hidden: [], shown: [] })]).toEqual([
      'Resistance1',
      'Resistance2',
      'PT1',
      'InternalTemperature',
    ]);
    const choice = { hidden: ['Resistance2'], shown: ['Loop1'] };
    expect([...visibleColumns(PIPE, choice)]).toEqual(['Loop1', 'Resistance1', 'PT1', 'InternalTemperature']);
  });

  it('toggles a column between hidden and shown', () => {
    let c = seriesChoice({});
    c = toggleColumn(c, 'Loop1', false);
    expect(c).toEqual({ hidden: [], shown: ['Loop1'] });
    c = toggleColumn(c, 'Loop1', true);
    expect(c).toEqual({ hidden: ['Loop1'], shown: [] });
    expect(seriesChoice({ hidden: ['A', 3], shown: 'x' })).toEqual({ hidden: ['A'], shown: [] });
  });

  it('puts the first unit left, the second right, then alternates', () => {
    const plan = axisPlan(PIPE, new Set(['Loop1', 'Resistance1', 'PT1']));
    expect(plan.map((a) => [a.unit, a.side])).toEqual([
      ['MΩ', 3],
      ['°C', 1],
      ['Ω', 3],
    ]);
  });

  it('never uses a status colour for a series, and repeats colours only with a dash', () => {
    const status = ['#c41539', '#ff9900', '#4bd3af', '#ffffff'];
    for (const c of [...SERIES_PALETTE.dark, ...SERIES_PALETTE.bright]) expect(status).not.toContain(c);
    const n = SERIES_PALETTE.dark.length;
    expect(seriesStyle(0, true).dash).toEqual([]);
    expect(seriesStyle(n, true).stroke).toBe(seriesStyle(0, true).stroke);
    expect(seriesStyle(n, true).dash).not.toEqual([]);
  });
});

describe('formatting', () => {
  it('gives measured values sensible decimals', () => {
    expect(formatValue(187.345, 'en')).toBe('187.3');
    expect(formatValue(24.126, 'en')).toBe('24.13');
    expect(formatValue(0.4217, 'en')).toBe('0.422');
    expect(formatValue(10000, 'en')).toBe('10,000');
    expect(formatValue(0.4217, 'sv')).toBe('0,422');
    expect(formatValue(null, 'en')).toBe('–');
    expect(formatValue(undefined, 'en')).toBe('–');
  });

  it('formats y ticks with the decimals of the step', () => {
    const f = numberTicks('en');
    // biome-ignore lint/suspicious/noExplicitAny: uPlot instance unused by the formatter
    expect(f(null as any, [0, 0.5, 1], 1, 40, 0.5)).toEqual(['0.0', '0.5', '1.0']);
    // biome-ignore lint/suspicious/noExplicitAny: as above
    expect(f(null as any, [-0, 2000, 4000], 1, 40, 2000)).toEqual(['0', '2,000', '4,000']);
    // biome-ignore lint/suspicious/noExplicitAny: as above
    expect(f(null as any, [135, 137.5, 140], 1, 40, 2.5)).toEqual(['135.0', '137.5', '140.0']);
    expect([stepDigits(0.25), stepDigits(0.1), stepDigits(0.02), stepDigits(50), stepDigits(1e-9)]).toEqual([
      2, 1, 2, 0, 6,
    ]);
  });

  it('formats x ticks by the profile: times with the date under each new day, days with the year', () => {
    const f = timeTicks(dates());
    const day = Date.UTC(2026, 2, 12) / 1000;
    // biome-ignore lint/suspicious/noExplicitAny: uPlot instance unused by the formatter
    const hours = f(null as any, [day, day + 6 * 3600], 0, 60, 6 * 3600) as string[];
    expect(hours).toEqual(['00:00\n12 Mar', '06:00']);
    // biome-ignore lint/suspicious/noExplicitAny: as above
    const days = f(null as any, [day, day + 86400], 0, 60, 86400) as string[];
    expect(days).toEqual(['12 Mar\n2026', '13 Mar']);
    // The profile's timezone decides where a day starts; its clock and date order show.
    const seoul = timeTicks(dates('12h', 'GMT +09:00 Seoul'));
    expect(seoul(null as never, [day - 3 * 3600, day + 12 * 3600], 0, 60, 3600)).toEqual([
      '06:00 AM\n12 Mar',
      '09:00 PM',
    ]);
    expect(seoul(null as never, [day + 15 * 3600], 0, 60, 3600)).toEqual(['12:00 AM\n13 Mar']);
  });

  it('names the bucket length in words', () => {
    expect(formatBucket(21600, 'en')).toBe('6 hours');
    expect(formatBucket(606, 'en')).toBe('10 minutes');
    expect(formatBucket(31_600, 'en')).toBe('9 hours');
    expect(formatBucket(2 * 86400 + 5, 'en')).toBe('2 days');
    expect(formatBucket(30, 'en')).toBe('30 seconds');
  });
});

describe('buildOptions', () => {
  const theme: ThemeTokens = {
    dark: true,
    text: '#fff',
    text2: '#aaa',
    border: '#333',
    card: '#111',
    font: 'system-ui',
  };
  const chart = prepareUnitData({
    unitId: 1,
    start: iso(T0),
    end: iso(T0 + 86_400_000),
    bucketSeconds: null,
    series: PIPE.slice(0, 5).map((s) => ({ ...s, downsampled: false, points: pts([T0 + 1000], [1]) })),
  });

  it('gives one y axis per visible unit and the requested x range', () => {
    const visible = visibleColumns(chart.series, { hidden: [], shown: [] });
    const o = buildOptions({
      chart,
      visible,
      names: ['a', 'b', 'c', 'd', 'e'],
      theme,
      width: 600.7,
      height: 300,
      locale: 'en',
      dates: dates(),
    });
    expect(o.width).toBe(600);
    expect(o.scales?.x).toMatchObject({ time: true, auto: false, min: T0 / 1000, max: T0 / 1000 + 86_400 });
    expect(o.axes?.map((a) => a.label ?? null)).toEqual([null, 'MΩ', '°C']);
    // Ordered by importance: insulation, temperature, then loop resistance.
    expect(chart.series.map((s) => s.column)).toEqual(['Resistance1', 'Resistance2', 'PT1', 'Loop1', 'Loop2']);
    expect(o.series.slice(1).map((s) => [s.label, s.show, s.scale, s.spanGaps])).toEqual([
      ['a', true, 'u:MΩ', false],
      ['b', true, 'u:MΩ', false],
      ['c', true, 'u:°C', false],
      ['d', false, 'u:Ω', false],
      ['e', false, 'u:Ω', false],
    ]);
    expect(o.series[1]?.stroke).toBe(SERIES_PALETTE.dark[0]);
    expect(o.legend?.show).toBe(false);
    expect(o.cursor?.drag).toMatchObject({ x: true, y: false });
    // Ticks are placed on the profile timezone's hours: uPlot counts in the wall time it is given.
    const seoul = buildOptions({
      chart,
      visible,
      names: [],
      theme,
      width: 10,
      height: 10,
      locale: 'en',
      dates: dates('24h', 'GMT +09:00 Seoul'),
    });
    expect(seoul.tzDate?.(T0 / 1000).getHours()).toBe(9);
  });

  it('opens at a kept zoom', () => {
    const o = buildOptions({
      chart,
      visible: new Set(),
      names: [],
      theme,
      width: 10,
      height: 10,
      locale: 'en',
      dates: dates(),
      xRange: [T0 / 1000 + 10, T0 / 1000 + 20],
    });
    expect(o.scales?.x).toMatchObject({ min: T0 / 1000 + 10, max: T0 / 1000 + 20 });
    expect(o.axes?.length).toBe(1);
  });
});
