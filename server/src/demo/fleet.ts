import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { INACTIVE_MARKER, isRadarType, RELAY_UNIT_TYPE, unitTypeName } from '@fieldwatch/core';
import type { Battery, PipeChannel, UnitKind, UnitModel } from './physics.ts';
import { DAY, generator, HOUR, hash32, MINUTE, rand } from './seeded.ts';
import { danishTowns, swedishPipeTowns, type Town, townByName, towns } from './towns.ts';

/**
 * The demo fleet, derived from a seed: serials, types, names, organizations, positions around real
 * Swedish and Danish towns, and each unit's physical model (faults included). Unit i depends only
 * on the seed and i, so a larger fleet begins with the units of a smaller one.
 */

export const MAX_FLEET_UNITS = 10_000;
export const DEFAULT_FLEET_SEED = 50;
export const FLEET_FILE_NAME = 'demo-fleet.json';

export type FleetSpec = {
  seed: number;
  /** When the fleet was seeded (ms): fault times are placed around it. */
  anchor: number;
  /** Unit secrets are HMAC-SHA256(key, serial). Random per installation, kept in the fleet file. */
  key: string;
};

export type UnitDef = UnitModel & {
  index: number;
  serial: string;
  name: string;
  organization: string;
  town: string;
  location: string;
  lat: number;
  long: number;
  /** Named with 'Ej Installerad': never reports. */
  inactive: boolean;
  /** Stops reporting from this time (ms) on, so the watchdog raises a communication error. */
  silentFrom: number | null;
};

const pipeTypes: [number, number][] = [
  [25, 0.3], // X3
  [26, 0.15], // X3S
  [21, 0.15], // X1L
  [33, 0.1], // CNL1
  [1, 0.15], // X1
  [6, 0.15], // A1
];
const CLIMATE_TYPE = 200; // TH
const PARKING_TYPE = 201; // LPA
const WATER_LEVEL_TYPE = 220; // WLV
const AIR_QUALITY_TYPE = 230; // AQS
const METER_TYPE = 235; // CMT

type Role = Partial<{
  kind: UnitModel['kind'];
  town: string;
  type: number;
  leak: { onsetH: number; tauH: number };
  wireBreakH: number;
  lowBattery: number;
  inactive: boolean;
  silentH: number;
  /** A water-level pit prone to flooding, and a cloudburst this many hours from seeding. */
  floodProne: boolean;
  stormH: number;
  /** An air-quality room: its use, a poor ventilation, a busy street outside. */
  room: 'office' | 'school';
  stuffy: boolean;
  busyStreet: boolean;
}>;

/**
 * The first units are fixed so that even a small fleet shows every behaviour: a dry pipe, a leak in
 * alarm, parking, climate, a relay, an open loop, a low battery, an inactive and a silent unit, and a
 * burst that starts a few minutes after seeding (so an alarm appears live in the demo).
 */
const FIXED: Role[] = [
  { kind: 'pipe', town: 'Luleå', type: 25 },
  { kind: 'pipe', town: 'Stockholm', type: 26, leak: { onsetH: -72, tauH: 14 } },
  { kind: 'parking', town: 'København' },
  { kind: 'climate', town: 'Aarhus' },
  { kind: 'relay', town: 'Aarhus' },
  { kind: 'pipe', town: 'Umeå', type: 21, wireBreakH: -48 },
  { kind: 'pipe', town: 'Göteborg', type: 33, lowBattery: 3.27 },
  { kind: 'pipe', town: 'Malmö', type: 25, inactive: true },
  { kind: 'pipe', town: 'Uppsala', type: 6, silentH: -36 },
  { kind: 'pipe', town: 'Sundsvall', type: 1 },
  { kind: 'parking', town: 'København' },
  { kind: 'pipe', town: 'Aalborg', type: 25, leak: { onsetH: 2 / 60, tauH: 0.1 } },
  // IoT sensors (appended, so the units above keep their indices): a flooding valve pit, a stuffy
  // meeting room on a busy street, heat meters, a quiet pit, a school class room.
  { kind: 'water', town: 'Stockholm', floodProne: true, stormH: -4 },
  { kind: 'air', town: 'Stockholm', room: 'office', stuffy: true, busyStreet: true },
  { kind: 'meter', town: 'Uppsala' },
  { kind: 'water', town: 'Luleå' },
  { kind: 'air', town: 'Aarhus', room: 'school' },
  { kind: 'meter', town: 'Umeå' },
  { kind: 'air', town: 'Sundsvall', room: 'office' },
];

