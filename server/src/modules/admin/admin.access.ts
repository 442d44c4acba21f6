import { can } from '@fieldwatch/core';
import type { Queryable } from '../../db/db.ts';
import { HttpError } from '../../http.ts';
import type { SessionRow } from '../auth/auth.service.ts';
import {
  reachedOrganizations,
  requireAccess,
  rootOrganizationId,
  type VisibleOrganizationRow,
} from '../organizations/organizations.service.ts';
import { rolesOfUser } from '../users/users.service.ts';

/**
 * Who may administer what: a SuperUser role on an organization covers it and its descendants
 * (a role reaches down the tree, never up). Everything here checks that first and answers 403 otherwise, so a refused call
 * reads and writes nothing else.
 */
export type Admin = { userId: number; sessionId: string; session: SessionRow };

/** The caller of an administration route; their organizations are read once per request. */
export const adminOf = (session: SessionRow): Admin => ({ userId: session.user_id, sessionId: session.id, session });

/** The answer to an organization the caller may not administer. */
export const refused = () => new HttpError(403, 'You may not administer this organisation');

/** The organizations the user may administer (SuperUser on them or an ancestor). */
export async function administered(db: Queryable, admin: Admin): Promise<VisibleOrganizationRow[]> {
  return (await reachedOrganizations(db, admin.session)).filter((o) => can(o.role_id, 'manage', 'organization'));
}

/** The administered organizations, refusing when `organizationId` is not among them. */
export async function requireAdministered(db: Queryable, admin: Admin, organizationId?: number) {
  const orgs = await administered(db, admin);
  if (orgs.length === 0) throw refused();
  if (organizationId !== undefined) requireAccess(orgs, organizationId, 'manage', 'organization', refused);
  return orgs;
}

/**
 * The platform's administrator: a SuperUser of the root organization (the first one without a parent).
 * Platform-wide things (error reports) are theirs alone; a SuperUser lower in the tree gets 403.
 */
async function isPlatformAdmin(db: Queryable, admin: Pick<Admin, 'userId'>): Promise<boolean> {
  const root = await rootOrganizationId(db);
  return (
    root !== undefined &&
    (await rolesOfUser(db, admin.userId)).some(
      (r) => r.organization_id === root && can(r.role_id, 'manage', 'organization'),
    )
  );
}

export async function requirePlatformAdmin(db: Queryable, admin: Pick<Admin, 'userId'>) {
  if (!(await isPlatformAdmin(db, admin))) throw new HttpError(403, 'Only the platform administrator may do this');
}
