import {
  ALARM_QUERY_DEFAULTS,
  type Alarm,
  chunk,
  DEFAULT_ALARM_SETTINGS,
  displayTemperature,
  formatLegacyDate,
  type KpiBatteryRow,
  type KpiSwitchRow,
  type LegacyUnit,
  MAX_IDS_PER_REQUEST,
  parseLegacyDate,
  SERIES,
  UNITS_BY_POS_DEFAULTS,
  type UnitShowValue,
  unitTypeName,
} from '@fieldwatch/core';
import type { Db, Queryable } from '../../db/db.ts';
import { HttpError } from '../../http.ts';
import type { LiveBus } from '../../live/bus.ts';
import { parseIdList } from '../../plugins/validation.ts';
import { alarmCountsPerDay, alarmsSince } from '../alarms/alarms.service.ts';
import type { SessionRow } from '../auth/auth.service.ts';
import { scopeOrganizations } from '../organizations/organizations.service.ts';
import { type UnitRow, unitTypesOf } from './devices.repository.ts';
import { type Fleet, fleetOf } from './fleet.ts';
import { unitsInGroups } from './groups.repository.ts';
import { assertIdCount, writableUnit } from './unit.access.ts';
import { updateUnitSettings } from './unit.settings.ts';
import { toAlarm, toLegacyUnit } from './unit.views.ts';

/** The legacy v1 calls; dates on this wire are 'YYYY-MM-DD HH:mm:ss' UTC. */

type IdParams = { CustomerIDs?: string; UnitIDs?: string };

/** Parses a comma list, refusing more than 4000 ids (the API's limit per request). */
function idsOf(name: string, value: string | undefined): number[] {
  const ids = parseIdList(value, name);
  assertIdCount(name, ids, MAX_IDS_PER_REQUEST);
  return ids;
}

/** The units of the call: of the requested customers (scoped), narrowed to UnitIDs when given. */
async function unitsOf(fleet: Fleet, session: SessionRow, p: IdParams) {
  const customerIds = idsOf('CustomerIDs', p.CustomerIDs);
  const unitIds = idsOf('UnitIDs', p.UnitIDs);
  const orgs = await scopeOrganizations(fleet.db, session, { customerIds });
  const units = await fleet.units(orgs, unitIds.length > 0 ? unitIds : undefined);
  return { orgs, units };
}

async function legacyUnits(
  fleet: Fleet,
  session: SessionRow,
  units: readonly UnitRow[],
  orgs: readonly number[],
): Promise<LegacyUnit[]> {
  return (await fleet.views(units, orgs)).map((v) => toLegacyUnit(v, formatLegacyDate, session.language));
}

/** GetUnitsInfo: Rows defaults to the number of units. */
export async function unitsInfo(fleet: Fleet, session: SessionRow, q: { UnitIDs?: string; Rows?: number }) {
  const { orgs, units } = await unitsOf(fleet, session, { UnitIDs: q.UnitIDs });
  return legacyUnits(fleet, session, units.slice(0, q.Rows ?? units.length), orgs);
}

/** GetUnitType: the unit types present among the customers' units. */
export async function unitTypesIn(db: Queryable, session: SessionRow, q: { CustomerIDs?: string }) {
  const orgs = await scopeOrganizations(db, session, { customerIds: idsOf('CustomerIDs', q.CustomerIDs) });
  return (await unitTypesOf(db, orgs)).map((t) => ({ UnitType: t, UnitTypeName: unitTypeName(t) }));
}

const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km (haversine). */
export function distanceKm(a: { lat: number; long: number }, b: { lat: number; long: number }): number {
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.long - a.long) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

type Positioned = UnitRow & { gps_lat: number; gps_long: number };
const positioned = (u: UnitRow): u is Positioned => u.gps_lat !== null && u.gps_long !== null;

