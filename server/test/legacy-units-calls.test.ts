import { seriesByColumn } from '@fieldwatch/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSamples } from '../src/modules/telemetry/telemetry.repository.ts';

import { NO_AUTHORITY } from '../src/plugins/envelopes.ts';
import {
  createOrganization,
  createRoleUsers,
  createTestApp,
  createUnit,
  signInRoleUsers,
  type TestApp,
} from './helpers.ts';

const PASSWORD = 'legacy-secret';
const X = '/api/v1/xrequest';
const LEGACY_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
let t: TestApp;
const org = { alpha: 0, beta: 0 };
const unit = { sthlm: 0, uppsala: 0, gbg: 0, nowhere: 0, beta: 0 };
const cookie = { manager: '', writer: '', reader: '', outsider: '' };
type Who = keyof typeof cookie;
let group = 0;

const series = (column: string) => seriesByColumn(column)?.id ?? 0;
async function alarm(unitId: number, type: number, time: string, cleared = true) {
  await t.db.query(
    'insert into alarms (unit_id, channel, alarm_type, event_text, event_time, cleared_at) values ($1, 0, $2, $3, $4, $5)',
    [unitId, type, `alarm ${type}`, time, cleared ? time : null],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t;
  org.alpha = await createOrganization(db, 'Alpha');
  org.beta = await createOrganization(db, 'Beta');
  await createRoleUsers(db, org.alpha, org.beta, PASSWORD);
  const a = org.alpha;
  unit.sthlm = await createUnit(db, { organizationId: a, serial: 'L1', name: 'Stockholm', lat: 59.33, long: 18.07 });
  unit.uppsala = await createUnit(db, {
    organizationId: a,
    serial: 'L2',
    name: 'Uppsala',
    type: 1,
    lat: 59.86,
    long: 17.64,
  });
  unit.gbg = await createUnit(db, { organizationId: a, serial: 'L3', name: 'Göteborg', lat: 57.71, long: 11.97 });
  unit.nowhere = await createUnit(db, { organizationId: a, serial: 'L4', name: 'Nowhere', type: 201 });
  unit.beta = await createUnit(db, { organizationId: org.beta, serial: 'LB', name: 'Beta', lat: 59.33, long: 18.07 });
  const [west] = await db.query<{ id: number }>(
    "insert into device_groups (organization_id, name) values ($1, 'West') returning id",
    [org.alpha],
  );
  group = west?.id ?? 0;
  await db.query('insert into device_group_members (group_id, unit_id) values ($1, $2), ($1, $3)', [
    group,
    unit.uppsala,
    unit.gbg,
  ]);
  await alarm(unit.sthlm, 0, '2009-12-31T23:00:00Z');
  await alarm(unit.sthlm, 0, '2024-01-01T10:00:00Z');
  await alarm(unit.sthlm, 4, '2024-01-01T12:00:00Z');
  await alarm(unit.sthlm, 6, '2024-01-02T08:00:00Z', false);
  await alarm(unit.uppsala, 19, '2024-01-02T09:00:00Z', false);
  await alarm(unit.beta, 28, '2024-01-01T11:00:00Z');
  await db.query(
    `insert into alarms (unit_id, channel, alarm_type, event_text, event_time, cleared_at)
     select $1, 0, 28, 'battery', t, t from generate_series('2023-01-01'::timestamptz, '2023-01-01'::timestamptz + interval '509 hours', interval '1 hour') t`,
    [unit.gbg],
  );
  const ago = (min: number) => new Date(Date.now() - min * 60_000);
  const put = (id: number, column: string, value: number, min = 5) =>
    insertSamples(db, id, [{ series: series(column), ts: ago(min), value }]);
  await put(unit.sthlm, 'BatteryVoltage', 3.61);
  await put(unit.sthlm, 'PT1', 12.5);
  await put(unit.sthlm, 'Temperature', 20, 1);
  await put(unit.sthlm, 'Switch1', 1);
  await put(unit.sthlm, 'Switch2', 0);
  await put(unit.uppsala, 'BatteryVoltage', 3.64);
  await put(unit.uppsala, 'InternalTemperature', 7);
  await put(unit.gbg, 'BatteryVoltage', 3.1);
  await put(unit.beta, 'BatteryVoltage', 3.0);
  await put(unit.beta, 'Switch1', 1);
  Object.assign(cookie, await signInRoleUsers(t.app, PASSWORD));
});
afterAll(() => t.close());

