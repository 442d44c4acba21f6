import { seriesByColumn, type UnitData } from '@fieldwatch/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.ts';
import { insertSamples, rebuildDerivedSamples, type SampleRow } from '../src/modules/telemetry/telemetry.repository.ts';
import {
  createOrganization,
  createTestApp,
  createUnit,
  createUser,
  minMaxFromSamples,
  signIn,
  type TestApp,
} from './helpers.ts';

// A year chart reads the daily roll-ups for its whole UTC days (fixed 86,400 s bins from the epoch,
// so no daylight-saving day exists), the hourly ones for the partial days at its ends and the
// samples for the partial hours. Its answer must equal the same buckets computed from every sample,
// also after late (back-dated) samples arrived once the days were rolled up.
const DAY = 86_400_000;
const MIN = 60_000;
const T0 = Date.UTC(2025, 10, 1);
const T1 = T0 + 365 * DAY;
const R1 = seriesByColumn('Resistance1')?.id ?? 0;
const L1 = seriesByColumn('Loop1')?.id ?? 0;
/** Resistance has no samples in days 200 to 204, until one late sample arrives in day 202. */
const GAP_FROM = 200;
const GAP_TO = 205;

let t: TestApp;
let unit = 0;
let cookie = '';

const at = (ms: number) => new Date(ms);
const chart = async (start: number, end: number, records?: number) => {
  const query = new URLSearchParams({ start: at(start).toISOString(), end: at(end).toISOString() });
  if (records) query.set('records', String(records));
  const res = await t.app.inject({ url: `/api/v3/device/devices/${unit}/data?${query}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as UnitData;
};
const daily = () =>
  t.db.query<{ series: number; day: number; lo: number; hi: number }>(
    `select series, (extract(epoch from day) / 86400)::int as day, lo, hi from samples_daily
     where unit_id = $1 order by series, day`,
    [unit],
  );

beforeAll(async () => {
  t = await createTestApp();
  const org = await createOrganization(t.db, 'Daily');
  unit = await createUnit(t.db, { organizationId: org, serial: 'D1' });
  await createUser(t.db, { username: 'daily-user', password: 'daily-password', organizationId: org, role: 1 });
  cookie = await signIn(t.app, 'daily-user', 'daily-password');

  // A year through the ingest statement: resistance every 20 minutes, loop every 37 (across hours and days).
  const rows: SampleRow[] = [];
  for (let ms = T0, k = 0; ms < T1; ms += 20 * MIN, k++) {
    const day = Math.floor((ms - T0) / DAY);
    if (day < GAP_FROM || day >= GAP_TO) rows.push({ series: R1, ts: at(ms), value: 100 + 20 * Math.sin(k / 50) });
  }
  for (let ms = T0 + 3 * MIN, k = 0; ms < T1; ms += 37 * MIN, k++)
    rows.push({ series: L1, ts: at(ms), value: 20 + (k % 17) / 3 });
  for (let i = 0; i < rows.length; i += 5000) await insertSamples(t.db, unit, rows.slice(i, i + 5000));

  // Late samples, after their days were rolled up: a new maximum and a new minimum mid-year, the
  // last minute of a day, a gap day, the partial days and hours at the ends of the ranges below,
  // one inside its day's extremes, and a redelivery with another value (stored once: the first
  // value stays).
  await insertSamples(t.db, unit, [
    { series: R1, ts: at(T0 + 100 * DAY + 7 * 3600_000 + 13 * MIN + 7_000), value: 900 },
    { series: R1, ts: at(T0 + 150 * DAY - MIN), value: -50 },
    { series: R1, ts: at(T0 + 202 * DAY + 11 * 3600_000), value: 77 },
    { series: R1, ts: at(T0 + 5 * 3600_000 + 21 * MIN), value: 500 },
    { series: R1, ts: at(T1 - 3 * 3600_000 - 25 * MIN), value: -10 },
    { series: R1, ts: at(T1 - 2 * 3600_000 - 30 * MIN), value: 0.25 },
    { series: L1, ts: at(T0 + 300 * DAY + 12 * 3600_000 + 1), value: 999 },
    { series: L1, ts: at(T0 + 50 * DAY + 1000), value: 21 },
    { series: R1, ts: at(T0 + 10 * DAY), value: 12345 },
  ]);
}, 120_000);
afterAll(() => t.close());

describe('daily roll-ups', () => {
  it('hold each UTC day of the samples, late ones included, and nothing twice', async () => {
    const fromSamples = await t.db.query(
      `select series, floor(extract(epoch from ts) / 86400)::int as day, min(value) as lo, max(value) as hi
       from samples where unit_id = $1 group by 1, 2 order by 1, 2`,
      [unit],
    );
    expect(fromSamples.length).toBeGreaterThan(700);
    expect(await daily()).toEqual(fromSamples);
  });

  it('answer a year chart exactly as the samples would, partial days at both ends', async () => {
    const cases = [
      // Both ends mid-day and mid-hour: samples, then hours, then days, then hours, then samples.
      { start: T0 + 5 * 3600_000 + 17 * MIN, end: T1 - 2 * 3600_000 - 23 * MIN, bucket: DAY / 1000 },
      // Buckets of three days, the first and last holding partial days.
      {
        start: T0 + 5 * 3600_000 + 17 * MIN,
        end: T1 - 2 * 3600_000 - 23 * MIN,
        records: 300,
        bucket: (3 * DAY) / 1000,
      },
      // A whole hour mid-day to a midnight: no partial hour, one partial day.
      { start: T0 + 2 * DAY + 6 * 3600_000, end: T1 - DAY, bucket: DAY / 1000 },
    ];
    for (const c of cases) {
      const data = await chart(c.start, c.end, c.records);
      expect(data.bucketSeconds).toBe(c.bucket);
      expect(data.series.map((s) => s.column).sort()).toEqual(['Loop1', 'Resistance1']);
      for (const s of data.series) {
        expect(s.downsampled).toBe(true);
        const id = seriesByColumn(s.column)?.id ?? 0;
        const expected = await minMaxFromSamples(t.db, unit, id, at(c.start), at(c.end), c.bucket);
        expect(s.points.map(([ts, v]) => [Date.parse(ts), v])).toEqual(expected);
      }
    }
    // The late extremes are in the answer; the redelivered value is not.
    const [resistance] = (await chart(T0, T1)).series.filter((s) => s.column === 'Resistance1');
    const values = resistance?.points.map(([, v]) => v) ?? [];
    expect(Math.max(...values)).toBe(900);
    expect(Math.min(...values)).toBe(-50);
  });

  it('are what a year chart reads: a changed day shows in the answer', async () => {
    const before = await daily();
    await t.db.query('update samples_daily set hi = 5000 where unit_id = $1 and series = $2 and day = $3', [
      unit,
      R1,
      at(T0 + 100 * DAY),
    ]);
    const [resistance] = (await chart(T0, T1)).series.filter((s) => s.column === 'Resistance1');
    expect(Math.max(...(resistance?.points.map(([, v]) => v) ?? []))).toBe(5000);

    // Rebuilt after a bulk load, they are the same as ingest kept them.
    await rebuildDerivedSamples(t.db, [unit]);
    expect(await daily()).toEqual(before);
  });

  it('are built by their migration from the hourly roll-ups', async () => {
    const before = await daily();
    await t.db.query('drop table samples_daily');
    await t.db.query(`delete from schema_migrations where version = '019_daily_rollups.sql'`);
    expect(await migrate(t.db)).toEqual(['019_daily_rollups.sql']);
    expect(await daily()).toEqual(before);
  });
});
