import { MAX_IDS_PER_REQUEST, parseLegacyDate } from '@fieldwatch/core';
import type { Queryable } from '../../db/db.ts';
import { HttpError } from '../../http.ts';
import { NO_AUTHORITY } from '../../plugins/envelopes.ts';

import { parseIdList } from '../../plugins/validation.ts';
import type { SessionRow } from '../auth/auth.service.ts';
import { findUnit, listUnits, type UnitRow } from '../devices/devices.service.ts';
import { authorizedOrganizations, scopeOrganizations } from '../organizations/organizations.service.ts';
import { type ChannelRow, findChannel } from './channels.repository.ts';
import type { RadarRow } from './radar.repository.ts';
import * as radarRepository from './radar.repository.ts';
import type { SampleRow } from './telemetry.repository.ts';
import * as telemetryRepository from './telemetry.repository.ts';

/**
 * A unit the session may see (narrowed to `customerId` when the call names one); another
 * organization's unit answers 404 as if it did not exist. With `need`, the user also needs that
 * device capability on the unit's organization (403 otherwise, before anything is written): 'write'
 * to operate the unit, 'manage' to change its configuration.
 */
export async function unitOf(
  db: Queryable,
  session: SessionRow,
  unitId: number,
  opts: { customerId?: number; need?: 'write' | 'manage' } = {},
): Promise<UnitRow> {
  const orgs = await scopeOrganizations(db, session, {
    customerIds: opts.customerId === undefined ? undefined : [opts.customerId],
  });
  const unit = orgs.length > 0 ? await findUnit(db, unitId, orgs) : undefined;
  if (!unit) throw new HttpError(404, NO_AUTHORITY);
  if (opts.need) {
    const allowed = await authorizedOrganizations(db, session, opts.need, 'device', unit.organization_id);
    if (allowed.length === 0) throw new HttpError(403, NO_AUTHORITY);
  }
  return unit;
}

/**
 * The units among `unitIds` (all when undefined) the session may see, narrowed to `customerIds`
 * when given; others are left out, as if they did not exist.
 */
export async function unitsOf(
  db: Queryable,
  session: SessionRow,
  unitIds: readonly number[] | undefined,
  customerIds?: readonly number[],
): Promise<UnitRow[]> {
  const orgs = await scopeOrganizations(db, session, { customerIds });
  if (orgs.length === 0 || unitIds?.length === 0) return [];
  return listUnits(db, orgs, unitIds);
}

/** A channel of the unit, 404 when the unit has no such channel. */
export async function channelOf(db: Queryable, unitId: number, channel: number): Promise<ChannelRow> {
  const row = await findChannel(db, unitId, channel);
  if (!row) throw new HttpError(404, `Channel ${channel} not found`);
  return row;
}

/** A time range from optional ISO times: default end now, default start `defaultMs` before end. */
export function timeRange(
  start: string | undefined,
  end: string | undefined,
  defaultMs: number,
  names = ['start', 'end'],
) {
  const to = end ? new Date(end) : new Date();
  const from = start ? new Date(start) : new Date(to.getTime() - defaultMs);
  if (!(from < to)) throw new HttpError(400, `${names[0]} must be before ${names[1]}`);
  return { start: from, end: to };
}

/** A legacy date ('YYYY-MM-DD HH:mm:ss', UTC); 400 naming the field when it is not a real date. */
export function legacyDate(text: string, field: string): Date {
  const date = parseLegacyDate(text);
  if (!date) throw new HttpError(400, `${field} is not a valid date (YYYY-MM-DD HH:mm:ss)`);
  return date;
}

/** A comma-joined id list of at most 4000 ids (the API's limit per request); 400 naming the field otherwise. */
export function legacyIdList(text: string, field: string): number[] {
  const ids = [...new Set(parseIdList(text, field))];
  if (ids.length === 0) throw new HttpError(400, `${field}: no id given`);
  if (ids.length > MAX_IDS_PER_REQUEST)
    throw new HttpError(400, `${field}: at most ${MAX_IDS_PER_REQUEST} ids per request`);
  return ids;
}

/** Legacy flags ('1', 'true', 'Y', 'yes') as a boolean. */
export const legacyFlag = (text: string | undefined) => /^(1|true|y|yes)$/i.test(text?.trim() ?? '');

// The stored rows other modules read and write, through this service only.
export type { SampleRow } from './telemetry.repository.ts';

export function insertRadar(db: Queryable, unitId: number, r: RadarRow) {
  return radarRepository.insertRadar(db, unitId, r);
}

export function insertRadarsOfUnits(db: Queryable, rows: readonly (RadarRow & { unitId: number })[]) {
  return radarRepository.insertRadarsOfUnits(db, rows);
}

export function insertSamplesOfUnits(db: Queryable, rows: readonly (SampleRow & { unitId: number })[]) {
  return telemetryRepository.insertSamplesOfUnits(db, rows);
}

export function latestValues(db: Queryable, unitIds: readonly number[]) {
  return telemetryRepository.latestValues(db, unitIds);
}

export function purgeUnitData(db: Queryable, unitId: number) {
  return telemetryRepository.purgeUnitData(db, unitId);
}
