import { AccessLevel, type AlarmSettings, DEFAULT_ALARM_SETTINGS, WidgetRight } from '@fieldwatch/core';
import type { Db } from '../db/db.ts';
import { hashUnitSecret } from '../gateway/embedded.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { findUnitBySerial, insertUnit, listUnits } from '../modules/devices/devices.service.ts';
import {
  addOrganizationRight,
  findOrganizationByName,
  insertOrganization,
} from '../modules/organizations/organizations.service.ts';
import { ROOT_ORGANIZATION_NAME } from '../modules/users/initialAdmin.ts';
import {
  findUserByUsername,
  insertUser,
  setNotificationPreferences,
  setUserRole,
} from '../modules/users/users.service.ts';
import {
  buildFleet,
  DEFAULT_FLEET_SEED,
  type FleetSpec,
  newFleetSpec,
  readFleetFile,
  type UnitDef,
  unitDef,
  unitSecret,
  writeFleetFile,
} from './fleet.ts';
import { seedDemoFloorPlans } from './floorPlans.ts';
import { seedDemoGis } from './gis.ts';
import { seedDemoGroups } from './groups.ts';
import { type HistoryResult, type HistoryUnit, seedHistory } from './history.ts';
import { seedDemoSeverities } from './severities.ts';
import { STOCK_ORGANIZATION_NAME, seedDemoTags } from './tags.ts';

/** Demo data is not secret: every demo user shares this password, printed at start. */
export const DEMO_PASSWORD = 'fieldwatch-demo';

type DemoOrg = { name: string; parent: string; rights?: number[] };
const organizations: DemoOrg[] = [
  { name: 'Nordic Heat Utilities', parent: ROOT_ORGANIZATION_NAME },
  { name: 'Nordic Heat North', parent: 'Nordic Heat Utilities' },
  { name: 'Luleå District Heating', parent: 'Nordic Heat North' },
  { name: 'Nordic Heat South', parent: 'Nordic Heat Utilities' },
  { name: 'Aarhus Municipality', parent: ROOT_ORGANIZATION_NAME, rights: [WidgetRight.TyrensGIS] },
  { name: 'CityPark Operations', parent: ROOT_ORGANIZATION_NAME, rights: [WidgetRight.Parking] },
];

type DemoUser = {
  username: string;
  fullname: string;
  title: string;
  org: string;
  role: number;
  language?: string;
  /** Wants e-mail and desktop notifications (mails go out when SMTP_URL is set). */
  notified?: boolean;
};
export const demoUsers: DemoUser[] = [
  {
    username: 'manager',
    fullname: 'Maja Lindqvist',
    title: 'Operations manager',
    org: 'Nordic Heat Utilities',
    role: AccessLevel.SuperUser,
  },
  {
    username: 'operator',
    fullname: 'Oskar Berg',
    title: 'Network operator',
    org: 'Nordic Heat North',
    role: AccessLevel.User,
    notified: true,
  },
  {
    username: 'viewer',
    fullname: 'Vera Nilsson',
    title: 'Analyst',
    org: 'Luleå District Heating',
    role: AccessLevel.Reader,
    language: 'sv',
  },
  {
    username: 'parking',
    fullname: 'Peter Holm',
    title: 'Parking coordinator',
    org: 'CityPark Operations',
    role: AccessLevel.User,
    language: 'da',
  },
  {
    username: 'gis',
    fullname: 'Gitte Sørensen',
    title: 'GIS engineer',
    org: 'Aarhus Municipality',
    role: AccessLevel.User,
    language: 'da',
  },
];

export type DemoFleetOptions = {
  /** The fleet file (<DATA_DIR>/demo-fleet.json): seed, time anchor, secret key and unit credentials. */
  file: string;
  /** How many units to register (the first N of the seed's fleet); registered units are kept. */
  units: number;
  /** Give units registered now some weeks of history (default true). */
  history?: boolean;
  historyDays?: number;
  /** A fixed seed instead of the default one, when the fleet is created. */
  seed?: number;
};

