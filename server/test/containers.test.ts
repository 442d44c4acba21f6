import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrganization,
  createOrganizationTree,
  createTestApp,
  createUnit,
  signInRoles,
  type TestApp,
} from './helpers.ts';

// Groups and locations (/api/v3/containers) on a real database: a group is also a v2 device group,
// locations hold units, groups hold locations, and a unit's group names follow both paths.
// Every test makes the units and containers it uses (makeUnit, makeGroup, makeLocation, makeEast),
// and a test that reads a whole list or finds things by name works in an organization of its own
// (makeOrganization), so each runs alone and in any order. Shared, never changed: the organization
// tree, beta's unit and the signed-in callers.
const C = '/api/v3/containers';
const ID = /^[A-Za-z0-9]{10}$/;
let t: TestApp;
let org = { alpha: 0, north: 0, beta: 0 };
let betaUnit = 0;
const cookie = { manager: '', writer: '', reader: '', outsider: '' };
type Who = keyof typeof cookie;
type View = {
  id: string;
  type: string;
  organization: number;
  name: string;
  content: { name: string; type: string; target: string }[];
};
type Group = View & { groupId: number };

beforeAll(async () => {
  t = await createTestApp();
  const tree = await createOrganizationTree(t.db);
  org = { alpha: tree.alpha, north: tree.north, beta: tree.beta };
  betaUnit = await createUnit(t.db, { organizationId: org.beta, serial: 'CB1', name: 'Beta unit' });
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
/** The ids of the listed containers that belong to an organization (one a test made for itself). */
const idsIn = (views: View[], organization: number) =>
  views.filter((c) => c.organization === organization).map((c) => c.id);
const unitRef = (id: number, name: string) => ({ name, type: 'unit', target: String(id) });
/** Every table a container call may write: a refused call must leave all of them as they were. */
const snapshot = async () => ({
  groups: await t.db.query('select * from device_groups order by id'),
  members: await t.db.query('select * from device_group_members order by group_id, unit_id'),
  locations: await t.db.query('select * from locations order by id'),
  placed: await t.db.query('select * from location_units order by unit_id'),
  held: await t.db.query('select * from group_locations order by group_id, location_id'),
});
/** Group names of an organization's units as the v1 device list answers them. */
const groupNames = async (organization = org.alpha) => {
  const res = await call('GET', `/api/v1/device?orgs=${organization}`);
  expect(res.statusCode, res.body).toBe(200);
  return Object.fromEntries(res.json().map((d: { id: number; groups: string[] }) => [d.id, d.groups]));
};

/** An organization of the test's own inside alpha, where the writer and the reader have their roles. */
const makeOrganization = (name: string, parent = org.alpha) => createOrganization(t.db, name, parent);
let serials = 0;
/** A unit of the test's own, with the location text the group import reads. */
const makeUnit = async (name: string, place = '', organizationId = org.alpha) => {
  serials += 1;
  const id = await createUnit(t.db, { organizationId, serial: `CU${serials}`, name });
  await t.db.query('update units set unit_location = $2 where id = $1', [id, place]);
  return id;
};
const makeContainer = async <T extends View>(type: 'groups' | 'locations', name: string, organization: number) => {
  const res = await call('POST', C, { type, organization, name });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const makeGroup = (name: string, organization = org.alpha) => makeContainer<Group>('groups', name, organization);
const makeLocation = (name: string, organization = org.alpha) => makeContainer<View>('locations', name, organization);
const moveIn = async (location: View, units: number[]) => {
  const res = await call('PUT', `${C}/${location.id}/units`, { units });
  expect(res.statusCode, res.body).toBe(200);
};
/**
 * The group 'East' holding the location 'Pump house' (with the unit 'Pump A') and the unit
 * 'Gate post' directly (v2 updateGroup), beside an empty location 'Gate'.
 */
const makeEast = async () => {
  const pumpA = await makeUnit('Pump A', 'Pump house');
  const gatePost = await makeUnit('Gate post', 'Gate');
  const east = await makeGroup('East');
  const pump = await makeLocation('Pump house');
  const gate = await makeLocation('Gate');
  await moveIn(pump, [pumpA]);
  const held = await call('PUT', `${C}/${east.id}`, { locations: [pump.id] });
  expect(held.statusCode, held.body).toBe(200);
  const direct = await call('PUT', '/api/v2/device/devices/updateGroup', {
    groupId: east.groupId,
    devices: [gatePost],
  });
  expect(direct.statusCode, direct.body).toBe(200);
  return { east, pump, gate, pumpA, gatePost };
};

describe('containers', () => {
  it('creates a group (also a v2 device group) and locations, and lists them by type', async () => {
    const home = await makeOrganization('Listing');
    const g = await call('POST', C, { type: 'groups', organization: home, name: ' East ' });
    expect(g.statusCode, g.body).toBe(200);
    const east: Group = g.json();
    expect(east).toEqual({
      id: expect.stringMatching(ID),
      type: 'groups',
      organization: home,
      name: 'East',
      content: [],
      groupId: expect.any(Number),
    });
    const v2 = (await call('GET', '/api/v2/device/groups')).json().result;
    expect(v2).toContainEqual(expect.objectContaining({ id: east.groupId, key: east.id, name: 'East' }));
    const pump: View = (await call('POST', C, { type: 'locations', organization: home, name: 'Pump house' })).json();
    const gate: View = (await call('POST', C, { type: 'locations', organization: home, name: 'Gate' })).json();
    expect(pump).toEqual({
      id: expect.stringMatching(ID),
      type: 'locations',
      organization: home,
      name: 'Pump house',
      content: [],
    });
    // Exactly what this test made in its organization, and nothing of the other type anywhere.
    const groups = await list('?type=groups');
    expect(idsIn(groups, home)).toEqual([east.id]);
    expect(groups.filter((c) => c.type !== 'groups')).toEqual([]);
    const locations = await list('?type=locations');
    expect(idsIn(locations, home).sort()).toEqual([pump.id, gate.id].sort());
    expect(locations.filter((c) => c.type !== 'locations')).toEqual([]);
    expect(idsIn(await list('', 'reader'), home)).toHaveLength(3);
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
    const pumpA = await makeUnit('Pump A', 'Pump house');
    const pumpB = await makeUnit('Pump B', 'Pump house');
    const pump = await makeLocation('Pump house');
    const gate = await makeLocation('Gate');
    const into = await call('PUT', `${C}/${pump.id}/units`, { units: [pumpA, pumpB] });
    expect(into.statusCode, into.body).toBe(200);
    expect(into.json().content).toEqual([unitRef(pumpA, 'Pump A'), unitRef(pumpB, 'Pump B')]);
    await call('PUT', `${C}/${gate.id}/units`, { units: [pumpB] });
    expect((await byId(pump.id))?.content).toEqual([unitRef(pumpA, 'Pump A')]);
    expect((await byId(gate.id))?.content).toEqual([unitRef(pumpB, 'Pump B')]);
    const out = await call('DELETE', `${C}/${gate.id}/units`, { units: [pumpB] });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().content).toEqual([]);
    // Where this test's units are, and what its locations hold: Pump A in the Pump house, nothing else.
    expect(
      await t.db.query(
        'select location_id, unit_id from location_units where unit_id = any($1) or location_id = any($2) order by unit_id',
        [
          [pumpA, pumpB],
          [pump.id, gate.id],
        ],
      ),
    ).toEqual([{ location_id: pump.id, unit_id: pumpA }]);
  });

  it('refuses moving units for readers, outsiders, foreign units and groups, writing nothing', async () => {
    const { east, pump, pumpA, gatePost } = await makeEast();
    const before = await snapshot();
    const cases: ['PUT' | 'DELETE', string, unknown, Who, number][] = [
      ['PUT', pump.id, { units: [gatePost] }, 'reader', 403],
      ['DELETE', pump.id, { units: [pumpA] }, 'reader', 403],
      ['PUT', pump.id, { units: [gatePost] }, 'outsider', 404],
      ['PUT', pump.id, { units: [gatePost, betaUnit] }, 'writer', 404],
      ['PUT', east.id, { units: [gatePost] }, 'writer', 400],
      ['PUT', pump.id, { units: [] }, 'writer', 400],
      ['PUT', 'short', { units: [gatePost] }, 'writer', 400],
      ['PUT', 'ZZZZZZZZZZ', { units: [gatePost] }, 'writer', 404],
    ];
    for (const [method, id, body, who, status] of cases) {
      const res = await call(method, `${C}/${id}/units`, body, who);
      expect(res.statusCode, `${method} ${id} ${who} ${JSON.stringify(body)}`).toBe(status);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('gives a group locations; unit group names follow direct membership and locations', async () => {
    const pumpA = await makeUnit('Pump A', 'Pump house');
    const pumpB = await makeUnit('Pump B', 'Pump house');
    const gatePost = await makeUnit('Gate post', 'Gate');
    const loose = await makeUnit('Loose');
    const east = await makeGroup('East');
    const pump = await makeLocation('Pump house');
    await moveIn(pump, [pumpA]);
    const res = await call('PUT', `${C}/${east.id}`, { locations: [pump.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content).toEqual([{ name: 'Pump house', type: 'location', target: pump.id }]);
    // Gate post joins the group directly (v2 updateGroup); Pump A is in it only through the Pump house location.
    const direct = await call('PUT', '/api/v2/device/devices/updateGroup', {
      groupId: east.groupId,
      devices: [gatePost],
    });
    expect(direct.statusCode, direct.body).toBe(200);
    expect((await byId(east.id))?.content).toEqual([
      { name: 'Pump house', type: 'location', target: pump.id },
      unitRef(gatePost, 'Gate post'),
    ]);
    const names = await groupNames();
    expect([names[pumpA], names[pumpB], names[gatePost], names[loose]]).toEqual([['East'], [], ['East'], []]);
    // Moving Pump A out of the location takes it out of the group.
    await call('DELETE', `${C}/${pump.id}/units`, { units: [pumpA] });
    expect((await groupNames())[pumpA]).toEqual([]);
    await call('PUT', `${C}/${pump.id}/units`, { units: [pumpA] });
    expect((await groupNames())[pumpA]).toEqual(['East']);
  });

  it('renames containers; the rename reaches the v2 group and the unit group names', async () => {
    const { east, gate, pumpA } = await makeEast();
    const g = await call('PUT', `${C}/${east.id}`, { name: 'East side' });
    expect(g.statusCode, g.body).toBe(200);
    expect(g.json()).toMatchObject({ id: east.id, name: 'East side' });
    expect(g.json().content).toHaveLength(2); // the rename keeps what the group holds
    const v2 = (await call('GET', '/api/v2/device/groups')).json().result;
    expect(v2.find((x: { id: number }) => x.id === east.groupId).name).toBe('East side');
    expect((await groupNames())[pumpA]).toEqual(['East side']);
    const l = await call('PUT', `${C}/${gate.id}`, { name: 'Main gate' });
    expect(l.json()).toMatchObject({ id: gate.id, type: 'locations', name: 'Main gate' });
  });

  it('refuses changes that are not allowed, writing nothing', async () => {
    const { east, pump, gate } = await makeEast();
    const north = (await call('POST', C, { type: 'locations', organization: org.north, name: 'North yard' })).json();
    const before = await snapshot();
    const cases: [string, unknown, Who, number][] = [
      [east.id, { locations: [north.id] }, 'writer', 404], // a location of another organization
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
    // Alpha's, outside both the outsider's scope and the reader's context below.
    const alphaYard = await makeLocation('Alpha yard');
    // Beta's containers are this test's alone: every other test's calls in beta are refused.
    const own = await call('POST', C, { type: 'locations', organization: org.beta, name: 'Beta yard' }, 'outsider');
    expect(own.statusCode, own.body).toBe(200);
    expect((await list('', 'outsider')).map((c) => c.id)).toEqual([own.json().id]);
    expect((await list()).map((c) => c.id)).not.toContain(own.json().id);
    expect((await list()).map((c) => c.id)).toContain(alphaYard.id);
    // The context: an organization of this test's own, inside north.
    const context = await makeOrganization('North context', org.north);
    const north = (await call('POST', C, { type: 'locations', organization: context, name: 'North' })).json();
    await call('PUT', `/api/v3/user/session/current_organization?id=${context}`, undefined, 'reader');
    expect((await list('?use_context=true', 'reader')).map((c) => c.id)).toEqual([north.id]);
  });

  it('deletes a location (its units stay, without a place) and a group (also gone from v2)', async () => {
    const { east, pump, pumpA, gatePost } = await makeEast();
    const res = await call('DELETE', `${C}/${pump.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: pump.id });
    expect(await byId(pump.id)).toBeUndefined();
    expect(await t.db.query('select 1 from location_units where unit_id = $1', [pumpA])).toEqual([]);
    expect(await t.db.query('select 1 from units where id = $1', [pumpA])).toHaveLength(1);
    expect((await byId(east.id))?.content).toEqual([unitRef(gatePost, 'Gate post')]);
    expect((await call('DELETE', `${C}/${east.id}`)).statusCode).toBe(200);
    expect(await byId(east.id)).toBeUndefined();
    const v2 = (await call('GET', '/api/v2/device/groups')).json().result;
    expect(v2.map((g: { id: number }) => g.id)).not.toContain(east.groupId);
    expect((await groupNames())[gatePost]).toEqual([]);
  });
});

describe('group import', () => {
  const IMPORT = `${C}/import`;
  /**
   * The v2 group 'Field' of an organization, with four units of it: two whose location text is
   * 'Pump house', one of 'Gate' and one without.
   */
  const makeField = async (organization: number) => {
    const units = {
      pumpA: await makeUnit('Pump A', 'Pump house', organization),
      pumpB: await makeUnit('Pump B', 'Pump house', organization),
      gatePost: await makeUnit('Gate post', 'Gate', organization),
      loose: await makeUnit('Loose', '', organization),
    };
    const made = await call('POST', '/api/v2/device/groups', {
      organization,
      name: 'Field',
      devices: Object.values(units),
    });
    expect(made.statusCode, made.body).toBe(200);
    return units;
  };

  it('refuses missing fields, unknown groups, readers and outsiders, writing nothing', async () => {
    const home = await makeOrganization('Import refusals');
    await makeField(home);
    const before = await snapshot();
    const cases: [unknown, Who, number, string?][] = [
      [{ groupName: 'Field' }, 'writer', 400, 'Missing parameters'],
      [{ customerId: home }, 'writer', 400, 'Missing parameters'],
      [{ customerId: home, groupName: '  ' }, 'writer', 400, 'Missing parameters'],
      [{ customerId: home, groupName: 'Nowhere' }, 'writer', 404],
      [{ customerId: org.north, groupName: 'Field' }, 'writer', 404], // the group is home's
      [{ customerId: home, groupName: 'Field' }, 'reader', 403],
      [{ customerId: home, groupName: 'Field' }, 'outsider', 404],
    ];
    for (const [body, who, status, message] of cases) {
      const res = await call('POST', IMPORT, body, who);
      expect(res.statusCode, `${who} ${JSON.stringify(body)}`).toBe(status);
      if (message) expect(res.json()).toEqual({ error: true, statusCode: status, message });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("organises a customer's group into locations named by its units' location texts", async () => {
    const home = await makeOrganization('Import');
    const { pumpA, pumpB, gatePost, loose } = await makeField(home);
    // 'Main gate' becomes 'Gate'; an existing location of the imported name is reused.
    const gate = await makeLocation('Main gate', home);
    const renamed = await call('PUT', `${C}/${gate.id}`, { name: 'Gate' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const res = await call('POST', IMPORT, { customerId: home, groupName: 'field' });
    expect(res.statusCode, res.body).toBe(200);
    const { groups, locations } = res.json() as { groups: View[]; locations: View[] };
    const byName = Object.fromEntries(locations.map((l) => [l.name, l]));
    expect(Object.keys(byName).sort()).toEqual(['Field', 'Gate', 'Pump house']);
    expect(byName.Gate?.id).toBe(gate.id);
    expect(byName['Pump house']?.content).toEqual([unitRef(pumpA, 'Pump A'), unitRef(pumpB, 'Pump B')]);
    expect(byName.Gate?.content).toEqual([unitRef(gatePost, 'Gate post')]);
    expect(byName.Field?.content).toEqual([unitRef(loose, 'Loose')]); // no location text: the group's name
    expect(groups).toHaveLength(1);
    const held = groups[0]?.content.filter((c) => c.type === 'location').map((c) => c.target);
    expect(held?.sort()).toEqual(locations.map((l) => l.id).sort());
    expect(await list('?type=groups')).toContainEqual(groups[0]);
  });
});
