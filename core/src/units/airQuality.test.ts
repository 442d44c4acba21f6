import { describe, expect, it } from 'vitest';
import { AIR_STATUSES, airStatus, co2Status, pm25Status, worseAir, worstAir } from './airQuality.ts';

describe('air symbol statuses', () => {
  it('lists the five statuses from best to worst', () => {
    expect(AIR_STATUSES).toEqual(['excellent', 'neutral', 'bad', 'warning', 'polluted']);
  });

  it('bands CO2 at 600, 1000, 1400 and 2000 ppm, each bound belonging to the worse band', () => {
    const cases: [number, string][] = [
      [420, 'excellent'],
      [599, 'excellent'],
      [600, 'neutral'],
      [999, 'neutral'],
      [1000, 'bad'],
      [1399, 'bad'],
      [1400, 'warning'],
      [1999, 'warning'],
      [2000, 'polluted'],
      [5000, 'polluted'],
    ];
    for (const [ppm, status] of cases) expect(co2Status(ppm), `${ppm} ppm`).toBe(status);
  });

  it('bands PM2.5 at the WHO guideline 15 and the interim targets 25, 37.5 and 50 µg/m³', () => {
    const cases: [number, string][] = [
      [0, 'excellent'],
      [14.9, 'excellent'],
      [15, 'neutral'],
      [24.9, 'neutral'],
      [25, 'bad'],
      [37.4, 'bad'],
      [37.5, 'warning'],
      [49.9, 'warning'],
      [50, 'polluted'],
      [300, 'polluted'],
    ];
    for (const [ug, status] of cases) expect(pm25Status(ug), `${ug} µg/m³`).toBe(status);
  });

  it('takes the worse of CO2 and PM2.5, ignores missing values, and has no status without either', () => {
    expect(airStatus({ co2: 500, pm25: 30 })).toBe('bad');
    expect(airStatus({ co2: 1500, pm25: 5 })).toBe('warning');
    expect(airStatus({ co2: 700 })).toBe('neutral');
    expect(airStatus({ pm25: 60, co2: null })).toBe('polluted');
    expect(airStatus({ co2: Number.NaN, pm25: 3 })).toBe('excellent');
    expect(airStatus({})).toBeUndefined();
  });

  it('finds the worst status of several rooms', () => {
    expect(worstAir(['neutral', undefined, 'warning', 'excellent'])).toBe('warning');
    expect(worstAir([undefined])).toBeUndefined();
    expect(worstAir([])).toBeUndefined();
    expect(worseAir(undefined, 'bad')).toBe('bad');
    expect(worseAir('polluted', 'bad')).toBe('polluted');
  });
});
