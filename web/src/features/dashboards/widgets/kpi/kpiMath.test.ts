import type { KpiBatteryRow, UnitShowValue } from '@fieldwatch/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alarmBars, batterySummary, parkingNow, roundedShares, STATUS_ORDER, topByOccupancy } from './kpiMath.ts';

describe('STATUS_ORDER', () => {
  it('lists the worst status first and inactive last', () => {
    expect(STATUS_ORDER).toEqual(['alarm', 'problem', 'ok', 'inactive']);
  });
});

describe('roundedShares', () => {
  it('adds up to exactly 100 where plain rounding would not', () => {
    // 1/3 each: plain rounding gives 33+33+33 = 99.
    expect(roundedShares([1, 1, 1])).toEqual([34, 33, 33]);
    // 1/6 each: plain rounding gives 6 × 17 = 102.
    expect(roundedShares([1, 1, 1, 1, 1, 1])).toEqual([17, 17, 17, 17, 16, 16]);
  });

  it('gives zeros when there is nothing', () => {
    expect(roundedShares([0, 0, 0, 0])).toEqual([0, 0, 0, 0]);
  });

  it('always sums to 100 and stays within one of the exact share', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(10_000), { minLength: 1, maxLength: 6 }), (counts) => {
        const total = counts.reduce((a, b) => a + b, 0);
        fc.pre(total > 0);
        const shares = roundedShares(counts);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(100);
        shares.forEach((s, i) => {
          expect(Math.abs(s - ((counts[i] ?? 0) * 100) / total)).toBeLessThan(1);
        });
      }),
    );
  });
});

const battery = (DataBatteryVoltage: number, Status: 'ok' | 'low', n: number): KpiBatteryRow => ({
  DataBatteryVoltage,
  Status,
  D: [{ NoOffUnits: n }],
});

describe('batterySummary', () => {
  it('sums low and ok units and fills the voltage steps in between', () => {
    const s = batterySummary([battery(3.3, 'low', 1), battery(3.3, 'ok', 1), battery(3.6, 'ok', 26)]);
    expect(s).toMatchObject({ low: 1, ok: 27, total: 28 });
    expect(s.bins).toEqual([
      { voltage: 3.3, low: 1, ok: 1 },
      { voltage: 3.4, low: 0, ok: 0 },
      { voltage: 3.5, low: 0, ok: 0 },
      { voltage: 3.6, low: 0, ok: 26 },
    ]);
  });

  it('merges steps into at most maxBins bins without losing a unit', () => {
    const rows = Array.from({ length: 40 }, (_, i) => battery(2.0 + i / 10, i < 5 ? 'low' : 'ok', i + 1));
    const s = batterySummary(rows, 8);
    expect(s.bins.length).toBeLessThanOrEqual(8);
    expect(s.bins.reduce((n, b) => n + b.low + b.ok, 0)).toBe(s.total);
    expect(s.bins.reduce((n, b) => n + b.low, 0)).toBe(s.low);
    expect(s.bins[0]?.voltage).toBe(2);
  });

  it('counts every D entry of a row', () => {
    const row: KpiBatteryRow = { DataBatteryVoltage: 3.6, Status: 'ok', D: [{ NoOffUnits: 2 }, { NoOffUnits: 3 }] };
    expect(batterySummary([row]).ok).toBe(5);
  });

  it('has no bins without rows', () => {
    expect(batterySummary([])).toEqual({ low: 0, ok: 0, total: 0, bins: [] });
  });
});

describe('alarmBars', () => {
  const start = new Date('2026-11-15T10:00:00Z');
  const end = new Date('2026-11-22T08:00:00Z');
  const now = new Date('2026-11-22T08:00:00Z');

  it('has a bar for every day of the interval, days without alarms at zero, today marked', () => {
    const bars = alarmBars(
      [
        { AlarmDate: '2026-11-20', Count: 12 },
        { AlarmDate: '2026-11-22', Count: 1 },
      ],
      start,
      end,
      now,
    );
    expect(bars.map((b) => b.date)).toEqual([
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(bars.map((b) => b.count)).toEqual([0, 0, 0, 0, 0, 12, 0, 1]);
    expect(bars.filter((b) => b.today).map((b) => b.date)).toEqual(['2026-11-22']);
  });

  it('merges long intervals into buckets of whole days, keeping the total', () => {
    const yearStart = new Date('2025-11-22T08:00:00Z');
    const rows = [
      { AlarmDate: '2025-11-22', Count: 3 },
      { AlarmDate: '2026-06-01', Count: 5 },
      { AlarmDate: '2026-11-22', Count: 2 },
    ];
    const bars = alarmBars(rows, yearStart, end, now, 62);
    expect(bars.length).toBeLessThanOrEqual(62);
    expect(bars.reduce((n, b) => n + b.count, 0)).toBe(10);
    expect(bars.at(-1)?.until).toBe('2026-11-22');
    expect(bars.at(-1)?.today).toBe(true);
  });

  it('is empty when the interval ends before it starts', () => {
    expect(alarmBars([], end, start, now)).toEqual([]);
  });
});

const shown = (UnitID: number, Values: Record<string, number>): UnitShowValue => ({
  UnitID,
  UnitName: `P${UnitID}`,
  UnitType: 250,
  Temperature: null,
  BatteryVoltage: null,
  LastValueTime: null,
  Values,
});

describe('parking', () => {
  it('counts occupied, free and unknown bays from the latest Occupied value', () => {
    const values = [shown(1, { Occupied: 1 }), shown(2, { Occupied: 0 }), shown(3, {}), shown(9, { Occupied: 1 })];
    expect(parkingNow([1, 2, 3, 4], values)).toEqual({ occupied: 1, free: 1, unknown: 2 });
  });

  it('ranks bays by occupancy, ties by name', () => {
    const usage = (UnitID: number, UnitName: string, Occupancy: number) => ({
      UnitID,
      UnitName,
      Occupancy,
      OccupiedMinutes: 0,
      WindowMinutes: 0,
    });
    const report = { Units: [usage(1, 'B', 0.5), usage(2, 'A', 0.5), usage(3, 'C', 0.9), usage(4, 'D', 0.1)] };
    expect(topByOccupancy(report, 3).map((u) => u.UnitName)).toEqual(['C', 'A', 'B']);
  });
});
