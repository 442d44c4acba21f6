import type { AccountBrand, Action, Customer, OrganizationSummary, OrganizationView, Resource } from '@fieldwatch/core';
import type { Queryable } from '../../db/db.ts';
import { HttpError } from '../../http.ts';
import type { SessionRow } from '../auth/auth.service.ts';
import { hasAccess } from './access.ts';

import * as organizationsRepository from './organizations.repository.ts';
import {
  findOrganizationAvatar,
  type OrganizationRow,
  type VisibleOrganizationRow,
} from './organizations.repository.ts';
import { reachedOrganizations } from './scope.ts';

export function toSummary(o: VisibleOrganizationRow): OrganizationSummary {
  return {
    id: o.id,
    name: o.name,
    parentOrganizationId: o.parent_organization_id,
    roleId: o.role_id,
    ...(o.trial_ends_at ? { trialEndsAt: o.trial_ends_at.toISOString() } : {}),
  };
}

export function toCustomer(o: VisibleOrganizationRow): Customer {
  return {
    CustomerID: o.id,
    CustomerName: o.name,
    ParentCustomerID: o.parent_organization_id,
    RoleID: o.role_id,
    CustomerRights: o.rights.map((Widget) => ({ Widget })),
  };
}

/** Organizations where the user may perform action on resource (optionally one organization). */
export async function authorizedOrganizations(
  db: Queryable,
  session: SessionRow,
  action: Action,
  resource: Resource,
  item?: number,
): Promise<OrganizationSummary[]> {
  const orgs = await reachedOrganizations(db, session);
  return orgs
    .filter((o) => (item === undefined || o.id === item) && hasAccess(orgs, o.id, action, resource))
    .map(toSummary);
}

/** The avatar address with its cache key, so a new logo is fetched at once. */
export const organizationAvatarUrl = (o: Pick<OrganizationRow, 'id' | 'avatar_key'>) =>
  o.avatar_key ? `/api/v3/user/organization/${o.id}/avatar?v=${o.avatar_key}` : null;

/** GET /organization/{id}: an organization the user may see; any other answers as absent. */
export async function organizationView(db: Queryable, session: SessionRow, id: number): Promise<OrganizationView> {
  const visible = (await reachedOrganizations(db, session)).find((o) => o.id === id);
  const row = visible && (await findOrganization(db, id));
  if (!visible || !row) throw new HttpError(404, 'Organisation not found');
  return {
    id,
    name: row.name,
    parentOrganizationId: row.parent_organization_id,
    roleId: visible.role_id,
    avatar: organizationAvatarUrl(row),
    accountUrl: row.account_url,
    theme: row.theme,
    brandColor: row.brand_color,
    trialEndsAt: row.trial_ends_at ? row.trial_ends_at.toISOString() : null,
  };
}

export async function organizationAvatar(db: Queryable, session: SessionRow | null, id: number) {
  const visible = session === null || (await reachedOrganizations(db, session)).some((o) => o.id === id);
  const image = visible ? await findOrganizationAvatar(db, id) : null;
  if (!image) throw new HttpError(404, 'No avatar');
  return { data: image.data, type: image.type, etag: `"${image.key}"` };
}

/** The organization an account URL names now; an old URL names the one it moved with. */
export async function accountOrganization(db: Queryable, accountUrl: string) {
  const found = await resolveAccountUrl(db, accountUrl);
  return found && (await findOrganization(db, found.id));
}

/** The sign-in page of an account URL (/a/{accountUrl}): whom the user signs in to. */
export async function accountBrand(db: Queryable, accountUrl: string): Promise<AccountBrand> {
  const row = await accountOrganization(db, accountUrl);
  if (!row?.account_url) throw new HttpError(404, 'Unknown account');
  return {
    accountUrl: row.account_url,
    name: row.name,
    avatar: row.avatar_key ? `/api/v1/account/${row.account_url}/avatar?v=${row.avatar_key}` : null,
    brandColor: row.brand_color,
  };
}

