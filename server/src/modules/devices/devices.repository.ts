import type { AlarmSettings } from '@fieldwatch/core';
import type { Queryable } from '../../db/db.ts';

/** A unit row as stored: the unit behind every device view. */
export type UnitRow = {
  id: number;
  organization_id: number;
  serial: string;
  unit_name: string;
  unit_type: number;
  unit_location: string;
  gps_lat: number | null;
  gps_long: number | null;
  info: Record<string, unknown>;
  alarm_settings: AlarmSettings;
  options: Record<string, unknown>;
  firmware: string;
  relay_state: string | null;
  last_report_at: Date | null;
  created_at: Date;
};

const columns = `u.id, u.organization_id, u.serial, u.unit_name, u.unit_type, u.unit_location, u.gps_lat, u.gps_long,
  u.info, u.alarm_settings, u.options, u.firmware, u.relay_state, u.last_report_at, u.created_at`;

export type NewUnit = {
  organizationId: number;
  serial: string;
  secretHash: string;
  name: string;
  type: number;
  location?: string;
  lat?: number | null;
  long?: number | null;
  info?: Record<string, unknown>;
  alarmSettings?: AlarmSettings;
  channels?: number;
};

export async function insertUnit(db: Queryable, u: NewUnit): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into units (organization_id, serial, secret_hash, unit_name, unit_type, unit_location, gps_lat, gps_long, info, alarm_settings)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
    [
      u.organizationId,
      u.serial,
      u.secretHash,
      u.name,
      u.type,
      u.location ?? '',
      u.lat ?? null,
      u.long ?? null,
      JSON.stringify(u.info ?? {}),
      JSON.stringify(u.alarmSettings ?? {}),
    ],
  );
  if (!row) throw new Error('insert into units returned nothing');
  for (let ch = 1; ch <= (u.channels ?? 0); ch++) {
    await db.query('insert into channels (unit_id, channel) values ($1, $2)', [row.id, ch]);
  }
  return row.id;
}

/** The ingest context of many units at once: id, organization and alarm settings by serial. */
export async function ingestContexts(
  db: Queryable,
  serials: readonly string[],
): Promise<{ serial: string; id: number; organization_id: number; alarm_settings: AlarmSettings }[]> {
  return db.query('select serial, id, organization_id, alarm_settings from units where serial = any($1)', [serials]);
}

export async function findUnitBySerial(
  db: Queryable,
  serial: string,
): Promise<(UnitRow & { secret_hash: string }) | undefined> {
  const rows = await db.query<UnitRow & { secret_hash: string }>(
    `select ${columns}, u.secret_hash from units u where u.serial = $1`,
    [serial],
  );
  return rows[0];
}

/** A unit, only when it belongs to one of the given organizations (otherwise as if it did not exist). */
export async function findUnit(
  db: Queryable,
  id: number,
  organizationIds: readonly number[],
): Promise<UnitRow | undefined> {
  const rows = await db.query<UnitRow>(
    `select ${columns} from units u where u.id = $1 and u.organization_id = any($2)`,
    [id, organizationIds],
  );
  return rows[0];
}

export async function listUnits(
  db: Queryable,
  organizationIds: readonly number[],
  unitIds?: readonly number[],
): Promise<UnitRow[]> {
  return db.query<UnitRow>(
    `select ${columns} from units u where u.organization_id = any($1) ${unitIds ? 'and u.id = any($2)' : ''} order by u.id`,
    unitIds ? [organizationIds, unitIds] : [organizationIds],
  );
}

/** Last-report times of many units in one statement (batched ingest). */
export async function touchReports(db: Queryable, reports: readonly { unitId: number; at: Date }[]) {
  if (reports.length === 0) return;
  await db.query(
    `update units set last_report_at = greatest(coalesce(last_report_at, x.t), x.t)
     from unnest($1::int[], $2::timestamptz[]) as x(id, t) where units.id = x.id`,
    [reports.map((r) => r.unitId), reports.map((r) => r.at.toISOString())],
  );
}

export async function setRelayState(db: Queryable, unitId: number, state: string) {
  await db.query('update units set relay_state = $2 where id = $1', [unitId, state]);
}

