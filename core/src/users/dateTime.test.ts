import { describe, expect, it } from 'vitest';
import {
  dateFormatter,
  formatDate,
  formatDateTime,
  formatMonth,
  formatTime,
  fromWallTime,
  isoDay,
  toWallTime,
} from './dateTime.ts';
import { TIMEZONES, zoneOf } from './timezones.ts';

const at = '2026-11-24T13:05:09Z';
const prefs = (
  over: Partial<{ timeFormat: '24h' | '12h'; timezone: string; dateFormat: 'MMM DD YYYY' | 'DD MMM YYYY' }> = {},
  language = 'en',
) => ({
  language,
  timeConfig: {
    timeFormat: '24h' as const,
    timezone: 'GMT +01:00 Stockholm',
    dateFormat: 'DD MMM YYYY' as const,
    ...over,
  },
});

describe('date and time in the profile preferences', () => {
  it('orders the date as the profile says', () => {
    expect(formatDate(at, prefs())).toBe('24 Nov 2026');
    expect(formatDate(at, prefs({ dateFormat: 'MMM DD YYYY' }))).toBe('Nov 24 2026');
  });

  it('shows the time in the profile timezone and clock', () => {
    expect(formatTime(at, prefs())).toBe('14:05');
    expect(formatTime(at, prefs({ timezone: 'GMT +09:00 Seoul' }))).toBe('22:05');
    expect(formatTime(at, prefs({ timeFormat: '12h' }))).toBe('02:05 PM');
    expect(formatTime(at, prefs(), { seconds: true })).toBe('14:05:09');
  });

  it('crosses the date line with the timezone', () => {
    expect(formatDateTime('2026-11-24T20:30:00Z', prefs({ timezone: 'GMT +10:00 Sydney' }))).toBe('25 Nov 2026 07:30');
  });

  it('names the month in the interface language', () => {
    expect(formatDate(at, prefs({}, 'de'))).toBe('24 Nov 2026');
    expect(formatDate(at, prefs({}, 'sv'))).toBe('24 nov 2026');
    expect(formatDate(at, prefs({}, 'ar'))).toMatch(/^24 .+ 2026$/);
  });

  it('knows an IANA zone for every label, and Stockholm for an unknown one', () => {
    for (const t of TIMEZONES) expect(() => new Intl.DateTimeFormat('en', { timeZone: t.zone })).not.toThrow();
    expect(zoneOf('GMT +01:00 Stockholm')).toBe('Europe/Stockholm');
    expect(zoneOf('somewhere')).toBe('Europe/Stockholm');
  });
});

describe('the other forms of a date', () => {
  const seoul12 = prefs({ timezone: 'GMT +09:00 Seoul', timeFormat: '12h' });

  it('gives day and month without the year, and the weekday, in the profile order', () => {
    expect(formatDate(at, prefs(), { year: false })).toBe('24 Nov');
    expect(formatDate(at, prefs({ dateFormat: 'MMM DD YYYY' }), { year: false })).toBe('Nov 24');
    expect(formatDate(at, prefs(), { weekday: true })).toBe('Tue 24 Nov 2026');
    expect(formatDateTime('2026-11-24T20:30:00Z', seoul12, { year: false })).toBe('25 Nov 05:30 AM');
  });

  it('names months as the language writes them, in the profile timezone', () => {
    expect(formatMonth('2026-11-30T20:00:00Z', prefs())).toBe('Nov 2026');
    expect(formatMonth('2026-11-30T20:00:00Z', prefs({ timezone: 'GMT +09:00 Seoul' }), { long: true })).toBe(
      'December 2026',
    );
    expect(formatMonth(at, prefs(), { year: false })).toBe('Nov');
  });

  it('keys the calendar day in the profile timezone', () => {
    expect(isoDay('2026-11-24T20:30:00Z', prefs())).toBe('2026-11-24');
    expect(isoDay('2026-11-24T20:30:00Z', seoul12)).toBe('2026-11-25');
    expect(isoDay('2026-11-25T06:00:00Z', prefs({ timezone: 'GMT -08:00 Los Angeles' }))).toBe('2026-11-24');
  });

  it('turns instants into wall times of the profile timezone and back', () => {
    const wall = toWallTime('2026-11-24T20:30:00Z', 'GMT +09:00 Seoul');
    expect([wall.getFullYear(), wall.getMonth(), wall.getDate(), wall.getHours(), wall.getMinutes()]).toEqual([
      2026, 10, 25, 5, 30,
    ]);
    expect(fromWallTime(wall, 'GMT +09:00 Seoul').toISOString()).toBe('2026-11-24T20:30:00.000Z');
    // Midnight of the day Stockholm leaves summer time, and of the day after.
    expect(fromWallTime(new Date(2026, 9, 25), 'GMT +01:00 Stockholm').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(fromWallTime(new Date(2026, 9, 26), 'GMT +01:00 Stockholm').toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });

  it('formats wall times (day buckets, hours of a picker) with no timezone shift', () => {
    const f = dateFormatter(prefs({ timezone: 'GMT -08:00 Los Angeles', timeFormat: '12h' }));
    expect(f.calendar.date('2026-11-24', { year: false })).toBe('24 Nov');
    expect(f.calendar.date(new Date(2026, 10, 24))).toBe('24 Nov 2026');
    expect(f.calendar.time(new Date(2000, 0, 1, 13))).toBe('01:00 PM');
    expect(f.date('2026-11-24T00:00:00Z')).toBe('23 Nov 2026');
    expect(f.timeZone).toBe('America/Los_Angeles');
    expect(f.hour12).toBe(true);
  });
});
