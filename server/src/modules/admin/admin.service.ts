import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_URL_REDIRECT_DAYS,
  type AddUserBody,
  type AddUserResult,
  type AdminOrganization,
  type AdminProfile,
  type ContactFields,
  DAY_MS,
  type OrganizationSettings,
  validateBlank,
  validateEmail,
} from '@fieldwatch/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/db.ts';
import { HttpError } from '../../http.ts';
import type { SessionEndings } from '../../live/bus.ts';

import type { AccountMailer } from '../auth/accountMail.ts';
import { endAllSessions } from '../auth/auth.service.ts';
import { hashPassword } from '../auth/password.ts';
import { sendInvitation, setPasswordOf } from '../auth/passwords.service.ts';
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
  rootOrganizationId,
  setOrganizationAvatar,
  setOrganizationInfo,
  subtreeOf,
  updateOrganizationSettings,
  type VisibleOrganizationRow,
  visibleOrganizations,
} from '../organisations/organisations.service.ts';
import { saveAvatar, updateProfile } from '../users/profile.service.ts';
import {
  deleteUser,
  findUserById,
  findUserByUsername,
  insertUser,
  profilesInOrganizations,
  removeUserRole,
  rolesOfUser,
  setUserRole,
  toProfile,
  type UserRow,
} from '../users/users.service.ts';

/**
 * Who may administer what: a SuperUser role on an organisation covers it and its descendants
 * (a role reaches down the tree, never up). Everything here checks that first and answers 403 otherwise, so a refused call
 * reads and writes nothing else.
 */
export type Admin = { userId: number; sessionId: string };

const refused = () => new HttpError(403, 'You may not administer this organisation');

/** The organisations the user may administer (SuperUser on them or an ancestor). */
export async function administered(db: Queryable, admin: Admin): Promise<VisibleOrganizationRow[]> {
  return (await visibleOrganizations(db, admin.userId)).filter((o) => o.role_id === 0);
}

/** The administered organisations, refusing when `organizationId` is not among them. */
export async function requireAdministered(db: Queryable, admin: Admin, organizationId?: number) {
  const orgs = await administered(db, admin);
  if (orgs.length === 0 || (organizationId !== undefined && !orgs.some((o) => o.id === organizationId)))
    throw refused();
  return orgs;
}

/**
 * The platform's administrator: a SuperUser of the root organisation (the first one without a parent).
 * Platform-wide things (error reports) are theirs alone; a SuperUser lower in the tree gets 403.
 */
async function isPlatformAdmin(db: Queryable, admin: Pick<Admin, 'userId'>): Promise<boolean> {
  const root = await rootOrganizationId(db);
  return (
    root !== undefined &&
    (await rolesOfUser(db, admin.userId)).some((r) => r.organization_id === root && r.role_id === 0)
  );
}

export async function requirePlatformAdmin(db: Queryable, admin: Pick<Admin, 'userId'>) {
  if (!(await isPlatformAdmin(db, admin))) throw new HttpError(403, 'Only the platform administrator may do this');
}

/** A user every one of whose roles lies in administered organisations: one this admin fully governs. */
async function governedUser(db: Queryable, admin: Admin, username: string): Promise<UserRow> {
  const orgs = await requireAdministered(db, admin);
  const user = await findUserByUsername(db, username);
  const roles = user ? await rolesOfUser(db, user.id) : [];
  const ids = new Set(orgs.map((o) => o.id));
  // Unknown users answer like foreign ones: the call reveals nothing about accounts outside.
  if (!user || roles.length === 0 || !roles.every((r) => ids.has(r.organization_id))) throw refused();
  return user;
}

const avatarUrl = (u: UserRow) =>
  u.avatar_key ? `/api/v1/admin/userAvatar?username=${encodeURIComponent(u.username)}&v=${u.avatar_key}` : null;

export async function profilesByOrganization(db: Queryable, admin: Admin, organizationId?: number) {
  const orgs = await requireAdministered(db, admin, organizationId);
  const ids = organizationId === undefined ? orgs.map((o) => o.id) : subtreeOf(orgs, organizationId);
  return (await profilesInOrganizations(db, ids)).map(
    (u): AdminProfile => ({
      username: u.username,
      name: u.fullname,
      organizationId: u.organization_id,
      roleId: u.role_id,
      userProfile: toProfile(u),
      avatar: avatarUrl(u),
      lastSignIn: u.last_login ? u.last_login.toISOString() : null,
    }),
  );
}

/** A user within reach of the admin (a role in an administered organisation), for their avatar. */
export async function reachableUserId(db: Queryable, admin: Admin, username: string): Promise<number> {
  const orgs = await requireAdministered(db, admin);
  const user = await findUserByUsername(db, username);
  const roles = user ? await rolesOfUser(db, user.id) : [];
  if (!user || !roles.some((r) => orgs.some((o) => o.id === r.organization_id))) throw refused();
  return user.id;
}

async function roleTarget(db: Queryable, admin: Admin, username: string, organizationId: number) {
  await requireAdministered(db, admin, organizationId);
  const user = await findUserByUsername(db, username);
  if (!user) throw new HttpError(404, 'User not found');
  if (user.id === admin.userId) throw new HttpError(409, 'You cannot change your own role');
  return user;
}

