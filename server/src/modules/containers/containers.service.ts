import {
  type ContainerView,
  EventMessages,
  type GroupImportResult,
  generateId,
  type NewContainer,
} from '@fieldwatch/core';
import type { Db, Queryable } from '../../db/db.ts';
import { HttpError } from '../../http.ts';

import type { SessionRow } from '../auth/auth.service.ts';
import {
  assertWritable,
  deviceScope,
  listUnits,
  type DeviceScope as Scope,
  type ScopeOptions,
} from '../devices/devices.service.ts';
import { changeDeviceGroup, createDeviceGroup, removeDeviceGroup } from '../devices/groups.service.ts';
import {
  addGroupLocations,
  deleteLocation,
  findLocationByName,
  type GroupContainerRow,
  insertLocation,
  type LocationRow,
  listGroupContainers,
  listLocations,
  placeUnits,
  removeUnits,
  renameLocation,
  setGroupLocations,
} from './containers.repository.ts';

const CONTAINER_NOT_FOUND = 'Container not found';
const missing = () => new HttpError(400, EventMessages.missingParameters);

const locationView = (l: LocationRow): ContainerView => ({
  id: l.id,
  type: 'locations',
  organization: l.organization_id,
  name: l.name,
  content: l.units.map((u) => ({ name: u.name, type: 'unit', target: String(u.id) })),
});

const groupView = (g: GroupContainerRow): ContainerView => ({
  id: g.key,
  type: 'groups',
  organization: g.organization_id,
  name: g.name,
  groupId: g.id,
  content: [
    ...g.locations.map((l) => ({ name: l.name, type: 'location' as const, target: l.id })),
    ...g.units.map((u) => ({ name: u.name, type: 'unit' as const, target: String(u.id) })),
  ],
});

/** A container the user sees: a group (by its key) or a location; 404 otherwise. */
async function findContainer(db: Queryable, scope: Scope, id: string) {
  const [group] = await listGroupContainers(db, scope.visible, [id]);
  if (group) return { kind: 'groups' as const, group, organization: group.organization_id };
  const [location] = await listLocations(db, scope.visible, [id]);
  if (location) return { kind: 'locations' as const, location, organization: location.organization_id };
  throw new HttpError(404, CONTAINER_NOT_FOUND);
}

async function viewOf(db: Queryable, scope: Scope, id: string): Promise<ContainerView> {
  const found = await findContainer(db, scope, id);
  return found.kind === 'groups' ? groupView(found.group) : locationView(found.location);
}

/** Units the user may move: each visible (404 otherwise) and in an organization they may operate in (403). */
async function movableUnits(db: Queryable, scope: Scope, unitIds: readonly number[]): Promise<number[]> {
  const ids = [...new Set(unitIds)];
  const units = await listUnits(db, scope.visible, ids);
  if (units.length !== ids.length) throw new HttpError(404, 'Unit not found');
  for (const u of units) assertWritable(scope, u.organization_id);
  return ids;
}

const nameOf = (name: string | undefined) => {
  const trimmed = name?.trim();
  if (!trimmed) throw missing();
  return trimmed;
};

export async function listContainers(
  db: Queryable,
  session: SessionRow,
  opts: ScopeOptions & { type?: 'groups' | 'locations' },
): Promise<ContainerView[]> {
  const { visible } = await deviceScope(db, session, opts);
  const groups = opts.type === 'locations' ? [] : (await listGroupContainers(db, visible)).map(groupView);
  const locations = opts.type === 'groups' ? [] : (await listLocations(db, visible)).map(locationView);
  return [...groups, ...locations];
}

/** Creates a group (a device group with a container id) or a location; a blank name is 'Missing parameters'. */
export async function addContainer(db: Db, session: SessionRow, body: NewContainer): Promise<ContainerView> {
  const name = nameOf(body.name);
  const scope = await deviceScope(db, session);
  if (!scope.visible.includes(body.organization)) throw new HttpError(404, 'Organisation not found');
  assertWritable(scope, body.organization);
  if (body.type === 'groups') {
    const group = await createDeviceGroup(db, session, { organization: body.organization, name, description: '' });
    return viewOf(db, scope, group.key);
  }
  const id = generateId();
  await insertLocation(db, { id, organizationId: body.organization, name });
  return viewOf(db, scope, id);
}

