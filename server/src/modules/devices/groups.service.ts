import type { DeviceGroup, DeviceGroupUpdate, NewDeviceGroup } from '@fieldwatch/core';
import type { Db, Queryable } from '../../db/db.ts';
import { HttpError } from '../../http.ts';
import { parseId } from '../../plugins/validation.ts';
import type { SessionRow } from '../auth/auth.service.ts';
import { scopeOrganizations } from '../organizations/organizations.service.ts';
import { listUnits } from './devices.repository.ts';
import {
  deleteGroup,
  findGroup,
  type GroupRow,
  insertGroup,
  listGroups,
  lockOrganizationGroups,
  setGroupMembers,
  updateGroup,
} from './groups.repository.ts';
import {
  assertWritable,
  deviceScope,
  type DeviceScope as Scope,
  type ScopeOptions,
  unitNotFound,
} from './unit.access.ts';

const GROUP_NOT_FOUND = 'Group not found';

function toGroup(g: GroupRow): DeviceGroup {
  return {
    id: g.id,
    key: g.key,
    organization: g.organization_id,
    name: g.name,
    description: g.description,
    devices: g.devices,
  };
}

/** Units to put in a group: each must be one the user sees (404) and may change (403). */
async function checkMembers(db: Queryable, scope: Scope, devices: readonly number[]): Promise<number[]> {
  const ids = [...new Set(devices)];
  if (ids.length === 0) return [];
  const units = await listUnits(db, scope.visible, ids);
  if (units.length !== ids.length) throw unitNotFound();
  for (const u of units) assertWritable(scope, u.organization_id);
  return ids;
}

/** A group the user may change: 404 unless visible (and of the organization named, if one is), 403 unless writable. */
async function writableGroup(db: Queryable, scope: Scope, id: number, organization?: number): Promise<GroupRow> {
  const group = await findGroup(db, id, scope.visible);
  if (!group || (organization !== undefined && group.organization_id !== organization)) {
    throw new HttpError(404, GROUP_NOT_FOUND);
  }
  assertWritable(scope, group.organization_id);
  return group;
}

async function reload(db: Queryable, id: number, scope: Scope): Promise<DeviceGroup> {
  const group = await findGroup(db, id, scope.visible);
  if (!group) throw new HttpError(404, GROUP_NOT_FOUND);
  return toGroup(group);
}

export async function listDeviceGroups(db: Queryable, session: SessionRow, opts: ScopeOptions = {}) {
  return (await listGroups(db, await scopeOrganizations(db, session, opts))).map(toGroup);
}

export async function createDeviceGroup(db: Db, session: SessionRow, body: NewDeviceGroup): Promise<DeviceGroup> {
  const scope = await deviceScope(db, session);
  if (!scope.visible.includes(body.organization)) throw new HttpError(404, 'Organisation not found');
  assertWritable(scope, body.organization);
  const members = await checkMembers(db, scope, body.devices ?? []);
  const id = await db.transaction(async (tx) => {
    const groupId = await insertGroup(tx, {
      organizationId: body.organization,
      name: body.name.trim(),
      description: body.description ?? '',
    });
    await setGroupMembers(tx, groupId, members, scope.visible);
    return groupId;
  });
  return reload(db, id, scope);
}

export async function changeDeviceGroup(db: Db, session: SessionRow, body: DeviceGroupUpdate): Promise<DeviceGroup> {
  const scope = await deviceScope(db, session);
  await writableGroup(db, scope, body.id, body.organization);
  const members = body.devices ? await checkMembers(db, scope, body.devices) : undefined;
  await db.transaction(async (tx) => {
    await updateGroup(tx, body.id, { name: body.name.trim(), description: body.description });
    if (members) await setGroupMembers(tx, body.id, members, scope.visible);
  });
  return reload(db, body.id, scope);
}

export async function removeDeviceGroup(db: Queryable, session: SessionRow, key: { id: number; organization: number }) {
  const scope = await deviceScope(db, session);
  await writableGroup(db, scope, key.id, key.organization);
  await deleteGroup(db, key.id);
  return { id: key.id };
}

/** PUT devices/updateGroup: the group's members become exactly the given units. */
export async function setDeviceGroupMembers(
  db: Db,
  session: SessionRow,
  body: { groupId: number; devices: readonly number[] },
): Promise<DeviceGroup> {
  const scope = await deviceScope(db, session);
  await writableGroup(db, scope, body.groupId);
  const members = await checkMembers(db, scope, body.devices);
  await db.transaction((tx) => setGroupMembers(tx, body.groupId, members, scope.visible));
  return reload(db, body.groupId, scope);
}

/** Legacy GetUnitGroups: the groups of one customer as GroupId and Description. */
export async function unitGroupsOf(db: Queryable, session: SessionRow, customerId: number) {
  const customerIds = [parseId(customerId, 'CustomerID')];
  const groups = await listGroups(db, await scopeOrganizations(db, session, { customerIds }));
  return groups.map((g) => ({ GroupId: g.id, Description: g.name }));
}

/**
 * Gives an organization these groups with their member units, once: an organization that already has
 * groups keeps them (demo seed). The organization's row lock keeps two starting instances from both seeding.
 */
export async function seedDeviceGroups(
  db: Db,
  organizationId: number,
  groups: readonly { name: string; description: string; unitIds: readonly number[] }[],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockOrganizationGroups(tx, organizationId);
    if ((await listGroups(tx, [organizationId])).length > 0) return false;
    for (const g of groups) {
      const id = await insertGroup(tx, { organizationId, name: g.name, description: g.description });
      await setGroupMembers(tx, id, g.unitIds, [organizationId]);
    }
    return true;
  });
}
