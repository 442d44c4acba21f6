import { formatLegacyDate, parseLegacyDate } from '@fieldwatch/core';
import { typesetMinus } from '@/i18n/values.ts';

/**
 * Pure helpers of the radar (TDR) view. A curve's point i was sampled i × sampleIntervalNs after
 * the pulse left the unit; the echo travels there and back, so it lies i × interval × pulseSpeed × c / 2
 * metres from the unit (docs/device-protocol.md "Radar curves"). The server answers these
 * positions beside the values; the view computes them only for curves it gets without them (a
 * reference longer than the shown curve), with the same formula and the same rounding.
 */

/** `values` minus `base` over the points both have; null without a base. */
export function differenceOf(values: readonly number[], base: readonly number[] | null | undefined): number[] | null {
  if (!base) return null;
  const n = Math.min(values.length, base.length);
  const out = new Array<number>(n);
  // Rounded to the curve's own precision: 0.1 − 0.3 is −0.2, not −0.19999999999999998.
  for (let i = 0; i < n; i++) out[i] = Math.round(((values[i] ?? 0) - (base[i] ?? 0)) * 1000) / 1000;
  return out;
}

/**
 * A series of exactly `length` points for the plot: the values, cut or padded with null (uPlot
 * draws nothing where a series has no value, so a shorter reference simply ends).
 */
export function fitLength(values: readonly number[] | null | undefined, length: number): (number | null)[] {
  const out = new Array<number | null>(length).fill(null);
  if (!values) return out;
  for (let i = 0; i < Math.min(length, values.length); i++) out[i] = values[i] ?? null;
  return out;
}

/** Index of the position nearest to `metres` in ascending `positions` (−1 when there are none). */
export function nearestIndex(positions: readonly number[], metres: number): number {
  if (positions.length === 0) return -1;
  let lo = 0;
  let hi = positions.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((positions[mid] ?? 0) < metres) lo = mid + 1;
    else hi = mid;
  }
  if (lo > 0 && Math.abs((positions[lo - 1] ?? 0) - metres) <= Math.abs((positions[lo] ?? 0) - metres)) return lo - 1;
  return lo;
}

/**
 * Where the difference departs most from zero (largest |value|), from point `from` on (the launch
 * pulse is the same on both curves, so its small noise is not a finding); null without a difference
 * or when it never exceeds `minimum`.
 */
export function largestDeparture(
  difference: readonly number[] | null,
  positions: readonly number[],
  minimum = 0,
  from = 0,
): { index: number; value: number; position: number } | null {
  if (!difference) return null;
  let best = -1;
  let size = minimum;
  for (let i = from; i < difference.length; i++) {
    const d = Math.abs(difference[i] ?? 0);
    if (d > size) {
      size = d;
      best = i;
    }
  }
  if (best < 0) return null;
  return { index: best, value: difference[best] ?? 0, position: positions[best] ?? 0 };
}

/**
 * The first point past the launch pulse (the pulse leaving the unit, the same on every curve): where
 * the curve, after its peak among the first points, falls below half the peak, and as far again.
 */
export function firstEchoIndex(values: readonly number[], searchPoints = 64): number {
  let peak = 0;
  for (let i = 1; i < Math.min(values.length, searchPoints); i++) if ((values[i] ?? 0) > (values[peak] ?? 0)) peak = i;
  const half = (values[peak] ?? 0) / 2;
  let i = peak;
  while (i < values.length && (values[i] ?? 0) > half) i++;
  return Math.min(values.length, i * 2);
}

/**
 * The amplitude range that shows the echoes: the values of the curves from `from` on, with a
 * tenth added above and below (the launch pulse before `from` is then cut off at the top).
 */
