import {
  AccessLevel,
  asFilterable,
  type Device,
  emptyFilter,
  type FilterSettings,
  type MapVariant,
  mapUnitsOf,
  seriesByColumn,
  statusCountsOf,
  temperatureSummary,
  type UnitShowValue,
} from '@fieldwatch/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raiseAlarm } from '../src/modules/alarms/alarms.repository.ts';
import { insertSamples } from '../src/modules/telemetry/telemetry.repository.ts';

import { NO_AUTHORITY } from '../src/plugins/envelopes.ts';
import { createOrganization, createTestApp, createUnit, createUser, signIn, type TestApp } from './helpers.ts';

const PASSWORD = 'devices-secret';
const seriesId = (column: string) => seriesByColumn(column)?.id ?? 0;
let t: TestApp;
const org = { alpha: 0, north: 0, beta: 0 };
const unit = { alarm: 0, inactive: 0, problem: 0, ok: 0, beta: 0 };
const cookie = { manager: '', writer: '', reader: '', outsider: '' };

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t;
  org.alpha = await createOrganization(db, 'Alpha');
  org.north = await createOrganization(db, 'Alpha North', org.alpha);
  org.beta = await createOrganization(db, 'Beta');
  await createUser(db, {
    username: 'manager',
    password: PASSWORD,
    organizationId: org.alpha,
    role: AccessLevel.SuperUser,
  });
  await createUser(db, { username: 'writer', password: PASSWORD, organizationId: org.alpha, role: AccessLevel.User });
  await createUser(db, { username: 'reader', password: PASSWORD, organizationId: org.alpha, role: AccessLevel.Reader });
  await createUser(db, { username: 'outsider', password: PASSWORD, organizationId: org.beta, role: AccessLevel.User });
  unit.alarm = await createUnit(db, {
    organizationId: org.alpha,
    serial: 'A1',
    name: 'Bridge east',
    lat: 59.3,
    long: 18,
  });
  unit.inactive = await createUnit(db, { organizationId: org.north, serial: 'A2', name: 'Pump Ej Installerad' });
  unit.problem = await createUnit(db, { organizationId: org.alpha, serial: 'A3', name: 'Tunnel', type: 1 });
  unit.ok = await createUnit(db, { organizationId: org.alpha, serial: 'A4', name: 'Quay', type: 201 });
  unit.beta = await createUnit(db, { organizationId: org.beta, serial: 'B1', name: 'Beta bridge' });
  const time = new Date('2024-05-01T10:00:00Z');
  await raiseAlarm(db, { unitId: unit.alarm, channel: 1, type: 0, value: 0.4, limit: 1, time });
  await raiseAlarm(db, { unitId: unit.problem, channel: 0, type: 19, value: null, limit: null, time });
  await raiseAlarm(db, { unitId: unit.beta, channel: 0, type: 28, value: 3.1, limit: 3.3, time });
  const now = new Date();
  await insertSamples(db, unit.alarm, [
    { series: seriesId('Resistance1'), ts: new Date(now.getTime() - 60_000), value: 4.5 },
    { series: seriesId('BatteryVoltage'), ts: now, value: 3.61 },
  ]);
  for (const who of ['manager', 'writer', 'reader', 'outsider'] as const)
    cookie[who] = await signIn(t.app, who, PASSWORD);
});
afterAll(() => t.close());

const get = (url: string, who: keyof typeof cookie = 'writer') =>
  t.app.inject({ method: 'GET', url, headers: { cookie: cookie[who] } });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: unknown, who: keyof typeof cookie = 'writer') =>
  t.app.inject({ method, url, headers: { cookie: cookie[who] }, payload: payload as object });
const ids = (list: { id: number }[]) => list.map((d) => d.id).sort((a, b) => a - b);
const infoOf = async (id: number) =>
  (
    await t.db.query<{ info: Record<string, unknown>; unit_name: string }>(
      'select info, unit_name from units where id = $1',
      [id],
    )
  )[0];

