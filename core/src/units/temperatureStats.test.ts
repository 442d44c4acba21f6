import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunk } from './chunks.ts';
import { TEMPERATURE_PRIORITY, temperatureSource } from './series.ts';
import {
  combineTemperatureSummaries,
  temperatureSources,
  temperatureStats,
  temperatureSummary,
} from './temperatureStats.ts';

describe('temperature source', () => {
  it('follows the display priority', () => {
    expect(temperatureSource({ InternalTemperature: 20, PT2: 5, Temperature: 8 })).toBe('PT2');
    expect(temperatureSource({ InternalTemperature: 20 })).toBe('InternalTemperature');
    expect(temperatureSource({ BatteryVoltage: 3.6 })).toBeUndefined();
    expect(
      temperatureSources([
        { Values: { Temperature: 1 } },
        { Values: { PT1: 2, Temperature: 1 } },
        { Values: { Temperature: 4 } },
        { Values: {} },
      ]),
    ).toEqual([
      { column: 'PT1', count: 1 },
      { column: 'Temperature', count: 2 },
    ]);
  });

  it('counts a unit under the column of the spelling it reports, PT1000 between PT4 and Temperature', () => {
    expect(
      temperatureSources([
        { Values: { 'Temp intern': 30 } },
        { Values: { Temp: 9, 'Int Temp': 30 } },
        { Values: { PT1000_2: 3, Temperature: 9 } },
        { Values: { 'PT1000 1': 3, InternalTemperature: 30 } },
        { Values: { PT4: 1, PT1000_1: 3 } },
      ]),
    ).toEqual([
      { column: 'PT4', count: 1 },
      { column: 'PT1000_1', count: 1 },
      { column: 'PT1000_2', count: 1 },
      { column: 'Temperature', count: 1 },
      { column: 'InternalTemperature', count: 1 },
    ]);
  });
});

describe('temperatureStats', () => {
  it('takes min, mean and max over the units that report a temperature', () => {
    const stats = temperatureStats([
      { Temperature: 4 },
      { Temperature: null },
      { Temperature: -2 },
      { Temperature: 7 },
    ]);
    expect(stats).toEqual({ min: -2, max: 7, mean: 3, count: 3 });
  });

  it('is undefined when no unit reports one', () => {
    expect(temperatureStats([{ Temperature: null }])).toBeUndefined();
    expect(temperatureStats([])).toBeUndefined();
  });

  it('summarises figures and sources together, null figures for no temperature', () => {
    expect(
      temperatureSummary([
        { Temperature: 2, Values: { PT1: 2 } },
        { Temperature: 6, Values: { Temperature: 6 } },
      ]),
    ).toEqual({
      stats: { min: 2, max: 6, mean: 4, count: 2 },
      sources: [
        { column: 'PT1', count: 1 },
        { column: 'Temperature', count: 1 },
      ],
      units: 2,
    });
    expect(temperatureSummary([{ Temperature: null, Values: {} }])).toEqual({ stats: null, sources: [], units: 1 });
  });
});

describe('combineTemperatureSummaries', () => {
  const row = fc
    .record({ column: fc.option(fc.constantFrom(...TEMPERATURE_PRIORITY)), value: fc.integer({ min: -300, max: 900 }) })
    .map(({ column, value }) => ({
      Temperature: column === null ? null : value / 10,
      Values: column === null ? {} : { [column]: value / 10 },
    }));

  it('gives the summary of all the rows from the summaries of their parts', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 40 }), fc.integer({ min: 1, max: 10 }), (rows, size) => {
        const whole = temperatureSummary(rows);
        const combined = combineTemperatureSummaries(chunk(rows, size).map(temperatureSummary));
        expect(combined.sources).toEqual(whole.sources);
        expect(combined.units).toBe(whole.units);
        expect(combined.stats === null).toBe(whole.stats === null);
        if (combined.stats && whole.stats) {
          expect(combined.stats.count).toBe(whole.stats.count);
          expect(combined.stats.min).toBe(whole.stats.min);
          expect(combined.stats.max).toBe(whole.stats.max);
          expect(combined.stats.mean).toBeCloseTo(whole.stats.mean, 9);
        }
      }),
    );
  });
});
