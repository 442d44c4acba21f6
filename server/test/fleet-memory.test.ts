import { AccessLevel, SESSION_COOKIE_NAME, type UnitShowValue } from '@fieldwatch/core';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UnitLiveEvent } from '../src/live/bus.ts';
import { sessionFromToken } from '../src/modules/auth/auth.service.ts';
import {
  deviceMapUnits,
  deviceStatusCounts,
  deviceTemperatureSummary,
  deviceTypeCodes,
  FleetMemory,
  fleetOf,
  listCustomerDevices,
  listDevices,
} from '../src/modules/devices/devices.service.ts';
import {
  kpiAlarms,
  kpiBattery,
  kpiSwitch,
  legacyAlarms,
  unitsInfo,
  unitsShowValue,
} from '../src/modules/devices/legacy.service.ts';
import { createOrganization, createTestApp, createUnit, createUser, signIn, type TestApp } from './helpers.ts';

// The fleet-wide reads answer from what each instance holds in memory; every answer must equal,
// field for field, the same call read straight from the database, after every kind of change.

const PASSWORD = 'fleet-memory-secret';
const X = '/api/v1/xrequest';
const START = '2020-01-01 00:00:00';
let t: TestApp;
const org = { parent: 0, child: 0 };
const unit = { a: 0, b: 0, c: 0 };
let cookie = '';
let units: MqttClient[] = [];

const brokerUrl = () => process.env.MQTT_URL ?? `mqtt://127.0.0.1:${t.link.port}`;
const samples = (v: Record<string, number>) => JSON.stringify({ t: new Date().toISOString(), v });

/** Every fleet-wide call, through the API (from memory) and through its service on the database. */
async function expectAnswersFromTheDatabase() {
  const token = cookie.slice(SESSION_COOKIE_NAME.length + 1);
  // The app's own handle, which announces nothing.
  const session = await sessionFromToken(t.app.db, token);
  if (!session) throw new Error('no session');
  const db = fleetOf(t.app.db);
  const json = (value: unknown) => JSON.parse(JSON.stringify(value));
  const calls: [string, unknown][] = [
    ['/api/v1/device', await listCustomerDevices(db, session, undefined)],
    [`/api/v1/device?orgs=${org.child}`, await listCustomerDevices(db, session, String(org.child))],
    [`${X}/GetUnitsInfo`, await unitsInfo(db, session, {})],
    [`${X}/GetUnitsShowValue`, await unitsShowValue(db, session, {})],
    [`${X}/GetAlarms?StartDate=${encodeURIComponent(START)}`, await legacyAlarms(db, session, { StartDate: START })],
    ['/api/v1/device/statusCounts', await deviceStatusCounts(db, session, {})],
    ['/api/v1/device/statusCounts?q=a&types=25', await deviceStatusCounts(db, session, { q: 'a', types: '25' })],
    ['/api/v1/device/temperatureSummary', await deviceTemperatureSummary(db, session, {})],
    ['/api/v1/device/mapUnits', await deviceMapUnits(db, session, {})],
    ['/api/v1/device/mapUnits?variant=alarmMap', await deviceMapUnits(db, session, { variant: 'alarmMap' })],
    ['/api/v1/device/typeCodes', await deviceTypeCodes(db, session, undefined)],
    [
      `/api/v1/device/temperatureSummary?units=${unit.a},${unit.b}`,
      await deviceTemperatureSummary(db, session, { units: `${unit.a},${unit.b}` }),
    ],
  ];
  for (const [url, expected] of calls) {
    const res = await t.app.inject({ url, headers: { cookie } });
    expect(res.statusCode, url).toBe(200);
    expect(res.json(), url).toEqual(json(expected));
  }
  const v2 = await t.app.inject({ url: '/api/v2/device/devices', headers: { cookie } });
  expect(v2.json().result).toEqual(json(await listDevices(db, session)));
  for (const [url, body, expected] of [
    [`${X}/GetKPIBattery`, {}, await kpiBattery(db, session, {})],
    [`${X}/GetKPISwitch`, {}, await kpiSwitch(db, session, {})],
    [`${X}/GetKPIAlarms`, {}, await kpiAlarms(db, session, {})],
    [`${X}/GetKPIAlarms`, { StartDate: START }, await kpiAlarms(db, session, { StartDate: START })],
  ] as const) {
    const res = await t.app.inject({ method: 'POST', url, headers: { cookie }, payload: body });
    expect(res.statusCode, url).toBe(200);
    expect(res.json(), url).toEqual(json(expected));
  }
}