/** Units silent for longer than their report interval (minutes in info.ReportInterval, default given). */
export async function silentUnits(
  db: Queryable,
  now: Date,
  defaultIntervalMin: number,
): Promise<{ id: number; organization_id: number }[]> {
  return db.query<{ id: number; organization_id: number }>(
    `select id, organization_id from units
     where last_report_at is not null and unit_name not like '%Ej Installerad%'
       and last_report_at < $1::timestamptz - make_interval(mins => coalesce((info->>'ReportInterval')::int, $2))`,
    [now, defaultIntervalMin],
  );
}

export async function nextSequence(db: Queryable, unitId: number): Promise<number> {
  const [row] = await db.query<{ seq: number }>(
    'update units set next_seq = next_seq + 1 where id = $1 returning next_seq - 1 as seq',
    [unitId],
  );
  if (!row) throw new Error(`unit ${unitId} not found`);
  return row.seq;
}

/** The unit columns an editable field (core's editableFields) is stored in; every other field lives in `info`. */
export const SETTING_COLUMNS = {
  UnitName: 'unit_name',
  UnitType: 'unit_type',
  UnitLocation: 'unit_location',
  GPSLatitude: 'gps_lat',
  GPSLongitude: 'gps_long',
} as const;
export type SettingColumn = (typeof SETTING_COLUMNS)[keyof typeof SETTING_COLUMNS];
const settingColumns = new Set<string>(Object.values(SETTING_COLUMNS));

export type UnitFieldsChange = {
  columns: Partial<Record<SettingColumn, unknown>>;
  infoSet: Record<string, unknown>;
  infoUnset: readonly string[];
  alarmSettings: Record<string, unknown>;
};

/** Writes settings: the given columns, info keys set and removed, and alarm settings merged. */
export async function updateUnitFields(
  db: Queryable,
  unitId: number,
  change: UnitFieldsChange,
): Promise<UnitRow | undefined> {
  const params: unknown[] = [
    unitId,
    change.infoUnset,
    JSON.stringify(change.infoSet),
    JSON.stringify(change.alarmSettings),
  ];
  const sets = ['info = (u.info - $2::text[]) || $3::jsonb', 'alarm_settings = u.alarm_settings || $4::jsonb'];
  for (const [column, value] of Object.entries(change.columns)) {
    if (!settingColumns.has(column)) throw new Error(`not a settings column: ${column}`);
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  }
  const rows = await db.query<UnitRow>(
    `update units u set ${sets.join(', ')} where u.id = $1 returning ${columns}`,
    params,
  );
  return rows[0];
}

export type InputRow = { unit_id: number; kind: string; idx: number; data: Record<string, unknown> };

export async function listInputs(db: Queryable, unitIds: readonly number[]): Promise<InputRow[]> {
  return db.query<InputRow>(
    'select unit_id, kind, idx, data from inputs where unit_id = any($1) order by unit_id, kind, idx',
    [unitIds],
  );
}

export async function upsertInput(
  db: Queryable,
  input: Omit<InputRow, 'unit_id'> & { unitId: number },
): Promise<InputRow> {
  const [row] = await db.query<InputRow>(
    `insert into inputs (unit_id, kind, idx, data) values ($1, $2, $3, $4)
     on conflict (unit_id, kind, idx) do update set data = excluded.data
     returning unit_id, kind, idx, data`,
    [input.unitId, input.kind, input.idx, JSON.stringify(input.data)],
  );
  if (!row) throw new Error('upsert into inputs returned nothing');
  return row;
}

export async function listChannels(db: Queryable, unitId: number): Promise<number[]> {
  const rows = await db.query<{ channel: number }>('select channel from channels where unit_id = $1 order by channel', [
    unitId,
  ]);
  return rows.map((r) => r.channel);
}

/** The unit types present among the units of the given organizations. */
export async function unitTypesOf(db: Queryable, organizationIds: readonly number[]): Promise<number[]> {
  const rows = await db.query<{ unit_type: number }>(
    'select distinct unit_type from units where organization_id = any($1) order by unit_type',
    [organizationIds],
  );
  return rows.map((r) => r.unit_type);
}

/** Replaces a unit's alarm settings. */
export async function setAlarmSettings(db: Queryable, unitId: number, settings: AlarmSettings) {
  await db.query('update units set alarm_settings = $2 where id = $1', [unitId, JSON.stringify(settings)]);
}

export async function moveUnits(db: Queryable, unitIds: readonly number[], organizationId: number) {
  await db.query('update units set organization_id = $1 where id = any($2::int[])', [organizationId, unitIds]);
}
