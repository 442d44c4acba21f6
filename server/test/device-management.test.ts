import { seriesByColumn } from '@fieldwatch/core';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearAlarms, raiseAlarm } from '../src/modules/alarms/alarms.repository.ts';
import { insertSamples } from '../src/modules/telemetry/telemetry.repository.ts';

import { NO_AUTHORITY } from '../src/plugins/envelopes.ts';
import { createOrganizationTree, createTestApp, createUnit, signInRoles, type TestApp } from './helpers.ts';

// Device management beyond the spec's calls: alarm limits, the operation queue, the unit log and the
// tag host. With the real gateway: a requested operation stays requested (no unit answers), and a
// unit connected over MQTT shows that per-channel limits change alarm evaluation.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const HOUR = 3600_000;
let t: TestApp;
let org = { alpha: 0, north: 0, beta: 0 };
const unit = { limits: 0, ops: 0, log: 0, tag: 0, beta: 0 };
const cookie = { manager: '', writer: '', reader: '', outsider: '' };
type Who = keyof typeof cookie;
const clients: MqttClient[] = [];

beforeAll(async () => {
  t = await createTestApp({ gateway: true });
  const tree = await createOrganizationTree(t.db);
  org = { alpha: tree.alpha, north: tree.north, beta: tree.beta };
  unit.limits = await createUnit(t.db, { organizationId: org.alpha, serial: 'DM-LIM', channels: 2 });
  unit.ops = await createUnit(t.db, { organizationId: org.alpha, serial: 'DM-OPS' });
  unit.log = await createUnit(t.db, { organizationId: org.alpha, serial: 'DM-LOG' });
  unit.tag = await createUnit(t.db, { organizationId: org.north, serial: 'DM-TAG' });
  unit.beta = await createUnit(t.db, { organizationId: org.beta, serial: 'DM-B' });
  Object.assign(cookie, await signInRoles(t, org.alpha, org.beta));
});
afterAll(async () => {
  for (const c of clients) await c.endAsync(true);
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who: Who = 'writer') =>
  t.app.inject({ method, url, headers: { cookie: cookie[who] }, ...(payload ? { payload: payload as object } : {}) });
const refused = { success: false, error: NO_AUTHORITY };

describe('alarm limits', () => {
  const url = (id = unit.limits) => `/api/v2/device/legacy/devices/${id}/alarm_limits`;
  const stored = async () =>
    (await t.db.query<{ alarm_settings: unknown }>('select alarm_settings from units where id = $1', [unit.limits]))[0]
      ?.alarm_settings;

  it("answers the unit's limits to anyone who sees it, and 404 to another organisation", async () => {
    const res = await call('GET', url(), undefined, 'reader');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      result: {
        resistance: [10, 5, 1, 0.5],
        loopMax: 60,
        loopOpen: 10000,
        galvanic: [200, 500],
        radarPct: [10, 25],
        battery: 3.3,
      },
    });
    const foreign = await call('GET', url(), undefined, 'outsider');
    expect([foreign.statusCode, foreign.json()]).toEqual([404, refused]);
  });

  it('refuses Users, Readers, other organisations and bad bodies, writing nothing', async () => {
    const before = await stored();
    for (const who of ['writer', 'reader'] as const) {
      const res = await call('PUT', url(), { loopMax: 1 }, who);
      expect([res.statusCode, res.json()], who).toEqual([403, refused]);
    }
    expect((await call('PUT', url(), { loopMax: 1 }, 'outsider')).statusCode).toBe(404);
    expect((await call('PUT', url(unit.beta), { loopMax: 1 }, 'manager')).statusCode).toBe(404);
    // Unknown keys must be refused, not dropped: the PUT replaces every limit.
    const bad: [unknown, string][] = [
      [{ resistance: [-1] }, 'resistance/0'],
      [{ resistance: [1, 2, 3, 4, 5] }, 'resistance'],
      [{ channels: { '9': { resistance: [1] } } }, 'channels/9'],
      [{ channels: { '1': { battery: 3 } } }, 'channels/1/battery'],
      [{ bogus: 1 }, 'bogus'],
      [{ loopMax: '60' }, 'loopMax'],
      [{ resistance: ['10'] }, 'resistance/0'],
      [{ battery: 101 }, 'battery'],
    ];
    for (const [body, field] of bad) {
      const res = await call('PUT', url(), body, 'manager');
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ success: false, error: expect.stringContaining(`body/${field} `) });
    }
    expect(await stored()).toEqual(before);
  });

  it('replaces the limits (SuperUser), keeping the other alarm settings', async () => {
    // Non-default values, so that a reset to the defaults would show.
    await t.db.query(
      `update units set alarm_settings = alarm_settings || '{"intrusion": false, "switchAlarm": false}' where id = $1`,
      [unit.limits],
    );
    const limits = { resistance: [20, 10], loopMax: 80, channels: { '2': { resistance: [1] } } };
    const res = await call('PUT', url(), limits, 'manager');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, result: limits });
    expect(await stored()).toEqual({ ...limits, intrusion: false, switchAlarm: false, pt: [{ low: -20, high: 130 }] });
    expect((await call('GET', url(), undefined, 'reader')).json().result).toEqual(limits);
  });

  it("applies a channel's own limits to the values the unit reports", async () => {
    const brokerUrl = process.env.MQTT_URL ?? `mqtt://127.0.0.1:${t.link.port}`;
    const client = await mqtt.connectAsync(brokerUrl, {
      username: 'DM-LIM',
      password: 'DM-LIM-secret',
      reconnectPeriod: 0,
    });
    clients.push(client);
    const payload = { t: new Date().toISOString(), v: { Resistance1: 3, Resistance2: 3 } };
    await client.publishAsync('fw/u/DM-LIM/up/samples', JSON.stringify(payload), { qos: 1 });
    const active = async () =>
      (
        await t.db.query<{ key: string }>(
          `select channel || ':' || alarm_type as key from alarms where unit_id = $1 and cleared_at is null order by 1`,
          [unit.limits],
        )
      ).map((r) => r.key);
    // Channel 1 uses the unit's levels (20, 10 MΩ): both breached. Channel 2's own level (1 MΩ) is not.
    await expect.poll(active).toEqual(['1:0', '1:1']);
  });

  it('lets only SuperUsers change settings now', async () => {
    const settings = `/api/v2/device/legacy/devices/${unit.limits}/settings`;
    const name = async () => (await t.db.query('select unit_name from units where id = $1', [unit.limits]))[0];
    const res = await call('PUT', settings, { UnitName: 'Renamed' }, 'writer');
    expect([res.statusCode, res.json()]).toEqual([403, refused]);
    expect(await name()).toEqual({ unit_name: 'Unit DM-LIM' });
    expect((await call('PUT', settings, { UnitName: 'Renamed' }, 'manager')).statusCode).toBe(200);
    expect(await name()).toEqual({ unit_name: 'Renamed' });
  });
});

