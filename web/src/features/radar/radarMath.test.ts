import { metresPerPoint, radarPositions as positionsFor } from '@fieldwatch/core';
import { describe, expect, it } from 'vitest';
import {
  channelIndexFrom,
  clampPosition,
  curveTimeOf,
  differenceOf,
  echoRange,
  firstEchoIndex,
  fitLength,
  largestDeparture,
  markerPatches,
  nearestIndex,
  parseDecimal,
  radarDatesNewestFirst,
  validateMarker,
  wireChannel,
} from './radarMath.ts';

const base = { name: 'Valve', position: '120.5', comments: '', pulseSpeed: '0.6', locked: false };

describe('radar positions', () => {
  it('puts point i at i × 40 ns × pulseSpeed × c / 2 metres (3.60 m at 0.6 c)', () => {
    expect(metresPerPoint(0.6, 40)).toBeCloseTo(3.5975, 4);
    const p = positionsFor(701, 0.6, 40);
    expect(p[0]).toBe(0);
    expect(p[1]).toBe(3.6);
    // 700 points cover about 2.5 km (docs/device-protocol.md).
    expect(p[700]).toBeCloseTo(2518.26, 2);
  });

  it('matches the positions the server answers for the demo pulse speed (0.62 c)', () => {
    expect(positionsFor(4, 0.62, 40)).toEqual([0, 3.72, 7.43, 11.15]);
  });

  it('finds the point nearest to a position', () => {
    const p = positionsFor(10, 0.6, 40);
    expect(nearestIndex(p, 0)).toBe(0);
    expect(nearestIndex(p, 5.3)).toBe(1);
    expect(nearestIndex(p, 5.5)).toBe(2);
    expect(nearestIndex(p, 1e6)).toBe(9);
    expect(nearestIndex(p, -4)).toBe(0);
    expect(nearestIndex([], 3)).toBe(-1);
  });

  it('clamps a dragged position to the curve, to the centimetre', () => {
    expect(clampPosition(-3, 100)).toBe(0);
    expect(clampPosition(150, 100)).toBe(100);
    expect(clampPosition(12.3456, 100)).toBe(12.35);
  });
});

describe('difference curves', () => {
  it('is the values minus the base over the points both have', () => {
    expect(differenceOf([10, 12.5, 9, 4], [10, 10, 10])).toEqual([0, 2.5, -1]);
    expect(differenceOf([0.1], [0.3])).toEqual([-0.2]);
    expect(differenceOf([1, 2], null)).toBeNull();
  });

  it('fits a series to the plot length, null past its end', () => {
    expect(fitLength([1, 2], 4)).toEqual([1, 2, null, null]);
    expect(fitLength([1, 2, 3], 2)).toEqual([1, 2]);
    expect(fitLength(null, 2)).toEqual([null, null]);
  });

  it('finds the largest departure and its position; none below the minimum', () => {
    const positions = [0, 3.6, 7.2, 10.8];
    expect(largestDeparture([50, 1, -120.6, 30], positions, 0, 1)).toEqual({ index: 2, value: -120.6, position: 7.2 });
    expect(largestDeparture([50, 1, -2, 3], positions, 10, 1)).toBeNull();
    expect(largestDeparture(null, positions)).toBeNull();
  });
});

describe('the launch pulse', () => {
  const curve = [0, 400, 1800, 900, 300, 20, -10, 15, 80, -40, 5, 0];

  it('ends where the curve falls below half its early peak, and as far again', () => {
    // Peak 1800 at point 2, down to half (900) at point 3: echoes from point 6 on.
    expect(firstEchoIndex(curve)).toBe(6);
    expect(firstEchoIndex([0, 10, 1000, 800, 600, 400, 0, 0, 0, 0, 0, 0])).toBe(10);
    expect(firstEchoIndex([])).toBe(0);
  });

  it('scales the amplitude to the echoes past it, with a tenth of room', () => {
    expect(echoRange([curve, [null, null, null, null, null, null, null, null, 70, -60, null, null]], 8)).toEqual([
      -74, 94,
    ]);
    expect(echoRange([null, []], 0)).toBeNull();
  });
});

