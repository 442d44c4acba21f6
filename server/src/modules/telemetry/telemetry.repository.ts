import { LATEST_MAX_AGE_DAYS } from '@fieldwatch/core';
import type { Queryable } from '../../db/db.ts';

export type SampleRow = { series: number; ts: Date; value: number };

/** The hour or day a time belongs to, binned from the epoch so that the session's time zone plays no part. */
const bin = (span: '1 hour' | '1 day', ts: string) =>
  `date_bin('${span}', ${ts}, timestamptz '2000-01-01 00:00:00+00')`;

/**
 * Stores samples, adds the newly stored ones to their hourly roll-ups and their day's minimum and
 * maximum (samples_daily) and keeps the newest per unit and series (latest_samples), in one
 * statement: a sample already stored (same unit, series, time) is skipped and counted nowhere, so a
 * redelivery changes nothing. Returns how many samples were new.
 */
export async function insertSamplesOfUnits(
  db: Queryable,
  rows: readonly (SampleRow & { unitId: number })[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const [result] = await db.query<{ n: number }>(
    `with stored as (
       insert into samples (unit_id, series, ts, value)
       select u, s, t, v from unnest($1::int[], $2::smallint[], $3::timestamptz[], $4::float8[]) as x(u, s, t, v)
       on conflict do nothing
       returning unit_id, series, ts, value
     ), hourly as (
       insert into samples_hourly as h (unit_id, series, hour, lo, hi, total, n)
       select unit_id, series, ${bin('1 hour', 'ts')}, min(value), max(value), sum(value), count(*)
       from stored group by 1, 2, 3
       on conflict (unit_id, series, hour) do update
       set lo = least(h.lo, excluded.lo), hi = greatest(h.hi, excluded.hi),
           total = h.total + excluded.total, n = h.n + excluded.n
     ), daily as (
       -- Most samples move neither extreme of their day: a read of the key skips them unwritten.
       insert into samples_daily as d (unit_id, series, day, lo, hi)
       select * from (
         select unit_id, series, ${bin('1 day', 'ts')} as day, min(value) as lo, max(value) as hi
         from stored group by 1, 2, 3
       ) g
       where not exists (
         select 1 from samples_daily x
         where x.unit_id = g.unit_id and x.series = g.series and x.day = g.day and x.lo <= g.lo and x.hi >= g.hi
       )
       on conflict (unit_id, series, day) do update set lo = least(d.lo, excluded.lo), hi = greatest(d.hi, excluded.hi)
     ), latest as (
       insert into latest_samples as l (unit_id, series, ts, value)
       select distinct on (unit_id, series) unit_id, series, ts, value from stored order by unit_id, series, ts desc
       on conflict (unit_id, series) do update set ts = excluded.ts, value = excluded.value where l.ts < excluded.ts
     )
     select count(*)::int as n from stored`,
    [
      rows.map((r) => r.unitId),
      rows.map((r) => r.series),
      rows.map((r) => r.ts.toISOString()),
      rows.map((r) => r.value),
    ],
  );
  return result?.n ?? 0;
}

/** After a bulk load that wrote samples directly (imports, benchmarks): the units' roll-ups and latest values anew. */
export async function rebuildDerivedSamples(db: Queryable, unitIds: readonly number[]) {
  await db.query('delete from samples_hourly where unit_id = any($1)', [unitIds]);
  await db.query('delete from samples_daily where unit_id = any($1)', [unitIds]);
  await db.query(
    `insert into samples_hourly (unit_id, series, hour, lo, hi, total, n)
     select unit_id, series, ${bin('1 hour', 'ts')}, min(value), max(value), sum(value), count(*)
     from samples where unit_id = any($1) group by 1, 2, 3`,
    [unitIds],
  );
  // Days from the hours just built: 24 times fewer rows to read than the samples.
  await db.query(
    `insert into samples_daily (unit_id, series, day, lo, hi)
     select unit_id, series, ${bin('1 day', 'hour')}, min(lo), max(hi)
     from samples_hourly where unit_id = any($1) group by 1, 2, 3`,
    [unitIds],
  );
  await db.query(
    `insert into latest_samples (unit_id, series, ts, value)
     select distinct on (unit_id, series) unit_id, series, ts, value from samples
     where unit_id = any($1) order by unit_id, series, ts desc
     on conflict (unit_id, series) do update set ts = excluded.ts, value = excluded.value`,
    [unitIds],
  );
}

/** Stores samples of one unit (see insertSamplesOfUnits). */
export function insertSamples(db: Queryable, unitId: number, rows: readonly SampleRow[]): Promise<number> {
  return insertSamplesOfUnits(
    db,
    rows.map((r) => ({ ...r, unitId })),
  );
}

/** Samples of some series of a unit in [start, end), oldest first. */
export async function samplesBetween(
  db: Queryable,
  unitId: number,
  series: readonly number[],
  start: Date,
  end: Date,
  limit = 100_000,
): Promise<SampleRow[]> {
  return db.query<SampleRow>(
    `select series, ts, value from samples
     where unit_id = $1 and series = any($2) and ts >= $3 and ts < $4
     order by ts limit $5`,
    [unitId, series, start, end, limit],
  );
}

/** Buckets of whole hours read the hourly roll-ups; only the partial hours at a range's ends read samples. */
export const ROLLUP_S = 3600;
const DAY_S = 24 * ROLLUP_S;
/**
 * A bucket this long or longer is rounded up to whole days, so the daily roll-ups answer: at most
 * 3× coarser than asked, and a year at 2,000 points (8.8 h buckets) reads 365 rows a series
 * instead of 8,760 hourly ones.
 */
const DAILY_FROM_S = 8 * ROLLUP_S;

/** The bucket a chart reads: whole days or whole hours once that long, so roll-ups answer it. */
export function rollupBucket(seconds: number): number {
  const span = seconds >= DAILY_FROM_S ? DAY_S : seconds >= ROLLUP_S ? ROLLUP_S : 1;
  return Math.ceil(seconds / span) * span;
}

/** Where a part of a range is read from: a roll-up (whole spans of `s` seconds) or the samples. */
type Source = { table: string; at: string; lo: string; hi: string; s: number };
const SAMPLES: Source = { table: 'samples', at: 'ts', lo: 'value', hi: 'value', s: 0 };
/** Coarsest first. */
const ROLLUPS: readonly Source[] = [
  { table: 'samples_daily', at: 'day', lo: 'lo', hi: 'hi', s: DAY_S },
  { table: 'samples_hourly', at: 'hour', lo: 'lo', hi: 'hi', s: ROLLUP_S },
];

/**
 * [from, to) split into the whole spans of the coarsest roll-up inside it and, at its ends, the
 * parts the finer levels cover (partial days read hours, partial hours read samples).
 */
function rangeParts(
  from: number,
  to: number,
  levels: readonly Source[],
): { source: Source; from: number; to: number }[] {
  if (from >= to) return [];
  const [level, ...finer] = levels;
  if (!level) return [{ source: SAMPLES, from, to }];
  const spanMs = level.s * 1000;
  const a = Math.ceil(from / spanMs) * spanMs;
  const b = Math.floor(to / spanMs) * spanMs;
  if (a >= b) return rangeParts(from, to, finer);
  return [...rangeParts(from, a, finer), { source: level, from: a, to: b }, ...rangeParts(b, to, finer)];
}

/** A long range is read in pieces of about this length, so that other work interleaves. */
const MINMAX_PIECE_S = 30 * 24 * 3600;

/**
 * Min and max per time bucket, so that a chart of a long range keeps its peaks: two points per
 * bucket, at the bucket's start and middle (one when they are equal).
 */
export async function samplesMinMax(
  db: Queryable,
  unitId: number,
  series: readonly number[],
  start: Date,
  end: Date,
  bucketS: number,
): Promise<SampleRow[]> {
  // Whole-hour (or whole-day) buckets read the roll-ups: a year is 8,760 (365) rows a series, one query.
  if (bucketS % ROLLUP_S === 0) return minMaxPiece(db, unitId, series, start, end, bucketS);
  // Embedded PGlite runs one query at a time: a year of samples read in one go would hold ingest
  // back for its whole duration. Pieces aligned to whole buckets give the same points.
  const pieceMs = bucketS * Math.max(1, Math.floor(MINMAX_PIECE_S / bucketS)) * 1000;
  const out: SampleRow[] = [];
  for (let from = start.getTime(); from < end.getTime(); ) {
    const to = Math.min(end.getTime(), (Math.floor(from / pieceMs) + 1) * pieceMs);
    out.push(...(await minMaxPiece(db, unitId, series, new Date(from), new Date(to), bucketS)));
    from = to;
  }
  return out;
}

/** One piece of samplesMinMax: the same query over [start, end) read at once. */
function minMaxPiece(...[db, unitId, series, start, end, bucketS]: Parameters<typeof samplesMinMax>) {
  // Buckets are whole spans of every level they read: each level's bucket part sums up exactly.
  const levels = ROLLUPS.filter((l) => bucketS % l.s === 0);
  // Buckets binned from the epoch in whole microseconds (date_bin): no numeric arithmetic per row.
  const params: unknown[] = [unitId, series, `${bucketS} seconds`];
  // One plain range per part, not one 'or': each is an index range scan of the key (unit, series, time).
  const parts = rangeParts(start.getTime(), end.getTime(), levels).map(({ source: s, from, to }) => {
    params.push(new Date(from), new Date(to));
    return `select series, date_bin($3::interval, ${s.at}, timestamptz '1970-01-01 00:00:00+00') as k, ${s.lo} as lo, ${s.hi} as hi
       from ${s.table} where unit_id = $1 and series = any($2) and ${s.at} >= $${params.length - 1} and ${s.at} < $${params.length}`;
  });
  return db.query<SampleRow>(
    `with parts as (
       ${parts.join('\n       union all\n       ')}
     ), b as (
       select series, k, min(lo) as lo, max(hi) as hi from parts group by series, k
     )
     select series, k as ts, lo as value from b
     union all
     select series, k + $3::interval / 2 as ts, hi as value from b where hi <> lo
     order by ts, series`,
    params,
  );
}

/** The newest value of every series of the given units. */
export async function latestValues(
  db: Queryable,
  unitIds: readonly number[],
): Promise<(SampleRow & { unit_id: number })[]> {
  return db.query<SampleRow & { unit_id: number }>(
    `select unit_id, series, ts, value from latest_samples
     where unit_id = any($1) and ts > now() - make_interval(days => $2)
     order by unit_id, series`,
    [unitIds, LATEST_MAX_AGE_DAYS],
  );
}

export async function purgeUnitData(db: Queryable, unitId: number) {
  await db.query('delete from samples where unit_id = $1', [unitId]);
  await db.query('delete from samples_hourly where unit_id = $1', [unitId]);
  await db.query('delete from samples_daily where unit_id = $1', [unitId]);
  await db.query('delete from latest_samples where unit_id = $1', [unitId]);
  await db.query('delete from radar_curves where unit_id = $1', [unitId]);
}

/**
 * How many samples each series of a unit has in [start, end), counting no further than `cap`:
 * one short index range scan per series, so a long range costs no more than a short one. Only the
 * series whose newest sample (latest_samples) is at or after `start` can have any: the others are
 * left out (0) without probing every monthly partition for them.
 */
export async function countSamplesUpTo(
  db: Queryable,
  unitId: number,
  series: readonly number[],
  start: Date,
  end: Date,
  cap: number,
): Promise<Map<number, number>> {
  const rows = await db.query<{ series: number; n: number }>(
    `select l.series, (
       select count(*)::int from (
         select 1 from samples where unit_id = $1 and series = l.series and ts >= $3 and ts < $4 limit $5
       ) z
     ) as n from latest_samples l where l.unit_id = $1 and l.series = any($2::smallint[]) and l.ts >= $3`,
    [unitId, series, start, end, cap],
  );
  return new Map(rows.map((r) => [Number(r.series), r.n]));
}

/** The newest `perSeries` samples of each series of a unit in [start, end), oldest first. */
export async function newestSamples(
  db: Queryable,
  unitId: number,
  series: readonly number[],
  start: Date,
  end: Date,
  perSeries: number,
): Promise<SampleRow[]> {
  return db.query<SampleRow>(
    `select series, ts, value from (
       select series, ts, value, row_number() over (partition by series order by ts desc) as r
       from samples where unit_id = $1 and series = any($2) and ts >= $3 and ts < $4
     ) x where r <= $5 order by ts, series`,
    [unitId, series, start, end, perSeries],
  );
}

export type SeriesAggregateRow = {
  unit_id: number;
  series: number;
  n: number;
  lo: number;
  hi: number;
  mean: number;
  last: number;
  last_ts: Date;
};

/** Per unit and series in [start, end): count, min, max, mean and the newest value with its time. */
export async function seriesAggregates(
  db: Queryable,
  unitIds: readonly number[],
  series: readonly number[],
  start: Date,
  end: Date,
): Promise<SeriesAggregateRow[]> {
  return db.query<SeriesAggregateRow>(
    `with a as (
       select unit_id, series, count(*)::int as n, min(value) as lo, max(value) as hi, avg(value) as mean,
         max(ts) as last_ts
       from samples where unit_id = any($1) and series = any($2) and ts >= $3 and ts < $4
       group by unit_id, series
     )
     select a.unit_id, a.series, a.n, a.lo, a.hi, a.mean, s.value as last, a.last_ts
     from a join samples s on s.unit_id = a.unit_id and s.series = a.series and s.ts = a.last_ts
     order by a.unit_id, a.series`,
    [unitIds, series, start, end],
  );
}

/**
 * A step series of several units: for each unit the newest sample at or before start (the state
 * then), then every sample in (start, end); ordered by unit and time.
 */
export async function stepSamples(
  db: Queryable,
  unitIds: readonly number[],
  series: number,
  start: Date,
  end: Date,
): Promise<(SampleRow & { unit_id: number })[]> {
  return db.query<SampleRow & { unit_id: number }>(
    `select unit_id, series, ts, value from (
       select distinct on (unit_id) unit_id, series, ts, value from samples
       where unit_id = any($1) and series = $2 and ts <= $3 order by unit_id, ts desc
     ) before_start
     union all
     select unit_id, series, ts, value from samples
     where unit_id = any($1) and series = $2 and ts > $3 and ts < $4
     order by unit_id, ts`,
    [unitIds, series, start, end],
  );
}

/** The unit's reports since a time: one row per report time with the count of values it carried. */
export async function reportsSince(
  db: Queryable,
  unitId: number,
  since: Date,
  limit: number,
): Promise<{ ts: Date; values: number }[]> {
  return db.query(
    `select ts, count(*)::int as values from samples where unit_id = $1 and ts >= $2
     group by ts order by ts desc limit $3`,
    [unitId, since, limit],
  );
}