/** Publishes a report and waits until the instance has stored it and said so on the bus. */
async function report(i: number, serial: string, kind: UnitLiveEvent['kind'], v: Record<string, number>) {
  const unitId = Object.values(unit)[i];
  const seen = new Promise<void>((resolve) => {
    const stop = t.bus.subscribe((e) => {
      if ('unitId' in e && e.unitId === unitId && e.kind === kind) {
        stop();
        resolve();
      }
    });
  });
  await units[i]?.publishAsync(`fw/u/${serial}/up/samples`, samples(v), { qos: 1 });
  await seen;
}

beforeAll(async () => {
  t = await createTestApp({ gateway: true });
  org.parent = await createOrganization(t.db, 'Fleet Parent');
  org.child = await createOrganization(t.db, 'Fleet Child', org.parent);
  await createUser(t.db, {
    username: 'fleet-manager',
    password: PASSWORD,
    organizationId: org.parent,
    role: AccessLevel.SuperUser,
  });
  unit.a = await createUnit(t.db, { organizationId: org.parent, serial: 'FM-A', name: 'Alpha', lat: 55.6, long: 12.5 });
  unit.b = await createUnit(t.db, { organizationId: org.child, serial: 'FM-B', name: 'Bravo', lat: 55.7, long: 12.6 });
  unit.c = await createUnit(t.db, { organizationId: org.child, serial: 'FM-C', name: 'Charlie', type: 1 });
  // A group of each organization; the parent's holds a unit of the child.
  await t.db.query(
    `with g as (insert into device_groups (organization_id, name) values ($1, 'North'), ($2, 'Harbour') returning id, organization_id)
     insert into device_group_members (group_id, unit_id) select id, case when organization_id = $1::int then $3::int else $4::int end from g`,
    [org.parent, org.child, unit.b, unit.c],
  );
  cookie = await signIn(t.app, 'fleet-manager', PASSWORD);
  units = await Promise.all(
    ['FM-A', 'FM-B', 'FM-C'].map((serial) =>
      mqtt.connectAsync(brokerUrl(), { username: serial, password: `${serial}-secret`, reconnectPeriod: 0 }),
    ),
  );
});

afterAll(async () => {
  await Promise.all(units.map((u) => u.endAsync()));
  await t?.close();
});

