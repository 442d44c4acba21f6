import { describe, expect, it } from 'vitest';
import { climateProps, legendRanges, levelOf, validBand } from './climate.ts';

describe('indoor climate settings and levels', () => {
  it('reads stored props defensively', () => {
    expect(climateProps({})).toEqual({
      orgId: null,
      planId: null,
      metric: 'temperature',
      temperature: { min: 20, max: 24 },
      humidity: { min: 30, max: 60 },
      showLabels: true,
    });
    const odd = climateProps({
      orgId: '3',
      planId: 2.5,
      metric: 'co2',
      temperature: { min: 25, max: 21 },
      humidity: { min: -5, max: 50 },
      showLabels: 'no',
    });
    expect(odd).toMatchObject({ orgId: null, planId: null, metric: 'temperature', showLabels: true });
    expect(odd.temperature).toEqual({ min: 20, max: 24 });
    expect(odd.humidity).toEqual({ min: 30, max: 60 });
    expect(climateProps({ orgId: 4, planId: 9, metric: 'humidity', humidity: { min: 35, max: 55 } })).toMatchObject({
      orgId: 4,
      planId: 9,
      metric: 'humidity',
      humidity: { min: 35, max: 55 },
    });
  });

  it('takes a band the settings may store: ends within the limits, min below max', () => {
    expect(validBand({ min: 0, max: 100 }, 'humidity')).toEqual({ min: 0, max: 100 });
    expect(validBand({ min: 22, max: 22 }, 'temperature')).toBeNull();
    expect(validBand({ min: -31, max: 20 }, 'temperature')).toBeNull();
    expect(validBand({ min: 20, max: Number.NaN }, 'temperature')).toBeNull();
    expect(validBand(null, 'humidity')).toBeNull();
  });

  it('places a value against the comfort band', () => {
    const band = { min: 20, max: 24 };
    expect([17.9, 18, 19.9, 20, 24, 24.1, 26, 26.1].map((v) => levelOf(v, band))).toEqual([
      'low2',
      'low',
      'low',
      'ok',
      'ok',
      'high',
      'high',
      'high2',
    ]);
    expect(levelOf(null, band)).toBe('none');
    expect(legendRanges(band).map((r) => [r.from, r.to])).toEqual([
      [undefined, 18],
      [18, 20],
      [20, 24],
      [24, 26],
      [26, undefined],
    ]);
  });
});