describe('v1 device list, details and options', () => {
  it('lists the devices of the scope with their status', async () => {
    const res = await get('/api/v1/device');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json();
    expect(ids(list)).toEqual([unit.alarm, unit.inactive, unit.problem, unit.ok]);
    const byId = new Map(list.map((d: { id: number; status: string }) => [d.id, d]));
    expect(byId.get(unit.alarm)).toMatchObject({
      name: 'Bridge east',
      latitude: 59.3,
      longitude: 18,
      organization: org.alpha,
      serial: 'A1',
      type: { code: 25, name: 'X3' },
      status: 'alarm',
      alarmTypes: [0],
      nfcActive: false,
      groups: [],
    });
    expect(byId.get(unit.inactive)).toMatchObject({ status: 'inactive' });
    expect(byId.get(unit.problem)).toMatchObject({ status: 'problem' });
    expect(byId.get(unit.ok)).toMatchObject({ status: 'ok', type: { code: 201, name: 'LPA' } });
  });

  it('narrows to the orgs asked for, never wider than the user may see', async () => {
    expect(ids((await get(`/api/v1/device?orgs=${org.north}`)).json())).toEqual([unit.inactive]);
    expect((await get(`/api/v1/device?orgs=${org.beta}`)).json()).toEqual([]);
    expect(ids((await get('/api/v1/device', 'outsider')).json())).toEqual([unit.beta]);
  });

  it('refuses a malformed orgs list and a missing session', async () => {
    const bad = await get('/api/v1/device?orgs=1;drop');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: true, statusCode: 400 });
    expect(bad.json().message).toContain('orgs');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/device' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('gives the details: inputs, latest data, alarms and settings', async () => {
    const res = await get(`/api/v1/device/${unit.alarm}/details`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({ id: unit.alarm, status: 'alarm', inputs: [], settings: { UnitName: 'Bridge east' } });
    expect(d.latestData.Resistance1.value).toBe(4.5);
    expect(d.latestData.BatteryVoltage.value).toBe(3.61);
    expect(d.alarms).toEqual([
      expect.objectContaining({ AlarmType: 0, UnitID: unit.alarm, ChannelID: 1, Units: [{ UnitType: 25 }] }),
    ]);
    expect(Object.keys(d.settings)).toHaveLength(56);
  });

  it('answers a foreign or unknown unit as not existing', async () => {
    for (const id of [unit.beta, 999999]) {
      for (const path of ['details', 'options']) {
        const res = await get(`/api/v1/device/${id}/${path}`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: true, statusCode: 404, message: NO_AUTHORITY });
      }
    }
    expect((await get(`/api/v1/device/abc/details`)).statusCode).toBe(400);
  });

  it('gives the options of a device', async () => {
    const res = await get(`/api/v1/device/${unit.alarm}/options`);
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json();
    expect(o).toMatchObject({ id: unit.alarm, type: { code: 25, name: 'X3' }, channels: [1, 2] });
    expect(o.unitGroups).toContain('radar');
    expect(o.columns).toEqual(expect.arrayContaining(['Resistance1', 'Loop2', 'BatteryVoltage']));
    expect(o.columns).not.toContain('Resistance3');
    expect(o.operations).toContain('restart');
  });
});

