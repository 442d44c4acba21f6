import { DEFAULT_ALARM_SETTINGS } from '@fieldwatch/core';
import type { Db } from '../../server/src/db/db.ts';
import { ensureSamplePartitions } from '../../server/src/db/partitions.ts';
import { hashUnitSecret } from '../../server/src/gateway/embedded.ts';
import { hashPassword } from '../../server/src/modules/auth/password.ts';
import { insertOrganization } from '../../server/src/modules/organizations/organizations.service.ts';
import { rebuildDerivedSamples } from '../../server/src/modules/telemetry/telemetry.repository.ts';
import { insertUser, setUserRole } from '../../server/src/modules/users/users.service.ts';

/** The scale scenario's shape. */
export const SCALE = {
  units: Number(process.env.SCALE_UNITS || 10_000),
  /** Customers of the operating company; each watches its own share of the fleet. */
  organizations: 20,
  /** Signed-in sessions of the API load: operators spread over the customers. */
  sessions: 50,
  historyUnits: Number(process.env.SCALE_HISTORY_UNITS || 1000),
  historyDays: Number(process.env.SCALE_HISTORY_DAYS || 365),
  /** Insulation resistance and loop of channel 1: what every pipe monitor reports. */
  historySeries: [11, 41],
  /** Values of one live report (the columns the gateway takes). */
  reportColumns: ['Resistance1', 'Loop1', 'BatteryVoltage', 'InternalTemperature', 'SignalStrength'],
} as const;
export const SCALE_PASSWORD = 'scale-password';
export const UNIT_SECRET = 'scale-secret';
const STEP_S = 600;

export type ScaleFleet = {
  orgs: number[];
  users: { username: string; org: number }[];
  units: { id: number; serial: string; org: number }[];
  historyUnits: number[];
  historyRows: number;
  ms: { units: number; history: number; rollups: number };
};

/** Organizations, operators and units: bulk SQL, as a migration from another system would load them. */
export async function seedScaleFleet(db: Db, log: (line: string) => void): Promise<ScaleFleet> {
  const t0 = performance.now();
  const company = await insertOrganization(db, 'Scale Energy', null);
  const orgs: number[] = [];
  for (let i = 0; i < SCALE.organizations; i++) orgs.push(await insertOrganization(db, `District ${i + 1}`, company));
  const passwordHash = await hashPassword(SCALE_PASSWORD);
  const users: ScaleFleet['users'] = [];
  for (let i = 0; i < SCALE.sessions; i++) {
    const org = orgs[i % orgs.length] ?? company;
    const username = `operator${i + 1}`;
    const id = await insertUser(db, { username, passwordHash });
    await setUserRole(db, id, org, 1);
    users.push({ username, org });
  }
  const perOrg = Math.ceil(SCALE.units / orgs.length);
  const units: ScaleFleet['units'] = [];
  for (const [k, org] of orgs.entries()) {
    const rows = await db.query<{ id: number; serial: string }>(
      `insert into units (organization_id, serial, secret_hash, unit_name, unit_type, unit_location, gps_lat, gps_long, alarm_settings)
       select $1::int, 'SC' || g, $4, 'Chamber ' || g, 25, 'District ' || $5::int || ' chamber ' || g,
              55.2 + (g % 97) / 40.0, 9.5 + (g % 89) / 25.0, $6
       from generate_series($2::int, $3::int) g returning id, serial`,
      [
        org,
        k * perOrg,
        Math.min(SCALE.units, (k + 1) * perOrg) - 1,
        hashUnitSecret(UNIT_SECRET),
        k + 1,
        JSON.stringify(DEFAULT_ALARM_SETTINGS),
      ],
    );
    units.push(...rows.map((r) => ({ ...r, org })));
  }
  const tUnits = performance.now();
  log(`  ${units.length.toLocaleString('en')} units in ${orgs.length} organisations, ${users.length} operators`);

  // History: the first units of every organization, so each operator has some with a year behind them.
  const per = Math.ceil(SCALE.historyUnits / orgs.length);
  const historyUnits = orgs.flatMap((org) =>
    units
      .filter((u) => u.org === org)
      .slice(0, per)
      .map((u) => u.id),
  );
  const end = Math.floor(Date.now() / (STEP_S * 1000)) * STEP_S * 1000 - 3600_000;
  const start = end - SCALE.historyDays * 86_400_000;
  await ensureSamplePartitions(db, start, Date.now());
  let historyRows = 0;
  // A unit's year per statement, plain SQL like a bulk load (generate_series); roll-ups and latest values after.
  for (const [i, unit] of historyUnits.entries()) {
    const [r] = await db.query<{ n: number }>(
      `with ins as (
         insert into samples (unit_id, series, ts, value)
         select $1::int, s, t, case when s = 11 then 120 + 60 * sin(extract(epoch from t) / 86400.0 + $1::int) + random() * 5
                                   else 24 + sin(extract(epoch from t) / 604800.0) + random() / 10 end
         from unnest($2::smallint[]) s, generate_series($3::timestamptz, $4::timestamptz, interval '10 minutes') t
         on conflict do nothing returning 1)
       select count(*)::int as n from ins`,
      [unit, SCALE.historySeries, new Date(start).toISOString(), new Date(end).toISOString()],
    );
    historyRows += r?.n ?? 0;
    if ((i + 1) % 100 === 0)
      log(`  history: ${i + 1} / ${historyUnits.length} units, ${historyRows.toLocaleString('en')} samples`);
  }
  const tHistory = performance.now();
  await rebuildDerivedSamples(db, historyUnits);
  const tRollups = performance.now();
  return {
    orgs,
    users,
    units,
    historyUnits,
    historyRows,
    ms: { units: tUnits - t0, history: tHistory - tUnits, rollups: tRollups - tHistory },
  };
}
