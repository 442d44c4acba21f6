import type { DateFormat, TimeFormat } from '../constants.ts';
import { zoneOf } from './timezones.ts';

/** The profile's time preferences (timeConfig) and language: how every date is shown. */
export type DatePreferences = {
  language: string;
  timeConfig: { timeFormat: TimeFormat; timezone: string; dateFormat: DateFormat };
};

/** An instant: a Date, an ISO text or milliseconds since the epoch. */
export type When = Date | string | number;
/** A date as shown: with the year (the default) or without, with the short weekday name first. */
export type DateOptions = { year?: boolean; weekday?: boolean };
export type TimeOptions = { seconds?: boolean };
/** A month as shown: short or long name, with the year (the default) or without. */
export type MonthOptions = { long?: boolean; year?: boolean };
export type WeekdayWidth = 'long' | 'short' | 'narrow';
/**
 * A calendar day or a wall-clock time that belongs to no timezone (a day bucket, an hour of the
 * day): 'YYYY-MM-DD', optionally with 'THH:mm[:ss]' and no zone, or a Date whose local fields hold it.
 */
export type WallTime = Date | string;

type Parts = Record<'weekday' | 'day' | 'month' | 'year' | 'hour' | 'minute' | 'second' | 'dayPeriod', string>;
const PART_TYPES = new Set(['weekday', 'day', 'month', 'year', 'hour', 'minute', 'second', 'dayPeriod']);
const UTC_LABEL = 'GMT +00:00 UTC';

const cache = new Map<string, Intl.DateTimeFormat>();
function cached(key: string, options: Intl.DateTimeFormatOptions, language = 'en-US'): Intl.DateTimeFormat {
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(language, { numberingSystem: 'latn', ...options });
    cache.set(key, f);
  }
  return f;
}

/** Every part of a date in the profile's language, timezone and clock; the order is ours, not the locale's. */
function formatter(p: DatePreferences): Intl.DateTimeFormat {
  const zone = zoneOf(p.timeConfig.timezone);
  const hourCycle = p.timeConfig.timeFormat === '12h' ? 'h12' : 'h23';
  return cached(
    `parts|${p.language}|${zone}|${hourCycle}`,
    {
      timeZone: zone,
      weekday: 'short',
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle,
    },
    p.language,
  );
}

function partsOf(date: When, p: DatePreferences): Parts {
  const out: Partial<Parts> = {};
  for (const part of formatter(p).formatToParts(new Date(date))) {
    if (PART_TYPES.has(part.type)) out[part.type as keyof Parts] = part.value;
  }
  return { weekday: '', day: '', month: '', year: '', hour: '', minute: '', second: '', dayPeriod: '', ...out };
}

/**
 * The date in the profile's order ('DD MMM YYYY' or 'MMM DD YYYY'), month name in its language;
 * `year: false` gives the short day-and-month form ('24 Nov' or 'Nov 24').
 */
export function formatDate(date: When, p: DatePreferences, opts: DateOptions = {}): string {
  const d = partsOf(date, p);
  const month = d.month.replace(/\.$/, '');
  const dayMonth = p.timeConfig.dateFormat === 'MMM DD YYYY' ? `${month} ${d.day}` : `${d.day} ${month}`;
  const text = opts.year === false ? dayMonth : `${dayMonth} ${d.year}`;
  return opts.weekday ? `${d.weekday.replace(/\.$/, '')} ${text}` : text;
}

/** The time of day in the profile's 12 or 24 hour clock and timezone. */
export function formatTime(date: When, p: DatePreferences, opts: TimeOptions = {}): string {
  const d = partsOf(date, p);
  const time = `${d.hour}:${d.minute}${opts.seconds ? `:${d.second}` : ''}`;
  return p.timeConfig.timeFormat === '12h' ? `${time} ${d.dayPeriod}`.trim() : time;
}

export function formatDateTime(date: When, p: DatePreferences, opts: DateOptions & TimeOptions = {}): string {
  return `${formatDate(date, p, opts)} ${formatTime(date, p, opts)}`;
}

/** A month ('Nov 2026', 'November'), as the language writes it; the profile's date order has no say here. */
export function formatMonth(date: When, p: DatePreferences, opts: MonthOptions = {}): string {
  const zone = zoneOf(p.timeConfig.timezone);
  const month = opts.long ? 'long' : 'short';
  const year = opts.year === false ? undefined : 'numeric';
  return cached(`month|${p.language}|${zone}|${month}|${year}`, { timeZone: zone, month, year }, p.language).format(
    new Date(date),
  );
}

/** The weekday's name in the profile's language and timezone. */
export function formatWeekday(date: When, p: DatePreferences, width: WeekdayWidth = 'short'): string {
  const zone = zoneOf(p.timeConfig.timezone);
  return cached(`weekday|${p.language}|${zone}|${width}`, { timeZone: zone, weekday: width }, p.language).format(
    new Date(date),
  );
}