/**
 * GetUnitsByPos: the positioned units of the customers (members of UnitGroups when given) within
 * Distance km of a centre, nearest first. The centre is the centroid of the given units
 * (UnitIDs), or of all positioned units of the customers.
 */
export async function unitsByPosition(
  fleet: Fleet,
  session: SessionRow,
  q: IdParams & { Distance?: number; UnitGroups?: string; Rows?: number },
) {
  const { orgs, units } = await unitsOf(fleet, session, { CustomerIDs: q.CustomerIDs });
  const reference = idsOf('UnitIDs', q.UnitIDs);
  const groupIds = idsOf('UnitGroups', q.UnitGroups);
  const members = groupIds.length > 0 ? new Set(await unitsInGroups(fleet.db, groupIds, orgs)) : undefined;
  const candidates = units.filter(positioned).filter((u) => !members || members.has(u.id));
  const anchors = reference.length > 0 ? candidates.filter((u) => reference.includes(u.id)) : candidates;
  if (anchors.length === 0) return [];
  const centre = {
    lat: anchors.reduce((s, u) => s + u.gps_lat, 0) / anchors.length,
    long: anchors.reduce((s, u) => s + u.gps_long, 0) / anchors.length,
  };
  const maxKm = q.Distance ?? UNITS_BY_POS_DEFAULTS.distanceKm;
  const near = candidates
    .map((u) => ({ u, d: distanceKm(centre, { lat: u.gps_lat, long: u.gps_long }) }))
    .filter((x) => x.d <= maxKm)
    .sort((a, b) => a.d - b.d || a.u.id - b.u.id)
    .slice(0, q.Rows ?? UNITS_BY_POS_DEFAULTS.rows);
  const views = await legacyUnits(
    fleet,
    session,
    near.map((x) => x.u),
    orgs,
  );
  return views.map((v, i) => ({ ...v, Distance: Math.round((near[i]?.d ?? 0) * 1000) / 1000 }));
}

/** GetUnitsShowValue: the latest display values (temperature by display priority, battery voltage). */
export async function unitsShowValue(fleet: Fleet, session: SessionRow, q: IdParams): Promise<UnitShowValue[]> {
  const { units } = await unitsOf(fleet, session, q);
  return showValuesOf(fleet, units);
}

/** Each unit's latest values, its displayed temperature (core's displayTemperature) and battery voltage. */
export async function showValuesOf(fleet: Fleet, units: readonly UnitRow[]): Promise<UnitShowValue[]> {
  const latest = await fleet.latest(units.map((u) => u.id));
  return units.map((u) => {
    const own = latest.get(u.id) ?? {};
    const values = Object.fromEntries(Object.entries(own).map(([c, v]) => [c, v.value]));
    const newest = Math.max(...Object.values(own).map((v) => v.time.getTime()));
    return {
      UnitID: u.id,
      UnitName: u.unit_name,
      UnitType: u.unit_type,
      Temperature: displayTemperature(values) ?? null,
      BatteryVoltage: values.BatteryVoltage ?? null,
      LastValueTime: Number.isFinite(newest) ? formatLegacyDate(new Date(newest)) : null,
      Values: values,
    };
  });
}

function startOf(text: string | undefined): Date {
  const start = parseLegacyDate(text ?? ALARM_QUERY_DEFAULTS.startDate);
  if (!start) throw new HttpError(400, 'StartDate must be a date as YYYY-MM-DD HH:mm:ss');
  return start;
}

/** GetAlarms: alarms (active and past) since StartDate, newest first, at most Rows; chunked by unit ids. */
export async function legacyAlarms(
  fleet: Fleet,
  session: SessionRow,
  q: IdParams & { Rows?: number; StartDate?: string },
): Promise<Alarm[]> {
  const start = startOf(q.StartDate);
  const rows = q.Rows ?? ALARM_QUERY_DEFAULTS.rows;
  const { units } = await unitsOf(fleet, session, q);
  const typeOf = new Map(units.map((u) => [u.id, u.unit_type]));
  const found = [];
  for (const ids of chunk([...typeOf.keys()])) found.push(...(await alarmsSince(fleet.db, ids, start, rows)));
  return found
    .sort((a, b) => b.event_time.getTime() - a.event_time.getTime() || b.id - a.id)
    .slice(0, rows)
    .map((a) => toAlarm(a, typeOf.get(a.unit_id) ?? 0, formatLegacyDate, session.language));
}

