import { describe, expect, it } from 'vitest';
import { temperatureSource, temperatureSources, temperatureStats, temperatureSummary } from './temperatureStats.ts';

describe('temperature source', () => {
  it('follows the display priority of spec §9', () => {
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
    });
    expect(temperatureSummary([{ Temperature: null, Values: {} }])).toEqual({ stats: null, sources: [] });
  });
});
