import { DATA_MAX_POINTS, SERIES, seriesByColumn, type UnitData } from '@fieldwatch/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropExpiredSamples, ensureSamplePartitions } from '../src/db/partitions.ts';
import {
  insertSamples,
  rollupBucket,
  type SampleRow,
  samplesMinMax,
} from '../src/modules/telemetry/telemetry.repository.ts';
import {
  createOrganization,
  createTestApp,
  createUnit,
  createUser,
  minMaxFromSamples,
  signIn,
  type TestApp,
} from './helpers.ts';

// A data call counts each series' samples in the range to choose raw samples or min/max buckets,
// probing only the series the unit has had since the range's start (latest_samples). Its answer
// must equal the unoptimised rule, computed here from every sample of every series: no samples,
// no series; up to the points asked, every sample; more, min/max per bucket of the range's length.
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MIN = 60_000;
const T0 = Date.UTC(2025, 0, 1);
const T1 = T0 + 365 * DAY;
const id = (column: string) => seriesByColumn(column)?.id ?? 0;
const R1 = id('Resistance1');
const L1 = id('Loop1');
const TEMP = id('Temperature');
const PT1 = id('PT1');

let t: TestApp;
let unit = 0;
let cookie = '';

const at = (ms: number) => new Date(ms);

type MinMax = (series: number, start: Date, end: Date, bucketS: number) => Promise<[number, number][]>;
/** A bucketed series from every sample; once retention dropped months, the roll-ups still hold them. */
const fromSamples: MinMax = async (s, start, end, bucketS) =>
  (await minMaxFromSamples(t.db, unit, s, start, end, bucketS)) as [number, number][];
const fromRollups: MinMax = async (s, start, end, bucketS) =>
  (await samplesMinMax(t.db, unit, [s], start, end, bucketS)).map((r) => [new Date(r.ts).getTime(), r.value]);

/** The answer the rule gives, counting the samples of every series (no latest_samples). */
async function expected(start: number, end: number, maxPoints: number, minMax = fromSamples) {
  const counts = await t.db.query<{ series: number; n: number }>(
    `select series, count(*)::int as n from samples where unit_id = $1 and ts >= $2 and ts < $3
     group by series order by series`,
    [unit, at(start), at(end)],
  );
  const buckets = Math.max(1, Math.floor(maxPoints / 2) - 1);
  const bucket = rollupBucket(Math.max(1, Math.ceil((end - start) / 1000 / buckets)));
  const heavy = counts.some((c) => c.n > maxPoints);
  const series: Record<string, { downsampled: boolean; points: [number, number][] }> = {};
  for (const { series: s, n } of counts) {
    const column = SERIES.find((d) => d.id === Number(s))?.column ?? '';
    if (n > maxPoints) {
      series[column] = { downsampled: true, points: await minMax(s, at(start), at(end), bucket) };
      continue;
    }
    const rows = await t.db.query<{ ts: Date; value: number }>(
      'select ts, value from samples where unit_id = $1 and series = $2 and ts >= $3 and ts < $4 order by ts',
      [unit, s, at(start), at(end)],
    );
    series[column] = { downsampled: false, points: rows.map((r) => [new Date(r.ts).getTime(), r.value]) };
  }
  return { bucketSeconds: heavy ? bucket : null, series };
}

