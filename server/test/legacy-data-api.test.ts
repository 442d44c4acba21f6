import { seriesByColumn, WidgetRight } from '@fieldwatch/core';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOrganizationRight } from '../src/modules/organizations/organizations.service.ts';
import { csvField, toCsv } from '../src/modules/telemetry/csvExport.service.ts';
import { insertSamples } from '../src/modules/telemetry/telemetry.repository.ts';
import { insertRadar } from '../src/modules/telemetry/telemetry.service.ts';
import { NO_AUTHORITY } from '../src/plugins/envelopes.ts';
import { createOrganizationTree, createTestApp, createUnit, signInRoles, type TestApp } from './helpers.ts';

// The legacy v1 data, radar, marker, channel, relay, action and report calls (/api/v1/xrequest/…).
const _PASSWORD = 'legacy-secret';
let t: TestApp;
let tree: Awaited<ReturnType<typeof createOrganizationTree>>;
let unitA = 0; // alpha, 2 channels, with coordinates
let unitB = 0; // beta: another organisation's
let park1 = 0;
let park2 = 0;
let manager = '';
let user = '';
let reader = '';
let stranger = '';
let client: MqttClient | undefined;
const received: { topic: string; msg: Record<string, unknown> }[] = [];

const sid = (column: string) => seriesByColumn(column)?.id ?? 0;
const url = (endpoint: string, query: Record<string, string | number> = {}) =>
  `/api/v1/xrequest/${endpoint}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`;
const get = (endpoint: string, query: Record<string, string | number>, cookie = user) =>
  t.app.inject({ method: 'GET', url: url(endpoint, query), headers: { cookie } });
const post = (endpoint: string, payload: object, cookie = user) =>
  t.app.inject({ method: 'POST', url: url(endpoint), headers: { cookie }, payload });
const count = async (sql: string, params: unknown[] = []) => (await t.db.query<{ n: number }>(sql, params))[0]?.n ?? 0;
type Res = Awaited<ReturnType<typeof get>>;
function expectResult(res: Res, status: number, text: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toEqual({ Result: expect.stringContaining(text) });
}

beforeAll(async () => {
  t = await createTestApp({ gateway: true });
  tree = await createOrganizationTree(t.db);
  await addOrganizationRight(t.db, tree.alpha, WidgetRight.TyrensGIS);
  // The parking report serves customers with the Parking right (parking-right.test.ts).
  for (const org of [tree.alpha, tree.south]) await addOrganizationRight(t.db, org, WidgetRight.Parking);
  unitA = await createUnit(t.db, { organizationId: tree.alpha, serial: 'LA-1', lat: 59.33, long: 18.06 });
  await createUnit(t.db, { organizationId: tree.alpha, serial: 'LA-2' }); // no coordinates
  unitB = await createUnit(t.db, { organizationId: tree.beta, serial: 'LB-1', lat: 57.7, long: 11.97 });
  park1 = await createUnit(t.db, { organizationId: tree.alpha, serial: 'LP-1', type: 210, channels: 0 });
  park2 = await createUnit(t.db, { organizationId: tree.south, serial: 'LP-2', type: 210, channels: 0 });
  ({ manager, writer: user, reader, outsider: stranger } = await signInRoles(t, tree.alpha, tree.beta));

  const at = (iso: string) => new Date(iso);
  await insertSamples(t.db, unitA, [
    { series: sid('Resistance1'), ts: at('2025-03-01T10:00:00Z'), value: 150 },
    { series: sid('Loop1'), ts: at('2025-03-01T10:00:00Z'), value: 24 },
    { series: sid('Resistance1'), ts: at('2025-03-01T10:05:00Z'), value: 149 },
    { series: sid('BatteryVoltage'), ts: at('2025-03-01T09:00:00Z'), value: 3.6 },
  ]);
  await insertSamples(t.db, unitB, [{ series: sid('Loop1'), ts: at('2025-03-01T10:00:00Z'), value: 1 }]);
  // Parking bay 1: occupied from the evening before until 08:30, and 12:00–18:00.
  await insertSamples(t.db, park1, [
    { series: sid('Occupied'), ts: at('2026-03-01T20:00:00Z'), value: 1 },
    { series: sid('Occupied'), ts: at('2026-03-02T08:30:00Z'), value: 0 },
    { series: sid('Occupied'), ts: at('2026-03-02T12:00:00Z'), value: 1 },
    { series: sid('Occupied'), ts: at('2026-03-02T18:00:00Z'), value: 0 },
  ]);
  for (const [iso, base] of [
    ['2025-03-01T06:00:00Z', 5],
    ['2025-03-02T06:00:00.250Z', 7],
  ] as const) {
    await insertRadar(t.db, unitA, { channel: 1, ts: at(iso), pulse_speed: 0.5, points: [base, base * 2] });
  }

  // LA-1 on the broker: answers every command at once (a relay command with its report too).
  const broker = process.env.MQTT_URL ?? `mqtt://127.0.0.1:${t.link.port}`;
  const unit = await mqtt.connectAsync(broker, { username: 'LA-1', password: 'LA-1-secret', reconnectPeriod: 0 });
  client = unit;
  unit.on('message', (topic, payload) => {
    const msg = JSON.parse(payload.toString());
    received.push({ topic, msg });
    unit.publish('fw/u/LA-1/up/result', JSON.stringify({ seq: msg.seq, op: msg.op, ok: true, message: 'done' }), {
      qos: 1,
    });
    if (msg.op === 'relay') unit.publish('fw/u/LA-1/up/relay', JSON.stringify({ state: msg.state }), { qos: 1 });
  });
  await unit.subscribeAsync('fw/u/LA-1/down/#', { qos: 1 });
});
afterAll(async () => {
  await client?.endAsync(true);
  await t.close();
});

