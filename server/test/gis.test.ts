import { GIS_TYPES, type GisFeature, gisTypeByKey, WidgetRight } from '@fieldwatch/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoGisNetwork, offsetLine, seedDemoGis } from '../src/demo/gis.ts';
import { countGisFeatures, insertGisFeatures } from '../src/modules/gis/gis.repository.ts';
import { addGisFeatures } from '../src/modules/gis/gis.service.ts';
import { addOrganizationRight, insertOrganization } from '../src/modules/organizations/organizations.service.ts';
import { createOrganizationTree, createTestApp, createUnit, signInRoles, type TestApp } from './helpers.ts';

// GetGISData {CustomerID}: the GIS features of a customer with the TyrensGIS right
// (an organization right), plus its units as measuring points.
let t: TestApp;
let tree: Awaited<ReturnType<typeof createOrganizationTree>>;
let unit = 0;
let user = '';
let reader = '';
let outsider = '';

const typeId = (key: string) => gisTypeByKey(key)?.id ?? 0;
const get = (query: string, cookie = user) =>
  t.app.inject({ method: 'GET', url: `/api/v1/xrequest/GetGISData?${query}`, headers: { cookie } });

beforeAll(async () => {
  t = await createTestApp();
  tree = await createOrganizationTree(t.db);
  await addOrganizationRight(t.db, tree.alpha, WidgetRight.TyrensGIS);
  await addOrganizationRight(t.db, tree.beta, WidgetRight.TyrensGIS);
  unit = await createUnit(t.db, { organizationId: tree.alpha, serial: 'G-1', lat: 56.15, long: 10.2 });
  await createUnit(t.db, { organizationId: tree.alpha, serial: 'G-2' }); // no position: no measuring point
  await addGisFeatures(t.db, tree.alpha, [
    {
      type: typeId('mainPipe'),
      name: 'Hovedledning Søndergade',
      geometry: {
        type: 'LineString',
        coordinates: [
          [10.19, 56.15],
          [10.21, 56.15],
        ],
      },
    },
    {
      type: typeId('boilerPlant'),
      name: 'Varmecentral',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [10.18, 56.14],
            [10.181, 56.14],
            [10.181, 56.141],
            [10.18, 56.14],
          ],
        ],
      },
    },
    { type: typeId('valvePit'), name: 'Ventilbrønd 1', geometry: { type: 'Point', coordinates: [10.2, 56.1501] } },
  ]);
  // Another customer's feature must never leak into alpha's answer.
  await addGisFeatures(t.db, tree.beta, [
    { type: typeId('valveChamber'), name: 'Beta chamber', geometry: { type: 'Point', coordinates: [11, 57] } },
  ]);
  ({ writer: user, reader, outsider } = await signInRoles(t, tree.alpha, tree.beta));
});
afterAll(() => t?.close());

