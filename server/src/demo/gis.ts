import { type GisGeometry, type GisTypeKey, gisTypeByKey, WidgetRight } from '@fieldwatch/core';
import type { Db } from '../db/db.ts';
import { addGisFeatures, countGisFeatures, type NewGisFeature } from '../modules/gis/gis.service.ts';
import { findOrganizationByName } from '../modules/organizations/organizations.service.ts';
import { generator } from './seeded.ts';
import { type Town, townByName } from './towns.ts';

/**
 * The demo district-heating network of a GIS customer (core's GIS types), generated
 * deterministically around each town its units are in: a boiler plant at the town's western edge,
 * main pipes from it along two trunk streets through the centre, distribution pipes down the side
 * streets, service pipes to the units and to the houses along the way, the alarm wire beside the
 * main and distribution pipes, valve chambers at the junctions, valve pits at the taps and dead ends,
 * and the emergency services station with its area. Streets are a town grid at a slight angle.
 */

/** Grid metres: u along the town's east–west streets, v along its north–south streets. */
type P = [number, number];
export type GisUnit = { name: string; lat: number; long: number };

const M_PER_DEG = 111_320;
/** Offset of the alarm wire from its pipe's centre line (metres), so both show. */
const WIRE_OFFSET = 5;
/** House service pipes per town at most (large fleets keep a drawable map). */
const MAX_HOUSE_SERVICES = 400;

