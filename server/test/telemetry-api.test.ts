import { DATA_MAX_POINTS, seriesByColumn } from '@fieldwatch/core';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWatchdog } from '../src/gateway/watchdog.ts';
import { requestOperation } from '../src/modules/operations/operations.service.ts';
import { insertSamples } from '../src/modules/telemetry/telemetry.repository.ts';
import { insertRadar } from '../src/modules/telemetry/telemetry.service.ts';
import { NO_AUTHORITY } from '../src/plugins/envelopes.ts';
import { createOrganizationTree, createTestApp, createUnit, signInRoles, type TestApp } from './helpers.ts';

// v3 and v2 telemetry, radar, markers, relay, operations and the table report, on a real database
// and the real MQTT gateway; an mqtt client acts as the unit.
const _PASSWORD = 'telemetry-secret';
let t: TestApp;
let unitA = 0; // alpha, 2 channels
let unitB = 0; // beta: another organisation's unit
let unitP = 0; // alpha, for the purge
let user = ''; // User on alpha
let reader = ''; // Reader on alpha
let stranger = ''; // User on beta only
const clients: MqttClient[] = [];

const sid = (column: string) => seriesByColumn(column)?.id ?? 0;
const T0 = Date.parse('2025-01-01T00:00:00Z');
const MIN = 60_000;
const SPIKE_LOW = 0.25;
const SPIKE_HIGH = 999;

const get = (url: string, cookie = user) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, cookie = user) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
const count = async (sql: string, params: unknown[] = []) => (await t.db.query<{ n: number }>(sql, params))[0]?.n ?? 0;
const v2Url = (id: number, rest: string) => `/api/v2/device/${rest.replace('{id}', String(id))}`;

type Down = { topic: string; msg: { seq: number; op: string; state?: string; settings?: Record<string, unknown> } };
/** A unit on the broker: records what it is sent and answers when told to. */
async function connectUnit(serial: string) {
  const url = process.env.MQTT_URL ?? `mqtt://127.0.0.1:${t.link.port}`;
  const client = await mqtt.connectAsync(url, { username: serial, password: `${serial}-secret`, reconnectPeriod: 0 });
  clients.push(client);
  const received: Down[] = [];
  client.on('message', (topic, payload) => received.push({ topic, msg: JSON.parse(payload.toString()) }));
  await client.subscribeAsync(`fw/u/${serial}/down/#`, { qos: 1 });
  const waitFor = async (seq: number) => {
    await expect.poll(() => received.some((d) => d.msg.seq === seq)).toBe(true);
    return received.find((d) => d.msg.seq === seq) as Down;
  };
  const answer = async (d: Down, ok = true) => {
    await client.publishAsync(
      `fw/u/${serial}/up/result`,
      JSON.stringify({ seq: d.msg.seq, op: d.msg.op, ok, message: ok ? 'done' : 'refused' }),
      { qos: 1 },
    );
    if (d.msg.op === 'relay' && ok) {
      await client.publishAsync(`fw/u/${serial}/up/relay`, JSON.stringify({ state: d.msg.state }), { qos: 1 });
    }
  };
  return { waitFor, answer };
}