const get = (endpoint: string, query = '', who: Who = 'writer') =>
  t.app.inject({ method: 'GET', url: `${X}/${endpoint}${query ? `?${query}` : ''}`, headers: { cookie: cookie[who] } });
const post = (endpoint: string, payload: unknown, who: Who = 'writer') =>
  t.app.inject({
    method: 'POST',
    url: `${X}/${endpoint}`,
    headers: { cookie: cookie[who] },
    payload: payload as object,
  });
const unitIds = (list: { UnitID: number }[]) => list.map((u) => u.UnitID);
const manyIds = Array.from({ length: 4001 }, (_, i) => i + 1).join(',');

function expectResult(res: Awaited<ReturnType<typeof get>>, status: number, text: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(Object.keys(body)).toEqual(['Result']);
  expect(body.Result).toContain(text);
}

describe('GetUnitsInfo and GetUnitType', () => {
  it('answers the units of the scope in the legacy Unit shape', async () => {
    const res = await get('GetUnitsInfo');
    expect(res.statusCode, res.body).toBe(200);
    const units = res.json();
    expect(unitIds(units)).toEqual([unit.sthlm, unit.uppsala, unit.gbg, unit.nowhere]);
    expect(units[0]).toMatchObject({
      UnitID: unit.sthlm,
      UnitName: 'Stockholm',
      UnitLocation: '',
      UnitType: 25,
      CustomerID: org.alpha,
      Status: 'alarm',
      GPSLatitude: 59.33,
      Schedule: null,
      AlarmEvents: [{ AlarmType: 6, ChannelID: 0, AlarmEventText: 'alarm 6', AlarmEventTime: '2024-01-02 08:00:00' }],
    });
    expect(units[1]).toMatchObject({ Status: 'problem', AlarmEvents: [{ AlarmType: 19 }] });
  });

  it('narrows by UnitIDs and Rows, never to foreign units', async () => {
    expect(unitIds((await get('GetUnitsInfo', `UnitIDs=${unit.gbg},${unit.beta}`)).json())).toEqual([unit.gbg]);
    expect((await get('GetUnitsInfo', 'Rows=2')).json()).toHaveLength(2);
    expect(unitIds((await get('GetUnitsInfo', '', 'outsider')).json())).toEqual([unit.beta]);
    expect((await get('GetUnitsInfo', `UnitIDs=${unit.sthlm}`, 'outsider')).json()).toEqual([]);
  });

  it('refuses bad lists, too many ids and no session with a Result', async () => {
    expectResult(await get('GetUnitsInfo', 'UnitIDs=a,b'), 400, 'UnitIDs');
    expectResult(await get('GetUnitsInfo', 'Rows=0'), 400, 'Rows');
    expectResult(await get('GetUnitsInfo', `UnitIDs=${manyIds}`), 400, 'UnitIDs: at most 4000');
    const anonymous = await t.app.inject({ method: 'GET', url: `${X}/GetUnitsInfo` });
    expectResult(anonymous, 401, 'Session');
  });

  it('lists the unit types of the customers', async () => {
    expect((await get('GetUnitType', `CustomerIDs=${org.alpha}`)).json()).toEqual([
      { UnitType: 1, UnitTypeName: 'X1' },
      { UnitType: 25, UnitTypeName: 'X3' },
      { UnitType: 201, UnitTypeName: 'LPA' },
    ]);
    expect((await get('GetUnitType', `CustomerIDs=${org.beta}`)).json()).toEqual([]);
    expectResult(await get('GetUnitType', 'CustomerIDs=x'), 400, 'CustomerIDs');
  });
});

