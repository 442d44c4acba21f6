import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganizationTree, createTestApp, createUnit, signInRoles, type TestApp } from './helpers.ts';

// Groups and locations (/api/v3/containers) on a real database: a group is also a v2 device group,
// locations hold units, groups hold locations, and a unit's group names follow both paths.
const C = '/api/v3/containers';
const ID = /^[A-Za-z0-9]{10}$/;
let t: TestApp;
let org = { alpha: 0, north: 0, beta: 0 };
const unit = { a1: 0, a2: 0, a3: 0, a4: 0, n1: 0, b1: 0 };
const cookie = { manager: '', writer: '', reader: '', outsider: '' };
type Who = keyof typeof cookie;
type View = { id: string; type: string; name: string; content: { name: string; type: string; target: string }[] };
// Made by the first tests, used by the later ones (the file runs in order).
let east: View & { groupId: number };
let pump: View;
let gate: View;

beforeAll(async () => {
  t = await createTestApp();
  const tree = await createOrganizationTree(t.db);
  org = { alpha: tree.alpha, north: tree.north, beta: tree.beta };
  const make = async (organizationId: number, serial: string, name: string, place: string) => {
    const id = await createUnit(t.db, { organizationId, serial, name });
    await t.db.query('update units set unit_location = $2 where id = $1', [id, place]);
    return id;
  };
  unit.a1 = await make(org.alpha, 'CA1', 'Pump A', 'Pump house');
  unit.a2 = await make(org.alpha, 'CA2', 'Pump B', 'Pump house');
  unit.a3 = await make(org.alpha, 'CA3', 'Gate post', 'Gate');
  unit.a4 = await make(org.alpha, 'CA4', 'Loose', '');
  unit.n1 = await make(org.north, 'CN1', 'North unit', '');
  unit.b1 = await make(org.beta, 'CB1', 'Beta unit', '');
  Object.assign(cookie, await signInRoles(t, org.alpha, org.beta));
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who: Who = 'writer') =>
  t.app.inject({ method, url, headers: { cookie: cookie[who] }, ...(payload ? { payload: payload as object } : {}) });
const list = async (query = '', who: Who = 'writer'): Promise<View[]> => {
  const res = await call('GET', `${C}${query}`, undefined, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const byId = async (id: string) => (await list()).find((c) => c.id === id);
const unitRef = (id: number, name: string) => ({ name, type: 'unit', target: String(id) });
/** Every table a container call may write: a refused call must leave all of them as they were. */
const snapshot = async () => ({
  groups: await t.db.query('select * from device_groups order by id'),
  members: await t.db.query('select * from device_group_members order by group_id, unit_id'),
  locations: await t.db.query('select * from locations order by id'),
  placed: await t.db.query('select * from location_units order by unit_id'),
  held: await t.db.query('select * from group_locations order by group_id, location_id'),
});
/** Group names of alpha's units as the v1 device list answers them. */
const groupNames = async () => {
  const res = await call('GET', `/api/v1/device?orgs=${org.alpha}`);
  expect(res.statusCode, res.body).toBe(200);
  return Object.fromEntries(res.json().map((d: { id: number; groups: string[] }) => [d.id, d.groups]));
};

describe('containers', () => {
  it('creates a group (also a v2 device group) and locations, and lists them by type', async () => {
    const g = await call('POST', C, { type: 'groups', organization: org.alpha, name: ' East ' });
    expect(g.statusCode, g.body).toBe(200);
    east = g.json();
    expect(east).toEqual({
      id: expect.stringMatching(ID),
      type: 'groups',
      organization: org.alpha,
      name: 'East',
      content: [],
      groupId: expect.any(Number),
    });
    const v2 = (await call('GET', '/api/v2/device/groups')).json().result;
    expect(v2).toContainEqual(expect.objectContaining({ id: east.groupId, key: east.id, name: 'East' }));
    pump = (await call('POST', C, { type: 'locations', organization: org.alpha, name: 'Pump house' })).json();
    gate = (await call('POST', C, { type: 'locations', organization: org.alpha, name: 'Gate' })).json();
    expect(pump).toEqual({
      id: expect.stringMatching(ID),
      type: 'locations',
      organization: org.alpha,
      name: 'Pump house',
      content: [],
    });
    expect((await list('?type=groups')).map((c) => c.id)).toEqual([east.id]);
    expect((await list('?type=locations')).map((c) => c.id).sort()).toEqual([pump.id, gate.id].sort());
    expect(await list('', 'reader')).toHaveLength(3);
  });

  it('refuses blank names, foreign organisations and readers, writing nothing', async () => {
    const before = await snapshot();
    const cases: [unknown, Who, number][] = [
      [{ type: 'locations', organization: org.alpha, name: '  ' }, 'writer', 400],
      [{ type: 'groups', organization: org.alpha, name: '' }, 'writer', 400],
      [{ type: 'shelves', organization: org.alpha, name: 'X' }, 'writer', 400],
      [{ type: 'locations', organization: org.beta, name: 'Foreign' }, 'writer', 404],
      [{ type: 'locations', organization: org.alpha, name: 'Outsider' }, 'outsider', 404],
      [{ type: 'groups', organization: org.alpha, name: 'Reader' }, 'reader', 403],
    ];
    for (const [body, who, status] of cases) {
      const res = await call('POST', C, body, who);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json()).toMatchObject({ error: true, statusCode: status });
    }
    const blank = await call('POST', C, { type: 'locations', organization: org.alpha, name: ' ' });
    expect(blank.json().message).toBe('Missing parameters');
    expect(await snapshot()).toEqual(before);
  });

  it('moves units into a location, each leaving the one it was in, and takes them out', async () => {
    const into = await call('PUT', `${C}/${pump.id}/units`, { units: [unit.a1, unit.a2] });
    expect(into.statusCode, into.body).toBe(200);
    expect(into.json().content).toEqual([unitRef(unit.a1, 'Pump A'), unitRef(unit.a2, 'Pump B')]);
    await call('PUT', `${C}/${gate.id}/units`, { units: [unit.a2] });
    expect((await byId(pump.id))?.content).toEqual([unitRef(unit.a1, 'Pump A')]);
    expect((await byId(gate.id))?.content).toEqual([unitRef(unit.a2, 'Pump B')]);
    const out = await call('DELETE', `${C}/${gate.id}/units`, { units: [unit.a2] });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().content).toEqual([]);
    expect(await t.db.query('select unit_id from location_units order by unit_id')).toEqual([{ unit_id: unit.a1 }]);
  });

  it('refuses moving units for readers, outsiders, foreign units and groups, writing nothing', async () => {
    const before = await snapshot();
    const cases: ['PUT' | 'DELETE', string, unknown, Who, number][] = [
      ['PUT', pump.id, { units: [unit.a3] }, 'reader', 403],
      ['DELETE', pump.id, { units: [unit.a1] }, 'reader', 403],
      ['PUT', pump.id, { units: [unit.a3] }, 'outsider', 404],
      ['PUT', pump.id, { units: [unit.a3, unit.b1] }, 'writer', 404],
      ['PUT', east.id, { units: [unit.a3] }, 'writer', 400],
      ['PUT', pump.id, { units: [] }, 'writer', 400],
      ['PUT', 'short', { units: [unit.a3] }, 'writer', 400],
      ['PUT', 'ZZZZZZZZZZ', { units: [unit.a3] }, 'writer', 404],
    ];
    for (const [method, id, body, who, status] of cases) {
      const res = await call(method, `${C}/${id}/units`, body, who);
      expect(res.statusCode, `${method} ${id} ${who} ${JSON.stringify(body)}`).toBe(status);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('gives a group locations; unit group names follow direct membership and locations', async () => {
    const res = await call('PUT', `${C}/${east.id}`, { locations: [pump.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content).toEqual([{ name: 'Pump house', type: 'location', target: pump.id }]);
    // a3 joins the group directly (v2 updateGroup); a1 is in it only through the Pump house location.
    const direct = await call('PUT', '/api/v2/device/devices/updateGroup', {
      groupId: east.groupId,
      devices: [unit.a3],
    });
    expect(direct.statusCode, direct.body).toBe(200);
    expect((await byId(east.id))?.content).toEqual([
      { name: 'Pump house', type: 'location', target: pump.id },
      unitRef(unit.a3, 'Gate post'),
    ]);
    const names = await groupNames();
    expect([names[unit.a1], names[unit.a2], names[unit.a3], names[unit.a4]]).toEqual([['East'], [], ['East'], []]);
    // Moving a1 out of the location takes it out of the group.
    await call('DELETE', `${C}/${pump.id}/units`, { units: [unit.a1] });
    expect((await groupNames())[unit.a1]).toEqual([]);
    await call('PUT', `${C}/${pump.id}/units`, { units: [unit.a1] });
    expect((await groupNames())[unit.a1]).toEqual(['East']);
  });

  it('renames containers; the rename reaches the v2 group and the unit group names', async () => {
    const g = await call('PUT', `${C}/${east.id}`, { name: 'East side' });
    expect(g.statusCode, g.body).toBe(200);
    expect(g.json()).toMatchObject({ id: east.id, name: 'East side' });
    expect(g.json().content).toHaveLength(2); // the rename keeps what the group holds
    const v2 = (await call('GET', '/api/v2/device/groups')).json().result;
    expect(v2.find((x: { id: number }) => x.id === east.groupId).name).toBe('East side');
    expect((await groupNames())[unit.a1]).toEqual(['East side']);
    const l = await call('PUT', `${C}/${gate.id}`, { name: 'Main gate' });
    expect(l.json()).toMatchObject({ id: gate.id, type: 'locations', name: 'Main gate' });
  });

  it('refuses changes that are not allowed, writing nothing', async () => {
    const north = (await call('POST', C, { type: 'locations', organization: org.north, name: 'North yard' })).json();
    const before = await snapshot();
    const cases: [string, unknown, Who, number][] = [
      [east.id, { locations: [north.id] }, 'writer', 404], // a location of another organisation
      [east.id, { locations: ['ZZZZZZZZZZ'] }, 'writer', 404],
      [gate.id, { locations: [pump.id] }, 'writer', 400], // a location holds no locations
      [east.id, { name: '  ' }, 'writer', 400],
      [east.id, { name: 'Reader' }, 'reader', 403],
      [pump.id, { name: 'Outsider' }, 'outsider', 404],
      [east.id, { locations: [] }, 'outsider', 404],
    ];
    for (const [id, body, who, status] of cases) {
      const res = await call('PUT', `${C}/${id}`, body, who);
      expect(res.statusCode, `${id} ${who} ${JSON.stringify(body)}`).toBe(status);
    }
    for (const [id, who, status] of [
      [pump.id, 'reader', 403],
      [east.id, 'reader', 403],
      [pump.id, 'outsider', 404],
      [east.id, 'outsider', 404],
    ] as const) {
      expect((await call('DELETE', `${C}/${id}`, undefined, who)).statusCode, `${id} ${who}`).toBe(status);
    }
    expect(await snapshot()).toEqual(before);
    expect((await call('DELETE', `${C}/${north.id}`)).statusCode).toBe(200);
  });

  it('keeps the scopes apart: other organisations and use_context', async () => {
    const own = await call('POST', C, { type: 'locations', organization: org.beta, name: 'Beta yard' }, 'outsider');
    expect(own.statusCode, own.body).toBe(200);
    expect((await list('', 'outsider')).map((c) => c.id)).toEqual([own.json().id]);
    expect((await list()).map((c) => c.id)).not.toContain(own.json().id);
    const north = (await call('POST', C, { type: 'locations', organization: org.north, name: 'North' })).json();
    await call('PUT', `/api/v3/user/session/current_organization?id=${org.north}`, undefined, 'reader');
    expect((await list('?use_context=true', 'reader')).map((c) => c.id)).toEqual([north.id]);
  });

  it('deletes a location (its units stay, without a place) and a group (also gone from v2)', async () => {
    const res = await call('DELETE', `${C}/${pump.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: pump.id });
    expect(await byId(pump.id)).toBeUndefined();
    expect(await t.db.query('select 1 from location_units where unit_id = $1', [unit.a1])).toEqual([]);
    expect(await t.db.query('select 1 from units where id = $1', [unit.a1])).toHaveLength(1);
    expect((await byId(east.id))?.content).toEqual([unitRef(unit.a3, 'Gate post')]);
    expect((await call('DELETE', `${C}/${east.id}`)).statusCode).toBe(200);
    expect(await byId(east.id)).toBeUndefined();
    const v2 = (await call('GET', '/api/v2/device/groups')).json().result;
    expect(v2.map((g: { id: number }) => g.id)).not.toContain(east.groupId);
    expect((await groupNames())[unit.a3]).toEqual([]);
  });
});

describe('group import', () => {
  const IMPORT = `${C}/import`;

  it('refuses missing fields, unknown groups, readers and outsiders, writing nothing', async () => {
    const made = await call('POST', '/api/v2/device/groups', {
      organization: org.alpha,
      name: 'Field',
      devices: [unit.a1, unit.a2, unit.a3, unit.a4],
    });
    expect(made.statusCode, made.body).toBe(200);
    const before = await snapshot();
    const cases: [unknown, Who, number, string?][] = [
      [{ groupName: 'Field' }, 'writer', 400, 'Missing parameters'],
      [{ customerId: org.alpha }, 'writer', 400, 'Missing parameters'],
      [{ customerId: org.alpha, groupName: '  ' }, 'writer', 400, 'Missing parameters'],
      [{ customerId: org.alpha, groupName: 'Nowhere' }, 'writer', 404],
      [{ customerId: org.north, groupName: 'Field' }, 'writer', 404], // the group is alpha's
      [{ customerId: org.alpha, groupName: 'Field' }, 'reader', 403],
      [{ customerId: org.alpha, groupName: 'Field' }, 'outsider', 404],
    ];
    for (const [body, who, status, message] of cases) {
      const res = await call('POST', IMPORT, body, who);
      expect(res.statusCode, `${who} ${JSON.stringify(body)}`).toBe(status);
      if (message) expect(res.json()).toEqual({ error: true, statusCode: status, message });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("organises a customer's group into locations named by its units' location texts", async () => {
    // 'Main gate' was 'Gate'; an existing location of the imported name is reused.
    await call('PUT', `${C}/${gate.id}`, { name: 'Gate' });
    const res = await call('POST', IMPORT, { customerId: org.alpha, groupName: 'field' });
    expect(res.statusCode, res.body).toBe(200);
    const { groups, locations } = res.json() as { groups: View[]; locations: View[] };
    const byName = Object.fromEntries(locations.map((l) => [l.name, l]));
    expect(Object.keys(byName).sort()).toEqual(['Field', 'Gate', 'Pump house']);
    expect(byName.Gate?.id).toBe(gate.id);
    expect(byName['Pump house']?.content).toEqual([unitRef(unit.a1, 'Pump A'), unitRef(unit.a2, 'Pump B')]);
    expect(byName.Gate?.content).toEqual([unitRef(unit.a3, 'Gate post')]);
    expect(byName.Field?.content).toEqual([unitRef(unit.a4, 'Loose')]); // no location text: the group's name
    expect(groups).toHaveLength(1);
    const held = groups[0]?.content.filter((c) => c.type === 'location').map((c) => c.target);
    expect(held?.sort()).toEqual(locations.map((l) => l.id).sort());
    expect(await list('?type=groups')).toContainEqual(groups[0]);
  });
});