beforeAll(async () => {
  t = await createTestApp({ gateway: true });
  const tree = await createOrganizationTree(t.db);
  unitA = await createUnit(t.db, { organizationId: tree.alpha, serial: 'TA-1', channels: 2 });
  unitB = await createUnit(t.db, { organizationId: tree.beta, serial: 'TB-1', channels: 2 });
  unitP = await createUnit(t.db, { organizationId: tree.north, serial: 'TP-1' });
  ({ writer: user, reader, outsider: stranger } = await signInRoles(t, tree.alpha, tree.beta));

  // January 2025: Resistance1 every 5 minutes with one dip and one peak; BatteryVoltage daily.
  const rows = [];
  for (let i = 0; i < 31 * 24 * 12; i++) {
    const value = i === 4000 ? SPIKE_LOW : i === 6000 ? SPIKE_HIGH : 150 + (i % 7);
    rows.push({ series: sid('Resistance1'), ts: new Date(T0 + i * 5 * MIN), value });
  }
  for (let d = 0; d < 31; d++)
    rows.push({ series: sid('BatteryVoltage'), ts: new Date(T0 + d * 1440 * MIN), value: 3.6 });
  await insertSamples(t.db, unitA, rows);
  const now = Date.now();
  await insertSamples(t.db, unitA, [
    { series: sid('Loop1'), ts: new Date(now - 120 * MIN), value: 24.1 },
    { series: sid('Loop1'), ts: new Date(now - 60 * MIN), value: 24.3 },
  ]);
  await insertSamples(t.db, unitB, [{ series: sid('Loop1'), ts: new Date(now - 60 * MIN), value: 30 }]);
  await insertSamples(t.db, unitP, [{ series: sid('Loop1'), ts: new Date(now - 60 * MIN), value: 5 }]);
  for (const [at, base] of [
    ['2025-02-01T10:00:00Z', 10],
    ['2025-02-02T10:00:00Z', 20],
  ] as const) {
    await insertRadar(t.db, unitA, {
      channel: 1,
      ts: new Date(at),
      pulse_speed: 0.6,
      points: [base, base + 1, base + 2],
    });
  }
});
afterAll(async () => {
  for (const c of clients) await c.endAsync(true);
  await t.close();
});

describe('samples (v3 and v2)', () => {
  it('answers the last 24 hours by default, points as [ISO time, value]', async () => {
    const res = await get(`/api/v3/device/devices/${unitA}/data`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ unitId: unitA, bucketSeconds: null });
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
      const res = await get(`/api/v3/device/devices/${unitA}/data?${query}`);
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
    const raw = (await get(`/api/v3/device/devices/${unitA}/data?${range}`)).json();
    expect(raw.series.find((s: { column: string }) => s.column === 'BatteryVoltage').points).toHaveLength(31);
  });

  it('answers only the newest samples when records is below what downsampling needs', async () => {
    const res = await get(
      `/api/v3/device/devices/${unitA}/data?start=2025-01-01T00:00:00Z&end=2025-03-01T00:00:00Z&records=1`,
    );
    const resistance = res.json().series.find((s: { column: string }) => s.column === 'Resistance1');
    expect(resistance.points).toEqual([['2025-01-31T23:55:00.000Z', 150 + ((31 * 24 * 12 - 1) % 7)]]);
  });

  it('answers v2 in the success envelope', async () => {
    const res = await get(v2Url(unitA, 'devices/{id}/data?start=2025-01-30T00:00:00Z&stop=2025-01-30T01:00:00Z'));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.result.series[0]).toMatchObject({ column: 'Resistance1', downsampled: false });
    expect(body.result.series[0].points).toHaveLength(12);
  });

  it('refuses bad ranges with 400 naming the field', async () => {
    const v3 = await get(`/api/v3/device/devices/${unitA}/data?start=yesterday`);
    expect(v3.statusCode).toBe(400);
    expect(v3.json()).toMatchObject({ error: true, statusCode: 400, message: expect.stringContaining('start') });
    const reversed = await get(
      `/api/v3/device/devices/${unitA}/data?start=2025-02-01T00:00:00Z&end=2025-01-01T00:00:00Z`,
    );
    expect(reversed.statusCode).toBe(400);
    const records = await get(`/api/v3/device/devices/${unitA}/data?records=0`);
    expect(records.json().message).toContain('records');
    const v2 = await get(v2Url(unitA, 'devices/{id}/data?stop=2025-13-01T00:00:00Z'));
    expect(v2.statusCode).toBe(400);
    expect(v2.json()).toEqual({ success: false, error: expect.stringContaining('stop') });
  });

  it("answers another organisation's unit as if it did not exist", async () => {
    expect((await get(`/api/v3/device/devices/${unitB}/data`)).statusCode).toBe(404);
    const v2 = await get(v2Url(unitA, 'devices/{id}/data'), stranger);
    expect(v2.statusCode).toBe(404);
    expect(v2.json()).toEqual({ success: false, error: NO_AUTHORITY });
    expect((await get(`/api/v3/device/devices/999999/data`)).statusCode).toBe(404);
  });
});