function pick<T>(r: number, weighted: [T, number][]): T {
  const total = weighted.reduce((s, [, w]) => s + w, 0);
  let x = r * total;
  for (const [v, w] of weighted) {
    x -= w;
    if (x < 0) return v;
  }
  return (weighted[weighted.length - 1] as [T, number])[0];
}

/** A normally distributed number (Box–Muller) from two uniform ones. */
const normal = (u: number, v: number) => Math.sqrt(-2 * Math.log(1 - u)) * Math.cos(2 * Math.PI * v);

/**
 * Where on a pipe a fault lies (m): the fraction `site` of the pipe, but never within the first
 * 100 m, where the radar's launch pulse hides every echo (a real unit's dead zone).
 */
/** The demo's leaking pipe in a town of the GIS customer (one of the random fleet's two-channel pipes there). */
const GIS_LEAK_INDEX = 29;

const faultSite = (lengthM: number, site: number) => Math.round(Math.max(100, lengthM * site));

/** Unit i of the fleet of a seed. */
export function unitDef(spec: Pick<FleetSpec, 'seed' | 'anchor'>, index: number): UnitDef {
  const rng = generator(hash32(spec.seed, index, 0x5eed));
  const r = () => rng();
  const { anchor } = spec;
  const fixed = FIXED[index];
  const role: Role = fixed ?? {};
  if (!fixed) {
    const k = r();
    role.kind = pick<UnitKind>(k, [
      ['pipe', 0.55],
      ['water', 0.04],
      ['meter', 0.05],
      ['climate', 0.08],
      ['air', 0.04],
      ['parking', 0.19],
      ['relay', 0.05],
    ]);
    const danishShare: Partial<Record<UnitKind, number>> = {
      pipe: 0.2,
      water: 0.2,
      meter: 0.3,
      climate: 0.6,
      air: 0.6,
    };
    const danish = r() < (danishShare[role.kind] ?? 0.5);
    role.town = role.kind === 'parking' ? 'København' : danish ? pick(r(), danishTowns) : pick(r(), swedishPipeTowns);
    if (role.kind === 'pipe') {
      role.type = pick(r(), pipeTypes);
      if (r() < 0.025) role.leak = { onsetH: -288 + r() * 336, tauH: 10 + r() * 26 };
      if (index % 97 === 5) role.wireBreakH = -240 + r() * 264;
      // A pipe of the GIS customer (Aarhus) leaks, so its map shows a suspected fault on the pipes.
      if (index === GIS_LEAK_INDEX) role.leak = { onsetH: -60, tauH: 16 };
    }
    if (role.kind !== 'relay' && r() < 0.02) role.lowBattery = 3.25 + r() * 0.08;
    if ((role.kind === 'pipe' || role.kind === 'climate') && r() < 0.02) role.inactive = true;
    else if (r() < 0.02) role.silentH = r() < 0.75 ? -(8 + r() * 136) : 0.5 + r() * 2.5;
  }
  const kind = role.kind ?? 'pipe';
  const town = townByName.get(role.town ?? 'Stockholm') as Town;
  const typeOfKind: Record<UnitKind, number> = {
    pipe: role.type ?? 25,
    climate: CLIMATE_TYPE,
    parking: PARKING_TYPE,
    relay: RELAY_UNIT_TYPE,
    water: WATER_LEVEL_TYPE,
    air: AIR_QUALITY_TYPE,
    meter: METER_TYPE,
  };
  const type = typeOfKind[kind];
  const key = hash32(spec.seed, index, 0x0b1ec7);

  // Position: around the town centre, closer in for parking bays.
  const spreadKm = kind === 'parking' ? 1.1 : kind === 'pipe' ? 2.2 : 1.6;
  const dy = normal(r(), r()) * spreadKm;
  const dx = normal(r(), r()) * spreadKm;
  const lat = Number((town.lat + dy / 111.32).toFixed(6));
  const long = Number((town.long + dx / (111.32 * Math.cos((town.lat * Math.PI) / 180))).toFixed(6));

  const channelCount = kind === 'pipe' ? (type === 25 || type === 26 ? 2 : 1) : 0;
  const channels: PipeChannel[] = [];
  for (let c = 0; c < channelCount; c++) {
    const lengthM = Math.round(150 * 10 ** r());
    const joints: number[] = [];
    for (let x = 60 + r() * 120; x < lengthM - 30; x += 80 + r() * 170) joints.push(Math.round(x));
    channels.push({
      lengthM,
      pulseSpeed: Number((0.55 + r() * 0.1).toFixed(2)),
      baseMOhm: Math.round(60 + r() * 130),
      joints,
    });
  }

  const leakChannel = 1 + Math.floor(r() * Math.max(1, channelCount));
  const leakSite = 0.15 + r() * 0.7;
  const leak =
    role.leak && channelCount > 0
      ? {
          channel: leakChannel,
          onset: Math.round(anchor + role.leak.onsetH * HOUR),
          tauH: role.leak.tauH,
          positionM: faultSite(channels[leakChannel - 1]?.lengthM ?? 500, leakSite),
          floorMOhm: Number((0.08 + r() * 0.2).toFixed(3)),
        }
      : null;
  const breakSite = 0.2 + r() * 0.6;
  const wireBreak =
    role.wireBreakH !== undefined && channelCount > 0
      ? {
          channel: 1,
          at: Math.round(anchor + role.wireBreakH * HOUR),
          positionM: faultSite(channels[0]?.lengthM ?? 500, breakSite),
        }
      : null;

  let battery: Battery | null = null;
  if (kind !== 'relay') {
    battery = { v0: 3.62 + r() * 0.05, perYear: 0.015 + r() * 0.015, ageYears: r() * 4, since: anchor };
    if (role.lowBattery !== undefined) {
      const base = battery.v0 - battery.perYear * battery.ageYears;
      const perDay = 0.02;
      battery.knee = { at: Math.round(anchor - ((base - role.lowBattery) / perDay) * DAY), perDay };
    }
  }

  const typeName = unitTypeName(type);
  const serial = `${typeName}-D${String(index + 1).padStart(5, '0')}`;
  const street = town.streets[Math.floor(r() * town.streets.length)] ?? town.name;
  const n = 1 + Math.floor(r() * 40);
  const sv = town.country === 'SE';
  let name: string;
  if (kind === 'pipe') name = `${street} ${sv ? 'K' : 'B'}${n}`;
  else if (kind === 'climate')
    name = sv
      ? `Undercentral ${street} ${n}`
      : `${town.name} ${['Rådhus', 'Bibliotek', 'Skole', 'Svømmehal', 'Plejecenter'][n % 5]} rum ${100 + n}`;
  else if (kind === 'parking') name = `${street} P${String(index + 1).padStart(3, '0')}`;
  else if (kind === 'water') name = `${sv ? 'Ventilkammare' : 'Ventilbrønd'} ${street} ${sv ? 'K' : 'B'}${n}`;
  else if (kind === 'air')
    name =
      role.room === 'school' || (!role.room && n % 3 === 0)
        ? `${town.name} ${sv ? 'skola sal' : 'Skole lokale'} ${100 + n}`
        : `Kontor ${street} ${n}, ${sv ? 'rum' : 'lokale'} ${200 + n}`;
  else if (kind === 'meter') name = `${sv ? 'Värmemätare' : 'Varmemåler'} ${street} ${n}`;
  else name = `${street} ${sv ? 'pumpstation' : 'pumpestation'} ${n}`;
  const inactive = !!role.inactive;
  if (inactive) name = `${name} ${INACTIVE_MARKER}`;

  return {
    index,
    serial,
    name,
    organization: town.organization,
    town: town.name,
    location: `${street}, ${town.name}`,
    lat,
    long,
    inactive,
    silentFrom: role.silentH !== undefined ? Math.round(anchor + role.silentH * HOUR) : null,
    key,
    kind,
    type,
    climate: { key: hash32(spec.seed, towns.indexOf(town), 0xc11a), ...town.climate },
    channels,
    radar: kind === 'pipe' && isRadarType(type),
    galvanic: type === 33,
    battery,
    signalBase: Math.round(-62 - r() * 38),
    indoorBase: Number((20 + r() * 2.5).toFixed(1)),
    relays: kind === 'relay' ? 4 : 0,
    leak,
    wireBreak,
    ...sensorModels(kind, role, name, anchor, r),
  };
}

