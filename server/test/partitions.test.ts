import { DEFAULT_ALARM_SETTINGS, SERIES } from '@fieldwatch/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import { dropExpiredSamples, ensureSamplePartitions } from '../src/db/partitions.ts';
import { hashUnitSecret } from '../src/gateway/embedded.ts';
import { insertUnit } from '../src/modules/devices/devices.service.ts';
import { insertOrganization } from '../src/modules/organizations/organizations.service.ts';
import { queryUnitData } from '../src/modules/telemetry/data.service.ts';
import { insertSamples } from '../src/modules/telemetry/telemetry.repository.ts';
import { minMaxFromSamples, openTestDb } from './helpers.ts';

const DAY = 86_400_000;
const now = Date.UTC(2026, 10, 24, 12, 0);
let db: Db;
let unit: number;

beforeAll(async () => {
  db = await openTestDb();
  await migrate(db);
  const org = await insertOrganization(db, 'Scale', null);
  unit = await insertUnit(db, {
    organizationId: org,
    serial: 'P1',
    secretHash: hashUnitSecret('s'),
    name: 'P1',
    type: 25,
    channels: 2,
    alarmSettings: DEFAULT_ALARM_SETTINGS,
  });
});
afterAll(() => db.close());

/** Which partition holds each stored sample, by month. */
const placement = () =>
  db.query<{ part: string; n: number }>(
    'select tableoid::regclass::text as part, count(*)::int as n from samples group by 1 order by 1',
  );

describe('samples partitioned by month', () => {
  it('catches a month without a partition in the default one and moves it out when the month is created', async () => {
    await insertSamples(db, unit, [{ series: 11, ts: new Date(Date.UTC(2026, 2, 10)), value: 1 }]);
    expect(await placement()).toEqual([{ part: expect.stringMatching(/samples_default$/), n: 1 }]);

    const created = await ensureSamplePartitions(db, now, now);
    // March was created because the default partition held a row of it; November because it was asked for.
    expect(created).toEqual(['samples_p202603', 'samples_p202611']);
    expect(await placement()).toEqual([{ part: expect.stringMatching(/samples_p202603$/), n: 1 }]);
    expect(await ensureSamplePartitions(db, now, now)).toEqual([]);
  });

  it('drops whole months past the retention and keeps their hourly and daily roll-ups', async () => {
    await ensureSamplePartitions(db, now - 400 * DAY, now);
    const old = new Date(now - 300 * DAY);
    await insertSamples(db, unit, [
      { series: 12, ts: old, value: 5 },
      { series: 12, ts: new Date(now - DAY), value: 6 },
    ]);
    const dropped = await dropExpiredSamples(db, 180, now);
    expect(dropped).toContain('samples_p202601');
    expect(dropped).not.toContain('samples_p202606');
    const rows = await db.query<{ ts: Date }>('select ts from samples where series = 12');
    expect(rows.map((r) => new Date(r.ts).getTime())).toEqual([now - DAY]);
    for (const table of ['samples_hourly', 'samples_daily']) {
      const [rolled] = await db.query<{ n: number }>(`select count(*)::int as n from ${table} where series = 12`);
      expect(rolled?.n, table).toBe(2);
    }
    expect(await dropExpiredSamples(db, 0, now)).toEqual([]);
  });
});

describe('hourly roll-ups', () => {
  it('add only newly stored samples, so a redelivery counts nothing twice', async () => {
    const hour = Date.UTC(2026, 10, 20, 8);
    const rows = [0, 10, 20, 30, 40, 50].map((m, i) => ({ series: 41, ts: new Date(hour + m * 60_000), value: i * 2 }));
    expect(await insertSamples(db, unit, rows)).toBe(6);
    expect(await insertSamples(db, unit, rows)).toBe(0);
    const [h] = await db.query('select lo, hi, total, n from samples_hourly where unit_id = $1 and series = 41', [
      unit,
    ]);
    expect(h).toEqual({ lo: 0, hi: 10, total: 30, n: 6 });
  });

  it('keep the newest value of each unit and series, whatever order samples arrive in', async () => {
    const t = Date.UTC(2026, 10, 21, 8);
    const latest = async () =>
      (
        await db.query<{ value: number }>('select value from latest_samples where unit_id = $1 and series = 31', [unit])
      )[0]?.value;
    await insertSamples(db, unit, [{ series: 31, ts: new Date(t), value: 7 }]);
    await insertSamples(db, unit, [{ series: 31, ts: new Date(t - 600_000), value: 6 }]);
    expect(await latest()).toBe(7);
    await insertSamples(db, unit, [
      { series: 31, ts: new Date(t + 1200_000), value: 9 },
      { series: 31, ts: new Date(t + 600_000), value: 8 },
    ]);
    expect(await latest()).toBe(9);
  });

  it('answer a year for a chart exactly as the samples would, reading samples only for the partial hours', async () => {
    await ensureSamplePartitions(db, now - 370 * DAY, now);
    const start = now - 365 * DAY;
    const rows = [];
    for (let t = start; t < now; t += 600_000) {
      const k = (t - start) / 600_000;
      rows.push({ series: 42, ts: new Date(t), value: 100 + Math.sin(k / 50) * 20 + (k === 30_000 ? 900 : 0) });
    }
    for (let i = 0; i < rows.length; i += 5000) await insertSamples(db, unit, rows.slice(i, i + 5000));
    const def = SERIES.filter((s) => s.id === 42);
    // The range starts and ends mid-hour, so both ends come from samples.
    const range = { start: new Date(start + 17 * 60_000), end: new Date(now - 23 * 60_000) };
    // 4,000 points keep the buckets below the length that reads days (daily-rollups.test.ts).
    const data = await queryUnitData(db, unit, { series: def, ...range, maxPoints: 4000 });
    expect(data.bucketSeconds).toBe(5 * 3600); // 365 days / 1,999 buckets, rounded up to whole hours
    const bucket = data.bucketSeconds ?? 0;
    // What the same buckets hold when every sample is read.
    const expected = await minMaxFromSamples(db, unit, 42, range.start, range.end, bucket);
    const points = data.series[0]?.points ?? [];
    expect(points.length).toBe(expected.length);
    expect(points.map((p) => [p.ts.getTime(), p.value])).toEqual(expected);
    expect(Math.max(...points.map((p) => p.value))).toBeGreaterThan(900);

    // The roll-ups are what is read: a changed roll-up shows in the answer.
    await db.query(`update samples_hourly set hi = 5000 where unit_id = $1 and series = 42 and hour = $2`, [
      unit,
      new Date(start + 100 * 3600_000),
    ]);
    const again = await queryUnitData(db, unit, { series: def, ...range, maxPoints: 4000 });
    expect(Math.max(...(again.series[0]?.points ?? []).map((p) => p.value))).toBe(5000);
  });
});