describe('radar (v2)', () => {
  const radar = (ch: number | string, q = '') => v2Url(unitA, `legacy/devices/{id}/radar/${ch}${q}`);

  it('answers the curve at or before the time, positions in metres from the pulse speed', async () => {
    const res = await get(radar(1, '?timestamp=2025-02-01T12:00:00Z'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toEqual({
      unitId: unitA,
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
    const stored = () => t.db.query('select default_radar from channels where unit_id = $1 order by channel', [unitA]);
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
    const refused = await send('PUT', radar(1), { ChannelDefaultRadar: [1, 2] }, reader);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, error: NO_AUTHORITY });
    expect((await get(radar(1), reader)).statusCode).toBe(200);
    expect(await stored()).toEqual(before);
  });
});

describe('markers (v2)', () => {
  const markers = (ch: number, rest = '') => v2Url(unitA, `legacy/devices/{id}/channel/${ch}/markers${rest}`);
  const stored = () => count('select count(*)::int as n from markers where unit_id = $1', [unitA]);

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
    const byReader = await send('POST', markers(1), { name: 'x', position: 1 }, reader);
    expect(byReader.statusCode).toBe(403);
    expect((await send('POST', markers(1), { name: 'x', position: 1 }, stranger)).statusCode).toBe(404);
    expect((await get(markers(1), stranger)).statusCode).toBe(404);
    expect(await stored()).toBe(0);
  });
});

