import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_AUTHORITY } from '../src/plugins/envelopes.ts';
import { createOrganization, createTestApp, createUnit, signInRoles, type TestApp } from './helpers.ts';

const _PASSWORD = 'groups-secret';
const GROUPS = '/api/v2/device/groups';
let t: TestApp;
const org = { alpha: 0, north: 0, beta: 0 };
const unit = { a1: 0, a2: 0, b1: 0 };
const cookie = { writer: '', reader: '', outsider: '' };
type Who = keyof typeof cookie;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t;
  org.alpha = await createOrganization(db, 'Alpha');
  org.north = await createOrganization(db, 'Alpha North', org.alpha);
  org.beta = await createOrganization(db, 'Beta');
  unit.a1 = await createUnit(db, { organizationId: org.alpha, serial: 'GA1' });
  unit.a2 = await createUnit(db, { organizationId: org.north, serial: 'GA2' });
  unit.b1 = await createUnit(db, { organizationId: org.beta, serial: 'GB1' });
  Object.assign(cookie, await signInRoles(t, org.alpha, org.beta));
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who: Who = 'writer') =>
  t.app.inject({ method, url, headers: { cookie: cookie[who] }, ...(payload ? { payload: payload as object } : {}) });
const snapshot = async () => ({
  groups: await t.db.query('select * from device_groups order by id'),
  members: await t.db.query('select * from device_group_members order by group_id, unit_id'),
});

describe('v2 device groups', () => {
  let east = 0;

  it('creates a group with its devices and lists it', async () => {
    const res = await call('POST', GROUPS, {
      organization: org.alpha,
      name: ' East ',
      description: 'Eastern side',
      devices: [unit.a2, unit.a1, unit.a1],
    });
    expect(res.statusCode, res.body).toBe(200);
    const group = res.json().result;
    east = group.id;
    expect(res.json()).toEqual({
      success: true,
      result: {
        id: east,
        key: expect.stringMatching(/^[A-Za-z0-9]{10}$/),
        organization: org.alpha,
        name: 'East',
        description: 'Eastern side',
        devices: [unit.a1, unit.a2],
      },
    });
    const list = await call('GET', GROUPS, undefined, 'reader');
    expect(list.json().result).toEqual([group]);
    const devices = (await call('GET', '/api/v1/device')).json();
    expect(devices.find((d: { id: number }) => d.id === unit.a1).groups).toEqual(['East']);
  });

  it('shows groups only within the scope', async () => {
    expect((await call('GET', GROUPS, undefined, 'outsider')).json().result).toEqual([]);
    await call('PUT', `/api/v3/user/session/current_organization?id=${org.north}`, undefined, 'reader');
    expect((await call('GET', `${GROUPS}?use_context=true`, undefined, 'reader')).json().result).toEqual([]);
  });

  it('refuses bad input, foreign organisations and devices, and readers, writing nothing', async () => {
    const before = await snapshot();
    const cases: [unknown, number, Who, string][] = [
      [{ organization: org.alpha, name: '   ' }, 400, 'writer', 'name'],
      [{ organization: org.alpha }, 400, 'writer', 'name'],
      [{ organization: 'x', name: 'A' }, 400, 'writer', 'organization'],
      [{ organization: org.alpha, name: 'A', devices: ['1'] }, 400, 'writer', 'devices'],
      [{ organization: org.beta, name: 'Foreign' }, 404, 'writer', 'Organisation'],
      [{ organization: org.alpha, name: 'Mixed', devices: [unit.a1, unit.b1] }, 404, 'writer', NO_AUTHORITY],
      [{ organization: org.alpha, name: 'Reader' }, 403, 'reader', NO_AUTHORITY],
    ];
    for (const [body, status, who, text] of cases) {
      const res = await call('POST', GROUPS, body, who);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().success).toBe(false);
      expect(res.json().error).toContain(text);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('renames a group and replaces its devices', async () => {
    const res = await call('PUT', GROUPS, { id: east, organization: org.alpha, name: 'East side', devices: [unit.a2] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({
      id: east,
      name: 'East side',
      description: 'Eastern side',
      devices: [unit.a2],
    });
    const before = await snapshot();
    const refused: [unknown, number, Who][] = [
      [{ id: east, organization: org.beta, name: 'Moved' }, 404, 'writer'],
      [{ id: east, organization: org.alpha, name: 'Reader' }, 403, 'reader'],
      [{ id: east, organization: org.alpha, name: 'Outsider' }, 404, 'outsider'],
      [{ organization: org.alpha, name: 'No id' }, 400, 'writer'],
    ];
    for (const [body, status, who] of refused) expect((await call('PUT', GROUPS, body, who)).statusCode).toBe(status);
    expect(await snapshot()).toEqual(before);
  });

  it('sets the devices of a group with updateGroup', async () => {
    const url = '/api/v2/device/devices/updateGroup';
    const res = await call('PUT', url, { groupId: east, devices: [unit.a1, unit.a2] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.devices).toEqual([unit.a1, unit.a2]);
    const before = await snapshot();
    expect((await call('PUT', url, { groupId: east, devices: [unit.b1] })).statusCode).toBe(404);
    expect((await call('PUT', url, { groupId: east, devices: [] }, 'reader')).statusCode).toBe(403);
    expect((await call('PUT', url, { groupId: east, devices: [] }, 'outsider')).statusCode).toBe(404);
    expect((await call('PUT', url, { groupId: east })).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('answers GetUnitGroups (legacy) for the customer, and nothing for a foreign one', async () => {
    const url = '/api/v1/xrequest/GetUnitGroups';
    const res = await call('POST', url, { CustomerID: org.alpha });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([{ GroupId: east, Description: 'East side' }]);
    expect((await call('POST', url, { CustomerID: String(org.alpha) })).json()).toHaveLength(1);
    expect((await call('POST', url, { CustomerID: org.alpha }, 'outsider')).json()).toEqual([]);
    const bad = await call('POST', url, { CustomerID: 'alpha' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ Result: expect.stringContaining('CustomerID') });
  });

  it('deletes a group only for a writer of its organisation', async () => {
    const before = await snapshot();
    expect((await call('DELETE', GROUPS, { id: east, organization: org.alpha }, 'reader')).statusCode).toBe(403);
    expect((await call('DELETE', GROUPS, { id: east, organization: org.alpha }, 'outsider')).statusCode).toBe(404);
    expect((await call('DELETE', GROUPS, { id: east, organization: org.beta })).statusCode).toBe(404);
    expect((await call('DELETE', GROUPS, { id: east })).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
    const res = await call('DELETE', GROUPS, { id: east, organization: org.alpha });
    expect(res.json()).toEqual({ success: true, result: { id: east } });
    expect((await call('GET', GROUPS)).json().result).toEqual([]);
    expect((await snapshot()).members).toEqual([]);
  });
});
