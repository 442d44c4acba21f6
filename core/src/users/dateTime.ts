import type { DateFormat, TimeFormat } from '../constants.ts';
import { zoneOf } from './timezones.ts';

/** The profile's time preferences (spec §3 timeConfig) and language: how every date is shown. */
export type DatePreferences = {
  language: string;
  timeConfig: { timeFormat: TimeFormat; timezone: string; dateFormat: DateFormat };
};

type Parts = Record<'day' | 'month' | 'year' | 'hour' | 'minute' | 'second' | 'dayPeriod', string>;

const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(p: DatePreferences, seconds: boolean): Intl.DateTimeFormat {
  const key = `${p.language}|${p.timeConfig.timezone}|${p.timeConfig.timeFormat}|${seconds}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(p.language, {
      timeZone: zoneOf(p.timeConfig.timezone),
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      ...(seconds ? { second: '2-digit' } : {}),
      hourCycle: p.timeConfig.timeFormat === '12h' ? 'h12' : 'h23',
      numberingSystem: 'latn',
    });
    cache.set(key, f);
  }
  return f;
}

function partsOf(date: Date | string | number, p: DatePreferences, seconds: boolean): Parts {
  const out: Partial<Parts> = {};
  for (const part of formatter(p, seconds).formatToParts(new Date(date))) {
    if (part.type in { day: 1, month: 1, year: 1, hour: 1, minute: 1, second: 1, dayPeriod: 1 })
      out[part.type as keyof Parts] = part.value;
  }
  return { day: '', month: '', year: '', hour: '', minute: '', second: '', dayPeriod: '', ...out };
}

/** The date in the profile's order ('DD MMM YYYY' or 'MMM DD YYYY'), month name in its language. */
export function formatDate(date: Date | string | number, p: DatePreferences): string {
  const d = partsOf(date, p, false);
  const month = d.month.replace(/\.$/, '');
  return p.timeConfig.dateFormat === 'MMM DD YYYY' ? `${month} ${d.day} ${d.year}` : `${d.day} ${month} ${d.year}`;
}

/** The time of day in the profile's 12 or 24 hour clock and timezone. */
export function formatTime(date: Date | string | number, p: DatePreferences, opts: { seconds?: boolean } = {}): string {
  const d = partsOf(date, p, opts.seconds ?? false);
  const time = `${d.hour}:${d.minute}${opts.seconds ? `:${d.second}` : ''}`;
  return p.timeConfig.timeFormat === '12h' ? `${time} ${d.dayPeriod}`.trim() : time;
}

export function formatDateTime(
  date: Date | string | number,
  p: DatePreferences,
  opts: { seconds?: boolean } = {},
): string {
  return `${formatDate(date, p)} ${formatTime(date, p, opts)}`;
}