/**
 * The models of the IoT sensors (drawn after everything else, so the other units' draws stay as
 * they were): a pit's depth and drainage, a room's use and ventilation, a building's heat demand.
 */
function sensorModels(kind: UnitKind, role: Role, name: string, anchor: number, r: () => number): Partial<UnitModel> {
  if (kind === 'water') {
    const flood = role.floodProne ?? r() < 0.15;
    return {
      water: {
        depthCm: Math.round(150 + r() * 100),
        baseCm: Math.round(6 + r() * 14),
        cmPerMm: Number((flood ? 3.2 + r() * 1.2 : 0.8 + r() * 1.2).toFixed(2)),
        drainH: Math.round(flood ? 30 + r() * 20 : 8 + r() * 16),
        storm: role.stormH !== undefined ? { at: Math.round(anchor + role.stormH * HOUR), mm: 32 } : null,
      },
    };
  }
  if (kind === 'air') {
    const stuffy = role.stuffy ?? r() < 0.2;
    const use = role.room ?? (/skola|Skole/.test(name) ? 'school' : 'office');
    return {
      air: {
        use,
        co2Rise: Math.round(stuffy ? 1250 + r() * 450 : 250 + r() * 650),
        traffic: Number((role.busyStreet ? 2.2 : 0.6 + r() * 0.9).toFixed(2)),
      },
    };
  }
  if (kind === 'meter') {
    return {
      meter: {
        kwPerK: Number((0.8 + r() * 3.2).toFixed(2)),
        hotWaterKw: Number((3 + r() * 9).toFixed(1)),
        startKwh: Math.round(40_000 + r() * 900_000),
        since: anchor - 90 * DAY,
      },
    };
  }
  return {};
}