function hash(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ (c.codePointAt(0) ?? 0), 16777619);
  return h >>> 0;
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** The town's street grid: block size, angle, and conversion to and from longitude/latitude. */
function townGrid(town: Town) {
  const rng = generator(hash(town.name));
  const block = 140 + Math.round(rng() * 5) * 10;
  const angle = ((rng() * 24 - 12) * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const mx = M_PER_DEG * Math.cos((town.lat * Math.PI) / 180);
  return {
    rng,
    block,
    toLngLat: ([u, v]: P): [number, number] => {
      const x = u * cos - v * sin;
      const y = u * sin + v * cos;
      return [round6(town.long + x / mx), round6(town.lat + y / M_PER_DEG)];
    },
    fromLngLat: (long: number, lat: number): P => {
      const x = (long - town.long) * mx;
      const y = (lat - town.lat) * M_PER_DEG;
      return [x * cos + y * sin, -x * sin + y * cos];
    },
  };
}

/** A polyline moved sideways by d metres (left of its direction), mitred at the corners. */
export function offsetLine(line: readonly P[], d: number): P[] {
  const normal = (a: P, b: P): P => {
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    return [-(b[1] - a[1]) / len, (b[0] - a[0]) / len];
  };
  return line.map((p, i) => {
    const before = i > 0 ? normal(line[i - 1] as P, p) : undefined;
    const after = i < line.length - 1 ? normal(p, line[i + 1] as P) : undefined;
    const n1 = before ?? after ?? [0, 0];
    const n2 = after ?? before ?? [0, 0];
    const k = 1 + n1[0] * n2[0] + n1[1] * n2[1];
    const scale = k > 0.1 ? d / k : d;
    return [p[0] + (n1[0] + n2[0]) * scale, p[1] + (n1[1] + n2[1]) * scale];
  });
}

/** The network of one town with units in it. */
function townNetwork(town: Town, units: readonly GisUnit[]): NewGisFeature[] {
  const { rng, block: B, toLngLat, fromLngLat } = townGrid(town);
  const out: NewGisFeature[] = [];
  const add = (key: GisTypeKey, name: string, geometry: GisGeometry) => {
    const type = gisTypeByKey(key);
    if (type) out.push({ type: type.id, name, geometry });
  };
  const line = (points: readonly P[]): GisGeometry => ({ type: 'LineString', coordinates: points.map(toLngLat) });
  const point = (p: P): GisGeometry => ({ type: 'Point', coordinates: toLngLat(p) });
  const ring = (points: readonly P[]): GisGeometry => {
    const coords = points.map(toLngLat);
    return { type: 'Polygon', coordinates: [[...coords, coords[0] as [number, number]]] };
  };
  const streets = town.streets.length > 0 ? town.streets : [town.name];
  const street = (k: number) => streets[((k % streets.length) + streets.length) % streets.length] as string;
  /** East–west street k (v = kB) and north–south street k (u = kB) have their own names. */
  const ewName = (k: number) => street(k);
  const nsName = (k: number) => street(k + Math.ceil(streets.length / 2));

  const placed = units.map((u) => ({ ...u, at: fromLngLat(u.long, u.lat) }));
  const us = placed.map((p) => p.at[0]);
  const vs = placed.map((p) => p.at[1]);
  const snapDown = (n: number) => Math.floor(n / B) * B;
  const snapUp = (n: number) => Math.ceil(n / B) * B;
  const uMin = snapDown(Math.min(-1200, ...us.map((u) => u - 250)));
  const uMax = snapUp(Math.max(1200, ...us.map((u) => u + 250)));
  const vMin = snapDown(Math.min(-1000, ...vs.map((v) => v - 250)));
  const vMax = snapUp(Math.max(1000, ...vs.map((v) => v + 250)));

  // The boiler plant west of the town, where the east–west trunk street starts.
  const plantU = uMin - B;
  add('boilerPlant', `Varmecentral ${town.name} Vest`, {
    ...ring([
      [plantU - 150, -55],
      [plantU - 20, -55],
      [plantU - 20, 35],
      [plantU - 80, 35],
      [plantU - 80, 60],
      [plantU - 150, 60],
    ]),
  });

  // Main pipes: from the plant east along street v = 0, and north–south along street u = 0.
  const mainEW: P[] = [
    [plantU - 20, 0],
    [uMax, 0],
  ];
  const mainNS: P[] = [
    [0, vMin],
    [0, vMax],
  ];
  const mains: [string, P[]][] = [
    [`Hovedledning ${ewName(0)}`, mainEW],
    [`Hovedledning ${nsName(0)}`, mainNS],
  ];
  add('valveChamber', `Ventilkammer ${town.name} Vest, afgang`, point([plantU, 0]));
  add('valveChamber', `Ventilkammer ${ewName(0)} / ${nsName(0)}`, point([0, 0]));

  // Each unit's tap: on the nearer street line (east–west or north–south).
  type Tap = { unit: (typeof placed)[number]; at: P };
  const ewStreets = new Map<number, Tap[]>(); // k -> taps on street v = kB
  const nsStreets = new Map<number, Tap[]>(); // k -> taps on street u = kB
  for (const unit of placed) {
    const [u, v] = unit.at;
    const kv = Math.round(v / B);
    const ku = Math.round(u / B);
    const dv = Math.abs(v - kv * B);
    const du = Math.abs(u - ku * B);
    if (dv <= du) {
      const list = ewStreets.get(kv) ?? [];
      list.push({ unit, at: [u, kv * B] });
      ewStreets.set(kv, list);
    } else {
      const list = nsStreets.get(ku) ?? [];
      list.push({ unit, at: [ku * B, v] });
      nsStreets.set(ku, list);
    }
  }
  // A few streets more, so the network covers the town and not only the units' streets.
  const extraStreets = 6 + Math.floor(rng() * 4);
  for (let i = 0; i < extraStreets; i++) {
    if (rng() < 0.5) {
      const k = Math.round((vMin + rng() * (vMax - vMin)) / B);
      if (k !== 0 && !ewStreets.has(k)) ewStreets.set(k, []);
    } else {
      const k = Math.round((uMin + rng() * (uMax - uMin)) / B);
      if (k !== 0 && !nsStreets.has(k)) nsStreets.set(k, []);
    }
  }

  const distributions: [string, P[]][] = [];
  let houses = 0;
  /**
   * A distribution pipe from the junction on a main along a street to beyond its farthest tap, with
   * house services along it. `along` gives a point at distance s from the junction.
   */
  const branch = (
    name: string,
    streetName: string,
    taps: number[],
    fallback: number,
    along: (s: number) => P,
    side: (s: number) => P,
  ) => {
    const far = taps.length > 0 ? Math.max(...taps) + B / 2 : fallback;
    if (far < B / 2) return;
    const length = Math.round(far / 10) * 10;
    distributions.push([name, [along(0), along(length)]]);
    add('valvePit', `Ventilbrønd ${name}, ende`, point(along(length)));
    // House services every 35–60 m, alternating sides, numbered like the street's houses.
    let number = 1;
    for (let s = 30 + rng() * 20; s < length - 15 && houses < MAX_HOUSE_SERVICES; s += 35 + rng() * 25) {
      if (rng() < 0.35) continue;
      const left = rng() < 0.5;
      const depth = 14 + rng() * 16;
      const [nu, nv] = side(left ? depth : -depth);
      const [pu, pv] = along(s);
      add('servicePipe', `Stikledning ${streetName} ${left ? number * 2 : number * 2 - 1}`, {
        ...line([
          [pu, pv],
          [pu + nu, pv + nv],
        ]),
      });
      houses++;
      number++;
    }
  };
  const extraLength = () => (3 + Math.floor(rng() * 4)) * B;
  for (const [k, taps] of [...ewStreets].sort((a, b) => a[0] - b[0])) {
    const v = k * B;
    const name = `Fordelingsledning ${ewName(k)}`;
    if (k === 0) continue;
    add('valveChamber', `Ventilkammer ${ewName(k)} / ${nsName(0)}`, point([0, v]));
    const east = taps.filter((t) => t.at[0] >= 0).map((t) => t.at[0]);
    const west = taps.filter((t) => t.at[0] < 0).map((t) => -t.at[0]);
    const normal = (d: number): P => [0, d];
    const eastExtra = taps.length === 0 && rng() < 0.6 ? extraLength() : 0;
    branch(name, ewName(k), east, eastExtra, (s) => [s, v], normal);
    branch(
      `${name} V`,
      ewName(k),
      west,
      taps.length === 0 && eastExtra === 0 ? extraLength() : 0,
      (s) => [-s, v],
      normal,
    );
  }
  for (const [k, taps] of [...nsStreets].sort((a, b) => a[0] - b[0])) {
    const u = k * B;
    const name = `Fordelingsledning ${nsName(k)}`;
    if (k === 0) continue;
    add('valveChamber', `Ventilkammer ${nsName(k)} / ${ewName(0)}`, point([u, 0]));
    const north = taps.filter((t) => t.at[1] >= 0).map((t) => t.at[1]);
    const south = taps.filter((t) => t.at[1] < 0).map((t) => -t.at[1]);
    const normal = (d: number): P => [d, 0];
    const northExtra = taps.length === 0 && rng() < 0.6 ? extraLength() : 0;
    branch(name, nsName(k), north, northExtra, (s) => [u, s], normal);
    branch(
      `${name} S`,
      nsName(k),
      south,
      taps.length === 0 && northExtra === 0 ? extraLength() : 0,
      (s) => [u, -s],
      normal,
    );
  }

  // Service pipes to the units, with a valve pit at each tap.
  for (const taps of [...ewStreets.values(), ...nsStreets.values()]) {
    for (const { unit, at } of taps) {
      add('servicePipe', `Stikledning ${unit.name}`, line([at, unit.at]));
      add('valvePit', `Ventilbrønd ${unit.name}`, point(at));
    }
  }

  for (const [name, points] of [...mains, ...distributions]) {
    add(name.startsWith('Hovedledning') ? 'mainPipe' : 'distributionPipe', name, line(points));
  }
  for (const [name, points] of [...mains, ...distributions]) {
    add(
      'alarmWire',
      `Alarmtråd, ${name.charAt(0).toLowerCase()}${name.slice(1)}`,
      line(offsetLine(points, WIRE_OFFSET)),
    );
  }

  // The emergency services station on a corner south-east of the centre, and its area.
  const station: P = [2 * B + 25, -2 * B + 25];
  add('emergencyServices', `Brandstation ${town.name}`, point(station));
  const area: P[] = [];
  const corners = 9;
  for (let i = 0; i < corners; i++) {
    const a = (i / corners) * 2 * Math.PI;
    const r = 850 + rng() * 350;
    area.push([station[0] + Math.cos(a) * r, station[1] + Math.sin(a) * r]);
  }
  add('emergencyServices', `Beredskabsområde ${town.name}`, ring(area));
  return out;
}

/** The network of every town of the units (units grouped by town), in a stable order. */
export function demoGisNetwork(units: readonly (GisUnit & { town: string })[]): NewGisFeature[] {
  const byTown = new Map<string, GisUnit[]>();
  for (const u of units) {
    if (!townByName.has(u.town)) continue;
    const list = byTown.get(u.town) ?? [];
    list.push(u);
    byTown.set(u.town, list);
  }
  return [...byTown.keys()]
    .sort()
    .flatMap((name) => townNetwork(townByName.get(name) as Town, byTown.get(name) as GisUnit[]));
}

/**
 * Seeds the networks of the demo organizations with the TyrensGIS right, once: an organization that
 * has GIS features keeps them. Units are those of the fleet registered for the organization.
 */
export async function seedDemoGis(
  db: Db,
  organizations: readonly { name: string; rights?: number[] }[],
  units: readonly { organizationId: number; def: { name: string; town: string; lat: number; long: number } }[],
): Promise<number> {
  let added = 0;
  for (const org of organizations) {
    if (!org.rights?.includes(WidgetRight.TyrensGIS)) continue;
    const id = await findOrganizationByName(db, org.name);
    if (id === undefined || (await countGisFeatures(db, id)) > 0) continue;
    const features = demoGisNetwork(units.filter((u) => u.organizationId === id).map((u) => u.def));
    if (features.length === 0) continue;
    await db.transaction((tx) => addGisFeatures(tx, id, features));
    added += features.length;
  }
  return added;
}
