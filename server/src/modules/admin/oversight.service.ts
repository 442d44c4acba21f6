import type { OrganizationSession, OrganizationUsage, OwnedDashboard } from '@fieldwatch/core';
import type { Queryable } from '../../db/db.ts';
import { HttpError } from '../../http.ts';
import type { SessionEndings } from '../../live/bus.ts';

import { endSessionOfUser, findSessionById, listSessionsOfOrganizations } from '../auth/auth.service.ts';
import { subtreeOf } from '../organizations/organizations.service.ts';
import { findUserByUsername, rolesOfUser } from '../users/users.service.ts';
import { type Admin, requireAdministered } from './admin.access.ts';
import { dashboardsOfOrganizations, transferDashboards, usagePerDay } from './admin.repository.ts';

/**
 * What an administrator oversees in an organization and its descendants: its users' sessions,
 * the ownership of their dashboards, and its usage over time.
 */
async function scope(db: Queryable, admin: Admin, id: number) {
  return subtreeOf(await requireAdministered(db, admin, id), id);
}

export async function organizationSessions(db: Queryable, admin: Admin, id: number): Promise<OrganizationSession[]> {
  return (await listSessionsOfOrganizations(db, await scope(db, admin, id))).map((s) => ({
    id: s.id,
    username: s.username,
    name: s.fullname,
    created: s.created_at.toISOString(),
    lastSeen: s.last_seen_at.toISOString(),
    userAgent: s.user_agent,
    address: s.address,
    current: s.id === admin.sessionId,
  }));
}

/** Ends a session of a user who holds roles only inside this administrator's organizations. */
export async function endOrganizationSession(
  db: Queryable,
  bus: SessionEndings,
  admin: Admin,
  id: number,
  sessionId: string,
) {
  const ids = await scope(db, admin, id);
  const all = new Set((await requireAdministered(db, admin)).map((o) => o.id));
  const session = await findSessionById(db, sessionId);
  const roles = session ? await rolesOfUser(db, session.user_id) : [];
  if (
    !session ||
    !roles.some((r) => ids.includes(r.organization_id)) ||
    !roles.every((r) => all.has(r.organization_id))
  )
    throw new HttpError(404, 'Session not found');
  await endSessionOfUser(db, bus, session.user_id, session.id);
  return { success: true };
}

/** Every organization the administrator administers: a user whose roles all lie in it is governed entirely. */
const administered = async (db: Queryable, admin: Admin) => (await requireAdministered(db, admin)).map((o) => o.id);

export async function organizationDashboards(db: Queryable, admin: Admin, id: number): Promise<OwnedDashboard[]> {
  const rows = await dashboardsOfOrganizations(db, await scope(db, admin, id), await administered(db, admin));
  return rows.map((d) => ({
    id: d.id,
    name: d.name,
    owner: d.username,
    ownerName: d.fullname,
    workspace: d.use_context,
    updated: d.updated_at.toISOString(),
  }));
}

/**
 * Both users must hold a role in the organization or below; for personal dashboards the giver must
 * also be governed entirely (no role outside what this administrator administers), as for their
 * password and profile. The dashboards change owner, nothing else.
 */
export async function transferOwnership(
  db: Queryable,
  admin: Admin,
  id: number,
  t: { from: string; to: string; scope: 'personal' | 'workspace' },
) {
  const ids = await scope(db, admin, id);
  const member = async (username: string) => {
    const user = await findUserByUsername(db, username);
    const roles = user ? await rolesOfUser(db, user.id) : [];
    if (!user || !roles.some((r) => ids.includes(r.organization_id)))
      throw new HttpError(404, `${username} is not a user of this organisation`);
    return user.id;
  };
  const [from, to] = [await member(t.from), await member(t.to)];
  if (from === to) throw new HttpError(400, 'Choose two different users');
  if (t.scope === 'personal') {
    const all = new Set(await administered(db, admin));
    if (!(await rolesOfUser(db, from)).every((r) => all.has(r.organization_id)))
      throw new HttpError(404, `${t.from} is not a user of this organisation`);
  }
  const moved = await transferDashboards(db, { from, to, workspace: t.scope === 'workspace', organizationIds: ids });
  return { moved };
}

export async function organizationUsage(
  db: Queryable,
  admin: Admin,
  id: number,
  days: number,
): Promise<OrganizationUsage> {
  const perDay = await usagePerDay(db, await scope(db, admin, id), days);
  const last = perDay.at(-1);
  return { units: last?.units ?? 0, users: last?.users ?? 0, days: perDay };
}