/** The first `count` units of the fleet of a seed. */
export function buildFleet(spec: Pick<FleetSpec, 'seed' | 'anchor'>, count: number): UnitDef[] {
  if (!Number.isInteger(count) || count < 0 || count > MAX_FLEET_UNITS) {
    throw new Error(`the demo fleet has 0 to ${MAX_FLEET_UNITS} units, not ${count}`);
  }
  return Array.from({ length: count }, (_, i) => unitDef(spec, i));
}

/** A unit's MQTT secret. */
export const unitSecret = (key: string, serial: string) => createHmac('sha256', key).update(serial).digest('base64url');

/** The relay outputs of a relay unit when it is switched on (one character per relay). */
export const initialRelayState = (u: UnitDef) =>
  Array.from({ length: u.relays }, (_, i) => (rand(u.key, 99, i) < 0.4 ? '1' : '0')).join('');

/** Whether a unit reports at time t (inactive units never do; silent ones stop). */
export const isReporting = (u: UnitDef, t: number) => !u.inactive && (u.silentFrom === null || t < u.silentFrom);

export function newFleetSpec(seed = DEFAULT_FLEET_SEED, anchor = Date.now()): FleetSpec {
  return { seed, anchor: Math.floor(anchor / MINUTE) * MINUTE, key: randomBytes(32).toString('hex') };
}

// ── The fleet file ──────────────────────────────────────────────────────────────────────────────

/** What the seed writes to <DATA_DIR>/demo-fleet.json (mode 0600): enough for a simulator to log in. */
export type FleetFile = {
  version: 1;
  seed: number;
  anchor: string;
  key: string;
  units: { serial: string; secret: string; type: number; name: string }[];
};

export function fleetFilePath(dataDir: string) {
  return path.join(dataDir, FLEET_FILE_NAME);
}

export function readFleetFile(file: string): { spec: FleetSpec; file: FleetFile } | undefined {
  let raw: string;
  try {
    raw = fs.readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  const data = JSON.parse(raw) as FleetFile;
  if (data.version !== 1 || typeof data.key !== 'string' || !Array.isArray(data.units)) {
    throw new Error(`${file} is not a Fieldwatch demo fleet file`);
  }
  return { spec: { seed: data.seed, anchor: Date.parse(data.anchor), key: data.key }, file: data };
}

export function writeFleetFile(file: string, spec: FleetSpec, units: readonly UnitDef[]) {
  const data: FleetFile = {
    version: 1,
    seed: spec.seed,
    anchor: new Date(spec.anchor).toISOString(),
    key: spec.key,
    units: units.map((u) => ({ serial: u.serial, secret: unitSecret(spec.key, u.serial), type: u.type, name: u.name })),
  };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(data, null, 1)}\n`, { mode: 0o600 });
  fs.renameSync(tmp, file);
}
