import type { UnitData } from '@fieldwatch/core';
import { numberProp, unitIdsProp } from '../common/sensorUnits.ts';

/** Pure helpers of the water-level widget: its props, a level's state, the gauge scale and the sparkline. */

const WATER_LEVEL_DEFAULT_HIGH_CM = 80;
export const WATER_LEVEL_MAX_CM = 2000;
/** At most this many pits side by side. */
export const WATER_LEVEL_MAX_UNITS = 6;

type WaterLevelProps = { units: number[]; high: number; low: number | undefined };

/** The widget's props read defensively: the high level (default 80 cm), an optional low level below it. */
export function waterLevelProps(p: Readonly<Record<string, unknown>>): WaterLevelProps {
  const high = numberProp(p.high, 1, WATER_LEVEL_MAX_CM, WATER_LEVEL_DEFAULT_HIGH_CM);
  const low = numberProp(p.low, 0, WATER_LEVEL_MAX_CM, undefined);
  return {
    units: unitIdsProp(p.units, WATER_LEVEL_MAX_UNITS),
    high,
    low: low !== undefined && low < high ? low : undefined,
  };
}

export type LevelState = 'high' | 'low' | 'normal' | 'none';

/** High at or above the high level, low at or below the low level. */
export function levelState(level: number | undefined, high: number, low?: number): LevelState {
  if (level === undefined || !Number.isFinite(level)) return 'none';
  if (level >= high) return 'high';
  if (low !== undefined && level <= low) return 'low';
  return 'normal';
}

/** The top of the gauge (cm): room above the high level and the highest value seen, on a round figure. */
export function gaugeTop(high: number, values: readonly number[]): number {
  const peak = Math.max(high * 1.25, ...values.filter(Number.isFinite).map((v) => v * 1.1));
  const step = peak > 200 ? 50 : peak > 50 ? 20 : 10;
  return Math.ceil(peak / step) * step;
}

/** The WaterLevel points of a unit's data, as [ms, cm], oldest first. */
export function levelPoints(data: UnitData | undefined): [number, number][] {
  const series = data?.series.find((s) => s.column === 'WaterLevel');
  if (!series) return [];
  return series.points
    .map(([time, v]) => [Date.parse(time), v] as [number, number])
    .filter(([ms, v]) => Number.isFinite(ms) && Number.isFinite(v))
    .sort((a, b) => a[0] - b[0]);
}

/**
 * An SVG path of the points over [start, end] in a width × height box, 0 cm at the bottom and
 * `top` at the top; empty without points. Time runs left to right in every language.
 */
export function sparkPath(
  points: readonly [number, number][],
  range: { start: number; end: number },
  top: number,
  width: number,
  height: number,
): string {
  const span = range.end - range.start;
  if (points.length === 0 || span <= 0 || top <= 0) return '';
  const x = (ms: number) => (((ms - range.start) / span) * width).toFixed(1);
  const y = (v: number) => (height - (Math.min(Math.max(v, 0), top) / top) * height).toFixed(1);
  return points.map(([ms, v], i) => `${i === 0 ? 'M' : 'L'}${x(ms)} ${y(v)}`).join(' ');
}
