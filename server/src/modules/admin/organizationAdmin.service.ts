import {
  ACCOUNT_URL_REDIRECT_DAYS,
  type AdminOrganization,
  type ContactFields,
  DAY_MS,
  type OrganizationSettings,
  validateEmail,
} from '@fieldwatch/core';
import type { Db, Queryable } from '../../db/db.ts';
import { HttpError } from '../../http.ts';
import {
  deleteOrganization,
  dropAccountUrlRedirect,
  endTrial,
  findOrganization,
  findOrganizationsByIds,
  insertOrganization,
  keepAccountUrlRedirect,
  moveOrganization,
  organizationAvatarUrl,
  organizationContents,
  renameOrganization,
  resolveAccountUrl,
  setOrganizationAvatar,
  setOrganizationInfo,
  subtreeOf,
  updateOrganizationSettings,
} from '../organizations/organizations.service.ts';

import { type Admin, refused, requireAdministered } from './admin.access.ts';

/** Administration of organizations: info, avatar, name, place in the tree, settings and trials. */

export async function organizationsOf(db: Queryable, admin: Admin): Promise<AdminOrganization[]> {
  const orgs = await requireAdministered(db, admin);
  return (
    await findOrganizationsByIds(
      db,
      orgs.map((o) => o.id),
    )
  ).map((o) => ({
    id: o.id,
    name: o.name,
    // The top of the admin's reach shows as a root, whatever lies above it.
    parentOrganizationId: orgs.some((p) => p.id === o.parent_organization_id) ? o.parent_organization_id : null,
    avatar: organizationAvatarUrl(o),
    accountUrl: o.account_url,
    units: o.units,
    users: o.users,
    trialEndsAt: o.trial_ends_at ? o.trial_ends_at.toISOString() : null,
  }));
}

async function administeredOrganization(db: Queryable, admin: Admin, id: number) {
  await requireAdministered(db, admin, id);
  const row = await findOrganization(db, id);
  if (!row) throw refused();
  return row;
}

const INFO = { billing: 'billing_info', contact: 'contact_info' } as const;

export async function organizationInfo(db: Queryable, admin: Admin, id: number, kind: keyof typeof INFO) {
  return (await administeredOrganization(db, admin, id))[INFO[kind]] as ContactFields;
}

export async function saveOrganizationInfo(
  db: Queryable,
  admin: Admin,
  id: number,
  kind: keyof typeof INFO,
  info: ContactFields,
) {
  await administeredOrganization(db, admin, id);
  const email = info.email?.trim();
  if (email && validateEmail(email, 'email')) throw new HttpError(400, 'Enter valid email');
  const clean = Object.fromEntries(Object.entries(info).map(([k, v]) => [k, (v ?? '').trim()]));
  await setOrganizationInfo(db, id, INFO[kind], clean);
  return clean as ContactFields;
}

export async function saveOrganizationAvatar(
  db: Queryable,
  admin: Admin,
  id: number,
  image: { data: Buffer; type: string } | null,
) {
  await administeredOrganization(db, admin, id);
  await setOrganizationAvatar(db, id, image);
  return { success: true };
}

export async function renameOrganizationOf(db: Queryable, admin: Admin, id: number, name: string) {
  await administeredOrganization(db, admin, id);
  await renameOrganization(db, id, name.trim());
  return { success: true };
}

export async function addChildOrganization(db: Queryable, admin: Admin, parentId: number, name: string) {
  await requireAdministered(db, admin, parentId);
  const id = await insertOrganization(db, name.trim(), parentId);
  return { id, name: name.trim(), parentOrganizationId: parentId };
}

/** Deleting or moving an organization takes a SuperUser of its parent: nobody removes the ground they stand on. */
async function fromParent(db: Queryable, admin: Admin, id: number) {
  const orgs = await requireAdministered(db, admin, id);
  const org = orgs.find((o) => o.id === id);
  if (!org || org.parent_organization_id === null || !orgs.some((o) => o.id === org.parent_organization_id))
    throw new HttpError(403, 'Only an administrator of the parent organisation may do this');
  return orgs;
}

export async function deleteOrganizationOf(db: Queryable, admin: Admin, id: number) {
  await fromParent(db, admin, id);
  const contents = await organizationContents(db, id);
  if (contents.children > 0 || contents.units > 0)
    throw new HttpError(409, 'Move or delete its child organisations and units first');
  await deleteOrganization(db, id);
  return { success: true };
}

export async function moveOrganizationOf(db: Queryable, admin: Admin, id: number, parentId: number) {
  const orgs = await fromParent(db, admin, id);
  if (!orgs.some((o) => o.id === parentId)) throw refused();
  if (subtreeOf(orgs, id).includes(parentId)) throw new HttpError(409, 'An organisation cannot move under itself');
  await moveOrganization(db, id, parentId);
  return { success: true };
}

export async function organizationSettings(db: Queryable, admin: Admin, id: number): Promise<OrganizationSettings> {
  const o = await administeredOrganization(db, admin, id);
  return {
    accountUrl: o.account_url,
    theme: o.theme,
    brandColor: o.brand_color,
    passwordMinLength: o.password_min_length,
    sessionLifetimeHours: o.session_lifetime_hours,
    requireTwoFactor: o.require_two_factor,
  };
}

/**
 * Saves general, customization and security settings. A changed account URL keeps redirecting
 * from the old one for 30 days; an URL another organization holds or still redirects
 * from is taken.
 */
export async function saveOrganizationSettings(db: Db, admin: Admin, id: number, s: OrganizationSettings) {
  const before = await administeredOrganization(db, admin, id);
  if (s.accountUrl && s.accountUrl !== before.account_url) {
    const holder = await resolveAccountUrl(db, s.accountUrl);
    if (holder && holder.id !== id) throw new HttpError(409, 'This account URL is taken');
  }
  await db.transaction(async (tx) => {
    if (before.account_url && before.account_url !== s.accountUrl) {
      const until = new Date(Date.now() + ACCOUNT_URL_REDIRECT_DAYS * DAY_MS);
      await keepAccountUrlRedirect(tx, before.account_url, id, until);
    }
    if (s.accountUrl) await dropAccountUrlRedirect(tx, s.accountUrl);
    // Left out, the two-factor policy stays as it is (clients from before it send no such field).
    await updateOrganizationSettings(tx, id, {
      ...s,
      requireTwoFactor: s.requireTwoFactor ?? before.require_two_factor,
    });
  });
  return organizationSettings(db, admin, id);
}

/** Converts a trial organization into a customer: only from above it, like moving or deleting. */
export async function convertTrial(db: Queryable, admin: Admin, id: number) {
  // An ended trial is read-only to everyone in it, so the check looks at the parent alone.
  const orgs = await requireAdministered(db, admin);
  const org = await findOrganization(db, id);
  if (!org || org.parent_organization_id === null || !orgs.some((o) => o.id === org.parent_organization_id))
    throw new HttpError(403, 'Only an administrator of the parent organisation may do this');
  await endTrial(db, id);
  return { success: true };
}