async function answer(start: number, end: number, records?: number) {
  const query = new URLSearchParams({ start: at(start).toISOString(), end: at(end).toISOString() });
  if (records) query.set('records', String(records));
  const res = await t.app.inject({ url: `/api/v3/device/devices/${unit}/data?${query}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json() as UnitData;
  return {
    bucketSeconds: data.bucketSeconds,
    series: Object.fromEntries(
      data.series.map((s) => [
        s.column,
        { downsampled: s.downsampled, points: s.points.map(([ts, v]): [number, number] => [Date.parse(ts), v]) },
      ]),
    ),
  };
}

/** Ranges from an hour to a year, ends off the hour, at the default and a small number of points. */
const RANGES = [
  { start: T0 + 180 * DAY + 10 * HOUR + 7 * MIN, end: T0 + 180 * DAY + 11 * HOUR + 7 * MIN },
  { start: T0 + 180 * DAY + 3 * HOUR + 11 * MIN, end: T0 + 181 * DAY + 3 * HOUR + 11 * MIN },
  { start: T0 + 20 * DAY + 17 * MIN, end: T0 + 27 * DAY + 5 * HOUR },
  { start: T0 + 5 * DAY + 90 * MIN, end: T0 + 36 * DAY + 30 * MIN },
  { start: T0 + 2 * DAY, end: T0 + 120 * DAY + 13 * MIN },
  { start: T0, end: T1 },
  { start: T0 + 3 * HOUR + 1_000, end: T1 - 2 * HOUR - 1_000 },
];

async function compareAll(minMax?: MinMax) {
  for (const r of RANGES) {
    for (const records of [undefined, 100]) {
      const want = await expected(r.start, r.end, records ?? DATA_MAX_POINTS, minMax);
      expect(await answer(r.start, r.end, records), `${at(r.start).toISOString()} ${records}`).toEqual(want);
    }
  }
}

beforeAll(async () => {
  t = await createTestApp();
  const org = await createOrganization(t.db, 'Counted');
  unit = await createUnit(t.db, { organizationId: org, serial: 'C1' });
  await createUser(t.db, { username: 'count-user', password: 'count-password', organizationId: org, role: 1 });
  cookie = await signIn(t.app, 'count-user', 'count-password');
  await ensureSamplePartitions(t.db, T0, T1);
  // Densities that put each series raw in some ranges and bucketed in others: resistance every
  // 20 minutes, loop every 3 hours, temperature every minute of one day only, PT1 hourly in the
  // first month only (ranges after it must not show it).
  const rows: SampleRow[] = [];
  for (let ms = T0, k = 0; ms < T1; ms += 20 * MIN, k++) rows.push({ series: R1, ts: at(ms), value: Math.sin(k / 9) });
  for (let ms = T0 + 7 * MIN, k = 0; ms < T1; ms += 3 * HOUR, k++) rows.push({ series: L1, ts: at(ms), value: k % 11 });
  for (let ms = T0 + 180 * DAY, k = 0; ms < T0 + 181 * DAY; ms += MIN, k++)
    rows.push({ series: TEMP, ts: at(ms), value: 20 + (k % 7) / 4 });
  for (let ms = T0 + 30 * MIN, k = 0; ms < T0 + 31 * DAY; ms += HOUR, k++)
    rows.push({ series: PT1, ts: at(ms), value: k });
  for (let i = 0; i < rows.length; i += 5000) await insertSamples(t.db, unit, rows.slice(i, i + 5000));
}, 120_000);
afterAll(() => t.close());

describe('the count before a data read', () => {
  it('gives the answers of counting every series, from an hour to a year', async () => {
    await compareAll();
  }, 120_000);

  it('counts the samples still stored once retention dropped months (roll-ups and latest values stay)', async () => {
    const dropped = await dropExpiredSamples(t.db, 1, Date.UTC(2025, 2, 2));
    expect(dropped.length).toBeGreaterThanOrEqual(1);
    // PT1 keeps its latest value but no samples; the first months' loop is counted only where stored.
    const [latest] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from latest_samples where unit_id = $1 and series = $2',
      [unit, PT1],
    );
    expect(latest?.n).toBe(1);
    await compareAll(fromRollups);
    const early = await answer(T0 + 2 * DAY, T0 + 120 * DAY + 13 * MIN, 600);
    expect(early.series.PT1).toBeUndefined();
    expect(early.series.Loop1?.downsampled).toBe(false);
    expect(early).toEqual(await expected(T0 + 2 * DAY, T0 + 120 * DAY + 13 * MIN, 600, fromRollups));
  }, 120_000);
});