/** GetKPIAlarms: alarm counts per day (UTC), summed over the unit chunks. */
export async function kpiAlarms(fleet: Fleet, session: SessionRow, q: IdParams & { StartDate?: string }) {
  const start = startOf(q.StartDate);
  const { units } = await unitsOf(fleet, session, q);
  const counts = new Map<string, number>();
  for (const ids of chunk(units.map((u) => u.id))) {
    for (const r of await alarmCountsPerDay(fleet.db, ids, start)) counts.set(r.day, (counts.get(r.day) ?? 0) + r.n);
  }
  return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([AlarmDate, Count]) => ({ AlarmDate, Count }));
}

/**
 * GetKPIBattery: units counted per latest battery voltage (to 0.1 V) and status, low when below
 * the unit's battery alarm threshold.
 */
export async function kpiBattery(fleet: Fleet, session: SessionRow, q: IdParams): Promise<KpiBatteryRow[]> {
  const { units } = await unitsOf(fleet, session, q);
  const latest = await fleet.latest(units.map((u) => u.id));
  const counts = new Map<string, KpiBatteryRow>();
  for (const u of units) {
    const v = latest.get(u.id)?.BatteryVoltage?.value;
    if (v === undefined) continue;
    const threshold = u.alarm_settings.battery ?? DEFAULT_ALARM_SETTINGS.battery ?? 0;
    const voltage = Math.round(v * 10) / 10;
    const status = v < threshold ? 'low' : 'ok';
    const row = counts.get(`${voltage}|${status}`) ?? {
      DataBatteryVoltage: voltage,
      Status: status,
      D: [{ NoOffUnits: 0 }],
    };
    (row.D[0] as { NoOffUnits: number }).NoOffUnits += 1;
    counts.set(`${voltage}|${status}`, row);
  }
  return [...counts.values()].sort(
    (a, b) => a.DataBatteryVoltage - b.DataBatteryVoltage || a.Status.localeCompare(b.Status),
  );
}

const SWITCHES = SERIES.filter((s) => s.key === 'switch');

/** GetKPISwitch: the latest value of every switch channel of the units. */
export async function kpiSwitch(fleet: Fleet, session: SessionRow, q: IdParams): Promise<KpiSwitchRow[]> {
  const { units } = await unitsOf(fleet, session, q);
  const latest = await fleet.latest(units.map((u) => u.id));
  return units.flatMap((u) =>
    SWITCHES.flatMap((s) => {
      const v = latest.get(u.id)?.[s.column];
      return v
        ? [
            {
              UnitID: u.id,
              UnitName: u.unit_name,
              ChannelID: s.channel ?? 0,
              Value: v.value,
              DataTime: formatLegacyDate(v.time),
            },
          ]
        : [];
    }),
  );
}

/** EditUnitInfo: the settings update of the v2 call; answers the updated unit as a one-item list. */
export async function editUnitInfo(
  db: Db,
  session: SessionRow,
  body: { UnitID: number; CustomerID?: number } & Record<string, unknown>,
  bus?: LiveBus,
): Promise<LegacyUnit[]> {
  const { UnitID, CustomerID, ...patch } = body;
  const customerIds = CustomerID === undefined ? [] : [CustomerID];
  const unit = await writableUnit(db, session, UnitID, { customerIds }, 'manage');
  const updated = await updateUnitSettings(db, unit, patch, bus);
  return legacyUnits(fleetOf(db), session, [updated], await scopeOrganizations(db, session));
}
