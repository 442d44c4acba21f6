import { dateFormatter } from '@fieldwatch/core';
import { describe, expect, it } from 'vitest';
import {
  buckets,
  consumptionProps,
  coverage,
  nextPeriod,
  periodStart,
  type Reading,
  registerReadings,
  spreadConsumption,
  summarize,
} from './consumptionMath.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Local midnight of a date (the tests run in the machine's time zone, like the browser). */
const local = (y: number, m: number, d: number, h = 0) => new Date(y, m - 1, d, h).getTime();

/** A meter drawing `kw` kilowatts, read every `stepH` hours from `from` to `to`. */
const meter = (from: number, to: number, kw: number | ((t: number) => number), stepH = 1, start = 1000): Reading[] => {
  const out: Reading[] = [];
  let v = start;
  for (let t = from; t <= to; t += stepH * HOUR) {
    out.push([t, v]);
    v += (typeof kw === 'number' ? kw : kw(t)) * stepH;
  }
  return out;
};

describe('periods', () => {
  it('starts days at local midnight, weeks on Monday and months on the first', () => {
    const wed = local(2026, 3, 11, 15);
    expect(periodStart(wed, 'day')).toBe(local(2026, 3, 11));
    expect(periodStart(wed, 'week')).toBe(local(2026, 3, 9));
    expect(periodStart(local(2026, 3, 15, 23), 'week')).toBe(local(2026, 3, 9)); // Sunday
    expect(periodStart(wed, 'month')).toBe(local(2026, 3, 1));
    expect(nextPeriod(local(2026, 1, 31, 18), 'month')).toBe(local(2026, 2, 1));
    expect(nextPeriod(local(2026, 3, 11, 15), 'week')).toBe(local(2026, 3, 16));
    // Across a summer-time change the next day is still local midnight.
    expect(new Date(nextPeriod(local(2026, 3, 29), 'day')).getHours()).toBe(0);
  });

  it('cuts the range into periods clipped at its ends', () => {
    const bs = buckets(local(2026, 3, 4, 12), local(2026, 3, 11, 12), 'day');
    expect(bs).toHaveLength(8);
    expect(bs[0]).toEqual({ start: local(2026, 3, 4), from: local(2026, 3, 4, 12), to: local(2026, 3, 5) });
    expect(bs[7]).toEqual({ start: local(2026, 3, 11), from: local(2026, 3, 11), to: local(2026, 3, 11, 12) });
    expect(buckets(local(2026, 3, 1), local(2026, 3, 31), 'week').map((b) => new Date(b.start).getDay())).toEqual(
      Array(6).fill(1),
    );
    expect(buckets(5, 5, 'day')).toEqual([]);
  });

  it("counts days, weeks and months in the profile's timezone", () => {
    const seoul = dateFormatter({
      language: 'en',
      timeConfig: { timeFormat: '24h', timezone: 'GMT +09:00 Seoul', dateFormat: 'DD MMM YYYY' },
    });
    // Seoul midnight is 15:00 UTC the day before, whatever the machine's own timezone.
    const seoulMidnight = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) - 9 * HOUR;
    const at = Date.UTC(2026, 2, 11, 16); // Thu 12 Mar 01:00 in Seoul
    expect(periodStart(at, 'day', seoul)).toBe(seoulMidnight(2026, 3, 12));
    expect(periodStart(at, 'week', seoul)).toBe(seoulMidnight(2026, 3, 9));
    expect(periodStart(at, 'month', seoul)).toBe(seoulMidnight(2026, 3, 1));
    expect(nextPeriod(at, 'month', seoul)).toBe(seoulMidnight(2026, 4, 1));
    expect(buckets(at, at + 2 * DAY, 'day', seoul).map((b) => b.start)).toEqual([
      seoulMidnight(2026, 3, 12),
      seoulMidnight(2026, 3, 13),
      seoulMidnight(2026, 3, 14),
    ]);
  });
});