export type SeededFleet = {
  spec: FleetSpec;
  /** The first `units` units of the fleet, registered (reporting or not). */
  units: RegisteredUnit[];
  /** Those registered by this call. */
  created: number;
  history: HistoryResult | null;
  /** The units a simulator runs, with their secrets; empty when the secrets are unknown. */
  simulated: (UnitDef & { secret: string })[];
  /** Why `simulated` is empty although units exist. */
  problem?: string;
  /** The onboarding tags of the units waiting in stock. */
  stockTags: string[];
  /** Time taken by registration and history. */
  ms: number;
};

export type RegisteredUnit = HistoryUnit;

/** Seeds the demo organizations and users once (later starts find them and change nothing), then the fleet. */
export async function seedDemo(
  db: Db,
  opts: { fleet?: DemoFleetOptions } = {},
): Promise<{ users: DemoUser[]; fleet: SeededFleet | null }> {
  await seedOrganizationsAndUsers(db);
  const fleet = opts.fleet && opts.fleet.units > 0 ? await seedDemoFleet(db, opts.fleet) : null;
  // The GIS customers' district-heating networks, round the towns of their units.
  if (fleet) await seedDemoGis(db, organizations, fleet.units);
  return { users: demoUsers, fleet };
}

async function seedOrganizationsAndUsers(db: Db) {
  if (await findUserByUsername(db, 'manager')) return;
  const hash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const ids = new Map<string, number>();
    const idOf = async (name: string) => ids.get(name) ?? (await findOrganizationByName(tx, name));
    for (const org of organizations) {
      const id = await insertOrganization(tx, org.name, (await idOf(org.parent)) ?? null);
      ids.set(org.name, id);
      for (const right of org.rights ?? []) await addOrganizationRight(tx, id, right);
    }
    // The utility's alarm severities: the demo's events, notifications and tasks read by them.
    const utility = ids.get('Nordic Heat Utilities');
    if (utility) await seedDemoSeverities(tx, utility);
    for (const u of demoUsers) {
      const userId = await insertUser(tx, {
        username: u.username,
        passwordHash: hash,
        fullname: u.fullname,
        title: u.title,
        email: `${u.username}@example.com`,
        language: u.language,
      });
      const orgId = await idOf(u.org);
      if (orgId) await setUserRole(tx, userId, orgId, u.role);
      if (u.notified) await setNotificationPreferences(tx, userId, { email: true, desktop: true });
    }
  });
}

/**
 * Registers the demo fleet, idempotently: units already registered (by serial) are kept as they
 * are, missing ones are added with their secret's hash, the default alarm thresholds and the
 * fleet's names, places and organizations. On an empty fleet a new seed file is written (with a
 * random secret key) and, unless told otherwise, the new units get their history.
 */
