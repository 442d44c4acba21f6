import { describe, expect, it } from 'vitest';
import {
  BATTERY_FORECAST,
  batteryCrossing,
  fallingCrossing,
  INSULATION_FORECAST,
  type Reading,
  trendOf,
} from './forecast.ts';

const H = 3_600_000;
const D = 24 * H;
const start = Date.parse('2026-11-01T00:00:00Z');
/** Hourly readings over `days` days of f(t). */
const hourly = (days: number, f: (t: number) => number): Reading[] =>
  Array.from({ length: days * 24 + 1 }, (_, i) => ({ t: start + i * H, v: f(start + i * H) }));
/** A daily swing of ±5 % (the pipe follows the day's temperature). */
const daily = (t: number) => 1 + 0.05 * Math.sin((2 * Math.PI * t) / D);
const LEVELS = [10, 5, 1, 0.5];
const insulation = { ...INSULATION_FORECAST, horizonMs: 7 * D };

describe('forecasts of the next alarm level', () => {
  it('sees no trend in a dry pipe that only follows the day', () => {
    const readings = hourly(4, (t) => 120 * daily(t));
    expect(Math.abs(trendOf(readings, INSULATION_FORECAST)?.slopePerDay ?? 1)).toBeLessThan(1e-9);
    expect(fallingCrossing(readings, LEVELS, insulation)).toBeNull();
  });

  it('predicts when water brings the resistance below the next level', () => {
    // Falls by a factor e every 12 hours from 100 MΩ, from the second day on.
    const onset = start + 36 * H;
    const r = (t: number) => (t < onset ? 100 : 100 * Math.exp(-(t - onset) / (12 * H))) * daily(t);
    const readings = hourly(4, r);
    const c = fallingCrossing(readings, LEVELS, insulation);
    const now = readings.at(-1)?.v ?? 0;
    expect(c?.limit).toBe(LEVELS.find((l) => l < now));
    // Truth: the level is crossed where the exponential reaches it.
    const truth = onset + 12 * H * Math.log(100 / (c?.limit ?? 1));
    expect(Math.abs((c?.at ?? 0) - truth)).toBeLessThan(6 * H);
  });

  it('gives no forecast beyond the horizon, nor for a rising value', () => {
    const slow = hourly(4, (t) => 100 * Math.exp(-(t - start) / (200 * D)));
    expect(fallingCrossing(slow, LEVELS, insulation)).toBeNull();
    const drying = hourly(4, (t) => 2 * Math.exp((t - start) / (2 * D)));
    expect(fallingCrossing(drying, LEVELS, insulation)).toBeNull();
  });

  it('is not moved by a few odd readings', () => {
    const readings = hourly(4, (t) => 120 * daily(t));
    for (const i of [80, 85, 90]) (readings[i] as Reading).v = 3;
    expect(fallingCrossing(readings, LEVELS, insulation)).toBeNull();
  });

  it('forecasts a battery on a linear scale', () => {
    // 3.5 V falling 0.01 V a day: 3.3 V in 20 days after the last reading.
    const readings: Reading[] = Array.from({ length: 30 * 8 + 1 }, (_, i) => {
      const t = start + i * 3 * H;
      return { t, v: 3.5 + 0.3 - (0.01 * (t - start)) / D };
    });
    const last = readings.at(-1) as Reading;
    const c = fallingCrossing(readings, [3.3], { ...BATTERY_FORECAST, horizonMs: 365 * D });
    expect(c?.limit).toBe(3.3);
    expect(Math.abs((c?.at ?? 0) - (last.t + ((last.v - 3.3) / 0.01) * D))).toBeLessThan(H);
  });

  it('reads a battery that sags in the cold against the same days a year before', () => {
    // Ages 0.05 V a year; sags up to 0.04 V with the season, which here is warming up (February).
    const Y = 365 * D;
    const v = (t: number) =>
      3.45 - (0.05 * (t - start)) / Y - 0.02 * (1 + Math.cos((2 * Math.PI * (t - start + 60 * D)) / Y));
    const days = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => ({ t: start + (from + i) * D, v: v(start + (from + i) * D) }));
    const yearAndWeeks = [...days(-380, -364), ...days(-42, 0)];
    const c = batteryCrossing(yearAndWeeks, 3.3, 10 * Y);
    const recent = yearAndWeeks.slice(-5);
    const from = recent[2] as Reading; // the forecast starts at the latest readings' median
    expect(c?.slopePerDay).toBeCloseTo(-0.05 / 365, 6);
    expect(Math.abs((c?.at ?? 0) - (from.t + ((from.v - 3.3) / (0.05 / 365)) * D))).toBeLessThan(2 * D);
    // Six weeks alone see the spring's recovery, not the ageing: no falling trend at all.
    expect(batteryCrossing(days(-42, 0), 3.3, 10 * Y)).toBeNull();
  });

  it('needs readings a whole number of days apart', () => {
    expect(
      trendOf(
        hourly(0.5, () => 10),
        INSULATION_FORECAST,
      ),
    ).toBeNull();
  });
});
