import {
  type Alarm,
  type AlarmEvent,
  chunk,
  type Device,
  type DeviceInput,
  EDITABLE_FIELDS,
  type InputKind,
  type LegacyUnit,
  seriesById,
  type UnitSettings,
  type UnitStatus,
  unitStatus,
  unitTypeName,
} from '@fieldwatch/core';
import type { Queryable } from '../../db/db.ts';
import { type AlarmRow, activeAlarms } from '../alarms/alarms.service.ts';
import { alarmRowText } from '../alarms/alarmTexts.ts';
import { latestValues } from '../telemetry/telemetry.service.ts';
import { type InputRow, SETTING_COLUMNS, type UnitRow } from './devices.repository.ts';
import { groupsOfUnits, type UnitGroupRow } from './groups.repository.ts';

/**
 * One unit as every API shows it (v1 device, v2 device, legacy Unit): the stored row, its active
 * alarms, the names of its groups and its derived status (core's unitStatus). Built once, projected per API.
 * `alarms` is the list the fleet memory holds, shared, never changed in place.
 */
export type UnitView = { unit: UnitRow; alarms: readonly AlarmRow[]; groups: string[]; status: UnitStatus };

export type DateFormat = (d: Date) => string;
export const isoDate: DateFormat = (d) => d.toISOString();

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** What a unit's view is made of besides its row, as read together (loadUnitParts). */
export type UnitParts = {
  alarms: Map<number, AlarmRow[]>;
  groups: Map<number, UnitGroupRow[]>;
  latest: Map<number, Latest>;
};

/** Active alarms, groups and (unless left out) latest values of the units, 4,000 ids a query. */
export async function loadUnitParts(db: Queryable, unitIds: readonly number[], withLatest = true): Promise<UnitParts> {
  const parts: UnitParts = { alarms: new Map(), groups: new Map(), latest: new Map() };
  for (const ids of chunk(unitIds)) {
    for (const a of await activeAlarms(db, ids)) push(parts.alarms, a.unit_id, a);
    for (const g of await groupsOfUnits(db, ids)) push(parts.groups, g.unit_id, g);
    if (withLatest) addLatest(parts.latest, await latestValues(db, ids));
  }
  return parts;
}

/**
 * A unit's view: group names only of groups of the given organizations (the caller's scope), each
 * once, in the order the database sorted them.
 */
export function viewOf(
  unit: UnitRow,
  alarms: readonly AlarmRow[],
  groups: readonly UnitGroupRow[],
  organizationIds: ReadonlySet<number>,
): UnitView {
  const names: string[] = [];
  for (const g of groups) if (organizationIds.has(g.organization_id) && names.at(-1) !== g.name) names.push(g.name);
  const status = unitStatus({
    UnitName: unit.unit_name,
    AlarmEvents: alarms.map((a) => ({ AlarmType: a.alarm_type })),
  });
  return { unit, alarms, groups: names, status };
}

/** Views of units; group names only of groups of the given organizations (the caller's scope). */
export async function loadUnitViews(
  db: Queryable,
  units: readonly UnitRow[],
  organizationIds: readonly number[],
): Promise<UnitView[]> {
  const { alarms, groups } = await loadUnitParts(
    db,
    units.map((u) => u.id),
    false,
  );
  const scope = new Set(organizationIds);
  return units.map((unit) => viewOf(unit, alarms.get(unit.id) ?? [], groups.get(unit.id) ?? [], scope));
}

export type Latest = Record<string, { value: number; time: Date }>;

function addLatest(
  out: Map<number, Latest>,
  rows: readonly { unit_id: number; series: number; ts: Date; value: number }[],
) {
  for (const s of rows) {
    const column = seriesById(s.series)?.column;
    if (!column) continue;
    const latest = out.get(s.unit_id) ?? {};
    latest[column] = { value: s.value, time: s.ts };
    out.set(s.unit_id, latest);
  }
}

/** The newest value of every series of the units, keyed by column name. */
export async function latestByUnit(db: Queryable, unitIds: readonly number[]): Promise<Map<number, Latest>> {
  const out = new Map<number, Latest>();
  for (const ids of chunk(unitIds)) addLatest(out, await latestValues(db, ids));
  return out;
}

/** Every editable field of the unit: columns for the main ones, `info` for the rest, null when unset. */
export function settingsOf(unit: UnitRow): UnitSettings {
  const out: UnitSettings = {};
  for (const f of EDITABLE_FIELDS) {
    const column = SETTING_COLUMNS[f.name as keyof typeof SETTING_COLUMNS];
    const value = column ? unit[column] : unit.info[f.name];
    const fits = f.kind === 'string' ? typeof value === 'string' : typeof value === 'number' && Number.isFinite(value);
    out[f.name] = fits ? (value as string | number) : null;
  }
  return out;
}

const flag = (unit: UnitRow, name: string) => unit.info[name] === 1 || unit.info[name] === true;
const text = (unit: UnitRow, name: string) => (typeof unit.info[name] === 'string' ? (unit.info[name] as string) : '');

/** An alarm as answered, its sentence in the reader's language. */
export function toAlarmEvent(a: AlarmRow, format: DateFormat, lang: string): AlarmEvent {
  return {
    AlarmID: a.id,
    AlarmType: a.alarm_type,
    AlarmEventText: alarmRowText(lang, a),
    ChannelID: a.channel,
    AlarmEventTime: format(a.event_time),
  };
}

export function toAlarm(a: AlarmRow, unitType: number, format: DateFormat, lang: string): Alarm {
  const { ChannelID, ...rest } = toAlarmEvent(a, format, lang);
  return { ...rest, UnitID: a.unit_id, ChannelID, Units: [{ UnitType: unitType }] };
}

export function toDevice(v: UnitView): Device {
  const u = v.unit;
  return {
    id: u.id,
    name: u.unit_name,
    description: text(u, 'UnitDescription'),
    latitude: u.gps_lat,
    longitude: u.gps_long,
    location: u.unit_location,
    organization: u.organization_id,
    serial: u.serial,
    type: { code: u.unit_type, name: unitTypeName(u.unit_type) },
    status: v.status,
    alarmTypes: [...new Set(v.alarms.map((a) => a.alarm_type))],
    nfcActive: flag(u, 'NfcActive'),
    invertAlarmRange: flag(u, 'InvertAlarmRange'),
    normallyClosed: flag(u, 'NormallyClosed'),
    disabled: flag(u, 'Disabled'),
    firmware: u.firmware,
    lastReport: u.last_report_at ? u.last_report_at.toISOString() : null,
    groups: v.groups,
  };
}

export function toLegacyUnit(v: UnitView, format: DateFormat, lang: string): LegacyUnit {
  const u = v.unit;
  return {
    ...settingsOf(u),
    UnitID: u.id,
    CustomerID: u.organization_id,
    UnitSerial: u.serial,
    UnitName: u.unit_name,
    UnitLocation: u.unit_location,
    UnitType: u.unit_type,
    UnitTypeName: unitTypeName(u.unit_type),
    Status: v.status,
    AlarmEvents: v.alarms.map((a) => toAlarmEvent(a, format, lang)),
  };
}

export function toInput(r: InputRow): DeviceInput {
  return { kind: r.kind as InputKind, index: r.idx, data: r.data };
}