describe('GetUnitsData and GetUnitsDataCSV', () => {
  const query = () => ({ Columns: 'Resistance1,Loop1', StartDate: '2025-03-01 00:00:00', UnitID: unitA });

  it('answers one row per time with the requested columns', async () => {
    const res = await get('GetUnitsData', query());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { UnitID: unitA, DataTime: '2025-03-01 10:00:00', Resistance1: 150, Loop1: 24 },
      { UnitID: unitA, DataTime: '2025-03-01 10:05:00', Resistance1: 149 },
    ]);
    const all = (await get('GetUnitsData', { ...query(), Columns: '*' })).json();
    expect(all[0]).toEqual({ UnitID: unitA, DataTime: '2025-03-01 09:00:00', BatteryVoltage: 3.6 });
    expect((await get('GetUnitsData', { ...query(), StartDate: '2030-01-01' })).json()).toEqual([]);
  });

  it('answers only the newest row with LastValue', async () => {
    const res = await get('GetUnitsData', { ...query(), LastValue: '1' });
    expect(res.json()).toEqual([{ UnitID: unitA, DataTime: '2025-03-01 10:05:00', Resistance1: 149, Loop1: 24 }]);
  });

  it('answers CSV with a header row, RFC 4180 line ends and an inclusive StopDate', async () => {
    const res = await get('GetUnitsDataCSV', { ...query(), StopDate: '2025-03-01 10:05:00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.body).toBe(
      `UnitID,DataTime,Resistance1,Loop1\r\n${unitA},2025-03-01 10:00:00,150,24\r\n${unitA},2025-03-01 10:05:00,149,\r\n`,
    );
    const shorter = await get('GetUnitsDataCSV', { ...query(), StopDate: '2025-03-01 10:04:59' });
    expect(shorter.body.split('\r\n')).toHaveLength(3);
  });

  it('quotes CSV fields holding a comma, a quote or a line break', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(toCsv(['Name', 'Value'], [['Pump, north', 1.5]])).toBe('Name,Value\r\n"Pump, north",1.5\r\n');
  });

  it('refuses an unknown column, bad dates and missing fields with 400 {Result}', async () => {
    const unknown = await get('GetUnitsData', { ...query(), Columns: 'Resistance1,Bogus' });
    expectResult(unknown, 400, 'Bogus');
    expect(unknown.json().Result).toContain('Columns');
    expectResult(await get('GetUnitsData', { ...query(), StartDate: '2025-02-30 00:00:00' }), 400, 'StartDate');
    expectResult(await get('GetUnitsData', { ...query(), StartDate: 'yesterday' }), 400, 'StartDate');
    expectResult(await get('GetUnitsDataCSV', { ...query(), StopDate: '2025-01-01 00:00:00' }), 400, 'StopDate');
    expectResult(await get('GetUnitsData', { Columns: '*', StartDate: '2025-01-01' }), 400, 'UnitID');
  });

  it("answers another organisation's unit, and no session, in the legacy error shape", async () => {
    expectResult(await get('GetUnitsData', { ...query(), UnitID: unitB }), 404, NO_AUTHORITY);
    expectResult(await get('GetUnitsDataCSV', query(), stranger), 404, NO_AUTHORITY);
    expectResult(await get('GetUnitsData', query(), ''), 401, 'Session');
  });
});

