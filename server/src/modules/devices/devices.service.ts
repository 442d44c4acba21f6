import {
  type Alarm,
  type AlarmLimits,
  type AlarmSettings,
  type Device,
  type DeviceDetails,
  type DeviceFilterBody,
  type DeviceInput,
  type DeviceOptions,
  type FilterParams,
  type FilterSettings,
  filterOfParams,
  filterUnits,
  INPUT_KINDS,
  type InputKind,
  MAX_IDS_PER_REQUEST,
  type MapUnits,
  type MapVariant,
  mapUnitsOf,
  OPERATIONS,
  SERIES,
  type StatusCounts,
  statusCountsOf,
  type TemperatureSummary,
  temperatureSummary,
  type UnitSettings,
  unitGroups,
  unitTypeName,
} from '@fieldwatch/core';
import type { Db, Queryable } from '../../db/db.ts';
import type { LiveBus } from '../../live/bus.ts';
import { parseIdList } from '../../plugins/validation.ts';
import { type AlarmActionRow, activeAlarms, listAlarmActions } from '../alarms/alarms.service.ts';
import type { SessionRow } from '../auth/auth.service.ts';
import { scopeOrganizations } from '../organizations/organizations.service.ts';
import type { NewUnit } from './devices.repository.ts';
import * as devicesRepository from './devices.repository.ts';
import { listChannels, listInputs, setAlarmSettings, upsertInput } from './devices.repository.ts';
import type { Fleet } from './fleet.ts';
import { showValuesOf } from './legacy.service.ts';
import { assertIdCount, type ScopeOptions, unitNotFound, visibleUnit, writableUnit } from './unit.access.ts';
import { updateUnitSettings } from './unit.settings.ts';
import {
  isoDate,
  latestByUnit,
  loadUnitViews,
  settingsOf,
  toAlarm,
  toDevice,
  toInput,
  type UnitView,
} from './unit.views.ts';

export { type Fleet, FleetMemory, fleetOf } from './fleet.ts';
export { FleetAnswers } from './fleetAnswers.ts';
export { assertWritable, type DeviceScope, deviceScope, type ScopeOptions } from './unit.access.ts';

/** The units of the call's scope as views (v1 device list, v2 devices and filter). */
async function viewsInScope(fleet: Fleet, session: SessionRow, opts: ScopeOptions): Promise<UnitView[]> {
  const orgs = await scopeOrganizations(fleet.db, session, opts);
  return fleet.views(await fleet.units(orgs), orgs);
}

/** The units of the customers given as the v1 calls' `orgs` (comma-joined ids; all when left out). */
const customerViews = (fleet: Fleet, session: SessionRow, orgs: string | undefined) =>
  viewsInScope(fleet, session, { customerIds: parseIdList(orgs, 'orgs') });

/** The ids of the customers' units (orgs: comma-joined ids; every unit the user may see when left out). */
export async function unitIdsInScope(fleet: Fleet, session: SessionRow, orgs: string | undefined): Promise<number[]> {
  const scope = await scopeOrganizations(fleet.db, session, { customerIds: parseIdList(orgs, 'orgs') });
  return (await fleet.units(scope)).map((u) => u.id);
}

export async function listDevices(fleet: Fleet, session: SessionRow, opts: ScopeOptions = {}): Promise<Device[]> {
  return (await viewsInScope(fleet, session, opts)).map(toDevice);
}

/** The v1 device list: orgs is the comma-joined customers (all the user may see when empty). */
export async function listCustomerDevices(fleet: Fleet, session: SessionRow, orgs: string | undefined) {
  return listDevices(fleet, session, { customerIds: parseIdList(orgs, 'orgs') });
}

/** A unit's view as core's unit filter sees it. */
const filterable = (view: UnitView) => ({
  view,
  UnitName: view.unit.unit_name,
  UnitLocation: view.unit.unit_location,
  UnitType: view.unit.unit_type,
  AlarmEvents: view.alarms.map((a) => ({ AlarmType: a.alarm_type })),
});

/**
 * The status KPI's figures: the customers' units (as the device list) counted by status after the
 * filter's other parts, so a dashboard shows them without every unit's row in the browser.
 */
export async function deviceStatusCounts(
  fleet: Fleet,
  session: SessionRow,
  q: FilterParams & { orgs?: string },
): Promise<StatusCounts> {
  const views = await customerViews(fleet, session, q.orgs);
  return statusCountsOf(views.map(filterable), filterOfParams(q));
}

/**
 * The temperature KPI's figures over the units given (a link group's selection) among the
 * customers' units, else over the customers' units after the filter: from the fleet's latest
 * values, without every unit's values in the browser.
 */