type Wall = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The wall-clock fields an instant shows in an IANA zone. */
function wallFields(date: When, zone: string): Wall {
  const f = cached(`wall|${zone}`, {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const out: Record<string, number> = {};
  for (const part of f.formatToParts(new Date(date))) if (part.type !== 'literal') out[part.type] = Number(part.value);
  return {
    year: out.year ?? 1970,
    month: out.month ?? 1,
    day: out.day ?? 1,
    hour: (out.hour ?? 0) % 24,
    minute: out.minute ?? 0,
    second: out.second ?? 0,
  };
}

const utcOf = (w: Wall, ms = 0) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, ms);
const two = (n: number) => String(n).padStart(2, '0');

/**
 * The calendar day ('YYYY-MM-DD') an instant falls on in the profile's timezone (its stored label):
 * for file names and day keys.
 */
export function isoDay(date: When, p: DatePreferences | string): string {
  const w = wallFields(date, zoneOf(typeof p === 'string' ? p : p.timeConfig.timezone));
  return `${w.year}-${two(w.month)}-${two(w.day)}`;
}

/**
 * The wall-clock time an instant shows in the profile's timezone, as a Date whose local fields hold
 * it: for calendar code that counts in local days and hours (the range picker, chart tick steps).
 */
export function toWallTime(date: When, timezone: string): Date {
  const ms = new Date(date).getTime();
  const w = wallFields(ms, zoneOf(timezone));
  return new Date(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, ((ms % 1000) + 1000) % 1000);
}

/** The instant at which the profile's timezone shows the wall-clock time held in a Date's local fields. */
export function fromWallTime(wall: Date, timezone: string): Date {
  const zone = zoneOf(timezone);
  const wanted = Date.UTC(
    wall.getFullYear(),
    wall.getMonth(),
    wall.getDate(),
    wall.getHours(),
    wall.getMinutes(),
    wall.getSeconds(),
    wall.getMilliseconds(),
  );
  const offset = (t: number) => utcOf(wallFields(t, zone), ((t % 1000) + 1000) % 1000) - t;
  // A second pass settles the offset when the first guess lands across a daylight-saving change.
  const first = wanted - offset(wanted);
  return new Date(wanted - offset(first));
}

/** The UTC instant whose UTC fields are a wall time's, so that formatting it in UTC shifts nothing. */
function wallInstant(w: WallTime): Date {
  if (w instanceof Date) {
    return new Date(Date.UTC(w.getFullYear(), w.getMonth(), w.getDate(), w.getHours(), w.getMinutes(), w.getSeconds()));
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(w);
  if (!m) return new Date(Number.NaN);
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  return new Date(Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h || 0, mi || 0, s || 0));
}

/** Formatters of wall times: the profile's order, clock and language, no timezone shift. */
type CalendarFormatter = {
  date: (w: WallTime, opts?: DateOptions) => string;
  time: (w: WallTime, opts?: TimeOptions) => string;
  dateTime: (w: WallTime, opts?: DateOptions & TimeOptions) => string;
  month: (w: WallTime, opts?: MonthOptions) => string;
  weekday: (w: WallTime, width?: WeekdayWidth) => string;
};

/** Every form a screen shows a date in, bound to one user's preferences (timeConfig). */
export type DateFormatter = {
  readonly preferences: DatePreferences;
  /** The IANA zone times are shown in. */
  readonly timeZone: string;
  readonly hour12: boolean;
  date: (d: When, opts?: DateOptions) => string;
  time: (d: When, opts?: TimeOptions) => string;
  dateTime: (d: When, opts?: DateOptions & TimeOptions) => string;
  month: (d: When, opts?: MonthOptions) => string;
  weekday: (d: When, width?: WeekdayWidth) => string;
  isoDay: (d: When) => string;
  toWall: (d: When) => Date;
  fromWall: (wall: Date) => Date;
  /** Wall times (day buckets, hours of a picker): no timezone shift. */
  calendar: CalendarFormatter;
};

export function dateFormatter(p: DatePreferences): DateFormatter {
  const utc: DatePreferences = { ...p, timeConfig: { ...p.timeConfig, timezone: UTC_LABEL } };
  return {
    preferences: p,
    timeZone: zoneOf(p.timeConfig.timezone),
    hour12: p.timeConfig.timeFormat === '12h',
    date: (d, o) => formatDate(d, p, o),
    time: (d, o) => formatTime(d, p, o),
    dateTime: (d, o) => formatDateTime(d, p, o),
    month: (d, o) => formatMonth(d, p, o),
    weekday: (d, w) => formatWeekday(d, p, w),
    isoDay: (d) => isoDay(d, p),
    toWall: (d) => toWallTime(d, p.timeConfig.timezone),
    fromWall: (w) => fromWallTime(w, p.timeConfig.timezone),
    calendar: {
      date: (w, o) => formatDate(wallInstant(w), utc, o),
      time: (w, o) => formatTime(wallInstant(w), utc, o),
      dateTime: (w, o) => formatDateTime(wallInstant(w), utc, o),
      month: (w, o) => formatMonth(wallInstant(w), utc, o),
      weekday: (w, width) => formatWeekday(wallInstant(w), utc, width),
    },
  };
}
