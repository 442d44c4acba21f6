import { describe, expect, it } from 'vitest';
import { formatNumber, formatRelative, relativeParts, timeOf } from './format.ts';

describe('relativeParts', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('picks the largest whole unit', () => {
    expect(relativeParts(now - 30_000, now)).toEqual({ value: 0, unit: 'second' });
    expect(relativeParts(now - 5 * 60_000, now)).toEqual({ value: -5, unit: 'minute' });
    expect(relativeParts(now - 3 * 3600_000, now)).toEqual({ value: -3, unit: 'hour' });
    expect(relativeParts(now - 26 * 3600_000, now)).toEqual({ value: -1, unit: 'day' });
    expect(relativeParts(now - 15 * 86400_000, now)).toEqual({ value: -2, unit: 'week' });
    expect(relativeParts(now - 400 * 86400_000, now)).toEqual({ value: -1, unit: 'year' });
  });

  it('reads as words in the language', () => {
    expect(formatRelative('en', now - 26 * 3600_000, now)).toBe('yesterday');
    expect(formatRelative('en', now - 10_000, now)).toBe('now');
  });
});

describe('timeOf', () => {
  it('reads the legacy date format as UTC', () => {
    expect(timeOf('2026-11-22 03:00:00')).toBe(Date.parse('2026-11-22T03:00:00Z'));
  });
  it('reads ISO times', () => {
    expect(timeOf('2026-11-22T07:59:37.777Z')).toBe(Date.parse('2026-11-22T07:59:37.777Z'));
  });
  it('is undefined for nothing or nonsense', () => {
    expect(timeOf(null)).toBeUndefined();
    expect(timeOf('')).toBeUndefined();
    expect(timeOf('not a time')).toBeUndefined();
  });
});

describe('formatNumber', () => {
  it('rounds to the given decimals and never prints a negative zero', () => {
    expect(formatNumber('en', 18.64, 1, 1)).toBe('18.6');
    expect(formatNumber('en', 3, 1, 1)).toBe('3.0');
    expect(formatNumber('en', -0.04, 1)).toBe('0');
    expect(formatNumber('en', 1234)).toBe('1,234');
    // A real minus sign (U+2212), kept by Arabic's left-to-right mark.
    expect(formatNumber('en', -16.14, 1)).toBe('\u221216.1');
    expect(formatNumber('ar', -75)).toBe('\u200e\u221275');
  });
});