export async function deviceTemperatureSummary(
  fleet: Fleet,
  session: SessionRow,
  q: FilterParams & { orgs?: string; units?: string },
): Promise<TemperatureSummary> {
  const views = await customerViews(fleet, session, q.orgs);
  const ids = parseIdList(q.units, 'units');
  assertIdCount('units', ids, MAX_IDS_PER_REQUEST);
  const picked = new Set(ids);
  const units =
    picked.size > 0
      ? views.filter((v) => picked.has(v.unit.id))
      : filterUnits(views.map(filterable), filterOfParams(q), unitTypeName).map((c) => c.view);
  return temperatureSummary(
    await showValuesOf(
      fleet,
      units.map((v) => v.unit),
    ),
  );
}

/**
 * A unit map's units: the customers' units (as the device list) after the dashboard's filter and
 * the map's variant, as id, position and status only, so a map of 10,000 units does not wait for
 * every unit's row.
 */
export async function deviceMapUnits(
  fleet: Fleet,
  session: SessionRow,
  q: FilterParams & { orgs?: string; variant?: MapVariant },
): Promise<MapUnits> {
  const views = await customerViews(fleet, session, q.orgs);
  const units = views.map((v) => ({ ...filterable(v), id: v.unit.id, lat: v.unit.gps_lat, lng: v.unit.gps_long }));
  return mapUnitsOf(units, q.variant ?? 'deviceMap', filterOfParams(q));
}

/** The unit types among the customers' units, in code order (the filter's type choice). */
export async function deviceTypeCodes(fleet: Fleet, session: SessionRow, orgs: string | undefined) {
  const views = await customerViews(fleet, session, orgs);
  return { codes: [...new Set(views.map((v) => v.unit.unit_type))].sort((a, b) => a - b) };
}

/** The device filter call: core's unit filter over the devices of the scope. */
export async function filterDevices(
  fleet: Fleet,
  session: SessionRow,
  body: DeviceFilterBody,
  opts: ScopeOptions = {},
): Promise<Device[]> {
  const f: FilterSettings = {
    unitStatus: {
      alarm: body.unitStatus?.alarm ?? false,
      inactive: body.unitStatus?.inactive ?? false,
      ok: body.unitStatus?.ok ?? false,
      problem: body.unitStatus?.problem ?? false,
    },
    unitTypes: body.unitTypes ?? [],
    alarmTypes: body.alarmTypes ?? [],
    textSearch: body.textSearch ?? '',
  };
  const candidates = (await viewsInScope(fleet, session, opts)).map(filterable);
  return filterUnits(candidates, f, unitTypeName).map((c) => toDevice(c.view));
}

export async function deviceDetails(db: Queryable, session: SessionRow, id: number): Promise<DeviceDetails> {
  const orgs = await scopeOrganizations(db, session);
  const unit = await findUnit(db, id, orgs);
  if (!unit) throw unitNotFound();
  const [view] = await loadUnitViews(db, [unit], orgs);
  if (!view) throw unitNotFound();
  const latest = (await latestByUnit(db, [id])).get(id) ?? {};
  return {
    ...toDevice(view),
    inputs: (await listInputs(db, [id])).map(toInput),
    latestData: Object.fromEntries(
      Object.entries(latest).map(([column, v]) => [column, { value: v.value, time: v.time.toISOString() }]),
    ),
    alarms: view.alarms.map((a) => toAlarm(a, unit.unit_type, isoDate, session.language)),
    settings: settingsOf(unit),
  };
}

/** What a device offers: its channels' series plus the single series it has reported, relays, operations. */
export async function deviceOptions(db: Queryable, session: SessionRow, id: number): Promise<DeviceOptions> {
  const unit = await visibleUnit(db, session, id);
  const channels = await listChannels(db, id);
  const reported = new Set(Object.keys((await latestByUnit(db, [id])).get(id) ?? {}));
  const columns = SERIES.filter((s) =>
    s.channel === null ? reported.has(s.column) : channels.includes(s.channel) || reported.has(s.column),
  ).map((s) => s.column);
  const relayCount = unit.info.RelayCount;
  return {
    id,
    type: { code: unit.unit_type, name: unitTypeName(unit.unit_type) },
    unitGroups: unitGroups(unit.unit_type),
    channels,
    columns,
    inputKinds: [...INPUT_KINDS],
    relayCount: typeof relayCount === 'number' ? relayCount : (unit.relay_state?.length ?? 0),
    operations: [...OPERATIONS],
    chart: unit.options,
  };
}

export async function deviceSettings(db: Queryable, session: SessionRow, id: number): Promise<UnitSettings> {
  return settingsOf(await visibleUnit(db, session, id));
}

/** The v2 settings update (SuperUsers: device manage); answers every field after the change. */
export async function changeDeviceSettings(
  db: Db,
  session: SessionRow,
  id: number,
  patch: Readonly<Record<string, unknown>>,
  bus?: LiveBus,
): Promise<UnitSettings> {
  const unit = await writableUnit(db, session, id, {}, 'manage');
  return settingsOf(await updateUnitSettings(db, unit, patch, bus));
}