async function seedDemoFleet(db: Db, opts: DemoFleetOptions): Promise<SeededFleet> {
  const started = Date.now();
  const stored = readFleetFile(opts.file);
  const firstSerial =
    stored?.file.units[0]?.serial ?? unitDef({ seed: opts.seed ?? DEFAULT_FLEET_SEED, anchor: 0 }, 0).serial;
  const existing = firstSerial ? await findUnitBySerial(db, firstSerial) : undefined;
  let spec: FleetSpec;
  let problem: string | undefined;
  if (stored && existing) {
    spec = stored.spec;
    if (hashUnitSecret(unitSecret(spec.key, firstSerial)) !== existing.secret_hash) {
      problem = `the demo units' secrets do not match ${opts.file}; the simulator cannot log in`;
    }
  } else if (existing) {
    // The fleet exists but its secrets were kept elsewhere: register nothing new, simulate nothing.
    spec = { ...newFleetSpec(opts.seed), key: '' };
    problem = `the demo fleet exists but ${opts.file} is missing; the simulator cannot log in`;
  } else {
    spec = newFleetSpec(opts.seed);
  }

  const fleetCount = Math.max(opts.units, problem ? 0 : (stored?.file.units.length ?? 0));
  const defs = buildFleet(spec, fleetCount);
  const orgIds = new Map<string, number>();
  for (const name of new Set(defs.map((d) => d.organization))) {
    const id = await findOrganizationByName(db, name);
    if (id === undefined) throw new Error(`demo organisation '${name}' is missing`);
    orgIds.set(name, id);
  }
  // Units waiting in stock belong to the fleet too.
  const stockId = await findOrganizationByName(db, STOCK_ORGANIZATION_NAME);
  const registered = new Map(
    (await listUnits(db, [...orgIds.values(), ...(stockId === undefined ? [] : [stockId])])).map((u) => [
      u.serial,
      { id: u.id, alarmSettings: u.alarm_settings, organizationId: u.organization_id },
    ]),
  );
  const created: RegisteredUnit[] = [];
  if (!problem) {
    // The file first: units are never registered with secrets that were not kept.
    writeFleetFile(opts.file, spec, defs);
    const missing = defs.filter((d) => !registered.has(d.serial));
    for (let i = 0; i < missing.length; i += 500) {
      await db.transaction(async (tx) => {
        for (const d of missing.slice(i, i + 500)) {
          const organizationId = orgIds.get(d.organization) as number;
          // The thresholds of DOMAIN.md: resistance 10/5/1/0.5 MΩ, loop 60 Ω and open at 10,000 Ω, battery 3.3 V, …
          const alarmSettings: AlarmSettings = DEFAULT_ALARM_SETTINGS;
          const id = await insertUnit(tx, {
            organizationId,
            serial: d.serial,
            secretHash: hashUnitSecret(unitSecret(spec.key, d.serial)),
            name: d.name,
            type: d.type,
            location: d.location,
            lat: d.lat,
            long: d.long,
            channels: d.channels.length,
            alarmSettings,
            info: {
              UnitDescription: `Demo unit in ${d.town}`,
              Channels: d.channels.length,
              Schedule: 10,
              MeasureInterval: 10,
              ReportInterval: 60,
              ShowRadar: d.radar ? 1 : 0,
              ShowGalvanic: d.galvanic ? 1 : 0,
              ...(d.relays ? { RelayCount: d.relays } : {}),
              Timezone: 'GMT +01:00 Stockholm',
            },
          });
          registered.set(d.serial, { id, alarmSettings, organizationId });
          created.push({ def: d, id, organizationId, alarmSettings });
        }
      });
    }
  }

  const units: RegisteredUnit[] = defs.slice(0, opts.units).flatMap((def) => {
    const r = registered.get(def.serial);
    return r ? [{ def, id: r.id, organizationId: r.organizationId, alarmSettings: r.alarmSettings }] : [];
  });
  // Two pipe monitors wait in stock for a customer to scan their tag (large fleets only).
  const { stock, tags } = await seedDemoTags(db, units);
  const placed = units.filter((u) => !stock.has(u.id));
  // Climate units hang on demo floor plans of their organization (once per organization).
  await seedDemoFloorPlans(
    db,
    placed
      .filter((u) => u.def.kind === 'climate' && !u.def.inactive)
      .map((u) => ({ id: u.id, organizationId: u.organizationId })),
  );
  // Unit groups per town and kind, for the group alarm view (once per organization).
  await seedDemoGroups(db, placed);
  const history =
    (opts.history ?? true) && created.length > 0 ? await seedHistory(db, created, { days: opts.historyDays }) : null;
  const simulated = problem
    ? []
    : units.filter((u) => !u.def.inactive).map((u) => ({ ...u.def, secret: unitSecret(spec.key, u.def.serial) }));
  return {
    spec,
    units,
    created: created.length,
    history,
    simulated,
    problem,
    stockTags: tags,
    ms: Date.now() - started,
  };
}
