import { rebuildDerivedSamples, samplesMinMax } from '../server/src/modules/telemetry/telemetry.repository.ts';
import { benchApp, benchDb, benchTargets, bulkUnits } from './fixture.ts';
import { type BenchResult, fmt, medianMs } from './util.ts';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const STEP_MS = 10 * 60 * 1000;

/**
 * One year of 10-minute samples (two series) for one unit, served for a chart through
 * GET /api/v3/device/devices/{id}/data (≤ 2,000 points a series, min/max per bucket: daily buckets
 * read from the daily roll-ups), against the bare SQL of a min/max aggregation over the raw samples.
 */
export async function chartBench(): Promise<BenchResult> {
  const lines: string[] = [];
  for (const kind of benchTargets()) {
    const db = await benchDb(kind);
    const { app, org, cookie } = await benchApp(db);
    const [unit] = await bulkUnits(db, org, 1);
    const end = Date.UTC(2026, 0, 1);
    const start = end - YEAR_MS;
    await db.query(
      `insert into samples (unit_id, series, ts, value)
       select $1, s, to_timestamp(($2::float8 + i * $4::float8) / 1000), case when s = 11 then 100 + 50 * sin(i / 500.0) else 24 + (i % 13) / 10.0 end
       from generate_series(0, (($3::float8 - $2::float8) / $4::float8)::int - 1) i, (values (11), (41)) v(s)`,
      [unit, start, end, STEP_MS],
    );
    await rebuildDerivedSamples(db, [unit ?? 0]);
    const url = `/api/v3/device/devices/${unit}/data?start=${new Date(start).toISOString()}&end=${new Date(end).toISOString()}`;
    const first = await app.inject({ url, headers: { cookie } });
    if (first.statusCode !== 200) throw new Error(`chart call failed: ${first.statusCode} ${first.body}`);
    // Baseline: the same min/max over every raw sample (a bucket of other than whole hours reads no roll-ups).
    const bucketS = Math.ceil(YEAR_MS / 1000 / 1000); // 1,000 buckets × (min, max) = 2,000 points
    const bare = await medianMs(() => samplesMinMax(db, unit ?? 0, [11, 41], new Date(start), new Date(end), bucketS));
    const api = await medianMs(() => app.inject({ url, headers: { cookie } }));
    const points = (first.json() as { series?: { points: unknown[] }[] }).series
      ?.map((s) => s.points.length)
      .join(' + ');
    lines.push(`${kind}: bare SQL ${fmt(bare)}; API ${fmt(api)} (${points} points); ratio ${(api / bare).toFixed(2)}`);
    await app.close();
    await db.close();
  }
  return { name: 'A year of 10-minute samples for a chart (2 series, 105,120 rows)', lines };
}
