import type { Queryable } from '../../db/db.ts';

/** A device group (v2) and unit group (legacy GroupId, Description) with its member units. */
export type GroupRow = {
  id: number;
  key: string;
  organization_id: number;
  name: string;
  description: string;
  devices: number[];
};

/** Members are listed only when their unit belongs to the organizations of parameter `orgs` (the caller's scope). */
const select = (orgs: string) => `select g.id, g.key, g.organization_id, g.name, g.description,
    coalesce((select array_agg(m.unit_id order by m.unit_id) from device_group_members m join units u on u.id = m.unit_id
              where m.group_id = g.id and u.organization_id = any(${orgs})), '{}') as devices
  from device_groups g`;

export async function listGroups(db: Queryable, organizationIds: readonly number[]): Promise<GroupRow[]> {
  return db.query<GroupRow>(
    `${select('$1')} where g.organization_id = any($1) order by g.organization_id, g.name, g.id`,
    [organizationIds],
  );
}

/** A group, only when it belongs to one of the given organizations. */
export async function findGroup(
  db: Queryable,
  id: number,
  organizationIds: readonly number[],
): Promise<GroupRow | undefined> {
  const rows = await db.query<GroupRow>(`${select('$2')} where g.id = $1 and g.organization_id = any($2)`, [
    id,
    organizationIds,
  ]);
  return rows[0];
}

export async function insertGroup(
  db: Queryable,
  g: { organizationId: number; name: string; description: string },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    'insert into device_groups (organization_id, name, description) values ($1, $2, $3) returning id',
    [g.organizationId, g.name, g.description],
  );
  if (!row) throw new Error('insert into device_groups returned nothing');
  return row.id;
}

export async function updateGroup(db: Queryable, id: number, g: { name: string; description?: string }) {
  await db.query('update device_groups set name = $2, description = coalesce($3, description) where id = $1', [
    id,
    g.name,
    g.description ?? null,
  ]);
}

export async function deleteGroup(db: Queryable, id: number) {
  await db.query('delete from device_groups where id = $1', [id]);
}

/**
 * Replaces the member units of a group that belong to the given organizations (the caller's scope);
 * members the caller cannot see stay.
 */
export async function setGroupMembers(
  db: Queryable,
  groupId: number,
  unitIds: readonly number[],
  organizationIds: readonly number[],
) {
  await db.query(
    `delete from device_group_members
     where group_id = $1 and unit_id in (select id from units where organization_id = any($2))`,
    [groupId, organizationIds],
  );
  await db.query(
    'insert into device_group_members (group_id, unit_id) select $1, u from unnest($2::int[]) as x(u) on conflict do nothing',
    [groupId, unitIds],
  );
}

export type UnitGroupRow = { unit_id: number; name: string; organization_id: number };

/** The groups holding each of the units (directly or by location), with each group's organization, by unit and name. */
export async function groupsOfUnits(db: Queryable, unitIds: readonly number[]): Promise<UnitGroupRow[]> {
  return db.query<UnitGroupRow>(
    `select m.unit_id, g.name, g.organization_id from group_units m join device_groups g on g.id = m.group_id
     where m.unit_id = any($1) order by m.unit_id, g.name`,
    [unitIds],
  );
}

/** The units in any of the groups (of the given organizations), directly or by location. */
export async function unitsInGroups(
  db: Queryable,
  groupIds: readonly number[],
  organizationIds: readonly number[],
): Promise<number[]> {
  const rows = await db.query<{ unit_id: number }>(
    `select distinct m.unit_id from group_units m join device_groups g on g.id = m.group_id
     where m.group_id = any($1) and g.organization_id = any($2)`,
    [groupIds, organizationIds],
  );
  return rows.map((r) => r.unit_id);
}

/** Locks the organization's row until the transaction ends: its group changes then happen one at a time. */
export async function lockOrganizationGroups(tx: Queryable, organizationId: number) {
  await tx.query('select id from organizations where id = $1 for update', [organizationId]);
}