describe('v1 status counts (the status KPI)', () => {
  const counts = async (query: string, who: keyof typeof cookie = 'writer') => {
    const res = await get(`/api/v1/device/statusCounts${query}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** The same counts from the device list, as the browser counted them before. */
  const fromList = async (query: string, f: Partial<FilterSettings>, who: keyof typeof cookie = 'writer') => {
    const list: Device[] = (await get(`/api/v1/device${query}`, who)).json();
    return statusCountsOf(list.map(asFilterable), { ...emptyFilter(), ...f });
  };

  it('counts the units of the scope by status', async () => {
    expect(await counts('')).toEqual({ alarm: 1, problem: 1, ok: 1, inactive: 1, total: 4 });
    expect(await counts('', 'outsider')).toEqual({ alarm: 1, problem: 0, ok: 0, inactive: 0, total: 1 });
    expect(await counts(`?orgs=${org.north}`)).toEqual({ alarm: 0, problem: 0, ok: 0, inactive: 1, total: 1 });
    // Another tree's organization asked for by id is not seen.
    expect(await counts(`?orgs=${org.beta}`)).toEqual({ alarm: 0, problem: 0, ok: 0, inactive: 0, total: 0 });
  });

  it('equals the device list counted after the same filter', async () => {
    const cases: [string, Partial<FilterSettings>][] = [
      ['?q=bridge', { textSearch: 'bridge' }],
      ['?q=LPA', { textSearch: 'LPA' }],
      ['?types=25,201', { unitTypes: [{ UnitTypes: '25,201' }] }],
      ['?alarmTypes=19', { alarmTypes: [19] }],
      [`?orgs=${org.alpha}&types=1&alarmTypes=19,0`, { unitTypes: [{ UnitTypes: '1' }], alarmTypes: [19, 0] }],
    ];
    for (const [query, f] of cases) {
      const listQuery = new URLSearchParams(query.slice(1)).get('orgs');
      expect(await counts(query), query).toEqual(await fromList(listQuery ? `?orgs=${listQuery}` : '', f));
    }
    expect((await counts('?q=bridge')).total).toBe(1);
  });

  it('refuses malformed lists and a missing session, with the message naming the parameter', async () => {
    for (const [query, name] of [
      ['?types=a', 'types'],
      ['?alarmTypes=1;drop', 'alarmTypes'],
      ['?orgs=x', 'orgs'],
      [`?q=${'x'.repeat(201)}`, 'q'],
    ]) {
      const res = await get(`/api/v1/device/statusCounts${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(name);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/device/statusCounts' })).statusCode).toBe(401);
  });
});

describe('v1 map units (what a unit map draws)', () => {
  const mapUnits = async (query: string, who: keyof typeof cookie = 'writer') => {
    const res = await get(`/api/v1/device/mapUnits${query}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** The same units from the device list, as the browser placed them before. */
  const fromList = async (variant: MapVariant, f: Partial<FilterSettings>, who: keyof typeof cookie = 'writer') => {
    const list: Device[] = (await get('/api/v1/device', who)).json();
    const units = list.map((d) => ({ ...asFilterable(d), id: d.id, lat: d.latitude, lng: d.longitude }));
    return mapUnitsOf(units, variant, { ...emptyFilter(), ...f });
  };

  it('places the positioned units of the scope and counts the others', async () => {
    expect(await mapUnits('')).toEqual({
      ids: [unit.alarm],
      lat: [59.3],
      lng: [18],
      status: ['alarm'],
      unplaced: 3,
    });
    expect(await mapUnits('', 'outsider')).toEqual({ ids: [], lat: [], lng: [], status: [], unplaced: 1 });
    // Another tree's organization asked for by id is not seen.
    expect((await mapUnits(`?orgs=${org.beta}`)).unplaced).toBe(0);
  });

  it('equals the device list placed after the same filter and variant', async () => {
    await t.db.query('update units set gps_lat = $2, gps_long = $3 where id = $1', [unit.problem, 55.61, 12.99]);
    await t.db.query('update units set gps_lat = $2, gps_long = $3 where id = $1', [unit.ok, 0, 0]);
    t.app.bus.dataChanged();
    const cases: [string, MapVariant, Partial<FilterSettings>][] = [
      ['', 'deviceMap', {}],
      ['?variant=alarmMap', 'alarmMap', {}],
      ['?variant=parkingMap', 'parkingMap', {}],
      ['?statuses=problem', 'deviceMap', { unitStatus: { alarm: false, problem: true, ok: false, inactive: false } }],
      ['?q=tunnel&variant=alarmMap', 'alarmMap', { textSearch: 'tunnel' }],
      ['?types=25&alarmTypes=0', 'deviceMap', { unitTypes: [{ UnitTypes: '25' }], alarmTypes: [0] }],
    ];
    for (const [query, variant, f] of cases) expect(await mapUnits(query), query).toEqual(await fromList(variant, f));
    // (0, 0) is a unit without a fix: counted, not placed.
    expect(await mapUnits('?types=201')).toEqual({ ids: [], lat: [], lng: [], status: [], unplaced: 1 });
    expect((await mapUnits('?variant=alarmMap')).ids).toEqual([unit.alarm, unit.problem]);
  });

  it('lists the unit types of the scope for the filter', async () => {
    const codes = async (query: string, who: keyof typeof cookie = 'writer') =>
      (await get(`/api/v1/device/typeCodes${query}`, who)).json().codes;
    const list: Device[] = (await get('/api/v1/device')).json();
    expect(await codes('')).toEqual([...new Set(list.map((d) => d.type.code))].sort((a, b) => a - b));
    expect(await codes(`?orgs=${org.north}`)).toEqual([list.find((d) => d.id === unit.inactive)?.type.code]);
    expect(await codes(`?orgs=${org.beta}`)).toEqual([]);
  });

  it('refuses an unknown variant, unknown statuses and malformed lists, naming the parameter', async () => {
    for (const [path, query, name] of [
      ['mapUnits', '?variant=heatMap', 'variant'],
      ['mapUnits', '?statuses=red', 'statuses'],
      ['mapUnits', '?types=2;1', 'types'],
      ['typeCodes', '?orgs=x', 'orgs'],
    ]) {
      const res = await get(`/api/v1/device/${path}${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(name);
    }
    for (const path of ['mapUnits', 'typeCodes'])
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/device/${path}` })).statusCode).toBe(401);
  });
});

describe('v1 temperature summary (the temperature KPI)', () => {
  const temperature = async (column: string, unitId: number, value: number) =>
    insertSamples(t.db, unitId, [{ series: seriesId(column), ts: new Date(), value }]);
  beforeAll(async () => {
    await temperature('PT1', unit.ok, 4);
    await temperature('Temperature', unit.ok, 9);
    await temperature('Temperature', unit.problem, 12);
    await temperature('InternalTemperature', unit.inactive, 20);
    await temperature('Temperature', unit.beta, 30);
    // Written beside the server, not through ingest: the fleet memory reads the units again.
    t.app.bus.dataChanged();
  });
  const summary = async (query: string, who: keyof typeof cookie = 'writer') => {
    const res = await get(`/api/v1/device/temperatureSummary${query}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it("summarises the customers' units as the browser summarised their show values", async () => {
    const rows: UnitShowValue[] = (await get('/api/v1/xrequest/GetUnitsShowValue')).json();
    expect(await summary('')).toEqual(temperatureSummary(rows));
    expect(await summary('')).toEqual({
      stats: { min: 4, max: 20, mean: 12, count: 3 },
      sources: [
        { column: 'PT1', count: 1 },
        { column: 'Temperature', count: 1 },
        { column: 'InternalTemperature', count: 1 },
      ],
      units: rows.length,
    });
    expect((await summary('', 'outsider')).stats).toEqual({ min: 30, max: 30, mean: 30, count: 1 });
    expect(await summary(`?orgs=${org.beta}`)).toEqual({ stats: null, sources: [], units: 0 });
  });

  it('narrows by the filter, statuses included', async () => {
    expect((await summary('?statuses=ok')).stats).toEqual({ min: 4, max: 4, mean: 4, count: 1 });
    expect((await summary('?statuses=ok,problem')).stats).toEqual({ min: 4, max: 12, mean: 8, count: 2 });
    expect((await summary('?q=tunnel')).stats).toEqual({ min: 12, max: 12, mean: 12, count: 1 });
    expect((await summary('?types=201')).stats).toEqual({ min: 4, max: 4, mean: 4, count: 1 });
    expect((await summary('?alarmTypes=0')).stats).toBeNull();
  });

  it("takes the units given whatever the filter, never another tree's", async () => {
    expect((await summary(`?units=${unit.ok},${unit.beta}&statuses=problem`)).stats).toEqual({
      min: 4,
      max: 4,
      mean: 4,
      count: 1,
    });
  });

  it('refuses unknown statuses and malformed unit lists, naming the parameter', async () => {
    for (const [query, name] of [
      ['?statuses=red', 'statuses'],
      ['?units=1,x', 'units'],
      [`?units=${Array.from({ length: 4001 }, (_, i) => i + 1).join(',')}`, 'units'],
    ]) {
      const res = await get(`/api/v1/device/temperatureSummary${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(name);
    }
  });
});

describe('v2 devices and device filter', () => {
  it('lists devices in the v2 envelope, with use_context narrowing to the current organisation', async () => {
    const all = await get('/api/v2/device/devices');
    expect(all.statusCode).toBe(200);
    expect(all.json().success).toBe(true);
    expect(ids(all.json().result)).toEqual([unit.alarm, unit.inactive, unit.problem, unit.ok]);
    const switched = await t.app.inject({
      method: 'PUT',
      url: `/api/v3/user/session/current_organization?id=${org.north}`,
      headers: { cookie: cookie.reader },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const ctx = await get('/api/v2/device/devices?use_context=true', 'reader');
    expect(ids(ctx.json().result)).toEqual([unit.inactive]);
    expect(ids((await get('/api/v2/device/devices', 'outsider')).json().result)).toEqual([unit.beta]);
  });

  it('filters by status, type, alarm type and text', async () => {
    const filter = async (body: unknown) => {
      const res = await send('POST', '/api/v2/device/deviceFilter', body);
      expect(res.statusCode, res.body).toBe(200);
      return ids(res.json().result);
    };
    expect(await filter({})).toEqual([unit.alarm, unit.inactive, unit.problem, unit.ok]);
    expect(await filter({ unitStatus: { problem: true, inactive: true } })).toEqual([unit.inactive, unit.problem]);
    expect(await filter({ unitTypes: [{ UnitTypes: '1,201' }] })).toEqual([unit.problem, unit.ok]);
    expect(await filter({ alarmTypes: ['19'] })).toEqual([unit.problem]);
    expect(await filter({ textSearch: '  BRIDGE ' })).toEqual([unit.alarm]);
    expect(await filter({ textSearch: 'lpa' })).toEqual([unit.ok]);
  });

  it('refuses a bad filter with the v2 error shape', async () => {
    const res = await send('POST', '/api/v2/device/deviceFilter', { unitTypes: [{ UnitTypes: 'x' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(res.json().error).toContain('UnitTypes');
  });
});

describe('v2 settings', () => {
  const url = (id: number) => `/api/v2/device/legacy/devices/${id}/settings`;

  it('reads every editable field', async () => {
    const res = await get(url(unit.alarm), 'reader');
    expect(res.statusCode).toBe(200);
    const s = res.json().result;
    expect(s).toMatchObject({ UnitName: 'Bridge east', UnitType: 25, GPSLatitude: 59.3, Schedule: null });
    expect(Object.keys(s)).toHaveLength(56);
    expect((await get(url(unit.beta))).statusCode).toBe(404);
  });

  it('writes columns and info, and answers the new settings', async () => {
    const res = await send(
      'PUT',
      url(unit.ok),
      {
        UnitName: 'Quay north',
        UnitDescription: 'By the ferry',
        Schedule: 60,
        ConnectIP: '10.0.0.1',
        GPSLongitude: 11.5,
        NfcActive: 1,
      },
      'manager',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ UnitName: 'Quay north', Schedule: 60, GPSLongitude: 11.5 });
    const row = await infoOf(unit.ok);
    expect(row?.unit_name).toBe('Quay north');
    expect(row?.info).toMatchObject({
      UnitDescription: 'By the ferry',
      Schedule: 60,
      ConnectIP: '10.0.0.1',
      NfcActive: 1,
    });
    const device = (await get(`/api/v1/device/${unit.ok}/details`)).json();
    expect(device).toMatchObject({ description: 'By the ferry', nfcActive: true, longitude: 11.5 });
    const cleared = await send('PUT', url(unit.ok), { Schedule: null }, 'manager');
    expect(cleared.json().result.Schedule).toBeNull();
  });

  it('refuses a bad field by name and writes nothing', async () => {
    const before = await infoOf(unit.ok);
    const cases: [unknown, string][] = [
      [{ UnitName: 'Fine', Schedule: 5000 }, 'Schedule'],
      [{ UnitName: 'Fine', ConnectIP: '999.1.1.1' }, 'ConnectIP'],
      [{ UnitName: 'Fine', MeasureInterval: 1.5 }, 'MeasureInterval'],
      [{ UnitName: 'Fine', GPSLatitude: 91 }, 'GPSLatitude'],
      [{ UnitName: '   ' }, 'UnitName'],
      [{ UnitName: null }, 'UnitName'],
      [{ UnitName: 'Fine', Bogus: 1 }, 'Bogus'],
      [{ UnitName: 'Fine', Schedule: '60' }, 'Schedule'],
    ];
    for (const [body, field] of cases) {
      const res = await send('PUT', url(unit.ok), body, 'manager');
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().error).toContain(field);
    }
    expect(await infoOf(unit.ok)).toEqual(before);
  });

  it('refuses a User and a Reader (403) and another organisation (404), writing nothing', async () => {
    const before = await infoOf(unit.ok);
    const user = await send('PUT', url(unit.ok), { UnitName: 'User was here' }, 'writer');
    expect(user.statusCode).toBe(403);
    expect(user.json()).toEqual({ success: false, error: NO_AUTHORITY });
    const reader = await send('PUT', url(unit.ok), { UnitName: 'Reader was here' }, 'reader');
    expect(reader.statusCode).toBe(403);
    expect(reader.json()).toEqual({ success: false, error: NO_AUTHORITY });
    const outsider = await send('PUT', url(unit.ok), { UnitName: 'Outsider was here' }, 'outsider');
    expect(outsider.statusCode).toBe(404);
    expect(await infoOf(unit.ok)).toEqual(before);
  });

  it('raises the disabled-device alarm on Disabled=1 and clears it on 0', async () => {
    const active = async () =>
      (
        await t.db.query('select 1 from alarms where unit_id = $1 and alarm_type = 43 and cleared_at is null', [
          unit.problem,
        ])
      ).length;
    expect((await send('PUT', url(unit.problem), { Disabled: 1 }, 'manager')).statusCode).toBe(200);
    expect(await active()).toBe(1);
    const device = (await get(`/api/v1/device/${unit.problem}/details`)).json();
    expect(device.disabled).toBe(true);
    expect(device.alarmTypes).toEqual(expect.arrayContaining([19, 43]));
    expect((await send('PUT', url(unit.problem), { Disabled: 0 }, 'manager')).statusCode).toBe(200);
    expect(await active()).toBe(0);
  });
});

describe('v2 inputs, options, alarm actions and alarms', () => {
  it('stores an input and shows it in the details', async () => {
    const res = await send(
      'PUT',
      `/api/v2/device/legacy/devices/${unit.alarm}/analog/0`,
      {
        data: { name: 'Flow', unit: 'l/s' },
      },
      'manager',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toEqual({ kind: 'analog', index: 0, data: { name: 'Flow', unit: 'l/s' } });
    const again = await send(
      'PUT',
      `/api/v2/device/legacy/devices/${unit.alarm}/analog/0`,
      {
        data: { name: 'Flow 2' },
      },
      'manager',
    );
    expect(again.json().result.data).toEqual({ name: 'Flow 2' });
    // 'channel' shares its path prefix with the marker routes (legacy/devices/{id}/channel/{n}/markers).
    const channel = await send(
      'PUT',
      `/api/v2/device/legacy/devices/${unit.alarm}/channel/1`,
      { data: { gain: 2 } },
      'manager',
    );
    expect(channel.statusCode, channel.body).toBe(200);
    const d = (await get(`/api/v1/device/${unit.alarm}/details`)).json();
    expect(d.inputs).toEqual([
      { kind: 'analog', index: 0, data: { name: 'Flow 2' } },
      { kind: 'channel', index: 1, data: { gain: 2 } },
    ]);
  });

  it('refuses bad inputs, readers and foreign units, writing nothing', async () => {
    const count = async () => (await t.db.query('select 1 from inputs')).length;
    const before = await count();
    const bad: [string, unknown, number][] = [
      [`/api/v2/device/legacy/devices/${unit.alarm}/sonar/0`, { data: {} }, 400],
      [`/api/v2/device/legacy/devices/${unit.alarm}/pt/-1`, { data: {} }, 400],
      [`/api/v2/device/legacy/devices/${unit.alarm}/pt/1`, { data: 'x' }, 400],
      [`/api/v2/device/legacy/devices/${unit.alarm}/pt/1`, {}, 400],
      [`/api/v2/device/legacy/devices/${unit.beta}/pt/1`, { data: {} }, 404],
    ];
    for (const [url, body, status] of bad) {
      const res = await send('PUT', url, body, 'manager');
      expect(res.statusCode, url).toBe(status);
      expect(res.json().success).toBe(false);
    }
    for (const who of ['writer', 'reader'] as const) {
      const refused = await send('PUT', `/api/v2/device/legacy/devices/${unit.alarm}/pt/1`, { data: {} }, who);
      expect(refused.statusCode, who).toBe(403);
    }
    expect(await count()).toBe(before);
  });

  it('gives the options in the envelope and refuses a foreign unit', async () => {
    const res = await get(`/api/v2/device/devices/${unit.ok}/options`);
    expect(res.json()).toMatchObject({ success: true, result: { id: unit.ok, unitGroups: ['iot', 'parking'] } });
    const foreign = await get(`/api/v2/device/devices/${unit.beta}/options`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ success: false, error: NO_AUTHORITY });
  });

  it('lists the alarm actions', async () => {
    const res = await get('/api/v2/device/legacy/alarm_actions', 'reader');
    expect(res.statusCode).toBe(200);
    expect(res.json().result.map((a: { name: string }) => a.name)).toEqual(['notify', 'email', 'task', 'sms']);
  });

  it('gives the active alarms of the units asked for, never of foreign ones', async () => {
    const res = await send('POST', '/api/v2/device/alarms', { devices: [unit.alarm, unit.problem, unit.beta] });
    expect(res.statusCode, res.body).toBe(200);
    const alarms = res.json().result;
    expect(alarms.map((a: { UnitID: number }) => a.UnitID).sort()).toEqual([unit.alarm, unit.problem].sort());
    expect(alarms[0]).toEqual({
      AlarmID: expect.any(Number),
      AlarmType: expect.any(Number),
      AlarmEventText: expect.any(String),
      UnitID: expect.any(Number),
      ChannelID: expect.any(Number),
      AlarmEventTime: '2024-05-01T10:00:00.000Z',
      Units: [{ UnitType: expect.any(Number) }],
    });
    expect((await send('POST', '/api/v2/device/alarms', { devices: [unit.beta] })).json().result).toEqual([]);
    const tooMany = await send('POST', '/api/v2/device/alarms', {
      devices: Array.from({ length: 4001 }, (_, i) => i + 1),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toContain('devices');
  });
});

describe('OpenAPI', () => {
  it('documents the device, group and legacy unit calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      '/api/v1/device',
      '/api/v1/device/{id}/details',
      '/api/v2/device/deviceFilter',
      '/api/v2/device/groups',
      '/api/v2/device/legacy/devices/{id}/settings',
      '/api/v2/device/legacy/devices/{id}/{inputType}/{index}',
      '/api/v1/xrequest/GetUnitsByPos',
      '/api/v1/xrequest/EditUnitInfo',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