/** Removes the user's role in the organisation; a user left without any role is deleted, sessions and all. */
export async function deleteProfile(
  db: Db,
  bus: SessionEndings,
  admin: Admin,
  username: string,
  organizationId: number,
) {
  const user = await roleTarget(db, admin, username, organizationId);
  const ended: string[] = [];
  await db.transaction(async (tx) => {
    if (!(await removeUserRole(tx, user.id, organizationId)))
      throw new HttpError(404, 'The user has no role in this organisation');
    if ((await rolesOfUser(tx, user.id)).length > 0) return;
    await endAllSessions(tx, { sessionsEnded: (ids) => ended.push(...ids) }, user.id);
    await deleteUser(tx, user.id);
  });
  // Announced after the commit: a removal rolled back ends no socket.
  bus.sessionsEnded(ended);
  return { success: true };
}

export async function updateUserRole(
  db: Queryable,
  admin: Admin,
  username: string,
  organizationId: number,
  roleId: number,
) {
  const user = await roleTarget(db, admin, username, organizationId);
  const roles = await rolesOfUser(db, user.id);
  // A role in a new organisation is given only to a user this admin governs entirely.
  if (!roles.some((r) => r.organization_id === organizationId)) await governedUser(db, admin, username);
  await setUserRole(db, user.id, organizationId, roleId);
  return { success: true };
}

export async function updateUserPassword(
  db: Queryable,
  bus: SessionEndings,
  admin: Admin,
  username: string,
  password: string,
) {
  const user = await governedUser(db, admin, username);
  await setPasswordOf(db, bus, user.id, password);
}

export async function updateUserProfile(
  db: Queryable,
  admin: Admin,
  username: string,
  profile: Record<string, unknown>,
  log?: FastifyBaseLogger,
) {
  const user = await governedUser(db, admin, username);
  return updateProfile(db, user.id, profile, log);
}

export async function setUserAvatar(
  db: Queryable,
  admin: Admin,
  username: string,
  image: { data: Buffer; type: string } | null,
) {
  const user = await governedUser(db, admin, username);
  return saveAvatar(db, user.id, image);
}

/**
 * addUser: a new user with the role (default Reader) and, with an e-mail address, an invitation
 * to set a first password. An existing username the admin fully governs gets the role instead;
 * any other existing username is taken.
 */
export async function addUser(
  db: Db,
  admin: Admin,
  body: AddUserBody,
  invite: { mailer: AccountMailer; origin: string; log: FastifyBaseLogger },
): Promise<AddUserResult> {
  const orgs = await requireAdministered(db, admin, body.organizationId);
  const blank = validateBlank(body.name, 'name');
  if (blank) throw new HttpError(400, 'name should not be blank');
  const email = body.email?.trim() ?? '';
  if (email && validateEmail(email, 'email')) throw new HttpError(400, 'Enter valid email');
  const role = body.roleId ?? 2;
  const existing = await findUserByUsername(db, body.username);
  if (existing) {
    await governedUser(db, admin, body.username).catch(() => {
      throw new HttpError(409, 'This username is taken');
    });
    await setUserRole(db, existing.id, body.organizationId, role);
    return { username: existing.username, created: false, invited: false };
  }
  // No password is known to anyone until the invitee sets one through the link.
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  const userId = await db.transaction(async (tx) => {
    const id = await insertUser(tx, {
      username: body.username,
      passwordHash: unusable,
      fullname: body.name.trim(),
      email,
    });
    await setUserRole(tx, id, body.organizationId, role);
    return id;
  });
  const user = await findUserById(db, userId);
  let invited = false;
  if (user && email) {
    const organization = orgs.find((o) => o.id === body.organizationId)?.name ?? '';
    invited = await sendInvitation(db, invite.mailer, user, { organization, origin: invite.origin })
      .then(() => true)
      .catch((err) => {
        invite.log.error({ err }, 'invitation mail failed');
        return false;
      });
  }
  return { username: body.username, created: true, invited, ...(invited ? { delivery: invite.mailer.delivery } : {}) };
}

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

/** Deleting or moving an organisation takes a SuperUser of its parent: nobody removes the ground they stand on. */
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
  };
}

/**
 * Saves general, customization and security settings. A changed account URL keeps redirecting
 * from the old one for 30 days; an URL another organisation holds or still redirects
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
    await updateOrganizationSettings(tx, id, s);
  });
  return organizationSettings(db, admin, id);
}

/** Converts a trial organisation into a customer: only from above it, like moving or deleting. */
export async function convertTrial(db: Queryable, admin: Admin, id: number) {
  // An ended trial is read-only to everyone in it, so the check looks at the parent alone.
  const orgs = await requireAdministered(db, admin);
  const org = await findOrganization(db, id);
  if (!org || org.parent_organization_id === null || !orgs.some((o) => o.id === org.parent_organization_id))
    throw new HttpError(403, 'Only an administrator of the parent organisation may do this');
  await endTrial(db, id);
  return { success: true };
}