describe('GetGISData', () => {
  it("answers the customer's features by type, then its placed units as measuring points", async () => {
    const res = await get(`CustomerID=${tree.alpha}`);
    expect(res.statusCode, res.body).toBe(200);
    const features = res.json() as GisFeature[];
    expect(
      features.map((f) => [f.properties.GISType, f.geometry.type, f.properties.Name ?? f.properties.UnitName]),
    ).toEqual([
      ['boiler plant', 'Polygon', 'Varmecentral'],
      ['main pipe', 'LineString', 'Hovedledning Søndergade'],
      ['valve pit', 'Point', 'Ventilbrønd 1'],
      ['measuring point', 'Point', 'Unit G-1'],
    ]);
    expect(features[1]).toEqual({
      type: 'Feature',
      geometry: {
        type: 'LineString',
        coordinates: [
          [10.19, 56.15],
          [10.21, 56.15],
        ],
      },
      properties: {
        GISType: 'main pipe',
        CustomerID: tree.alpha,
        FeatureID: expect.any(Number),
        Name: 'Hovedledning Søndergade',
      },
    });
    expect(features[3]).toEqual({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [10.2, 56.15] },
      properties: {
        GISType: 'measuring point',
        CustomerID: tree.alpha,
        UnitID: unit,
        UnitName: 'Unit G-1',
        UnitType: 25,
        UnitLocation: '',
      },
    });
  });

  it('is readable by a Reader of the customer', async () => {
    const res = await get(`CustomerID=${tree.alpha}`, reader);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as GisFeature[]).length).toBe(4);
  });

  it('refuses a customer without the GIS right with 403', async () => {
    // north is visible to alpha's user (a descendant) but holds no right of its own.
    const res = await get(`CustomerID=${tree.north}`);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({ Result: expect.stringContaining('GIS') });
  });

  it('answers 404 for a customer the caller cannot see, whatever its rights', async () => {
    const foreign = await get(`CustomerID=${tree.beta}`);
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect(foreign.json()).toEqual({ Result: expect.stringContaining('Customer') });
    expect(foreign.body).not.toContain('Beta chamber');
    expect((await get(`CustomerID=${tree.alpha}`, outsider)).statusCode).toBe(404);
    expect((await get('CustomerID=999999')).statusCode).toBe(404);
  });

  it('answers 400 for a missing or bad CustomerID', async () => {
    for (const q of ['', 'CustomerID=', 'CustomerID=abc', 'CustomerID=0', 'CustomerID=-3', 'CustomerID=1.5']) {
      const res = await get(q);
      expect(res.statusCode, `${q}: ${res.body}`).toBe(400);
      expect(res.json()).toHaveProperty('Result');
    }
  });

  it('needs a session', async () => {
    expect((await get(`CustomerID=${tree.alpha}`, '')).statusCode).toBe(401);
  });

  it('leaves out stored rows whose geometry is not valid for their type', async () => {
    const org = await insertOrganization(t.db, 'Broken GIS', tree.alpha);
    await addOrganizationRight(t.db, org, WidgetRight.TyrensGIS);
    // Written past the checks of addGisFeatures: a pipe stored as a point, a line of one position.
    await insertGisFeatures(t.db, org, [
      { type: typeId('mainPipe'), name: 'bad', geometry: { type: 'Point', coordinates: [10, 56] } },
      { type: typeId('servicePipe'), name: 'short', geometry: { type: 'LineString', coordinates: [[10, 56]] } },
      { type: typeId('valvePit'), name: 'ok', geometry: { type: 'Point', coordinates: [10, 56] } },
    ]);
    const res = await get(`CustomerID=${org}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as GisFeature[]).map((f) => f.properties.Name)).toEqual(['ok']);
  });
});

describe('addGisFeatures', () => {
  it('refuses unknown types, bad geometries and shapes a type cannot have', async () => {
    const point = { type: 'Point' as const, coordinates: [10, 56] as [number, number] };
    await expect(addGisFeatures(t.db, tree.alpha, [{ type: 42, name: 'x', geometry: point }])).rejects.toThrow(
      'unknown type',
    );
    await expect(
      addGisFeatures(t.db, tree.alpha, [
        { type: typeId('valvePit'), name: 'x', geometry: { type: 'Point', coordinates: [200, 56] } },
      ]),
    ).rejects.toThrow('invalid geometry');
    await expect(
      addGisFeatures(t.db, tree.alpha, [{ type: typeId('mainPipe'), name: 'x', geometry: point }]),
    ).rejects.toThrow('cannot be a Point');
  });
});

describe('the demo network', () => {
  const units = [
    { name: 'Aarhus Rådhus rum 101', town: 'Aarhus', lat: 56.1612, long: 10.2155 },
    { name: 'Aarhus Skole rum 102', town: 'Aarhus', lat: 56.1489, long: 10.1811 },
    { name: 'Aalborg 7', town: 'Aalborg', lat: 57.05, long: 9.93 },
  ];

  it('has every stored GIS type, deterministically, with a service pipe to each unit', () => {
    const network = demoGisNetwork(units);
    expect(demoGisNetwork(units)).toEqual(network);
    const types = new Set(network.map((f) => f.type));
    for (const type of GIS_TYPES) {
      if (type.key !== 'measuringPoint') expect(types.has(type.id), type.key).toBe(true);
    }
    for (const u of units) {
      const service = network.find((f) => f.name === `Stikledning ${u.name}`);
      expect(service?.geometry.type).toBe('LineString');
      const end = service?.geometry.type === 'LineString' ? service.geometry.coordinates.at(-1) : undefined;
      expect(end?.[0]).toBeCloseTo(u.long, 5);
      expect(end?.[1]).toBeCloseTo(u.lat, 5);
    }
    // Near its town: within 8 km of the centre.
    for (const f of network) {
      const first =
        f.geometry.type === 'Point'
          ? f.geometry.coordinates
          : f.geometry.type === 'LineString'
            ? f.geometry.coordinates[0]
            : f.geometry.coordinates[0]?.[0];
      expect(Math.abs((first?.[1] ?? 0) - 56.6)).toBeLessThan(0.6);
    }
  });

  it('draws the alarm wire beside its pipe, mitred at corners', () => {
    expect(
      offsetLine(
        [
          [0, 0],
          [10, 0],
          [10, 10],
        ],
        2,
      ),
    ).toEqual([
      [0, 2],
      [8, 2],
      [8, 10],
    ]);
  });

  it('seeds a GIS organisation once and leaves others alone', async () => {
    const gisOrg = await insertOrganization(t.db, 'Demo GIS town', null);
    const plain = await insertOrganization(t.db, 'Demo plain town', null);
    const fleet = units.map((def, i) => ({ organizationId: i === 2 ? plain : gisOrg, def }));
    const orgs = [
      { name: 'Demo GIS town', rights: [WidgetRight.TyrensGIS] },
      { name: 'Demo plain town', rights: [WidgetRight.Parking] },
    ];
    const added = await seedDemoGis(t.db, orgs, fleet);
    expect(added).toBeGreaterThan(20);
    expect(await countGisFeatures(t.db, gisOrg)).toBe(added);
    expect(await countGisFeatures(t.db, plain)).toBe(0);
    expect(await seedDemoGis(t.db, orgs, fleet)).toBe(0);
  });
});