describe('operations and relay through the broker', () => {
  const op = (q: string, id = unitA) => v2Url(id, `devices/{id}/operation?${q}`);
  const operations = () => count('select count(*)::int as n from operations');

  it('requests an operation and polls it: requested, then succeeded', async () => {
    const unit = await connectUnit('TA-1');
    const res = await send('POST', op('operation=restart'));
    expect(res.statusCode, res.body).toBe(200);
    const { seq } = res.json().result;
    expect(res.json()).toEqual({ success: true, result: { seq, operation: 'restart', state: 'requested' } });
    const down = await unit.waitFor(seq);
    expect(down.topic).toBe('fw/u/TA-1/down/op');
    expect(down.msg).toEqual({ seq, op: 'restart' });
    const poll = () => get(op(`sequence=${seq}&operation=restart`));
    expect((await poll()).json().result).toMatchObject({
      seq,
      operation: 'restart',
      state: 'requested',
      finishedAt: null,
    });
    expect((await get(v2Url(unitA, 'devices/{id}/relay'))).json().result.status).toBe('resetting');
    await unit.answer(down);
    await expect.poll(async () => (await poll()).json().result.state).toBe('succeeded');
    expect((await poll()).json().result.message).toBe('done');
    expect((await get(op(`sequence=${seq}&operation=get_data`))).statusCode).toBe(404);
  });

  it('fails an operation the unit does not answer in time', async () => {
    const { seq } = (await send('POST', op('operation=comm_test'))).json().result;
    await runWatchdog(t.db, t.bus, new Date(Date.now() + 10 * MIN));
    const res = await get(op(`sequence=${seq}&operation=comm_test`));
    expect(res.json().result).toMatchObject({ state: 'failed', message: 'No answer from the unit' });
  });

  it('fails an operation at once when the gateway cannot take it (503)', async () => {
    const down = { port: undefined, close: async () => {}, publish: async () => Promise.reject(new Error('down')) };
    const unit = { id: unitA, serial: 'TA-1' };
    await expect(requestOperation(t.db, down, unit, 'sync_clock')).rejects.toMatchObject({ statusCode: 503 });
    const [row] = await t.db.query<{ state: string }>(
      "select state from operations where unit_id = $1 and operation = 'sync_clock'",
      [unitA],
    );
    expect(row?.state).toBe('failed');
  });

  it('sends the stored settings with send_settings', async () => {
    const unit = await connectUnit('TA-1');
    const { seq } = (await send('POST', op('operation=send_settings'))).json().result;
    const down = await unit.waitFor(seq);
    expect(down.topic).toBe('fw/u/TA-1/down/settings');
    expect(down.msg.settings).toMatchObject({ UnitName: 'Unit TA-1', alarm: expect.any(Object) });
  });

  it('sets the relay: pending until the unit answers, then its reported state', async () => {
    const relay = v2Url(unitA, 'devices/{id}/relay');
    expect((await get(relay)).json().result).toEqual({
      state: null,
      status: 'initializing',
      requested: null,
      seq: null,
      message: '',
    });
    const unit = await connectUnit('TA-1');
    const res = await send('POST', relay, { state: '1010' });
    expect(res.statusCode, res.body).toBe(200);
    const { seq } = res.json().result;
    expect(res.json().result).toEqual({ seq, state: 'pending' });
    expect((await get(relay)).json().result).toMatchObject({ state: null, status: 'pending', requested: '1010', seq });
    const down = await unit.waitFor(seq);
    expect(down).toEqual({ topic: 'fw/u/TA-1/down/relay', msg: { seq, op: 'relay', state: '1010' } });
    await unit.answer(down);
    await expect.poll(async () => (await get(relay)).json().result.state).toBe('1010');
    expect((await get(relay)).json().result.status).toBe('ready');
    expect((await get(op(`sequence=${seq}&operation=relay`))).json().result.state).toBe('succeeded');
  });

  it('purges the measurement data when the unit confirms', async () => {
    const unit = await connectUnit('TP-1');
    const samples = () => count('select count(*)::int as n from samples where unit_id = $1', [unitP]);
    expect(await samples()).toBe(1);
    const { seq } = (await send('POST', op('operation=purge_data', unitP))).json().result;
    expect(await samples()).toBe(1);
    await unit.answer(await unit.waitFor(seq));
    await expect.poll(samples).toBe(0);
    expect(await count('select count(*)::int as n from samples where unit_id = $1', [unitA])).toBeGreaterThan(0);
  });

  it('refuses an unknown operation, a bad relay state, a Reader and a stranger, requesting nothing', async () => {
    const before = await operations();
    const unknown = await send('POST', op('operation=explode'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ success: false, error: expect.stringContaining('operation') });
    expect((await send('POST', op(''))).statusCode).toBe(400);
    expect((await get(op('sequence=1&operation=explode'))).statusCode).toBe(400);
    const relay = v2Url(unitA, 'devices/{id}/relay');
    for (const state of ['10a', '', '10101010101010101']) {
      const res = await send('POST', relay, { state });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContain('state');
    }
    expect((await send('POST', relay, { state: 1010 })).statusCode).toBe(400);
    const byReader = await send('POST', op('operation=restart'), undefined, reader);
    expect(byReader.statusCode).toBe(403);
    expect(byReader.json()).toEqual({ success: false, error: NO_AUTHORITY });
    expect((await send('POST', relay, { state: '1' }, reader)).statusCode).toBe(403);
    expect((await send('POST', op('operation=restart'), undefined, stranger)).statusCode).toBe(404);
    expect((await get(relay, reader)).statusCode).toBe(200);
    expect(await operations()).toBe(before);
  });
});

describe('table report (v2)', () => {
  it('answers the newest value and aggregates per unit and column, of visible units only', async () => {
    const res = await send('POST', '/api/v2/report/table', {
      unitIds: [unitA, unitB],
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
    expect(result.rows[0]).toMatchObject({ unitId: unitA, unitName: 'Unit TA-1' });
    expect(result.rows[0].values.Resistance1).toMatchObject({ min: SPIKE_LOW, max: SPIKE_HIGH, count: 31 * 24 * 12 });
    expect(result.rows[0].values.BatteryVoltage).toMatchObject({ last: 3.6, lastTime: '2025-01-31T00:00:00.000Z' });
    expect(result.rows[0].values.Loop2).toBeNull();
  });

  it('refuses an unknown column and too many ids', async () => {
    const res = await send('POST', '/api/v2/report/table', { unitIds: [unitA], columns: ['Nope'] });
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