export async function setDeviceInput(
  db: Queryable,
  session: SessionRow,
  input: { id: number; kind: InputKind; index: number; data: Record<string, unknown> },
): Promise<DeviceInput> {
  const unit = await writableUnit(db, session, input.id, {}, 'manage');
  return toInput(await upsertInput(db, { unitId: unit.id, kind: input.kind, idx: input.index, data: input.data }));
}

const LIMIT_KEYS = [
  'resistance',
  'loopMax',
  'loopOpen',
  'galvanic',
  'radarPct',
  'battery',
  'ground',
  'channels',
] as const;

/** Read and written by the alarm limits call too, but kept when a PUT leaves it out (the tab does not edit it). */
const HYSTERESIS_KEY = 'hysteresis' as const;

const limitsOf = (s: AlarmSettings): AlarmLimits =>
  Object.fromEntries(
    [...LIMIT_KEYS, HYSTERESIS_KEY].filter((k) => s[k] !== undefined).map((k) => [k, s[k]]),
  ) as AlarmLimits;

/** The device alarm tab: the unit's alarm limits, those of its channels that differ, and its own hysteresis. */
export async function alarmLimits(db: Queryable, session: SessionRow, id: number): Promise<AlarmLimits> {
  return limitsOf((await visibleUnit(db, session, id)).alarm_settings);
}

/**
 * Replaces the alarm limits (SuperUsers: device manage); the switch, intrusion, analog, PT and
 * formula settings stay, and so does the hysteresis unless the body has one (`{}` restores the
 * defaults). Ingest applies them to the next values it stores.
 */
export async function changeAlarmLimits(
  db: Queryable,
  session: SessionRow,
  id: number,
  limits: AlarmLimits,
): Promise<AlarmLimits> {
  const unit = await writableUnit(db, session, id, {}, 'manage');
  const kept = Object.fromEntries(
    Object.entries(unit.alarm_settings).filter(([k]) => !(LIMIT_KEYS as readonly string[]).includes(k)),
  );
  const next: AlarmSettings = { ...kept, ...limits };
  await setAlarmSettings(db, unit.id, next);
  return limitsOf(next);
}

export async function alarmActions(db: Queryable): Promise<AlarmActionRow[]> {
  return listAlarmActions(db);
}

/** Active alarms of the given units, newest first; units outside the scope are left out. */
export async function alarmsOfDevices(
  db: Queryable,
  session: SessionRow,
  devices: readonly number[],
): Promise<Alarm[]> {
  assertIdCount('devices', devices, MAX_IDS_PER_REQUEST);
  if (devices.length === 0) return [];
  const units = await listUnits(db, await scopeOrganizations(db, session), devices);
  const typeOf = new Map(units.map((u) => [u.id, u.unit_type]));
  const alarms = units.length === 0 ? [] : await activeAlarms(db, [...typeOf.keys()]);
  return alarms
    .sort((a, b) => b.event_time.getTime() - a.event_time.getTime() || b.id - a.id)
    .map((a) => toAlarm(a, typeOf.get(a.unit_id) ?? 0, isoDate, session.language));
}

// The stored rows other modules read and write, through this service only.
export type { UnitRow } from './devices.repository.ts';

export function findUnit(db: Queryable, id: number, organizationIds: readonly number[]) {
  return devicesRepository.findUnit(db, id, organizationIds);
}

export function findUnitBySerial(db: Queryable, serial: string) {
  return devicesRepository.findUnitBySerial(db, serial);
}

export function ingestContexts(db: Queryable, serials: readonly string[]) {
  return devicesRepository.ingestContexts(db, serials);
}

export function insertUnit(db: Queryable, u: NewUnit) {
  return devicesRepository.insertUnit(db, u);
}

export function listUnits(db: Queryable, organizationIds: readonly number[], unitIds?: readonly number[]) {
  return devicesRepository.listUnits(db, organizationIds, unitIds);
}

export function nextSequence(db: Queryable, unitId: number) {
  return devicesRepository.nextSequence(db, unitId);
}

export function setRelayState(db: Queryable, unitId: number, state: string) {
  return devicesRepository.setRelayState(db, unitId, state);
}

export function silentUnits(db: Queryable, now: Date, defaultIntervalMin: number) {
  return devicesRepository.silentUnits(db, now, defaultIntervalMin);
}

export function touchReports(db: Queryable, reports: readonly { unitId: number; at: Date }[]) {
  return devicesRepository.touchReports(db, reports);
}

export function updateUnitFields(db: Queryable, unitId: number, change: devicesRepository.UnitFieldsChange) {
  return devicesRepository.updateUnitFields(db, unitId, change);
}

export function moveUnits(db: Queryable, unitIds: readonly number[], organizationId: number) {
  return devicesRepository.moveUnits(db, unitIds, organizationId);
}
