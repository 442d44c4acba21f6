import {
  asFilterable,
  type Device,
  emptyFilter,
  type FilterSettings,
  type MapVariant,
  mapUnitsOf,
  statusCountsOf,
  temperatureSummary,
  type UnitShowValue,
} from '@fieldwatch/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertSamples } from '../src/modules/telemetry/telemetry.repository.ts';
import { NO_AUTHORITY } from '../src/plugins/envelopes.ts';
import { seriesId, useDevicesApp } from './fixtures/devices.ts';

// The v1 device calls: the device list, details and options, and what the overview's KPIs and maps read
// (status counts, map units, unit types, temperature summary).

const { t, org, unit, cookie, get, ids } = useDevicesApp();

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