export async function resolveAccountOrganization(db: Queryable, accountUrl: string): Promise<number> {
  const found = await resolveAccountUrl(db, accountUrl);
  if (!found) throw new HttpError(404, 'Unknown account');
  return found.id;
}

/** The organization and its descendants among those given (ids). */
export function subtreeOf(
  orgs: readonly Pick<VisibleOrganizationRow, 'id' | 'parent_organization_id'>[],
  rootId: number,
) {
  const inside = new Set([rootId]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const o of orgs)
      if (o.parent_organization_id !== null && inside.has(o.parent_organization_id) && !inside.has(o.id)) {
        inside.add(o.id);
        grew = true;
      }
  }
  return [...inside];
}

export { hasAccess, requireAccess, withAccess } from './access.ts';
// The stored rows other modules read and write, through this service only.
export type { VisibleOrganizationRow } from './organizations.repository.ts';
export { reachedOrganizations, scopeOrganizations, scopeWithin } from './scope.ts';

export function addOrganizationRight(db: Queryable, organizationId: number, widget: number) {
  return organizationsRepository.addOrganizationRight(db, organizationId, widget);
}

export function deleteOrganization(db: Queryable, id: number) {
  return organizationsRepository.deleteOrganization(db, id);
}

export function dropAccountUrlRedirect(db: Queryable, accountUrl: string) {
  return organizationsRepository.dropAccountUrlRedirect(db, accountUrl);
}

export function endTrial(db: Queryable, id: number) {
  return organizationsRepository.endTrial(db, id);
}

export function findOrganization(db: Queryable, id: number) {
  return organizationsRepository.findOrganization(db, id);
}

export function findOrganizationByName(db: Queryable, name: string) {
  return organizationsRepository.findOrganizationByName(db, name);
}

export function findOrganizationsByIds(db: Queryable, ids: readonly number[]) {
  return organizationsRepository.findOrganizationsByIds(db, ids);
}

export function insertOrganization(db: Queryable, name: string, parentId: number | null) {
  return organizationsRepository.insertOrganization(db, name, parentId);
}

export function insertTrialOrganization(db: Queryable, name: string, parentId: number, endsAt: Date) {
  return organizationsRepository.insertTrialOrganization(db, name, parentId, endsAt);
}

export function keepAccountUrlRedirect(db: Queryable, accountUrl: string, organizationId: number, until: Date) {
  return organizationsRepository.keepAccountUrlRedirect(db, accountUrl, organizationId, until);
}

export function moveOrganization(db: Queryable, id: number, parentId: number) {
  return organizationsRepository.moveOrganization(db, id, parentId);
}

export function organizationContents(db: Queryable, id: number) {
  return organizationsRepository.organizationContents(db, id);
}

export function policiesOfUser(db: Queryable, userId: number) {
  return organizationsRepository.policiesOfUser(db, userId);
}

export function renameOrganization(db: Queryable, id: number, name: string) {
  return organizationsRepository.renameOrganization(db, id, name);
}

export function resolveAccountUrl(db: Queryable, accountUrl: string) {
  return organizationsRepository.resolveAccountUrl(db, accountUrl);
}

export function rootOrganizationId(db: Queryable) {
  return organizationsRepository.rootOrganizationId(db);
}

export function setOrganizationInfo(
  db: Queryable,
  id: number,
  kind: 'billing_info' | 'contact_info',
  info: Record<string, string>,
) {
  return organizationsRepository.setOrganizationInfo(db, id, kind, info);
}

export function setStock(db: Queryable, id: number, stock: boolean) {
  return organizationsRepository.setStock(db, id, stock);
}

export function updateOrganizationSettings(db: Queryable, id: number, s: organizationsRepository.OrganizationSettings) {
  return organizationsRepository.updateOrganizationSettings(db, id, s);
}

export function visibleOrganizations(db: Queryable, userId: number) {
  return organizationsRepository.visibleOrganizations(db, userId);
}

export function setOrganizationAvatar(db: Queryable, id: number, image: { data: Buffer; type: string } | null) {
  return organizationsRepository.setOrganizationAvatar(db, id, image);
}
