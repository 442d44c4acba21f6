/**
 * When a slowly moving value will cross its next alarm level, from a robust trend of its recent
 * readings.
 *
 * The trend is a Theil–Sen slope (the median of pairwise slopes, which a few odd readings cannot
 * move) over pairs of readings a whole number of days apart: the daily cycle (a pipe's resistance
 * follows the day's temperature) is the same at both ends of such a pair and cancels out. Only the
 * most recent pairs count (`windowMs` of end points), so a change shows within hours, not days.
 * Insulation resistance is read on a log scale, on which water entering the foam is a straight
 * line (it falls by the same factor every hour); the battery's voltage on a linear one.
 */

import { DAY_MS } from '../constants.ts';

export type ForecastScale = 'log' | 'linear';

export type Reading = { t: number; v: number };

export type ForecastOptions = {
  scale: ForecastScale;
  /** End points of the pairs lie within this long before the newest reading. */
  windowMs: number;
  /** The pairs' spans: whole days (ms), each with ±`toleranceMs`. */
  spansMs: readonly number[];
  toleranceMs?: number;
  /** Fewer pairs than this give no trend. */
  minPairs?: number;
};

export type Trend = { slopePerDay: number; pairs: number; latest: Reading };

export type Crossing = {
  /** The level the value is heading for (the next one it has not crossed). */
  limit: number;
  /** When the trend reaches it (ms since the epoch). */
  at: number;
  /** Its change per day on the forecast's scale (log10 units for resistance, volts for a battery). */
  slopePerDay: number;
};

const transform = (scale: ForecastScale, v: number) => (scale === 'log' ? Math.log10(Math.max(v, 1e-6)) : v);

function median(values: number[]): number {
  values.sort((a, b) => a - b);
  const mid = values.length >> 1;
  return values.length % 2 ? (values[mid] as number) : ((values[mid - 1] as number) + (values[mid] as number)) / 2;
}

/** The robust trend of readings ordered by time; null when too few pairs span whole days. */
export function trendOf(readings: readonly Reading[], o: ForecastOptions): Trend | null {
  const latest = readings[readings.length - 1];
  if (!latest) return null;
  const tolerance = o.toleranceMs ?? 20 * 60_000;
  const from = latest.t - o.windowMs;
  const slopes: number[] = [];
  // Readings arrive in time order: for each end point, walk back to each span's partner.
  let j = 0;
  for (let i = readings.length - 1; i >= 0; i--) {
    const end = readings[i] as Reading;
    if (end.t < from) break;
    for (const span of o.spansMs) {
      const want = end.t - span;
      // Binary search for the reading nearest to `want`.
      let lo = 0;
      let hi = i;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((readings[mid] as Reading).t < want) lo = mid + 1;
        else hi = mid;
      }
      for (const k of [lo - 1, lo]) {
        const start = readings[k];
        if (!start || k >= i || Math.abs(start.t - want) > tolerance) continue;
        slopes.push(((transform(o.scale, end.v) - transform(o.scale, start.v)) / (end.t - start.t)) * DAY_MS);
        j++;
        break;
      }
    }
  }
  if (j < (o.minPairs ?? 6)) return null;
  return { slopePerDay: median(slopes), pairs: j, latest };
}

/**
 * When a falling value reaches the highest of `levels` it is still above (levels in any order):
 * null when it is not falling, is past every level already, or would take longer than `horizonMs`.
 * It starts from the median of the latest readings, so one odd reading does not move the forecast.
 */
export function fallingCrossing(
  readings: readonly Reading[],
  levels: readonly number[],
  o: ForecastOptions & { horizonMs: number },
): Crossing | null {
  const trend = trendOf(readings, o);
  if (!trend || trend.slopePerDay >= 0) return null;
  const recent = readings.slice(-5);
  const now = median(recent.map((r) => transform(o.scale, r.v)));
  const when = median(recent.map((r) => r.t));
  const next = levels
    .filter((l) => transform(o.scale, l) < now)
    .reduce<number | null>((a, l) => (a === null || l > a ? l : a), null);
  if (next === null) return null;
  const days = (transform(o.scale, next) - now) / trend.slopePerDay;
  if (days * DAY_MS > o.horizonMs) return null;
  return { limit: next, at: when + days * DAY_MS, slopePerDay: trend.slopePerDay };
}

/** Insulation resistance: the last 12 hours' readings against the same hour one and two days before. */
export const INSULATION_FORECAST: ForecastOptions = {
  scale: 'log',
  windowMs: 12 * 3_600_000,
  spansMs: [DAY_MS, 2 * DAY_MS],
};

/** Battery voltage: the last two weeks against the same hour one to four weeks before. */
export const BATTERY_FORECAST: ForecastOptions = {
  scale: 'linear',
  windowMs: 14 * DAY_MS,
  spansMs: [7 * DAY_MS, 14 * DAY_MS, 21 * DAY_MS, 28 * DAY_MS],
  toleranceMs: 3 * 3_600_000,
};

/**
 * Battery voltage of a unit with a year's history: the last two weeks against the same days a year
 * before. A battery sags in the cold by far more than it ages in a month (a winter's passing
 * weather moves it ten times its monthly loss), but a year apart the season is the same at both ends
 * and only the ageing is left.
 */
export const BATTERY_YEAR_FORECAST: ForecastOptions = {
  scale: 'linear',
  windowMs: 14 * DAY_MS,
  spansMs: [365 * DAY_MS],
  toleranceMs: 12 * 3_600_000,
};

/** When the battery reaches `limit`: from the year's pairs where the readings reach back a year, else the recent weeks'. */
export function batteryCrossing(readings: readonly Reading[], limit: number, horizonMs: number): Crossing | null {
  const options = trendOf(readings, BATTERY_YEAR_FORECAST) ? BATTERY_YEAR_FORECAST : BATTERY_FORECAST;
  return fallingCrossing(readings, [limit], { ...options, horizonMs });
}

/** The battery's readings a forecast reads: the last six weeks, and the two weeks a year before them. */
export const BATTERY_HISTORY_DAYS = { recent: 42, yearAgoFrom: 380, yearAgoTo: 364 } as const;

/** How far ahead a forecast is kept and shown (unit list, unit details): two months. */
export const FORECAST_HORIZON_DAYS = 60;
/** A crossing predicted within this many days raises a warning, unless the organization sets its own. */
export const DEFAULT_FORECAST_WARNING_DAYS = 7;
/** The longest warning time an organization may set: the horizon itself. */
export const MAX_FORECAST_WARNING_DAYS = FORECAST_HORIZON_DAYS;