describe('fleet-wide reads held in memory', () => {
  it('answer what the database holds at first', async () => {
    await expectAnswersFromTheDatabase();
  });

  it('follow a unit that reports values, on the very next call', async () => {
    await report(0, 'FM-A', 'samples', { Resistance1: 150, Loop1: 24, BatteryVoltage: 3.61, PT1: 21.5 });
    await expectAnswersFromTheDatabase();
    await report(1, 'FM-B', 'samples', { BatteryVoltage: 3.2, Switch1: 1 });
    await expectAnswersFromTheDatabase();
  });

  it('follow a report of several messages, each value at its own time', async () => {
    const now = Date.now();
    const messages = [
      { t: new Date(now - 120_000).toISOString(), v: { Loop1: 5, PT1: 19.5 } },
      { t: new Date(now - 1_000).toISOString(), v: { Loop1: 6 } },
      { t: new Date(now - 60_000).toISOString(), v: { BatteryVoltage: 3.5 } },
    ];
    const seen = new Promise<void>((resolve) => {
      const stop = t.bus.subscribe((e) => {
        if ('unitId' in e && e.unitId === unit.a && e.kind === 'samples') {
          stop();
          resolve();
        }
      });
    });
    await units[0]?.publishAsync('fw/u/FM-A/up/samples', JSON.stringify(messages), { qos: 1 });
    await seen;
    await expectAnswersFromTheDatabase();
  });

  it('store, announce and show another spelling of a series under its column, the temperature by its priority', async () => {
    const announced: Record<string, number>[] = [];
    const stop = t.bus.subscribe((e) => {
      if (e.kind === 'samples' && e.unitId === unit.c) announced.push(e.values);
    });
    const showValue = async () =>
      ((await t.app.inject({ url: `${X}/GetUnitsShowValue`, headers: { cookie } })).json() as UnitShowValue[]).find(
        (v) => v.UnitID === unit.c,
      );
    await report(2, 'FM-C', 'samples', { 'Temp intern': 31, 'Int Temp': 30 });
    expect(await showValue()).toMatchObject({ Temperature: 30, Values: { InternalTemperature: 30 } });
    await report(2, 'FM-C', 'samples', { Temp: 18 });
    expect(await showValue()).toMatchObject({ Temperature: 18, Values: { Temperature: 18, InternalTemperature: 30 } });
    await report(2, 'FM-C', 'samples', { 'PT1000 1': 4.5 });
    expect(await showValue()).toMatchObject({ Temperature: 4.5, Values: { PT1000_1: 4.5 } });
    stop();
    expect(announced).toEqual([{ InternalTemperature: 30 }, { Temperature: 18 }, { PT1000_1: 4.5 }]);
    await expectAnswersFromTheDatabase();
  });

  it("put a report's values in place from the report itself, reading nothing again", async () => {
    const devices = async () =>
      (await t.app.inject({ url: '/api/v1/device', headers: { cookie } })).json() as { id: number; name: string }[];
    const before = (await devices()).find((d) => d.id === unit.b);
    // Beside the API and unannounced: a read of the unit again would bring it.
    await t.app.db.query("update units set unit_name = 'Renamed unseen' where id = $1", [unit.b]);
    await report(1, 'FM-B', 'samples', { BatteryVoltage: 3.05 });
    expect((await devices()).find((d) => d.id === unit.b)?.name).toBe(before?.name);
    const values = (await t.app.inject({ url: `${X}/GetUnitsShowValue`, headers: { cookie } })).json();
    expect(JSON.stringify(values)).toContain('3.05');
    t.app.bus.dataChanged();
    await expectAnswersFromTheDatabase();
  });

  it('follow an alarm raised and cleared by what a unit reports', async () => {
    await report(2, 'FM-C', 'alarm', { Resistance1: 0.4 });
    const withAlarm = (await t.app.inject({ url: '/api/v1/device', headers: { cookie } })).json();
    expect(withAlarm.find((d: { id: number }) => d.id === unit.c).alarmTypes.length).toBeGreaterThan(0);
    await expectAnswersFromTheDatabase();
  });

  it('keep the answers reports do not change (alarms, status counts) across reports, not across alarms', async () => {
    const orgs = [org.parent, org.child];
    const memory = t.app.fleet;
    if (!(memory instanceof FleetMemory)) throw new Error('the app holds no fleet memory');
    const stamps = async () => [await memory.stamp(orgs), await memory.stamp(orgs, { reports: false })];
    const [all, units] = await stamps();
    await report(0, 'FM-A', 'samples', { Loop1: 25, PT1: 22 });
    const [allAfterReport, unitsAfterReport] = await stamps();
    expect(allAfterReport).not.toBe(all);
    expect(unitsAfterReport).toBe(units);
    // The unit's alarm clears: the alarm lists and status counts are built again.
    await report(2, 'FM-C', 'alarm', { Resistance1: 150 });
    const [, unitsAfterAlarm] = await stamps();
    expect(unitsAfterAlarm).not.toBe(units);
    await expectAnswersFromTheDatabase();
  });

  it('follow writes through the API: settings, group members', async () => {
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/device/legacy/devices/${unit.b}/settings`,
      headers: { cookie },
      payload: { UnitName: 'Bravo renamed' },
    });
    expect(renamed.statusCode).toBe(200);
    await expectAnswersFromTheDatabase();
    const [north] = await t.db.query<{ id: number }>("select id from device_groups where name = 'North'");
    const moved = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/device/devices/updateGroup',
      headers: { cookie },
      payload: { groupId: north?.id, devices: [unit.a, unit.c] },
    });
    expect(moved.statusCode).toBe(200);
    await expectAnswersFromTheDatabase();
  });

  it('are served from memory: a change beside the API and unannounced is not seen until a write', async () => {
    const names = async () =>
      (await t.app.inject({ url: '/api/v1/device', headers: { cookie } })).json().map((d: { name: string }) => d.name);
    const before = await names();
    // The app's own handle: writes through it are not announced (the test's handle announces them).
    await t.app.db.query("update units set unit_name = 'Quietly renamed' where id = $1", [unit.a]);
    expect(await names()).toEqual(before);
    t.app.bus.dataChanged();
    expect(await names()).toContain('Quietly renamed');
    await expectAnswersFromTheDatabase();
  });

  it('let their kept answers go at a write, instead of holding them until memory runs short', async () => {
    for (const url of ['/api/v1/device', `${X}/GetUnitsShowValue`])
      expect((await t.app.inject({ url, headers: { cookie } })).statusCode).toBe(200);
    expect(t.app.answers.size).toBeGreaterThanOrEqual(2);
    t.app.bus.dataChanged();
    expect(t.app.answers.size).toBe(0);
    expect((await t.app.inject({ url: '/api/v1/device', headers: { cookie } })).statusCode).toBe(200);
    expect(t.app.answers.size).toBe(1);
  });

  it('answer 304 with no body to a client that holds the same list, and the new list once it changed', async () => {
    const first = await t.app.inject({ url: '/api/v1/device', headers: { cookie } });
    const tag = first.headers.etag;
    expect(tag).toMatch(/^W\/"/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await t.app.inject({ url: '/api/v1/device', headers: { cookie, 'if-none-match': String(tag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await report(0, 'FM-A', 'samples', { Loop1: 31 });
    const changed = await t.app.inject({ url: '/api/v1/device', headers: { cookie, 'if-none-match': String(tag) } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(tag);
  });

  it('keep each answer to its own caller: a user of the child organisation never gets the parent’s list', async () => {
    await createUser(t.db, {
      username: 'fleet-child',
      password: PASSWORD,
      organizationId: org.child,
      role: AccessLevel.User,
    });
    const child = await signIn(t.app, 'fleet-child', PASSWORD);
    const ids = async (c: string) =>
      (await t.app.inject({ url: '/api/v1/device', headers: { cookie: c } })).json().map((d: { id: number }) => d.id);
    for (let i = 0; i < 2; i++) {
      expect(await ids(cookie)).toEqual([unit.a, unit.b, unit.c]);
      expect(await ids(child)).toEqual([unit.b, unit.c]);
    }
  });

  it('read an organisation held over a minute again, for changes no message announced', async () => {
    const names = async () =>
      (await t.app.inject({ url: '/api/v1/device', headers: { cookie } })).json().map((d: { name: string }) => d.name);
    await names();
    // Beside the API and unannounced: only the age net brings it.
    await t.app.db.query("update units set unit_name = 'Renamed a minute ago' where id = $1", [unit.c]);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    try {
      // Behind the call: a call may answer from what was held while the organization is read.
      await expect.poll(names).toContain('Renamed a minute ago');
    } finally {
      vi.useRealTimers();
    }
    await expectAnswersFromTheDatabase();
  });
});
