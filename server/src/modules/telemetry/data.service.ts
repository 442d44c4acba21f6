import {
  type DataSeries,
  formatLegacyDate,
  type LegacyDataRow,
  parseColumns,
  SERIES,
  type SeriesDef,
  type UnitData,
} from '@fieldwatch/core';
import type { Queryable } from '../../db/db.ts';
import { HttpError } from '../../http.ts';
import type { SessionRow } from '../auth/auth.service.ts';
import {
  countSamplesUpTo,
  newestSamples,
  rollupBucket,
  type SampleRow,
  samplesBetween,
  samplesMinMax,
} from './telemetry.repository.ts';
import { legacyDate, legacyFlag, unitOf } from './telemetry.service.ts';

/** The legacy data calls answer raw rows up to this many per series, then downsample like charts. */
const LEGACY_MAX_POINTS = 50_000;

export type SeriesPoints = { def: SeriesDef; downsampled: boolean; points: { ts: Date; value: number }[] };
export type DataResult = { start: Date; end: Date; bucketSeconds: number | null; series: SeriesPoints[] };

/**
 * The one query behind every data call (v3, v2, GetUnitsData, GetUnitsDataCSV): samples of some
 * series of a unit in [start, end), at most `maxPoints` per series. A series with more samples is
 * downsampled into time buckets giving each bucket's minimum and maximum, so peaks survive.
 * `newest` instead answers only the newest `newest` samples of each series.
 */
export async function queryUnitData(
  db: Queryable,
  unitId: number,
  opts: { series?: readonly SeriesDef[]; start: Date; end: Date; maxPoints: number; newest?: number },
): Promise<DataResult> {
  const defs = opts.series ?? SERIES;
  const ids = defs.map((d) => d.id);
  const { start, end } = opts;
  let rows: SampleRow[] = [];
  const downsampled = new Set<number>();
  let bucketSeconds: number | null = null;
  const perSeriesCap = opts.newest ?? (opts.maxPoints < 4 ? opts.maxPoints : undefined);
  if (perSeriesCap !== undefined) {
    rows = await newestSamples(db, unitId, ids, start, end, perSeriesCap);
  } else {
    // Counting to one sample more than fits tells the series to downsample.
    const counts = await countSamplesUpTo(db, unitId, ids, start, end, opts.maxPoints + 1);
    const raw = ids.filter((id) => (counts.get(id) ?? 0) > 0 && (counts.get(id) ?? 0) <= opts.maxPoints);
    const heavy = ids.filter((id) => (counts.get(id) ?? 0) > opts.maxPoints);
    if (raw.length > 0) {
      const total = raw.reduce((n, id) => n + (counts.get(id) ?? 0), 0);
      rows = await samplesBetween(db, unitId, raw, start, end, total);
    }
    if (heavy.length > 0) {
      // One bucket more than fits may straddle the range's ends: leave room for it.
      const buckets = Math.max(1, Math.floor(opts.maxPoints / 2) - 1);
      // Buckets of whole hours or days let the roll-ups answer (a year: 365 rows a series, not 52,560).
      bucketSeconds = rollupBucket(Math.max(1, Math.ceil((end.getTime() - start.getTime()) / 1000 / buckets)));
      for (const id of heavy) downsampled.add(id);
      rows = rows.concat(await samplesMinMax(db, unitId, heavy, start, end, bucketSeconds));
    }
  }
  const bySeries = new Map<number, { ts: Date; value: number }[]>();
  for (const r of rows) {
    const list = bySeries.get(r.series) ?? [];
    list.push({ ts: new Date(r.ts), value: r.value });
    bySeries.set(r.series, list);
  }
  const series: SeriesPoints[] = [];
  for (const def of defs) {
    const points = bySeries.get(def.id);
    if (!points || points.length === 0) continue;
    points.sort((a, b) => a.ts.getTime() - b.ts.getTime());
    series.push({ def, downsampled: downsampled.has(def.id), points });
  }
  return { start, end, bucketSeconds, series };
}