describe('daily sums of a register', () => {
  it('gives each day what the register rose by in it, splitting a reading interval across midnight', () => {
    const from = local(2026, 3, 1);
    const readings: Reading[] = [
      [from + 20 * HOUR, 100],
      [from + 28 * HOUR, 180], // 10 kW for 8 hours: 40 kWh before midnight, 40 after
      [from + 40 * HOUR, 200],
    ];
    const days = buckets(from, from + 3 * DAY, 'day');
    const per = spreadConsumption(readings, days);
    expect(per[0]).toBeCloseTo(40);
    expect(per[1]).toBeCloseTo(60);
    expect(per[2]).toBeNull(); // no readings reach into the third day
  });

  it('sums to the rise of the register however often it was read, and ignores a meter reset', () => {
    const from = local(2026, 3, 1);
    const to = from + 7 * DAY;
    const power = (t: number) => 20 + 10 * Math.sin(t / DAY);
    const hourly = spreadConsumption(meter(from, to, power, 1), buckets(from, to, 'day'));
    const everySixth = meter(from, to, power, 1).filter((_, i) => i % 6 === 0);
    const sparse = spreadConsumption(everySixth, buckets(from, to, 'day'));
    const sum = (xs: (number | null)[]) => xs.reduce<number>((s, v) => s + (v ?? 0), 0);
    expect(sum(hourly)).toBeCloseTo(sum(sparse), 6);
    const reset: Reading[] = [
      [from, 500],
      [from + HOUR, 510],
      [from + 2 * HOUR, 3], // replaced meter
      [from + 3 * HOUR, 13],
    ];
    expect(spreadConsumption(reset, [{ from, to: from + DAY }])[0]).toBeCloseTo(20);
  });

  it('reads the Consumption series of a data answer, oldest first', () => {
    const data = {
      unitId: 1,
      start: '',
      end: '',
      bucketSeconds: null,
      series: [
        { column: 'Temperature', key: 'temperature', unit: '°C', channel: null, downsampled: false, points: [] },
        {
          column: 'Consumption',
          key: 'consumption',
          unit: 'kWh',
          channel: null,
          downsampled: false,
          points: [
            ['2026-03-02T00:00:00.000Z', 12] as [string, number],
            ['2026-03-01T00:00:00.000Z', 10] as [string, number],
          ],
        },
      ],
    };
    expect(registerReadings(data)).toEqual([
      [Date.parse('2026-03-01T00:00:00.000Z'), 10],
      [Date.parse('2026-03-02T00:00:00.000Z'), 12],
    ]);
    expect(registerReadings(undefined)).toEqual([]);
  });
});

describe('period comparison', () => {
  const end = local(2026, 3, 15);
  const start = end - 7 * DAY;

  it('totals the range and compares it with the week before', () => {
    // 10 kW the week before, 12 kW this week: +20 %.
    const m = meter(start - 7 * DAY, end, (t) => (t < start ? 10 : 12));
    const s = summarize([m], { start, end }, 'day');
    expect(s.buckets).toHaveLength(7);
    expect(s.total).toBeCloseTo(12 * 24 * 7);
    expect(s.previous).toBeCloseTo(10 * 24 * 7);
    expect(s.change).toBeCloseTo(0.2);
    expect(s.compared).toBe(1);
    for (const v of s.values) expect(v).toBeCloseTo(12 * 24);
  });

  it('sums several meters per day, and compares only meters with readings over both periods', () => {
    const a = meter(start - 7 * DAY, end, 10);
    const b = meter(start + 2 * DAY, end, 5); // installed during this week
    const s = summarize([a, b], { start, end }, 'day');
    expect(s.values[0]).toBeCloseTo(240);
    expect(s.values[3]).toBeCloseTo(240 + 120);
    expect(s.total).toBeCloseTo(10 * 24 * 7 + 5 * 24 * 5);
    expect(s.compared).toBe(1);
    expect(s.change).toBeCloseTo(0);
  });

  it('has no comparison without data for the period before, and no total without any data', () => {
    const s = summarize([meter(start, end, 10)], { start, end }, 'week');
    expect(s.change).toBeNull();
    expect(s.previous).toBeNull();
    expect(s.total).toBeCloseTo(10 * 24 * 7);
    expect(coverage(meter(start, end, 10), start - 7 * DAY, start)).toBe(0);
    const none = summarize([], { start, end }, 'day');
    expect(none.total).toBeNull();
    expect(none.values.every((v) => v === null)).toBe(true);
  });
});

describe('props', () => {
  it('falls back to defaults for missing or invalid values', () => {
    expect(consumptionProps({})).toEqual({ units: [], grouping: 'day', showTotal: true });
    expect(consumptionProps({ units: [3, 'x', 3, -1, 2.5, 7], grouping: 'year', showTotal: 'no' })).toEqual({
      units: [3, 7],
      grouping: 'day',
      showTotal: true,
    });
    expect(consumptionProps({ grouping: 'month', showTotal: false }).grouping).toBe('month');
  });
});
