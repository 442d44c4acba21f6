import { parseLegacyDate } from '@fieldwatch/core';
import { useEffect, useState } from 'react';
import { MINUS } from '@/i18n/values.ts';

/** Formatting shared by the KPI, weather and list widgets: numbers and times in the interface language. */

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number with at most `digits` decimals (and at least `min`), in the language's digits and
 * separators, with a real minus sign (U+2212, as i18n/values.ts).
 */
export function formatNumber(lang: string, value: number, digits = 0, min = 0): string {
  const key = `${lang}|${digits}|${min}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(lang, { maximumFractionDigits: digits, minimumFractionDigits: min });
    numberFormats.set(key, f);
  }
  // -0 would print as "-0".
  const text = f.format(Object.is(Math.round(value * 10 ** digits), -0) ? 0 : value);
  return value < 0 ? text.replace('-', MINUS) : text;
}

/** A percentage of a 0–1 share, whole percent. */
export const formatPercent = (lang: string, share: number) =>
  new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 }).format(share);

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * The largest whole unit of the distance from `now` to `time` ("5 min ago", "yesterday"); under a
 * minute is "now". Pure: `now` is given.
 */
export function relativeParts(time: number, now: number): { value: number; unit: Intl.RelativeTimeFormatUnit } {
  const seconds = (time - now) / 1000;
  const abs = Math.abs(seconds);
  for (const [unit, size] of UNITS) {
    if (abs >= size) return { value: Math.trunc(seconds / size), unit };
  }
  return { value: 0, unit: 'second' };
}

export function formatRelative(lang: string, time: number, now: number): string {
  const { value, unit } = relativeParts(time, now);
  return new Intl.RelativeTimeFormat(lang, { numeric: 'auto', style: 'short' }).format(value, unit);
}

/** Milliseconds of an ISO time or a legacy 'YYYY-MM-DD HH:mm:ss' (UTC) time; undefined when unreadable. */
export function timeOf(text: string | null | undefined): number | undefined {
  if (!text) return undefined;
  const legacy = parseLegacyDate(text);
  if (legacy) return legacy.getTime();
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : ms;
}

/** The current time, renewed every `everyMs` (relative times stay right without a data change). */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}