/** The v3 and v2 answer: one entry per series with data, points as [ISO time, value]. */
export function toUnitData(unitId: number, data: DataResult): UnitData {
  return {
    unitId,
    start: data.start.toISOString(),
    end: data.end.toISOString(),
    bucketSeconds: data.bucketSeconds,
    series: data.series.map(
      (s): DataSeries => ({
        column: s.def.column,
        key: s.def.key,
        unit: s.def.unit,
        channel: s.def.channel,
        downsampled: s.downsampled,
        points: s.points.map((p) => [p.ts.toISOString(), p.value]),
      }),
    ),
  };
}

/** Column names (comma list, or '*' for all); an unknown name is a 400 naming the field and the column. */
export function columnsOf(columns: string, field = 'Columns'): SeriesDef[] {
  const { series, unknown } = parseColumns(columns);
  if (unknown.length > 0) throw new HttpError(400, `${field}: unknown column ${unknown.join(', ')}`);
  if (series.length === 0) throw new HttpError(400, `${field}: no column given`);
  return [...new Map(series.map((s) => [s.id, s])).values()];
}

/** Legacy rows: one per time (to the second), with a property per column that has a value then. */
function toLegacyRows(unitId: number, data: DataResult): LegacyDataRow[] {
  const rows = new Map<number, LegacyDataRow>();
  for (const s of data.series) {
    for (const p of s.points) {
      const second = Math.floor(p.ts.getTime() / 1000);
      let row = rows.get(second);
      if (!row) {
        row = { UnitID: unitId, DataTime: formatLegacyDate(p.ts) } as LegacyDataRow;
        rows.set(second, row);
      }
      row[s.def.column] = p.value;
    }
  }
  return [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, row]) => row);
}

/**
 * LastValue: one row with each column's newest value since the start; DataTime is the newest of
 * their times. No row when there is no value.
 */
function toLegacyLastRow(unitId: number, data: DataResult): LegacyDataRow[] {
  const newest = data.series.map((s) => ({ column: s.def.column, point: s.points[s.points.length - 1] }));
  const present = newest.filter((n) => n.point !== undefined);
  if (present.length === 0) return [];
  const time = Math.max(...present.map((n) => n.point?.ts.getTime() ?? 0));
  const row = { UnitID: unitId, DataTime: formatLegacyDate(new Date(time)) } as LegacyDataRow;
  for (const n of present) if (n.point) row[n.column] = n.point.value;
  return [row];
}

/** A legacy call's range: StartDate to StopDate (inclusive, to the second; default now). */
export function legacyRange(q: { StartDate: string; StopDate?: string }) {
  const start = legacyDate(q.StartDate, 'StartDate');
  const end = q.StopDate ? new Date(legacyDate(q.StopDate, 'StopDate').getTime() + 1000) : new Date();
  if (q.StopDate && !(start < end)) throw new HttpError(400, 'StopDate must not be before StartDate');
  return { start, end };
}

/**
 * GetUnitsData: rows of a unit from StartDate to StopDate (inclusive, to the second; default
 * now). LastValue answers one row of each column's newest value.
 */
export async function legacyUnitData(
  db: Queryable,
  session: SessionRow,
  q: { Columns: string; StartDate: string; UnitID: number; LastValue?: string; StopDate?: string },
): Promise<{ defs: SeriesDef[]; rows: LegacyDataRow[] }> {
  const defs = columnsOf(q.Columns);
  const { start, end } = legacyRange(q);
  const unit = await unitOf(db, session, q.UnitID);
  if (!(start < end)) return { defs, rows: [] };
  if (legacyFlag(q.LastValue)) {
    const data = await queryUnitData(db, unit.id, { series: defs, start, end, maxPoints: 1, newest: 1 });
    return { defs, rows: toLegacyLastRow(unit.id, data) };
  }
  const data = await queryUnitData(db, unit.id, { series: defs, start, end, maxPoints: LEGACY_MAX_POINTS });
  return { defs, rows: toLegacyRows(unit.id, data) };
}