describe('GetUnitsByPos and GetUnitsShowValue', () => {
  it('answers the units near the given ones, nearest first', async () => {
    const near = (await get('GetUnitsByPos', `UnitIDs=${unit.sthlm}&Distance=100`)).json();
    expect(unitIds(near)).toEqual([unit.sthlm, unit.uppsala]);
    expect(near[0].Distance).toBe(0);
    expect(near[1].Distance).toBeGreaterThan(55);
    expect(near[1].Distance).toBeLessThan(75);
    expect(near[1]).toMatchObject({ UnitName: 'Uppsala', AlarmEvents: [{ AlarmType: 19 }] });
  });

  it('defaults to 100000 km around the centroid of all positioned units, and filters by group and Rows', async () => {
    expect(unitIds((await get('GetUnitsByPos')).json()).sort()).toEqual([unit.sthlm, unit.uppsala, unit.gbg].sort());
    const west = (await get('GetUnitsByPos', `UnitGroups=${group}&UnitIDs=${unit.gbg}`)).json();
    expect(unitIds(west)).toEqual([unit.gbg, unit.uppsala]);
    expect((await get('GetUnitsByPos', 'Rows=1')).json()).toHaveLength(1);
    expect(unitIds((await get('GetUnitsByPos', '', 'outsider')).json())).toEqual([unit.beta]);
    expectResult(await get('GetUnitsByPos', 'Distance=-1'), 400, 'Distance');
  });

  it('answers the latest display values', async () => {
    const rows = (await get('GetUnitsShowValue', `CustomerIDs=${org.alpha}`)).json();
    const of = (id: number) => rows.find((r: { UnitID: number }) => r.UnitID === id);
    expect(of(unit.sthlm)).toMatchObject({
      Temperature: 12.5,
      BatteryVoltage: 3.61,
      Values: { Switch1: 1, PT1: 12.5 },
    });
    expect(of(unit.sthlm).LastValueTime).toMatch(LEGACY_DATE);
    expect(of(unit.uppsala)).toMatchObject({ Temperature: 7, BatteryVoltage: 3.64 });
    expect(of(unit.nowhere)).toMatchObject({
      Temperature: null,
      BatteryVoltage: null,
      LastValueTime: null,
      Values: {},
    });
    expect((await get('GetUnitsShowValue', `UnitIDs=${unit.beta}`)).json()).toEqual([]);
  });
});

describe('GetAlarms', () => {
  it('answers at most 500 alarms since 2010-01-01 by default, newest first, in the legacy date format', async () => {
    const alarms = (await get('GetAlarms')).json();
    expect(alarms).toHaveLength(500);
    expect(alarms[0]).toEqual({
      AlarmID: expect.any(Number),
      AlarmType: 19,
      // Worded from the alarm's type in the caller's language, whatever text was stored with it.
      AlarmEventText: 'Unit missed its reporting schedule',
      UnitID: unit.uppsala,
      ChannelID: 0,
      AlarmEventTime: '2024-01-02 09:00:00',
      Units: [{ UnitType: 1 }],
    });
    const times = alarms.map((a: { AlarmEventTime: string }) => a.AlarmEventTime);
    expect([...times].sort().reverse()).toEqual(times);
    const all = (await get('GetAlarms', 'Rows=10000')).json();
    expect(all).toHaveLength(510 + 4); // the 2009 alarm is before the default StartDate
    expect(all.some((a: { AlarmEventTime: string }) => a.AlarmEventTime.startsWith('2009'))).toBe(false);
  });

  it('takes StartDate, CustomerIDs and UnitIDs, never answering foreign alarms', async () => {
    const since = (
      await get('GetAlarms', `StartDate=2024-01-02 00:00:00&UnitIDs=${unit.sthlm},${unit.uppsala}`)
    ).json();
    expect(since.map((a: { AlarmType: number }) => a.AlarmType)).toEqual([19, 6]);
    const early = (await get('GetAlarms', `StartDate=2009-01-01&UnitIDs=${unit.sthlm}`)).json();
    expect(early).toHaveLength(4);
    expect((await get('GetAlarms', `CustomerIDs=${org.beta}`)).json()).toEqual([]);
    expect(unitIds((await get('GetAlarms', '', 'outsider')).json())).toEqual([unit.beta]);
  });

  it('refuses a bad StartDate, Rows or id list with a Result', async () => {
    expectResult(await get('GetAlarms', 'StartDate=yesterday'), 400, 'StartDate');
    expectResult(await get('GetAlarms', 'StartDate=2024-13-01 00:00'), 400, 'StartDate');
    expectResult(await get('GetAlarms', 'Rows=-5'), 400, 'Rows');
    expectResult(await get('GetAlarms', `CustomerIDs=${manyIds}`), 400, 'CustomerIDs');
  });
});

