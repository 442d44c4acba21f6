import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime } from './dateTime.ts';
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