describe('operation queue', () => {
  const ops = (id = unit.ops, who: Who = 'writer') =>
    call('GET', `/api/v2/device/devices/${id}/operations`, undefined, who);
  const cancel = (seq: number, op: string, who: Who = 'writer', id = unit.ops) =>
    call('DELETE', `/api/v2/device/devices/${id}/operation?sequence=${seq}&operation=${op}`, undefined, who);
  const rows = () => t.db.query('select * from operations where unit_id = $1 order by seq', [unit.ops]);
  let first = 0;
  let second = 0;

  it('lists the requested operations newest first', async () => {
    const request = async (op: string) => {
      const res = await call('POST', `/api/v2/device/devices/${unit.ops}/operation?operation=${op}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().result.seq as number;
    };
    first = await request('get_data');
    second = await request('restart');
    const res = await ops(unit.ops, 'reader');
    expect(res.statusCode, res.body).toBe(200);
    const pending = { state: 'requested', message: '', requestedAt: expect.any(String), finishedAt: null };
    expect(res.json().result).toEqual([
      { seq: second, operation: 'restart', ...pending },
      { seq: first, operation: 'get_data', ...pending },
    ]);
    expect((await ops(unit.ops, 'outsider')).statusCode).toBe(404);
  });

  it('refuses a Reader, another organisation and an unknown operation, changing nothing', async () => {
    const before = await rows();
    expect((await cancel(first, 'get_data', 'reader')).statusCode).toBe(403);
    expect((await cancel(first, 'get_data', 'outsider')).statusCode).toBe(404);
    expect((await cancel(999, 'get_data')).statusCode).toBe(404);
    expect((await cancel(first, 'restart')).statusCode).toBe(404); // seq and name must match
    expect((await cancel(first, 'get_data', 'writer', unit.beta)).statusCode).toBe(404);
    expect(await rows()).toEqual(before);
  });

  it('cancels a requested operation once, with the canceller named', async () => {
    const events: unknown[] = [];
    const off = t.bus.subscribe((e) => e.kind === 'operation' && events.push(e));
    const res = await cancel(first, 'get_data');
    off();
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = { state: 'failed', message: expect.stringMatching(/^Cancelled by writer-/) };
    expect(res.json().result).toMatchObject({
      seq: first,
      operation: 'get_data',
      ...cancelled,
      finishedAt: expect.any(String),
    });
    expect(events).toEqual([expect.objectContaining({ unitId: unit.ops, seq: first, state: 'failed' })]);
    const again = await cancel(first, 'get_data');
    expect([again.statusCode, again.json().success]).toEqual([409, false]);
    const list = (await ops()).json().result;
    expect(list.map((o: { seq: number; state: string }) => [o.seq, o.state])).toEqual([
      [second, 'requested'],
      [first, 'failed'],
    ]);
  });
});

describe('unit log', () => {
  const log = (q = '', who: Who = 'writer', id = unit.log) =>
    call('GET', `/api/v2/device/devices/${id}/log${q}`, undefined, who);

  it('merges reports, alarms and operations, newest first, within the limit', async () => {
    const now = Date.now();
    const series = (c: string) => seriesByColumn(c)?.id ?? 0;
    await insertSamples(t.db, unit.log, [
      { series: series('Resistance1'), ts: new Date(now - 3 * HOUR), value: 150 },
      { series: series('BatteryVoltage'), ts: new Date(now - 3 * HOUR), value: 3.6 },
    ]);
    await raiseAlarm(t.db, {
      unitId: unit.log,
      channel: 1,
      type: 0,
      value: 0.4,
      limit: 10,
      time: new Date(now - 2 * HOUR),
    });
    await clearAlarms(t.db, unit.log, [{ channel: 1, type: 0 }], new Date(now - HOUR));
    const op = await call('POST', `/api/v2/device/devices/${unit.log}/operation?operation=get_data`);
    expect(op.statusCode, op.body).toBe(200);

    const res = await log('', 'reader');
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json().result;
    expect(entries).toEqual([
      { time: expect.any(String), kind: 'operation', name: 'get_data', state: 'requested', message: '' },
      {
        time: new Date(now - HOUR).toISOString(),
        kind: 'alarmCleared',
        name: '0',
        state: 'cleared',
        message: 'Insulation resistance 0.4\u00a0MΩ below level 1 (10\u00a0MΩ)',
      },
      {
        time: new Date(now - 2 * HOUR).toISOString(),
        kind: 'alarm',
        name: '0',
        state: 'raised',
        message: 'Insulation resistance 0.4\u00a0MΩ below level 1 (10\u00a0MΩ)',
      },
      { time: new Date(now - 3 * HOUR).toISOString(), kind: 'report', name: '2', state: '', message: '' },
    ]);
    expect((await log('?limit=2')).json().result).toEqual(entries.slice(0, 2));
    expect((await log('?limit=0')).statusCode).toBe(400);
  });

  it("answers another organisation's unit as not existing", async () => {
    expect((await log('', 'outsider')).statusCode).toBe(404);
    const foreign = await log('', 'writer', unit.beta);
    expect([foreign.statusCode, foreign.json()]).toEqual([404, refused]);
  });
});

describe('tag host', () => {
  const H = '/api/v1/taghost/tag';
  const tags = () => t.db.query('select * from nfc_tags order by tag_uuid');
  let uuid = '';

  it('answers an empty string for a unit without a tag, and only SuperUsers create one', async () => {
    const none = await call('GET', `${H}?unit=${unit.tag}`, undefined, 'reader');
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toBe('');
    expect((await call('GET', `${H}?unit=${unit.tag}`, undefined, 'outsider')).statusCode).toBe(404);
    for (const [who, status] of [
      ['writer', 403],
      ['reader', 403],
      ['outsider', 404],
    ] as const)
      expect((await call('POST', `${H}?unit=${unit.tag}`, undefined, who)).statusCode, who).toBe(status);
    expect(await tags()).toEqual([]);
    const res = await call('POST', `${H}?unit=${unit.tag}`, undefined, 'manager');
    expect(res.statusCode, res.body).toBe(200);
    uuid = res.json().tag_uuid;
    expect(res.json()).toEqual({
      tag_uuid: expect.stringMatching(UUID),
      template: -1,
      restriction: -1,
      unit: unit.tag,
    });
    // A unit carries one tag: asking again answers the same one.
    expect((await call('POST', `${H}?unit=${unit.tag}`, undefined, 'manager')).json().tag_uuid).toBe(uuid);
    expect((await call('GET', `${H}?unit=${unit.tag}`, undefined, 'reader')).json()).toBe(uuid);
  });

  it('answers -1 for a template or restriction not set, or of a tag unknown or not visible', async () => {
    for (const field of ['template', 'restriction']) {
      expect((await call('GET', `${H}/${uuid}/${field}`, undefined, 'reader')).json()).toBe(-1);
      expect((await call('GET', `${H}/00000000-0000-4000-8000-000000000000/${field}`)).json()).toBe(-1);
      expect((await call('GET', `${H}/not-a-uuid/${field}`)).statusCode).toBe(400);
    }
  });

  it('sets the template and restriction (SuperUser), refusing bad values and other callers', async () => {
    const template = await call('PUT', `${H}/${uuid}/template?id=2`, undefined, 'manager');
    expect(template.statusCode, template.body).toBe(200);
    expect(template.json()).toMatchObject({ tag_uuid: uuid, template: 2, restriction: -1 });
    const restriction = await call('PUT', `${H}/${uuid}/restriction?id=${org.north}`, undefined, 'manager');
    expect(restriction.json()).toMatchObject({ template: 2, restriction: org.north });
    expect((await call('GET', `${H}/${uuid}/template`)).json()).toBe(2);
    expect((await call('GET', `${H}/${uuid}/restriction`)).json()).toBe(org.north);
    expect((await call('GET', `${H}/${uuid}/template`, undefined, 'outsider')).json()).toBe(-1);

    const before = await tags();
    const cases: [string, Who, number][] = [
      [`${uuid}/template?id=9`, 'manager', 400],
      [`${uuid}/template?id=0`, 'manager', 400],
      [`${uuid}/restriction?id=${org.beta}`, 'manager', 404], // an organization the caller cannot see
      [`${uuid}/template?id=3`, 'writer', 403],
      [`${uuid}/restriction?id=-1`, 'reader', 403],
      [`${uuid}/template?id=3`, 'outsider', 404],
      ['not-a-uuid/template?id=3', 'manager', 400],
      ['00000000-0000-4000-8000-000000000000/template?id=3', 'manager', 404],
    ];
    for (const [path, who, status] of cases)
      expect((await call('PUT', `${H}/${path}`, undefined, who)).statusCode, `${who} ${path}`).toBe(status);
    expect(await tags()).toEqual(before);
  });
});
