import type { Queryable } from '../../db/db.ts';
import { HttpError } from '../../http.ts';
import { NO_AUTHORITY } from '../../plugins/envelopes.ts';
import type { SessionRow } from '../auth/auth.service.ts';
import {
  reachedOrganizations,
  scopeOrganizations,
  scopeWithin,
  withAccess,
} from '../organizations/organizations.service.ts';
import { findUnit, type UnitRow } from './devices.repository.ts';

/** A unit of another organization answers exactly as a unit that does not exist. */
export const unitNotFound = () => new HttpError(404, NO_AUTHORITY);

export type ScopeOptions = { customerIds?: readonly number[]; useContext?: boolean };

/**
 * The organizations of a call (scopeOrganizations) and, among them, those where the user may operate
 * devices (`writable`: Users and SuperUsers) and change their configuration (`manageable`: SuperUsers).
 */
export type DeviceScope = { visible: number[]; writable: number[]; manageable: number[] };

export async function deviceScope(db: Queryable, session: SessionRow, opts: ScopeOptions = {}): Promise<DeviceScope> {
  const reached = await reachedOrganizations(db, session);
  const visible = scopeWithin(reached, session, opts);
  return {
    visible,
    writable: withAccess(reached, 'write', 'device', visible),
    manageable: withAccess(reached, 'manage', 'device', visible),
  };
}

/** Throws 403 unless the user may change devices of the organization. */
export function assertWritable(scope: { writable: readonly number[] }, organizationId: number) {
  if (!scope.writable.includes(organizationId)) throw new HttpError(403, NO_AUTHORITY);
}

/** A unit the user may see (404 otherwise). */
export async function visibleUnit(db: Queryable, session: SessionRow, id: number, opts: ScopeOptions = {}) {
  const unit = await findUnit(db, id, await scopeOrganizations(db, session, opts));
  if (!unit) throw unitNotFound();
  return unit;
}

/**
 * A unit the user may operate (`write`) or configure (`manage`): 404 when they may not see it, 403
 * when their role lacks the capability.
 */
export async function writableUnit(
  db: Queryable,
  session: SessionRow,
  id: number,
  opts: ScopeOptions = {},
  need: 'write' | 'manage' = 'write',
): Promise<UnitRow> {
  const scope = await deviceScope(db, session, opts);
  const unit = await findUnit(db, id, scope.visible);
  if (!unit) throw unitNotFound();
  assertWritable({ writable: need === 'manage' ? scope.manageable : scope.writable }, unit.organization_id);
  return unit;
}

/** Refuses more than `max` ids in one request. */
export function assertIdCount(name: string, ids: readonly unknown[], max: number) {
  if (ids.length > max) throw new HttpError(400, `${name}: at most ${max} ids per request, got ${ids.length}`);
}