describe('KPI calls', () => {
  it('sums alarm counts per day', async () => {
    const res = await post('GetKPIAlarms', {
      CustomerIDs: String(org.alpha),
      UnitIDs: `${unit.sthlm},${unit.uppsala}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { AlarmDate: '2024-01-01', Count: 2 },
      { AlarmDate: '2024-01-02', Count: 2 },
    ]);
    const all = (await post('GetKPIAlarms', {})).json();
    expect(all.reduce((s: number, r: { Count: number }) => s + r.Count, 0)).toBe(514);
    expect((await post('GetKPIAlarms', { UnitIDs: String(unit.sthlm) }, 'outsider')).json()).toEqual([]);
    expectResult(await post('GetKPIAlarms', { UnitIDs: [unit.sthlm] }), 400, 'UnitIDs');
    expectResult(await post('GetKPIAlarms', { UnitIDs: manyIds }), 400, 'UnitIDs');
  });

  it('counts units per battery voltage and status', async () => {
    expect((await post('GetKPIBattery', { CustomerIDs: String(org.alpha) })).json()).toEqual([
      { DataBatteryVoltage: 3.1, Status: 'low', D: [{ NoOffUnits: 1 }] },
      { DataBatteryVoltage: 3.6, Status: 'ok', D: [{ NoOffUnits: 2 }] },
    ]);
    expect((await post('GetKPIBattery', {}, 'outsider')).json()).toEqual([
      { DataBatteryVoltage: 3, Status: 'low', D: [{ NoOffUnits: 1 }] },
    ]);
  });

  it('answers the latest switch values', async () => {
    const rows = (await post('GetKPISwitch', { CustomerIDs: `${org.alpha},${org.beta}` })).json();
    expect(rows).toEqual([
      {
        UnitID: unit.sthlm,
        UnitName: 'Stockholm',
        ChannelID: 1,
        Value: 1,
        DataTime: expect.stringMatching(LEGACY_DATE),
      },
      {
        UnitID: unit.sthlm,
        UnitName: 'Stockholm',
        ChannelID: 2,
        Value: 0,
        DataTime: expect.stringMatching(LEGACY_DATE),
      },
    ]);
  });
});

describe('EditUnitInfo', () => {
  const row = async () => (await t.db.query('select unit_name, info from units where id = $1', [unit.nowhere]))[0];

  it('changes the fields and answers the unit as a one-item list', async () => {
    const res = await post(
      'EditUnitInfo',
      {
        UnitID: unit.nowhere,
        CustomerID: org.alpha,
        UnitName: 'Somewhere',
        Schedule: 30,
        Disabled: 1,
      },
      'manager',
    );
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ UnitID: unit.nowhere, UnitName: 'Somewhere', Schedule: 30, Disabled: 1 });
    expect(list[0].AlarmEvents.map((a: { AlarmType: number }) => a.AlarmType)).toEqual([43]);
  });

  it('refuses bad fields, readers, foreign units and customers, writing nothing', async () => {
    const before = await row();
    expectResult(await post('EditUnitInfo', { UnitID: unit.nowhere, Schedule: -1 }, 'manager'), 400, 'Schedule');
    expectResult(
      await post('EditUnitInfo', { UnitID: unit.nowhere, UnitName: 'x', WlanSSID: 'y'.repeat(40) }, 'manager'),
      400,
      'WlanSSID',
    );
    expectResult(await post('EditUnitInfo', { UnitID: unit.nowhere, Nonsense: 1 }, 'manager'), 400, 'Nonsense');
    expectResult(await post('EditUnitInfo', { UnitName: 'No id' }, 'manager'), 400, 'UnitID');
    expectResult(await post('EditUnitInfo', { UnitID: unit.nowhere, UnitName: 'R' }, 'reader'), 403, NO_AUTHORITY);
    expectResult(await post('EditUnitInfo', { UnitID: unit.nowhere, UnitName: 'U' }, 'writer'), 403, NO_AUTHORITY);
    expectResult(await post('EditUnitInfo', { UnitID: unit.nowhere, UnitName: 'O' }, 'outsider'), 404, NO_AUTHORITY);
    expectResult(
      await post('EditUnitInfo', { UnitID: unit.nowhere, CustomerID: org.beta, UnitName: 'C' }, 'manager'),
      404,
      NO_AUTHORITY,
    );
    expect(await row()).toEqual(before);
  });
});