describe('radar dates and channels', () => {
  it('lists valid dates newest first, once each', () => {
    const dates = radarDatesNewestFirst([
      { RadarDate: '2026-11-20 01:00:00' },
      { RadarDate: '2026-11-22 01:00:00' },
      { RadarDate: 'not a date' },
      { RadarDate: '2026-11-21 01:00:00' },
      { RadarDate: '2026-11-22 01:00:00' },
    ]);
    expect(dates.map((d) => d.key)).toEqual(['2026-11-22 01:00:00', '2026-11-21 01:00:00', '2026-11-20 01:00:00']);
    expect(dates[0]?.date.toISOString()).toBe('2026-11-22T01:00:00.000Z');
  });

  it('asks for the curve of a listed date up to the end of its second', () => {
    expect(curveTimeOf('2026-10-26 19:05:26')).toBe('2026-10-26T19:05:26.999Z');
    expect(curveTimeOf('nonsense')).toBeUndefined();
  });

  it('reads ?channel= as the 1-based channel of the server and keeps 0-based indexes in the browser', () => {
    expect(channelIndexFrom('2', [1, 2])).toBe(1);
    expect(channelIndexFrom(null, [1, 2])).toBe(0);
    expect(channelIndexFrom('3', [1, 2])).toBe(0);
    expect(channelIndexFrom('x', [2, 3])).toBe(1);
    expect(channelIndexFrom('1', [])).toBeNull();
    expect(wireChannel(0)).toBe(1);
  });
});

describe('marker form', () => {
  it('accepts a valid form, with a decimal comma, and rounds the position to the centimetre', () => {
    const { values, errors } = validateMarker({ ...base, position: '120,456', comments: 'by the valve' });
    expect(errors).toEqual({});
    expect(values).toEqual({
      name: 'Valve',
      position: 120.46,
      comments: 'by the valve',
      pulseSpeed: 0.6,
      locked: false,
    });
    expect(parseDecimal(' 0,62 ')).toBe(0.62);
    expect(parseDecimal('1e3')).toBeNaN();
  });

  it('names each field the server would refuse', () => {
    expect(validateMarker({ ...base, name: '   ' }).errors).toEqual({ name: 'nameRequired' });
    expect(validateMarker({ ...base, name: 'x'.repeat(101) }).errors).toEqual({ name: 'nameTooLong' });
    expect(validateMarker({ ...base, position: '' }).errors).toEqual({ position: 'positionNumber' });
    expect(validateMarker({ ...base, position: '-1' }).errors).toEqual({ position: 'positionRange' });
    expect(validateMarker({ ...base, position: '100001' }).errors).toEqual({ position: 'positionRange' });
    expect(validateMarker({ ...base, pulseSpeed: '0' }).errors).toEqual({ pulseSpeed: 'pulseSpeedRange' });
    expect(validateMarker({ ...base, pulseSpeed: '1.2' }).errors).toEqual({ pulseSpeed: 'pulseSpeedRange' });
    expect(validateMarker({ ...base, pulseSpeed: 'fast' }).errors).toEqual({ pulseSpeed: 'pulseSpeedNumber' });
    expect(validateMarker({ ...base, comments: 'x'.repeat(2001) }).errors).toEqual({ comments: 'commentsTooLong' });
    expect(validateMarker({ ...base, comments: 'x'.repeat(2001) }).values).toBeUndefined();
  });

  it('saves only what changed, unlocking before moving a locked marker', () => {
    const current = { name: 'A', position: 10, comments: '', pulseSpeed: 0.6, locked: true };
    expect(markerPatches(current, current)).toEqual([]);
    expect(markerPatches(current, { ...current, comments: 'c' })).toEqual([{ comments: 'c' }]);
    expect(markerPatches(current, { ...current, locked: false, position: 12 })).toEqual([
      { locked: false },
      { position: 12 },
    ]);
    const open = { ...current, locked: false };
    expect(markerPatches(open, { ...open, position: 12, locked: true })).toEqual([{ position: 12, locked: true }]);
  });
});
