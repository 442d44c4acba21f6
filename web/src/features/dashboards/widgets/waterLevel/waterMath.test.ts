import { describe, expect, it } from 'vitest';
import { gaugeTop, levelPoints, levelState, sparkPath, waterLevelProps } from './waterMath.ts';

describe('water level helpers', () => {
  it('reads the props defensively: 80 cm by default, a low level only below the high one', () => {
    expect(waterLevelProps({})).toEqual({ units: [], high: 80, low: undefined });
    expect(waterLevelProps({ high: 120, low: 10, units: [4, 4, 'x'] })).toEqual({ units: [4], high: 120, low: 10 });
    expect(waterLevelProps({ high: null, low: 200 })).toEqual({ units: [], high: 80, low: undefined });
    expect(waterLevelProps({ high: -3, low: Number.NaN }).high).toBe(80);
  });

  it('is high at or above the high level, low at or below the low level', () => {
    expect(levelState(80, 80)).toBe('high');
    expect(levelState(79.9, 80)).toBe('normal');
    expect(levelState(10, 80, 10)).toBe('low');
    expect(levelState(11, 80, 10)).toBe('normal');
    expect(levelState(undefined, 80)).toBe('none');
  });

  it('puts the gauge top above the high level and every value, on a round figure', () => {
    expect(gaugeTop(80, [20, 30])).toBe(100);
    expect(gaugeTop(80, [152])).toBe(180);
    expect(gaugeTop(80, [Number.NaN])).toBe(100);
  });

  it('draws the trend from the left (start) to the right (end), 0 cm at the bottom', () => {
    const path = sparkPath(
      [
        [0, 0],
        [50, 50],
        [100, 100],
      ],
      { start: 0, end: 100 },
      100,
      200,
      40,
    );
    expect(path).toBe('M0.0 40.0 L100.0 20.0 L200.0 0.0');
    expect(sparkPath([], { start: 0, end: 1 }, 100, 200, 40)).toBe('');
  });

  it('takes the WaterLevel points of a data answer, oldest first', () => {
    const points = levelPoints({
      unitId: 1,
      start: '',
      end: '',
      bucketSeconds: null,
      series: [
        {
          column: 'WaterLevel',
          key: 'waterLevel',
          unit: 'cm',
          channel: null,
          downsampled: false,
          points: [
            ['2026-03-11T12:00:00.000Z', 30],
            ['2026-03-11T11:00:00.000Z', 20],
          ],
        },
      ],
    });
    expect(points.map((p) => p[1])).toEqual([20, 30]);
  });
});