export function echoRange(
  curves: readonly (readonly (number | null)[] | null)[],
  from: number,
): [number, number] | null {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const c of curves) {
    if (!c) continue;
    for (let i = from; i < c.length; i++) {
      const v = c[i];
      if (v === null || v === undefined) continue;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  if (lo > hi) return null;
  const pad = Math.max((hi - lo) * 0.1, 5);
  return [lo - pad, hi + pad];
}

/** A stored curve's time as the date list shows and selects it. */
export type RadarDate = { key: string; date: Date };

/** The RadarDate texts of GetRadarDates ('YYYY-MM-DD HH:mm:ss', UTC), valid ones only, newest first, once each. */
export function radarDatesNewestFirst(rows: readonly { RadarDate: string }[]): RadarDate[] {
  const seen = new Map<string, RadarDate>();
  for (const r of rows) {
    const date = parseLegacyDate(r.RadarDate);
    if (date) seen.set(formatLegacyDate(date), { key: formatLegacyDate(date), date });
  }
  return [...seen.values()].sort((a, b) => b.date.getTime() - a.date.getTime());
}

/**
 * The time to ask the v2 radar call for the curve of a listed date: the legacy text has whole
 * seconds, the stored time may have milliseconds, and the call answers the curve at or before it.
 */
export const curveTimeOf = (key: string): string | undefined => {
  const date = parseLegacyDate(key);
  return date ? new Date(date.getTime() + 999).toISOString() : undefined;
};

/**
 * The channel index (0-based, the browser's) from the `?channel=` parameter (1-based, the
 * server's); the first of the unit's channels when it is missing or not one of them.
 */
export function channelIndexFrom(param: string | null, wireChannels: readonly number[]): number | null {
  if (wireChannels.length === 0) return null;
  const n = param === null ? Number.NaN : Number(param);
  const wire = Number.isInteger(n) && wireChannels.includes(n) ? n : (wireChannels[0] as number);
  return wire - 1;
}

/** Index (0-based) → the channel number on the wire and in the interface (1-based). */
export const wireChannel = (index: number) => index + 1;

// Markers -------------------------------------------------------------------------------------

export const MARKER_NAME_MAX = 100;
export const MARKER_COMMENTS_MAX = 2000;
const MARKER_POSITION_MAX = 100_000;

/** The marker form as typed: text fields, parsed on save. */
export type MarkerForm = { name: string; position: string; comments: string; pulseSpeed: string; locked: boolean };
export type MarkerValues = { name: string; position: number; comments: string; pulseSpeed: number; locked: boolean };
/** Which field is wrong, as a translation key under radar.markerErrors. */
export type MarkerErrors = Partial<Record<'name' | 'position' | 'comments' | 'pulseSpeed', string>>;

/** Reads a decimal typed with a point or a comma; NaN when it is not a number. */
export function parseDecimal(text: string): number {
  const t = text.trim().replace(',', '.');
  return t === '' || !/^[-+]?(\d+\.?\d*|\.\d+)$/.test(t) ? Number.NaN : Number(t);
}

/** Checks the form against the server's rules (core's MarkerInput); the values when valid. */
export function validateMarker(form: MarkerForm): { values?: MarkerValues; errors: MarkerErrors } {
  const errors: MarkerErrors = {};
  const name = form.name.trim();
  if (!name) errors.name = 'nameRequired';
  else if (name.length > MARKER_NAME_MAX) errors.name = 'nameTooLong';
  const position = parseDecimal(form.position);
  if (Number.isNaN(position)) errors.position = 'positionNumber';
  else if (position < 0 || position > MARKER_POSITION_MAX) errors.position = 'positionRange';
  const pulseSpeed = parseDecimal(form.pulseSpeed);
  if (Number.isNaN(pulseSpeed)) errors.pulseSpeed = 'pulseSpeedNumber';
  else if (pulseSpeed <= 0 || pulseSpeed > 1) errors.pulseSpeed = 'pulseSpeedRange';
  if (form.comments.length > MARKER_COMMENTS_MAX) errors.comments = 'commentsTooLong';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    errors,
    values: {
      name,
      position: Math.round(position * 100) / 100,
      comments: form.comments,
      pulseSpeed,
      locked: form.locked,
    },
  };
}

/**
 * The requests that save an edited marker. A locked marker may not move (the server answers 409),
 * so unlocking and moving in one save is two calls: first unlock, then the rest. Only changed
 * fields are sent; an unchanged form sends nothing.
 */
export function markerPatches(current: MarkerValues, next: MarkerValues): Partial<MarkerValues>[] {
  const changed: Partial<MarkerValues> = {};
  for (const key of ['name', 'position', 'comments', 'pulseSpeed', 'locked'] as const) {
    if (next[key] !== current[key]) Object.assign(changed, { [key]: next[key] });
  }
  if (Object.keys(changed).length === 0) return [];
  const moves = changed.position !== undefined || changed.pulseSpeed !== undefined;
  if (current.locked && changed.locked === false && moves) {
    const { locked: _unlock, ...rest } = changed;
    return [{ locked: false }, rest];
  }
  return [changed];
}

/** A marker's position from a pixel drag, to the centimetre and within the curve. */
export const clampPosition = (metres: number, max: number) =>
  Math.round(Math.min(Math.max(metres, 0), Math.max(0, max)) * 100) / 100;

const numberFormats = new Map<string, Intl.NumberFormat>();
/** A number in the reader's language with at most `digits` decimals; a dash for none. */
export function formatNumber(v: number | null | undefined, locale: string, digits = 1) {
  if (v === null || v === undefined || Number.isNaN(v)) return '–';
  const key = `${locale}|${digits}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { maximumFractionDigits: digits, minimumFractionDigits: 0 });
    numberFormats.set(key, f);
  }
  return typesetMinus(f.format(v));
}
