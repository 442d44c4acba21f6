import type { UnitData } from '@fieldwatch/core';
import { unitIdsProp } from '../common/sensorUnits.ts';

/**
 * Pure helpers of the consumption widget. A consumption meter reports its energy register (kWh,
 * rising; the demo's heat meters do): what was used in a period is how much the register rose in
 * it. Each rise between two readings is spread evenly over the time between them, so a day gets
 * its share of a reading interval that crosses midnight, and a meter that was silent for a while
 * spreads its catch-up over the silence. A fall (a replaced or reset meter) counts as nothing.
 */

export const GROUPINGS = ['day', 'week', 'month'] as const;
export type Grouping = (typeof GROUPINGS)[number];
/** Meters one widget sums at most (one data call each). */
export const CONSUMPTION_MAX_UNITS = 25;

type ConsumptionProps = { units: number[]; grouping: Grouping; showTotal: boolean };

export function consumptionProps(p: Readonly<Record<string, unknown>>): ConsumptionProps {
  return {
    units: unitIdsProp(p.units, CONSUMPTION_MAX_UNITS),
    grouping: GROUPINGS.includes(p.grouping as Grouping) ? (p.grouping as Grouping) : 'day',
    showTotal: typeof p.showTotal === 'boolean' ? p.showTotal : true,
  };
}

export type Reading = readonly [ms: number, kwh: number];

/** The Consumption register of a unit's data as [ms, kWh], oldest first. */
export function registerReadings(data: UnitData | undefined): Reading[] {
  const series = data?.series.find((s) => s.column === 'Consumption');
  if (!series) return [];
  return series.points
    .map(([time, v]) => [Date.parse(time), v] as const)
    .filter(([ms, v]) => Number.isFinite(ms) && Number.isFinite(v))
    .sort((a, b) => a[0] - b[0]);
}

/**
 * The clock periods are counted on: the wall time an instant shows (as a Date's local fields) and
 * back. The widget passes the profile's timezone (useDateFormat); the default is the browser's.
 */
export type WallClock = { toWall: (ms: number) => Date; fromWall: (wall: Date) => Date };
const LOCAL: WallClock = { toWall: (ms) => new Date(ms), fromWall: (wall) => wall };

/** The start (in the clock's timezone) of the day, week (from Monday) or month holding `ms`. */
export function periodStart(ms: number, grouping: Grouping, clock: WallClock = LOCAL): number {
  const d = clock.toWall(ms);
  d.setHours(0, 0, 0, 0);
  if (grouping === 'week') d.setDate(d.getDate() - ((d.getDay() + 6) % 7));
  if (grouping === 'month') d.setDate(1);
  return clock.fromWall(d).getTime();
}

/** The start of the period after the one holding `ms` (calendar steps: summer time keeps midnights). */
export function nextPeriod(ms: number, grouping: Grouping, clock: WallClock = LOCAL): number {
  const d = clock.toWall(periodStart(ms, grouping, clock));
  if (grouping === 'day') d.setDate(d.getDate() + 1);
  else if (grouping === 'week') d.setDate(d.getDate() + 7);
  else d.setMonth(d.getMonth() + 1);
  return clock.fromWall(d).getTime();
}

export type Bucket = { start: number; from: number; to: number };

/** The periods covering [start, end): `start` is the period's own start, [from, to) its part inside the range. */
export function buckets(start: number, end: number, grouping: Grouping, clock: WallClock = LOCAL): Bucket[] {
  const out: Bucket[] = [];
  if (!(end > start)) return out;
  for (let p = periodStart(start, grouping, clock); p < end && out.length < 1000; p = nextPeriod(p, grouping, clock)) {
    const to = Math.min(nextPeriod(p, grouping, clock), end);
    out.push({ start: p, from: Math.max(p, start), to });
  }
  return out;
}

/**
 * What the register rose by in each of the windows (sorted, not overlapping); null for a window
 * no pair of readings reaches into (nothing known about it).
 */
export function spreadConsumption(readings: readonly Reading[], windows: readonly { from: number; to: number }[]) {
  const out: (number | null)[] = windows.map(() => null);
  let w = 0;
  for (let i = 1; i < readings.length; i++) {
    const [t0, v0] = readings[i - 1] as Reading;
    const [t1, v1] = readings[i] as Reading;
    if (t1 <= t0) continue;
    const rise = Math.max(0, v1 - v0);
    while (w < windows.length && (windows[w] as { to: number }).to <= t0) w++;
    for (let k = w; k < windows.length; k++) {
      const win = windows[k] as { from: number; to: number };
      if (win.from >= t1) break;
      const overlap = Math.min(t1, win.to) - Math.max(t0, win.from);
      if (overlap <= 0) continue;
      out[k] = (out[k] ?? 0) + (rise * overlap) / (t1 - t0);
    }
  }
  return out;
}

/** The share of [from, to) that the readings span (0–1). */
export function coverage(readings: readonly Reading[], from: number, to: number): number {
  if (readings.length < 2 || !(to > from)) return 0;
  const first = (readings[0] as Reading)[0];
  const last = (readings[readings.length - 1] as Reading)[0];
  return Math.max(0, Math.min(last, to) - Math.max(first, from)) / (to - from);
}

/** A meter's readings must span this share of both periods to take part in the comparison. */
export const COMPARABLE_COVERAGE = 0.9;

export type ConsumptionSummary = {
  buckets: Bucket[];
  /** kWh per bucket summed over the meters; null where no meter has data. */
  values: (number | null)[];
  /** kWh in the range (null without any data). */
  total: number | null;
  /** The same meters' use in the period before (as long as the range), when they cover both. */
  previous: number | null;
  /** Change against the previous period as a share (0.12 = +12 %), null when there is nothing to compare. */
  change: number | null;
  /** How many meters the comparison is based on. */
  compared: number;
};

/** Consumption of several meters per period over [start, end), their total and the change against the period before. */
export function summarize(
  meters: readonly (readonly Reading[])[],
  range: { start: number; end: number },
  grouping: Grouping,
  clock: WallClock = LOCAL,
): ConsumptionSummary {
  const { start, end } = range;
  const span = end - start;
  const bs = buckets(start, end, grouping, clock);
  const values: (number | null)[] = bs.map(() => null);
  let total: number | null = null;
  let now = 0;
  let before = 0;
  let compared = 0;
  for (const readings of meters) {
    const per = spreadConsumption(readings, bs);
    per.forEach((v, i) => {
      if (v !== null) values[i] = (values[i] ?? 0) + v;
    });
    const [previous = null, current = null] = spreadConsumption(readings, [
      { from: start - span, to: start },
      { from: start, to: end },
    ]);
    if (current !== null) total = (total ?? 0) + current;
    const comparable =
      coverage(readings, start, end) >= COMPARABLE_COVERAGE &&
      coverage(readings, start - span, start) >= COMPARABLE_COVERAGE;
    if (comparable && current !== null && previous !== null) {
      now += current;
      before += previous;
      compared++;
    }
  }
  const change = compared > 0 && before > 0 ? now / before - 1 : null;
  return { buckets: bs, values, total, previous: compared > 0 ? before : null, change, compared };
}
