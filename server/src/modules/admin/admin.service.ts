import { randomBytes } from 'node:crypto';
import {
  type AddUserBody,
  type AddUserResult,
  type AdminProfile,
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
import { resetTwoFactor } from '../auth/twoFactor.service.ts';
import { subtreeOf } from '../organizations/organizations.service.ts';
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

import { type Admin, refused, requireAdministered } from './admin.access.ts';

/** Administration of users: their profiles, roles and passwords in the organizations an admin administers. */

/** A user every one of whose roles lies in administered organizations: one this admin fully governs. */
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

/** A user within reach of the admin (a role in an administered organization), for their avatar. */
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

/** Removes the user's role in the organization; a user left without any role is deleted, sessions and all. */
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
  // A role in a new organization is given only to a user this admin governs entirely.
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

/**
 * Resets a user's two-factor sign-in (a lost phone and lost recovery codes): secret, recovery codes
 * and pending sign-ins go; the user signs in with the password and, under a policy, enrols anew.
 * Only a SuperUser governing every role of the user, as for a password.
 */
export async function resetTwoFactorOf(db: Queryable, admin: Admin, username: string) {
  const user = await governedUser(db, admin, username);
  await resetTwoFactor(db, user.id);
  return { success: true };
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
