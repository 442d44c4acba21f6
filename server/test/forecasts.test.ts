import { seriesByColumn } from '@fieldwatch/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeAlarms } from '../src/modules/alarms/alarms.service.ts';
import { alarmText } from '../src/modules/alarms/alarmTexts.ts';
import { forecastAll } from '../src/modules/analytics/forecasts.service.ts';
import { insertSamplesOfUnits } from '../src/modules/telemetry/telemetry.service.ts';
import { createOrganization, createTestApp, createUnit, signInRoles, type TestApp } from './helpers.ts';

// Forecasts through the stored roll-ups: readings stored as ingest stores them, forecastAll as the
// forecaster runs it, the alarms it raises and clears.
const H = 3_600_000;
const D = 24 * H;
const now = new Date('2026-11-20T12:00:00Z');
const resistance1 = seriesByColumn('Resistance1')?.id ?? 0;
const resistance2 = seriesByColumn('Resistance2')?.id ?? 0;
const battery = seriesByColumn('BatteryVoltage')?.id ?? 0;

let t: TestApp;
let unit: number;
let org: number;
let other: number;
let roles: Awaited<ReturnType<typeof signInRoles>>;
const bus = { publish: () => {} };

/** Hourly readings of a series over the last `days` days, f of the hours before now. */
async function store(series: number, days: number, f: (hoursAgo: number) => number) {
  const rows = [];
  for (let h = days * 24; h >= 0; h--)
    rows.push({ unitId: unit, series, ts: new Date(now.getTime() - h * H), value: f(h) });
  await insertSamplesOfUnits(t.db, rows);
}
const forecasts = async () =>
  (await activeAlarms(t.db, [unit])).filter((a) => a.alarm_type === 61 || a.alarm_type === 62);

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrganization(t.db, 'Forecasts');
  other = await createOrganization(t.db, 'Elsewhere');
  unit = await createUnit(t.db, { organizationId: org, serial: 'FC-1', channels: 2 });
  roles = await signInRoles(t, org, other);
});

