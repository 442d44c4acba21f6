import { describe, expect, it } from 'vitest';
import { BUILTIN_KEYS } from './builtins.ts';
import {
  ALL_RANGES,
  CUSTOM_RANGE,
  DATA_VIEW_RANGES,
  intervalRange,
  offeredInterval,
  rangeChoices,
  TIME_RANGES,
} from './timeRanges.ts';

const now = new Date('2026-11-22T12:00:00Z');

describe('date intervals', () => {
  it('are the ranges, the default (4) being one week', () => {
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

const HOUR = 3600_000;
const DAY = 24 * HOUR;

describe('interval choices of the data view', () => {
  it('are 1 hour, 6 hours, 1 day, 3 days, 7 days and 30 days, nothing longer', () => {
    expect(DATA_VIEW_RANGES.map((i) => TIME_RANGES[i]?.ms)).toEqual([HOUR, 6 * HOUR, DAY, 3 * DAY, 7 * DAY, 30 * DAY]);
    expect(DATA_VIEW_RANGES.map((i) => TIME_RANGES[i]?.key)).toEqual(['1h', '6h', '24h', '72h', '1w', '1m']);
    for (const key of ['2m', '6m', '1y', 'custom'])
      expect(DATA_VIEW_RANGES, key).not.toContain(TIME_RANGES.findIndex((r) => r.key === key));
  });

  it('are offered by the data view (the built-in telemetry dashboard) only; every other dashboard offers every range', () => {
    expect(rangeChoices('telemetry')).toBe(DATA_VIEW_RANGES);
    for (const key of BUILTIN_KEYS.filter((k) => k !== 'telemetry')) expect(rangeChoices(key), key).toBe(ALL_RANGES);
    expect(rangeChoices(undefined)).toBe(ALL_RANGES);
    expect(ALL_RANGES).toEqual(TIME_RANGES.map((_, i) => i));
  });

  it('turn a range the view does not offer into its longest choice, 30 days', () => {
    const thirtyDays = TIME_RANGES.findIndex((r) => r.key === '1m');
    for (const key of ['2m', '6m', '1y', 'custom']) {
      const index = TIME_RANGES.findIndex((r) => r.key === key);
      expect(offeredInterval(index, DATA_VIEW_RANGES), key).toBe(thirtyDays);
      expect(offeredInterval(index, ALL_RANGES), key).toBe(index);
    }
    for (const index of DATA_VIEW_RANGES) expect(offeredInterval(index, DATA_VIEW_RANGES)).toBe(index);
  });
});