describe('radar', () => {
  it('lists radar dates and answers a curve with positions', async () => {
    const dates = await get('GetRadarDates', { StartDate: '2025-03-01 00:00:00', ChannelID: 1, UnitID: unitA });
    expect(dates.json()).toEqual([{ RadarDate: '2025-03-01 06:00:00' }, { RadarDate: '2025-03-02 06:00:00' }]);
    const upTo = { StartDate: '2025-03-01', StopDate: '2025-03-01 06:00:00', ChannelID: 1, UnitID: unitA };
    expect((await get('GetRadarDates', upTo)).json()).toHaveLength(1);
    const curve = await get('GetRadar', {
      ChannelID: 1,
      CustomerID: tree.alpha,
      RadarDate: '2025-03-02 06:00:00',
      UnitID: unitA,
    });
    expect(curve.statusCode, curve.body).toBe(200);
    expect(curve.json()).toEqual({
      UnitID: unitA,
      ChannelID: 1,
      CustomerID: tree.alpha,
      RadarDate: '2025-03-02 06:00:00',
      PulseSpeed: 0.5,
      SampleInterval: 40,
      RadarData: [7, 14],
      Positions: [0, 3], // 40 ns × 0.5 c / 2
      ChannelDefaultRadar: null,
      Difference: null,
    });
  });

  it('refuses channel 5 and a customer the unit is not in', async () => {
    expectResult(
      await get('GetRadarDates', { StartDate: '2025-03-01', ChannelID: 5, UnitID: unitA }),
      400,
      'ChannelID',
    );
    const q = { ChannelID: 1, CustomerID: tree.beta, RadarDate: '2025-03-02 06:00:00', UnitID: unitA };
    expectResult(await get('GetRadar', q), 404, NO_AUTHORITY);
    expectResult(await get('GetRadar', { ...q, CustomerID: tree.alpha, RadarDate: '2020-01-01' }), 404, 'radar');
  });
});

describe('markers and channels', () => {
  const mark = (MarkerID: number, data: object | string, cookie = user) =>
    post(
      'EditMark',
      {
        ChannelID: 1,
        CustomerID: tree.alpha,
        MarkerID,
        UnitID: unitA,
        JSonData: typeof data === 'string' ? data : JSON.stringify(data),
      },
      cookie,
    );
  const marks = () => get('GetAllMarks', { ChannelID: 1, UnitID: unitA });
  const stored = () => count('select count(*)::int as n from markers');

  it('adds, edits, lists and deletes markers in the v1 form; a locked one stays put', async () => {
    expect((await marks()).json()).toEqual([{ ChannelID: 1, UnitID: unitA, Marker: [] }]);
    const created = await mark(0, { name: 'Branch', position: 120 });
    expect(created.statusCode, created.body).toBe(200);
    const [m] = created.json();
    expect(m).toEqual({
      ChannelID: 1,
      CustomerID: tree.alpha,
      MarkerID: expect.any(Number),
      UnitID: unitA,
      JSonData: expect.any(String),
    });
    expect(JSON.parse(m.JSonData)).toEqual({
      name: 'Branch',
      position: 120,
      comments: '',
      pulseSpeed: 0.6,
      locked: false,
    });
    const locked = (await mark(m.MarkerID, { name: 'Branch', position: 125, locked: true })).json()[0];
    expect(JSON.parse(locked.JSonData)).toMatchObject({ position: 125, locked: true });
    expect((await marks()).json()).toEqual([{ ChannelID: 1, UnitID: unitA, Marker: [locked] }]);
    expectResult(await mark(m.MarkerID, { name: 'Branch', position: 300 }), 409, 'locked');
    const del = { ChannelID: 1, CustomerID: tree.alpha, MarkerID: m.MarkerID, UnitID: unitA };
    expectResult(await get('DeleteMark', del), 409, 'locked');
    await mark(m.MarkerID, { name: 'Branch', position: 125, locked: false });
    const deleted = await get('DeleteMark', del);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()[0].MarkerID).toBe(m.MarkerID);
    expect(await stored()).toBe(0);
  });

  it('refuses bad JSonData, a Reader and a stranger, writing nothing', async () => {
    expectResult(await mark(0, 'not json'), 400, 'JSonData');
    expectResult(await mark(0, { name: 'x', position: 'far' }), 400, 'position');
    expectResult(await mark(0, { name: 'x', position: 1 }, reader), 403, NO_AUTHORITY);
    expectResult(await mark(0, { name: 'x', position: 1 }, stranger), 404, NO_AUTHORITY);
    expectResult(await mark(987654, { name: 'x', position: 1 }), 404, 'Marker');
    expect(await stored()).toBe(0);
  });

  it('answers and edits the columns of a channel', async () => {
    const q = { ChannelID: 2, UnitID: unitA, CustomerID: tree.alpha };
    expect((await get('GetChannel', q)).json()).toEqual({
      ...q,
      Columns: 'Analog2,ChannelBattery2,Galvanic2,Loop2,Resistance2,PT2,Switch2,Formula2',
    });
    const edited = await post('EditChannel', { ...q, Columns: 'Resistance2, Loop2' }, manager);
    expect(edited.json()).toEqual({ ...q, Columns: 'Resistance2,Loop2' });
    expect((await get('GetChannel', q)).json().Columns).toBe('Resistance2,Loop2');
    expectResult(await post('EditChannel', { ...q, Columns: 'Nope' }, manager), 400, 'Nope');
    expectResult(await post('EditChannel', { ...q, Columns: '' }, reader), 403, NO_AUTHORITY);
    expectResult(await post('EditChannel', { ...q, Columns: 'Loop2' }, user), 403, NO_AUTHORITY);
    expectResult(await get('GetChannel', { ...q, ChannelID: 3 }), 404, 'Channel 3');
    expect((await get('GetChannel', q)).json().Columns).toBe('Resistance2,Loop2');
  });
});

