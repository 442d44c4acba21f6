import { describe, expect, it } from 'vitest';
import { NO_AUTHORITY } from '../src/plugins/envelopes.ts';
import { useDevicesApp } from './fixtures/devices.ts';

// The v2 device calls (the device list and filter, settings, inputs, options, alarm actions and
// alarms) and their OpenAPI documentation.

const { t, org, unit, cookie, get, send, ids, infoOf } = useDevicesApp();

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