/** Renames a container; a group may also be given the locations it holds (of its own organization). */
export async function changeContainer(
  db: Db,
  session: SessionRow,
  id: string,
  body: { name?: string; locations?: readonly string[] },
): Promise<ContainerView> {
  const scope = await deviceScope(db, session);
  const found = await findContainer(db, scope, id);
  assertWritable(scope, found.organization);
  const name = body.name === undefined ? undefined : nameOf(body.name);
  if (found.kind === 'locations') {
    if (body.locations) throw new HttpError(400, 'locations: only a group holds locations');
    if (name) await renameLocation(db, id, name);
    return viewOf(db, scope, id);
  }
  const group = found.group;
  const locations = body.locations ? await ownLocations(db, scope, group.organization_id, body.locations) : undefined;
  if (name) await changeDeviceGroup(db, session, { id: group.id, organization: group.organization_id, name });
  if (locations) await setGroupLocations(db, group.id, locations);
  return viewOf(db, scope, id);
}

/** Locations a group may hold: existing ones of the group's own organization. */
async function ownLocations(db: Queryable, scope: Scope, organization: number, ids: readonly string[]) {
  const found = await listLocations(db, [organization], ids);
  if (found.length !== new Set(ids).size) throw new HttpError(404, 'Location not found');
  assertWritable(scope, organization);
  return found.map((l) => l.id);
}

export async function removeContainer(db: Db, session: SessionRow, id: string): Promise<{ id: string }> {
  const scope = await deviceScope(db, session);
  const found = await findContainer(db, scope, id);
  assertWritable(scope, found.organization);
  if (found.kind === 'groups')
    await removeDeviceGroup(db, session, { id: found.group.id, organization: found.organization });
  else await deleteLocation(db, id);
  return { id };
}

/** Puts units in a location (they leave the one they were in) or takes them out of it. */
export async function moveUnits(
  db: Db,
  session: SessionRow,
  id: string,
  unitIds: readonly number[],
  direction: 'in' | 'out',
): Promise<ContainerView> {
  const scope = await deviceScope(db, session);
  const found = await findContainer(db, scope, id);
  if (found.kind !== 'locations') throw new HttpError(400, 'units: a group takes its units with devices/updateGroup');
  assertWritable(scope, found.organization);
  const units = await movableUnits(db, scope, unitIds);
  if (direction === 'in') await placeUnits(db, id, units);
  else await removeUnits(db, id, units);
  return viewOf(db, scope, id);
}

/** Group import: the customer's group of that name, organised into locations (organiseByPlace). */
export async function importGroup(
  db: Db,
  session: SessionRow,
  body: { customerId?: number; groupName?: string },
): Promise<GroupImportResult> {
  const groupName = body.groupName?.trim();
  if (!body.customerId || !groupName) throw missing();
  const scope = await deviceScope(db, session, { customerIds: [body.customerId] });
  const group = (await listGroupContainers(db, scope.visible)).find(
    (g) => g.organization_id === body.customerId && g.name.toLowerCase() === groupName.toLowerCase(),
  );
  if (!group) throw new HttpError(404, 'Group not found');
  assertWritable(scope, group.organization_id);
  const locationIds = await organiseByPlace(db, group, scope.visible);
  const [imported] = await listGroupContainers(db, scope.visible, [group.key]);
  return {
    groups: imported ? [groupView(imported)] : [],
    locations: (await listLocations(db, scope.visible, locationIds)).map(locationView),
  };
}

/**
 * Sorts a group's units into locations by their location text (a unit without one goes to a
 * location named after the group): each text becomes a location of the group's organization (one of
 * the same name is reused), its units move there, and the group holds those locations.
 */
export async function organiseByPlace(
  db: Db,
  group: Pick<GroupContainerRow, 'id' | 'organization_id' | 'name' | 'units'>,
  scope: readonly number[],
): Promise<string[]> {
  const units = await listUnits(
    db,
    scope,
    group.units.map((u) => u.id),
  );
  const byPlace = new Map<string, number[]>();
  for (const u of units) {
    const place = u.unit_location.trim() || group.name;
    byPlace.set(place, [...(byPlace.get(place) ?? []), u.id]);
  }
  return db.transaction(async (tx) => {
    const ids: string[] = [];
    for (const [place, members] of byPlace) {
      let id = await findLocationByName(tx, group.organization_id, place);
      if (!id) {
        id = generateId();
        await insertLocation(tx, { id, organizationId: group.organization_id, name: place });
      }
      await placeUnits(tx, id, members);
      ids.push(id);
    }
    await addGroupLocations(tx, group.id, ids);
    return ids;
  });
}

/** Demo seed: an organization's groups organised into locations, once (when it has none yet). */
export async function seedDemoLocations(db: Db, organizationId: number): Promise<boolean> {
  if ((await listLocations(db, [organizationId])).length > 0) return false;
  for (const group of await listGroupContainers(db, [organizationId])) {
    await organiseByPlace(db, group, [organizationId]);
  }
  return true;
}
