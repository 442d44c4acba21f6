/**
 * The indoor-climate widget's settings (read defensively from the stored widget props) and how a
 * value is coloured against the comfort band.
 */

export type Metric = 'temperature' | 'humidity';
export const METRICS: readonly Metric[] = ['temperature', 'humidity'];

export type Band = { min: number; max: number };
export type ClimateProps = {
  orgId: number | null;
  planId: number | null;
  metric: Metric;
  temperature: Band;
  humidity: Band;
  showLabels: boolean;
};

const DEFAULT_BANDS: Record<Metric, Band> = {
  temperature: { min: 20, max: 24 },
  humidity: { min: 30, max: 60 },
};
/** What a band may be set to. */
export const BAND_LIMITS: Record<Metric, Band> = {
  temperature: { min: -30, max: 60 },
  humidity: { min: 0, max: 100 },
};

const id = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null);

/** The band `v` is, when both ends are numbers within the metric's limits and min lies below max; else null. */
export function validBand(v: unknown, metric: Metric): Band | null {
  const limits = BAND_LIMITS[metric];
  const b = v as Partial<Band> | null | undefined;
  const ok = (x: unknown): x is number =>
    typeof x === 'number' && Number.isFinite(x) && x >= limits.min && x <= limits.max;
  if (b && typeof b === 'object' && ok(b.min) && ok(b.max) && b.min < b.max) return { min: b.min, max: b.max };
  return null;
}

const band = (v: unknown, metric: Metric): Band => validBand(v, metric) ?? { ...DEFAULT_BANDS[metric] };

export function climateProps(p: Readonly<Record<string, unknown>>): ClimateProps {
  return {
    orgId: id(p.orgId),
    planId: id(p.planId),
    metric: METRICS.includes(p.metric as Metric) ? (p.metric as Metric) : 'temperature',
    temperature: band(p.temperature, 'temperature'),
    humidity: band(p.humidity, 'humidity'),
    showLabels: typeof p.showLabels === 'boolean' ? p.showLabels : true,
  };
}

/** Where a value lies against the band: well below, below, inside, above, well above (half a band width out). */
export type Level = 'low2' | 'low' | 'ok' | 'high' | 'high2' | 'none';

export function levelOf(value: number | null | undefined, b: Band): Level {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'none';
  const margin = (b.max - b.min) / 2;
  if (value < b.min - margin) return 'low2';
  if (value < b.min) return 'low';
  if (value <= b.max) return 'ok';
  if (value <= b.max + margin) return 'high';
  return 'high2';
}

/** The value ranges of the legend's classes, lowest first. */
export function legendRanges(b: Band): { level: Exclude<Level, 'none'>; from?: number; to?: number }[] {
  const margin = (b.max - b.min) / 2;
  return [
    { level: 'low2', to: b.min - margin },
    { level: 'low', from: b.min - margin, to: b.min },
    { level: 'ok', from: b.min, to: b.max },
    { level: 'high', from: b.max, to: b.max + margin },
    { level: 'high2', from: b.max + margin },
  ];
}

/** A relative position on the plan, kept inside it. */
export const clamp01 = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 10_000) / 10_000;