/** The forecasts list as a caller reads it (all the units they may see). */
async function listed(cookie: string) {
  const res = await t.app.inject({ url: '/api/v3/analytics/forecasts', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json() as { unitId: number; channel: number; limit: number; expectedAt: string; warned: boolean }[];
}
async function setForecastDays(days: number | null, cookie = roles.manager) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/admin/organization/${org}/forecastDays`,
    headers: { cookie },
    payload: { days },
  });
}
afterAll(() => t.close());

describe('forecasts of the next alarm level', () => {
  it('warns when water will bring a channel below its next level within a week, in the reader language', async () => {
    // Dry at 150 MΩ with a daily swing, then falling by a factor e every 20 hours since 30 hours ago.
    await store(resistance2, 4, (h) => {
      const swing = 1 + 0.04 * Math.sin((2 * Math.PI * h) / 24);
      return (h > 30 ? 150 : 150 * Math.exp(-(30 - h) / 20)) * swing;
    });
    await forecastAll(t.db, bus, now);
    const [alarm, ...more] = await forecasts();
    expect(more).toEqual([]);
    expect(alarm).toMatchObject({ alarm_type: 61, channel: 2, limit_value: 10 });
    // 150·e^(−1.5) ≈ 33 MΩ now; 10 MΩ is ln(3.3)·20 h ≈ 24 h away.
    expect(alarm?.value).toBeGreaterThan(0.5);
    expect(alarm?.value).toBeLessThan(2);
    const text = alarmText('en', { type: 61, channel: 2, value: alarm?.value, limit: alarm?.limit_value });
    expect(text).toMatch(/^Insulation resistance expected to fall below 10\u00a0MΩ in about [12] days?$/);
  });

  it('lists the forecast for the unit list and details, to the organization only', async () => {
    const [f, ...more] = await listed(roles.reader);
    expect(more).toEqual([]);
    expect(f).toMatchObject({ unitId: unit, channel: 2, limit: 10, warned: true });
    const days = (Date.parse(f?.expectedAt ?? '') - now.getTime()) / D;
    expect(days).toBeGreaterThan(0.5);
    expect(days).toBeLessThan(2);
    expect(await listed(roles.outsider)).toEqual([]);
  });

  it('withdraws the warning when the trend recovers', async () => {
    const later = new Date(now.getTime() + 2 * D);
    const rows = [];
    for (let h = 1; h <= 48; h++)
      rows.push({ unitId: unit, series: resistance2, ts: new Date(now.getTime() + h * H), value: 34 + h * 0.01 });
    await insertSamplesOfUnits(t.db, rows);
    await forecastAll(t.db, bus, later);
    expect(await forecasts()).toEqual([]);
    expect(await listed(roles.reader)).toEqual([]);
  });

  it('keeps a crossing beyond the warning time as a forecast without a warning, and warns once the organization looks further ahead', async () => {
    // The other channel falling ten times slower: 10 MΩ about eleven days away.
    await store(resistance1, 4, (h) => 40 * Math.exp(h / 200) * (1 + 0.04 * Math.sin((2 * Math.PI * h) / 24)));
    await forecastAll(t.db, bus, now);
    expect(await forecasts()).toEqual([]);
    const [f] = await listed(roles.writer);
    expect(f).toMatchObject({ unitId: unit, channel: 1, limit: 10, warned: false });
    const days = (Date.parse(f?.expectedAt ?? '') - now.getTime()) / D;
    expect(days).toBeGreaterThan(7);
    expect(days).toBeLessThan(20);

    expect((await setForecastDays(30, roles.writer)).statusCode).toBe(403);
    expect((await setForecastDays(61)).statusCode).toBe(400);
    const saved = await setForecastDays(30);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().forecastDays).toBe(30);
    await forecastAll(t.db, bus, now);
    expect(await forecasts()).toMatchObject([{ alarm_type: 61, channel: 1, limit_value: 10 }]);
    expect((await listed(roles.reader))[0]?.warned).toBe(true);

    expect((await setForecastDays(null)).json().forecastDays).toBe(null);
    await forecastAll(t.db, bus, now);
    expect(await forecasts()).toEqual([]);
  });

  it('forecasts a battery from the same days a year before, through the cold', async () => {
    // Ages 0.05 V a year and sags up to 0.04 V with the season, recovering over the last six weeks
    // faster than it ages: only a year apart does the ageing show. One reading a day at noon.
    const aged = await createUnit(t.db, { organizationId: org, serial: 'FC-2', channels: 0 });
    const Y = 365 * D;
    const v = (ms: number) => 3.334 - (0.05 * ms) / Y - 0.02 * (1 + Math.cos((2 * Math.PI * (ms + 60 * D)) / Y));
    const day = (d: number) => now.getTime() - d * D;
    const rows = [
      ...Array.from({ length: 17 }, (_, k) => 380 - k),
      ...Array.from({ length: 42 }, (_, k) => 42 - k),
    ].map((d) => ({ unitId: aged, series: battery, ts: new Date(day(d)), value: v(day(d) - now.getTime()) }));
    await insertSamplesOfUnits(t.db, rows);
    await forecastAll(t.db, bus, now);
    const f = (await listed(roles.reader)).find((x) => x.unitId === aged);
    expect(f).toMatchObject({ channel: 0, limit: 3.3, warned: false });
    // From the median of the latest five days (the third day before now) at 0.05 V a year.
    const from = v(-3 * D);
    const expected = day(3) + ((from - 3.3) / 0.05) * Y;
    expect(Math.abs(Date.parse(f?.expectedAt ?? '') - expected)).toBeLessThan(2 * D);
    // The six weeks alone rise: without the year before there is no battery forecast.
    await t.db.query('delete from samples_daily where unit_id = $1 and day < $2', [aged, new Date(day(300))]);
    await forecastAll(t.db, bus, now);
    expect((await listed(roles.reader)).find((x) => x.unitId === aged)).toBeUndefined();
  });

  it('says nothing of a battery that will last years', async () => {
    await store(battery, 42, (h) => 3.6 - (0.02 / 365) * (h / 24));
    await forecastAll(t.db, bus, now);
    expect((await forecasts()).filter((a) => a.alarm_type === 62)).toEqual([]);
  });
});
