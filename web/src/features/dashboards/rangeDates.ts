/** Dates of the custom range picker: local time, pure (no React), tested on their own. */
import type { DateFormatter } from '@fieldwatch/core';

export const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());
export const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
export const addMonths = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth() + n, 1);
export const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
export const dayKey = (d: Date) => `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`;
export const earlier = (a: Date, b: Date) => (a < b ? a : b);
export const later = (a: Date, b: Date) => (a < b ? b : a);
const daysIntoWeek = (d: Date, firstDay: number) => (d.getDay() - (firstDay % 7) + 7) % 7;

/** The first day of the week in this language (1 Monday … 7 Sunday); Monday when the browser cannot tell. */
export function weekStart(locale: string): number {
  try {
    const l = new Intl.Locale(locale) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    return l.getWeekInfo?.().firstDay ?? l.weekInfo?.firstDay ?? 1;
  } catch {
    return 1;
  }
}

/** The weeks of a month as rows of seven days; days of the neighbouring months are null. */
export function monthGrid(month: Date, firstDay: number): (Date | null)[][] {
  const first = new Date(month.getFullYear(), month.getMonth(), 1);
  const lead = daysIntoWeek(first, firstDay);
  const days = new Date(month.getFullYear(), month.getMonth() + 1, 0).getDate();
  const cells: (Date | null)[] = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length: days }, (_, i) => new Date(month.getFullYear(), month.getMonth(), i + 1)),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

/** A picked period: first and last day (inclusive), start hour 0–23 and end hour 1–24 (24: end of day). */
export type Selection = { from: Date; to: Date; startHour: number; endHour: number };

export function selectionRange(s: Selection): { start: Date; end: Date } {
  const start = new Date(s.from.getFullYear(), s.from.getMonth(), s.from.getDate(), s.startHour);
  const end = new Date(s.to.getFullYear(), s.to.getMonth(), s.to.getDate(), s.endHour);
  return { start, end };
}

/** The selection that shows a stored range; an end at midnight is the end of the day before. */
export function rangeSelection(start: Date, end: Date): Selection {
  const midnight = end.getHours() === 0 && end.getMinutes() === 0 && end > start;
  return {
    from: startOfDay(start),
    startHour: start.getHours(),
    to: midnight ? addDays(startOfDay(end), -1) : startOfDay(end),
    endHour: midnight ? 24 : Math.max(1, end.getHours()),
  };
}

/**
 * The day the calendar's keyboard moves to (the date-picker grid pattern of WAI-ARIA): arrows by
 * a day or a week (left and right mirror in RTL), Page Up/Down by a month (with Shift a year),
 * Home/End to the week's first and last day. Undefined for other keys.
 */
export function moveDay(
  key: string,
  d: Date,
  { firstDay, rtl = false, shift = false }: { firstDay: number; rtl?: boolean; shift?: boolean },
): Date | undefined {
  const months = shift ? 12 : 1;
  switch (key) {
    case 'ArrowRight':
      return addDays(d, rtl ? -1 : 1);
    case 'ArrowLeft':
      return addDays(d, rtl ? 1 : -1);
    case 'ArrowDown':
      return addDays(d, 7);
    case 'ArrowUp':
      return addDays(d, -7);
    case 'PageDown':
    case 'PageUp': {
      const target = d.getMonth() + (key === 'PageDown' ? months : -months);
      const last = new Date(d.getFullYear(), target + 1, 0).getDate();
      return new Date(d.getFullYear(), target, Math.min(d.getDate(), last));
    }
    case 'Home':
      return addDays(d, -daysIntoWeek(d, firstDay));
    case 'End':
      return addDays(d, 6 - daysIntoWeek(d, firstDay));
    default:
      return undefined;
  }
}

export const PRESETS = ['today', 'yesterday', 'thisWeek', 'lastWeek', 'thisMonth', 'lastMonth'] as const;
export type Preset = (typeof PRESETS)[number];

/** Whole days of a quick pick, as a selection (local time). */
export function presetSelection(preset: Preset, now: Date, firstDay: number): Selection {
  const today = startOfDay(now);
  const week = addDays(today, -daysIntoWeek(today, firstDay));
  const month = new Date(today.getFullYear(), today.getMonth(), 1);
  const days = (from: Date, to: Date): Selection => ({ from, to, startHour: 0, endHour: 24 });
  switch (preset) {
    case 'today':
      return days(today, today);
    case 'yesterday':
      return days(addDays(today, -1), addDays(today, -1));
    case 'thisWeek':
      return days(week, today);
    case 'lastWeek':
      return days(addDays(week, -7), addDays(week, -1));
    case 'thisMonth':
      return days(month, today);
    case 'lastMonth':
      return days(addMonths(month, -1), addDays(month, -1));
  }
}

/**
 * The picker counts in days and hours of the profile's timezone: a stored range is read as wall
 * times there (rangeDates.ts works in a Date's local fields) and a picked one turned back into instants.
 */
export const wallSelection = (range: { start: string; end: string }, dates: DateFormatter) =>
  rangeSelection(dates.toWall(range.start), dates.toWall(range.end));
export const instantRange = (s: Selection, dates: DateFormatter) => {
  const { start, end } = selectionRange(s);
  return { start: dates.fromWall(start).toISOString(), end: dates.fromWall(end).toISOString() };
};
