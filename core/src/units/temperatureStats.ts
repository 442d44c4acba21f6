import { TEMPERATURE_PRIORITY, temperatureSource } from './series.ts';

/** Latest values of a unit by column name (a GetUnitsShowValue row's `Values`). */
type Values = Readonly<Record<string, number | undefined>>;

/** How many units show a temperature from each source column, in priority order. */
export function temperatureSources(rows: readonly { Values: Values }[]): { column: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const r of rows) {
    const c = temperatureSource(r.Values);
    if (c) counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  return TEMPERATURE_PRIORITY.filter((c) => counts.has(c)).map((column) => ({
    column,
    count: counts.get(column) ?? 0,
  }));
}

export type TemperatureStats = { min: number; max: number; mean: number; count: number };

/** Min, mean and max of the units that report a temperature; undefined when none does. */
export function temperatureStats(values: readonly { Temperature: number | null }[]): TemperatureStats | undefined {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let sum = 0;
  let count = 0;
  for (const v of values) {
    const t = v.Temperature;
    if (t === null || !Number.isFinite(t)) continue;
    min = Math.min(min, t);
    max = Math.max(max, t);
    sum += t;
    count += 1;
  }
  return count ? { min, max, mean: sum / count, count } : undefined;
}

/**
 * The temperature KPI over several units: their figures, where the temperatures come from, and how
 * many units were looked at (so no figures can say whether there were no units or none measures one).
 */
export type TemperatureSummary = {
  stats: TemperatureStats | null;
  sources: { column: string; count: number }[];
  units: number;
};

export function temperatureSummary(
  rows: readonly { Temperature: number | null; Values: Values }[],
): TemperatureSummary {
  return { stats: temperatureStats(rows) ?? null, sources: temperatureSources(rows), units: rows.length };
}

/**
 * The summary of several groups of units from the summaries of each (a selection too long for one
 * request's address is asked for in parts): the same figures as one summary of them all.
 */
export function combineTemperatureSummaries(parts: readonly TemperatureSummary[]): TemperatureSummary {
  let stats: TemperatureStats | null = null;
  let units = 0;
  const sources = new Map<string, number>();
  for (const part of parts) {
    units += part.units;
    for (const s of part.sources) sources.set(s.column, (sources.get(s.column) ?? 0) + s.count);
    const p = part.stats;
    if (!p) continue;
    stats = stats
      ? {
          min: Math.min(stats.min, p.min),
          max: Math.max(stats.max, p.max),
          mean: (stats.mean * stats.count + p.mean * p.count) / (stats.count + p.count),
          count: stats.count + p.count,
        }
      : p;
  }
  return {
    stats,
    sources: TEMPERATURE_PRIORITY.filter((c) => sources.has(c)).map((column) => ({
      column,
      count: sources.get(column) ?? 0,
    })),
    units,
  };
}
