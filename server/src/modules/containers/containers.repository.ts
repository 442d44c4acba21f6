import type { Queryable } from '../../db/db.ts';

/** Locations, the locations of groups and the units of locations (migration 009). */
export type NamedUnit = { id: number; name: string };
export type LocationRow = { id: string; organization_id: number; name: string; units: NamedUnit[] };
export type GroupContainerRow = {
  id: number;
  key: string;
  organization_id: number;
  name: string;
  units: NamedUnit[];
  locations: { id: string; name: string }[];
};

/**
 * The units of each holder (location or group) in one aggregate each, joined once: a correlated
 * subquery per row was 1.5 s for 1,000 locations on PGlite (bench/device-list.bench.ts). Units are
 * listed only when they belong to the organizations `$2` (the caller's scope).
 */
const unitsBy = (table: string, holder: string) => `select m.${holder} as holder,
    json_agg(json_build_object('id', u.id, 'name', u.unit_name) order by u.unit_name, u.id) as units
  from ${table} m join units u on u.id = m.unit_id where u.organization_id = any($2) group by m.${holder}`;

export async function listLocations(
  db: Queryable,
  orgs: readonly number[],
  ids?: readonly string[],
): Promise<LocationRow[]> {
  return db.query<LocationRow>(
    `select l.id, l.organization_id, l.name, coalesce(x.units, '[]'::json) as units
     from locations l left join (${unitsBy('location_units', 'location_id')}) x on x.holder = l.id
     where l.organization_id = any($1) and ($3::text[] is null or l.id = any($3))
     order by l.organization_id, l.name, l.id`,
    [orgs, orgs, ids ?? null],
  );
}

export async function listGroupContainers(
  db: Queryable,
  orgs: readonly number[],
  keys?: readonly string[],
): Promise<GroupContainerRow[]> {
  return db.query<GroupContainerRow>(
    `select g.id, g.key, g.organization_id, g.name, coalesce(x.units, '[]'::json) as units,
       coalesce(y.locations, '[]'::json) as locations
     from device_groups g
     left join (${unitsBy('device_group_members', 'group_id')}) x on x.holder = g.id
     left join (select gl.group_id, json_agg(json_build_object('id', l.id, 'name', l.name) order by l.name, l.id) as locations
                from group_locations gl join locations l on l.id = gl.location_id
                where l.organization_id = any($2) group by gl.group_id) y on y.group_id = g.id
     where g.organization_id = any($1) and ($3::text[] is null or g.key = any($3))
     order by g.organization_id, g.name, g.id`,
    [orgs, orgs, keys ?? null],
  );
}

export async function insertLocation(db: Queryable, l: { id: string; organizationId: number; name: string }) {
  await db.query('insert into locations (id, organization_id, name) values ($1, $2, $3)', [
    l.id,
    l.organizationId,
    l.name,
  ]);
}

export async function renameLocation(db: Queryable, id: string, name: string) {
  await db.query('update locations set name = $2 where id = $1', [id, name]);
}

export async function deleteLocation(db: Queryable, id: string) {
  await db.query('delete from locations where id = $1', [id]);
}

/** The location of that name in the organization, if there is one. */
export async function findLocationByName(db: Queryable, organizationId: number, name: string) {
  const rows = await db.query<{ id: string }>(
    'select id from locations where organization_id = $1 and lower(name) = lower($2) order by id limit 1',
    [organizationId, name],
  );
  return rows[0]?.id;
}

/** Puts units in a location; each leaves the location it was in (a unit is in one place). */
export async function placeUnits(db: Queryable, locationId: string, unitIds: readonly number[]) {
  await db.query(
    `insert into location_units (unit_id, location_id) select u, $1 from unnest($2::int[]) as x(u)
     on conflict (unit_id) do update set location_id = excluded.location_id`,
    [locationId, unitIds],
  );
}

export async function removeUnits(db: Queryable, locationId: string, unitIds: readonly number[]) {
  await db.query('delete from location_units where location_id = $1 and unit_id = any($2)', [locationId, unitIds]);
}

/** The group holds exactly these locations. */
export async function setGroupLocations(db: Queryable, groupId: number, locationIds: readonly string[]) {
  await db.query('delete from group_locations where group_id = $1 and location_id <> all($2)', [groupId, locationIds]);
  await addGroupLocations(db, groupId, locationIds);
}

export async function addGroupLocations(db: Queryable, groupId: number, locationIds: readonly string[]) {
  await db.query(
    `insert into group_locations (group_id, location_id) select $1, l from unnest($2::text[]) as x(l)
     on conflict do nothing`,
    [groupId, locationIds],
  );
}
