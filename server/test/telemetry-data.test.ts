import { DATA_MAX_POINTS } from '@fieldwatch/core';
import { describe, expect, it } from 'vitest';
import { NO_AUTHORITY } from '../src/plugins/envelopes.ts';
import { SPIKE_HIGH, SPIKE_LOW, useTelemetryApp, v2Url } from './fixtures/telemetry.ts';

// v3 and v2 telemetry, radar, markers, relay, operations and the table report, on a real database
// and the real MQTT gateway; an mqtt client acts as the unit.
// This file: reading samples, radar curves and their reference, markers, and the table report.

const { t, get, send, count } = useTelemetryApp();

describe('samples (v3 and v2)', () => {
  it('answers the last 24 hours by default, points as [ISO time, value]', async () => {
    const res = await get(`/api/v3/device/devices/${t.unitA}/data`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ unitId: t.unitA, bucketSeconds: null });
    expect(body.series).toEqual([
      expect.objectContaining({
        column: 'Loop1',
        unit: 'Ω',
        channel: 1,
        downsampled: false,
        points: expect.any(Array),
      }),
    ]);
    expect(body.series[0].points.map((p: [string, number]) => p[1])).toEqual([24.1, 24.3]);
    expect(Date.parse(body.series[0].points[0][0])).toBeGreaterThan(Date.parse(body.start));
  });

  it('downsamples a long range with min and max, keeps a spike and caps points', async () => {
    const range = 'start=2025-01-01T00:00:00Z&end=2025-02-01T00:00:00Z';
    for (const [query, cap] of [
      [range, DATA_MAX_POINTS],
      [`${range}&records=100`, 100],
    ] as const) {
      const res = await get(`/api/v3/device/devices/${t.unitA}/data?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      const resistance = body.series.find((s: { column: string }) => s.column === 'Resistance1');
      const values = resistance.points.map((p: [string, number]) => p[1]);
      expect(resistance.downsampled).toBe(true);
      expect(values.length).toBeLessThanOrEqual(cap);
      expect(values.length).toBeGreaterThan(cap / 4);
      expect(Math.min(...values)).toBe(SPIKE_LOW);
      expect(Math.max(...values)).toBe(SPIKE_HIGH);
      expect(body.bucketSeconds).toBeGreaterThan(0);
      const battery = body.series.find((s: { column: string }) => s.column === 'BatteryVoltage');
      expect(battery.downsampled).toBe(battery.points.length > cap);
    }
    const raw = (await get(`/api/v3/device/devices/${t.unitA}/data?${range}`)).json();
    expect(raw.series.find((s: { column: string }) => s.column === 'BatteryVoltage').points).toHaveLength(31);
  });

  it('answers only the newest samples when records is below what downsampling needs', async () => {
    const res = await get(
      `/api/v3/device/devices/${t.unitA}/data?start=2025-01-01T00:00:00Z&end=2025-03-01T00:00:00Z&records=1`,
    );
    const resistance = res.json().series.find((s: { column: string }) => s.column === 'Resistance1');
    expect(resistance.points).toEqual([['2025-01-31T23:55:00.000Z', 150 + ((31 * 24 * 12 - 1) % 7)]]);
  });

  it('answers v2 in the success envelope', async () => {
    const res = await get(v2Url(t.unitA, 'devices/{id}/data?start=2025-01-30T00:00:00Z&stop=2025-01-30T01:00:00Z'));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.result.series[0]).toMatchObject({ column: 'Resistance1', downsampled: false });
    expect(body.result.series[0].points).toHaveLength(12);
  });

  it('refuses bad ranges with 400 naming the field', async () => {
    const v3 = await get(`/api/v3/device/devices/${t.unitA}/data?start=yesterday`);
    expect(v3.statusCode).toBe(400);
    expect(v3.json()).toMatchObject({ error: true, statusCode: 400, message: expect.stringContaining('start') });
    const reversed = await get(
      `/api/v3/device/devices/${t.unitA}/data?start=2025-02-01T00:00:00Z&end=2025-01-01T00:00:00Z`,
    );
    expect(reversed.statusCode).toBe(400);
    const records = await get(`/api/v3/device/devices/${t.unitA}/data?records=0`);
    expect(records.json().message).toContain('records');
    const v2 = await get(v2Url(t.unitA, 'devices/{id}/data?stop=2025-13-01T00:00:00Z'));
    expect(v2.statusCode).toBe(400);
    expect(v2.json()).toEqual({ success: false, error: expect.stringContaining('stop') });
  });

  it("answers another organisation's unit as if it did not exist", async () => {
    expect((await get(`/api/v3/device/devices/${t.unitB}/data`)).statusCode).toBe(404);
    const v2 = await get(v2Url(t.unitA, 'devices/{id}/data'), t.stranger);
    expect(v2.statusCode).toBe(404);
    expect(v2.json()).toEqual({ success: false, error: NO_AUTHORITY });
    expect((await get(`/api/v3/device/devices/999999/data`)).statusCode).toBe(404);
  });
});

describe('radar (v2)', () => {
  const radar = (ch: number | string, q = '') => v2Url(t.unitA, `legacy/devices/{id}/radar/${ch}${q}`);

  it('answers the curve at or before the time, positions in metres from the pulse speed', async () => {
    const res = await get(radar(1, '?timestamp=2025-02-01T12:00:00Z'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toEqual({
      unitId: t.unitA,
      channel: 1,
      timestamp: '2025-02-01T10:00:00.000Z',
      pulseSpeed: 0.6,
      sampleIntervalNs: 40,
      positions: [0, 3.6, 7.2], // 40 ns × 0.6 c / 2 per point
      values: [10, 11, 12],
      ChannelDefaultRadar: null,
      difference: null,
    });
    expect((await get(radar(1))).json().result.timestamp).toBe('2025-02-02T10:00:00.000Z');
    expect((await get(radar(1, '?timestamp=2024-01-01T00:00:00Z'))).statusCode).toBe(404);
    expect((await get(radar(2))).statusCode).toBe(404);
  });

  it('sets the reference from points or from a stored curve, and answers the difference', async () => {
    const put = await send('PUT', radar(1), { ChannelDefaultRadar: [9, 9] });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().result).toEqual({ channel: 1, ChannelDefaultRadar: { timestamp: null, points: [9, 9] } });
    const curve = (await get(radar(1, '?timestamp=2025-02-01T12:00:00Z'))).json().result;
    expect(curve.ChannelDefaultRadar).toEqual({ timestamp: null, points: [9, 9] });
    expect(curve.difference).toEqual([1, 2]);
    await send('PUT', radar(1), { ChannelDefaultRadar: '2025-02-01T10:00:00Z' });
    const later = (await get(radar(1))).json().result;
    expect(later.ChannelDefaultRadar).toEqual({ timestamp: '2025-02-01T10:00:00.000Z', points: [10, 11, 12] });
    expect(later.difference).toEqual([10, 10, 10]);
    expect((await send('PUT', radar(1), { ChannelDefaultRadar: '2020-01-01T00:00:00Z' })).statusCode).toBe(404);
  });

  it('refuses channel 0 and 5, a bad body and a Reader, writing nothing', async () => {
    const stored = () =>
      t.db.query('select default_radar from channels where unit_id = $1 order by channel', [t.unitA]);
    const before = await stored();
    for (const ch of [0, 5]) {
      const res = await send('PUT', radar(ch), { ChannelDefaultRadar: [1, 2] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, error: expect.stringContaining('channel') });
      expect((await get(radar(ch))).statusCode).toBe(400);
    }
    const bad = await send('PUT', radar(1), { ChannelDefaultRadar: 'soon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('ChannelDefaultRadar');
    const refused = await send('PUT', radar(1), { ChannelDefaultRadar: [1, 2] }, t.reader);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, error: NO_AUTHORITY });
    expect((await get(radar(1), t.reader)).statusCode).toBe(200);
    expect(await stored()).toEqual(before);
  });
});

describe('markers (v2)', () => {
  const markers = (ch: number, rest = '') => v2Url(t.unitA, `legacy/devices/{id}/channel/${ch}/markers${rest}`);
  const stored = () => count('select count(*)::int as n from markers where unit_id = $1', [t.unitA]);

  it('adds, lists, moves, locks and deletes a marker; a locked one stays put', async () => {
    const created = await send('POST', markers(1), { name: 'Joint 4', position: 412.5 });
    expect(created.statusCode, created.body).toBe(200);
    const m = created.json().result;
    expect(m).toEqual({
      id: expect.any(Number),
      channel: 1,
      name: 'Joint 4',
      position: 412.5,
      comments: '',
      pulseSpeed: 0.6,
      locked: false,
    });
    expect((await get(markers(1))).json()).toEqual({ success: true, result: [m] });
    expect((await get(markers(2))).json().result).toEqual([]);

    const moved = await send('PUT', markers(1, `/${m.id}`), { position: 415, locked: true });
    expect(moved.json().result).toMatchObject({ position: 415, locked: true });
    const refused = await send('PUT', markers(1, `/${m.id}`), { position: 500 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, error: expect.stringContaining('locked') });
    expect((await send('DELETE', markers(1, `/${m.id}`))).statusCode).toBe(409);
    const renamed = await send('PUT', markers(1, `/${m.id}`), { comments: 'wet foam', position: 415 });
    expect(renamed.json().result).toMatchObject({ comments: 'wet foam', position: 415, locked: true });
    await send('PUT', markers(1, `/${m.id}`), { locked: false });
    const deleted = await send('DELETE', markers(1, `/${m.id}`));
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().result.id).toBe(m.id);
    expect(await stored()).toBe(0);
    expect((await send('DELETE', markers(1, `/${m.id}`))).statusCode).toBe(404);
  });

  it('refuses bad input, channel 5, a Reader and a stranger, writing nothing', async () => {
    const bad = await send('POST', markers(1), { name: 'x', position: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('position');
    expect((await send('POST', markers(1), { position: 3 })).json().error).toContain('name');
    expect((await send('POST', markers(5), { name: 'x', position: 1 })).statusCode).toBe(400);
    const byReader = await send('POST', markers(1), { name: 'x', position: 1 }, t.reader);
    expect(byReader.statusCode).toBe(403);
    expect((await send('POST', markers(1), { name: 'x', position: 1 }, t.stranger)).statusCode).toBe(404);
    expect((await get(markers(1), t.stranger)).statusCode).toBe(404);
    expect(await stored()).toBe(0);
  });
});
describe('table report (v2)', () => {
  it('answers the newest value and aggregates per unit and column, of visible units only', async () => {
    const res = await send('POST', '/api/v2/report/table', {
      unitIds: [t.unitA, t.unitB],
      columns: ['Resistance1', 'BatteryVoltage', 'Loop2'],
      start: '2025-01-01T00:00:00Z',
      stop: '2025-02-01T00:00:00Z',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { result } = res.json();
    expect(result.columns).toEqual([
      { column: 'Resistance1', unit: 'MΩ' },
      { column: 'BatteryVoltage', unit: 'V' },
      { column: 'Loop2', unit: 'Ω' },
    ]);
    expect(result.rows).toHaveLength(1);
    expect(result.rows[0]).toMatchObject({ unitId: t.unitA, unitName: 'Unit TA-1' });
    expect(result.rows[0].values.Resistance1).toMatchObject({ min: SPIKE_LOW, max: SPIKE_HIGH, count: 31 * 24 * 12 });
    expect(result.rows[0].values.BatteryVoltage).toMatchObject({ last: 3.6, lastTime: '2025-01-31T00:00:00.000Z' });
    expect(result.rows[0].values.Loop2).toBeNull();
  });

  it('refuses an unknown column and too many ids', async () => {
    const res = await send('POST', '/api/v2/report/table', { unitIds: [t.unitA], columns: ['Nope'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error: expect.stringContaining('Nope') });
    const many = await send('POST', '/api/v2/report/table', {
      unitIds: Array.from({ length: 4001 }, (_, i) => i + 1),
      columns: ['*'],
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().error).toContain('unitIds');
  });
});
