import { describe, expect, it } from 'vitest';
import { CUSTOM_RANGE, intervalRange, TIME_RANGES } from './timeRanges.ts';

const now = new Date('2026-11-22T12:00:00Z');

describe('date intervals', () => {
  it('are the ranges of spec §9, the default (4) being one week', () => {
    expect(TIME_RANGES.map((r) => r.key)).toEqual(['1h', '6h', '24h', '72h', '1w', '1m', '2m', '6m', '1y', 'custom']);
    expect(intervalRange(4, now).start.toISOString()).toBe('2026-11-15T12:00:00.000Z');
    expect(intervalRange(0, now).start.toISOString()).toBe('2026-11-22T11:00:00.000Z');
  });

  it('use the custom range when it is valid, else one week', () => {
    const custom = { start: '2026-01-01T00:00:00Z', end: '2026-02-01T00:00:00Z' };
    expect(intervalRange(CUSTOM_RANGE, now, custom).end.toISOString()).toBe('2026-02-01T00:00:00.000Z');
    const backwards = { start: custom.end, end: custom.start };
    expect(intervalRange(CUSTOM_RANGE, now, backwards).start.toISOString()).toBe('2026-11-15T12:00:00.000Z');
  });
});