describe('SetRelay and UnitAction', () => {
  const operations = () => count('select count(*)::int as n from operations');
  const action = (body: object, cookie = user) =>
    post('UnitAction', { CustomerID: tree.alpha, UnitID: unitA, UnitSerial: 'LA-1', ...body }, cookie);

  it('sets the relay through the unit', async () => {
    const res = await get('SetRelay', { UnitID: unitA, DataValue: '0110' });
    expect(res.statusCode, res.body).toBe(200);
    const [item] = res.json();
    expect(res.json()).toEqual([
      { UnitID: unitA, DataValue: '0110', SequenceNumber: expect.any(Number), Status: 'pending' },
    ]);
    await expect
      .poll(() => received.find((r) => r.msg.seq === item.SequenceNumber)?.topic)
      .toBe('fw/u/LA-1/down/relay');
    await expect
      .poll(
        async () =>
          (await t.db.query<{ relay_state: string }>('select relay_state from units where id = $1', [unitA]))[0]
            ?.relay_state,
      )
      .toBe('0110');
  });

  it('runs an action and waits for its answer, or polls it by sequence number', async () => {
    const res = await action({ Action: 'RESTART', RunAndWait: true, SequenceNumber: 0 });
    expect(res.statusCode, res.body).toBe(200);
    const [item] = res.json();
    expect(res.json()).toEqual([
      { SequenceNumber: expect.any(Number), Action: 'RESTART', Status: 'succeeded', Message: 'done' },
    ]);
    const polled = await action({ Action: 'RESTART', SequenceNumber: item.SequenceNumber });
    expect(polled.json()).toEqual([item]);
    const started = await action({ Action: 'GET_DATA' });
    expect(started.json()).toEqual([expect.objectContaining({ Action: 'GET_DATA', Status: 'requested' })]);
    expectResult(await action({ Action: 'GET_DATA', SequenceNumber: 99999 }), 404, 'not found');
  });

  it('refuses bad input, a Reader and a stranger, requesting nothing', async () => {
    await expect.poll(() => count("select count(*)::int as n from operations where state = 'requested'")).toBe(0);
    const before = await operations();
    expectResult(await get('SetRelay', { UnitID: unitA, DataValue: '12' }), 400, 'DataValue');
    expectResult(await get('SetRelay', { UnitID: unitA, DataValue: '' }), 400, 'DataValue');
    expectResult(await get('SetRelay', { UnitID: unitA, DataValue: '1' }, reader), 403, NO_AUTHORITY);
    await t.db.query(`update units set info = info || '{"RelayCount": 4}' where id = $1`, [unitA]);
    expectResult(await get('SetRelay', { UnitID: unitA, DataValue: '101' }), 400, 'DataValue must have 4 characters');
    await t.db.query(`update units set info = info - 'RelayCount' where id = $1`, [unitA]);
    expectResult(await get('SetRelay', { UnitID: unitB, DataValue: '1' }), 404, NO_AUTHORITY);
    expectResult(await action({ Action: 'EXPLODE' }), 400, 'Action');
    expectResult(await action({ Action: 'restart' }), 400, 'Action');
    expectResult(await action({ Action: 'RESTART', UnitSerial: 'LA-2' }), 400, 'UnitSerial');
    expectResult(await action({ Action: 'RESTART', CustomerID: tree.beta }), 404, NO_AUTHORITY);
    expectResult(await action({ Action: 'RESTART' }, reader), 403, NO_AUTHORITY);
    expectResult(await action({ Action: 'RESTART', RunAndWait: 'yes' }), 400, 'RunAndWait');
    expect(await operations()).toBe(before);
  });
});

describe('GetReportParkingUsage', () => {
  const day = { StartDate: '2026-03-02 00:00:00', StopDate: '2026-03-03 00:00:00' };

  it('answers occupancy within the default 08:00–17:00 window, per unit and in total', async () => {
    const res = await get('GetReportParkingUsage', { ...day, UnitIDs: `${park1},${park2},${unitB}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ...day,
      StartDay: '08:00',
      StopDay: '17:00',
      Units: [
        { UnitID: park1, UnitName: 'Unit LP-1', OccupiedMinutes: 330, WindowMinutes: 540, Occupancy: 0.6111 },
        { UnitID: park2, UnitName: 'Unit LP-2', OccupiedMinutes: 0, WindowMinutes: 540, Occupancy: 0 },
      ],
      Totals: { Units: 2, OccupiedMinutes: 330, WindowMinutes: 1080, Occupancy: 0.3056 },
    });
  });

  it('takes another daily window and clips it to the dates', async () => {
    const wide = await get('GetReportParkingUsage', {
      ...day,
      StartDay: '6:00',
      StopDay: '20:00',
      UnitIDs: `${park1}`,
    });
    expect(wide.json().Units[0]).toMatchObject({ OccupiedMinutes: 510, WindowMinutes: 840 });
    const half = { StartDate: '2026-03-02 12:30:00', StopDate: '2026-03-02 23:00:00', UnitIDs: `${park1}` };
    expect((await get('GetReportParkingUsage', half)).json().Units[0]).toMatchObject({
      OccupiedMinutes: 270,
      WindowMinutes: 270,
      Occupancy: 1,
    });
  });

  it('refuses bad windows, dates and id lists', async () => {
    const q = { ...day, UnitIDs: `${park1}` };
    expectResult(await get('GetReportParkingUsage', { ...q, StartDay: '17:00', StopDay: '08:00' }), 400, 'StopDay');
    expectResult(await get('GetReportParkingUsage', { ...q, StartDay: '25:00' }), 400, 'StartDay');
    expectResult(await get('GetReportParkingUsage', { ...q, StopDate: '2026-02-30 00:00:00' }), 400, 'StopDate');
    expectResult(await get('GetReportParkingUsage', { ...q, StopDate: '2026-03-01 00:00:00' }), 400, 'StopDate');
    expectResult(await get('GetReportParkingUsage', { ...q, UnitIDs: 'a,b' }), 400, 'UnitIDs');
    expectResult(await get('GetReportParkingUsage', { ...q, UnitIDs: '' }), 400, 'UnitIDs');
    const many = Array.from({ length: 4001 }, (_, i) => i + 1).join(',');
    expectResult(await get('GetReportParkingUsage', { ...q, UnitIDs: many }), 400, '4000');
  });
});

describe('GetGISData', () => {
  it('answers point features of a customer with the GIS right', async () => {
    const res = await get('GetGISData', { CustomerID: tree.alpha });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [18.06, 59.33] },
        properties: {
          UnitID: unitA,
          UnitName: 'Unit LA-1',
          UnitType: 25,
          UnitLocation: '',
          CustomerID: tree.alpha,
          GISType: 'measuring point',
        },
      },
    ]);
  });

  it('refuses a customer without the right (403) and one the user cannot see (404)', async () => {
    expectResult(await get('GetGISData', { CustomerID: tree.north }), 403, 'GIS');
    expectResult(await get('GetGISData', { CustomerID: tree.beta }), 404, 'Customer');
    expectResult(await get('GetGISData', { CustomerID: tree.alpha }, stranger), 404, 'Customer');
  });
});
