import type { Queryable } from '../../db/db.ts';

export type VisibleOrganizationRow = {
  id: number;
  name: string;
  parent_organization_id: number | null;
  role_id: number;
  rights: number[];
};

/**
 * Every organisation a user may see: those they hold a role on and all their descendants,
 * each with the strongest role held on it or on an ancestor.
 */
export async function visibleOrganizations(db: Queryable, userId: number): Promise<VisibleOrganizationRow[]> {
  return db.query<VisibleOrganizationRow>(
    `with recursive reach (id, role_id) as (
       select organization_id, role_id from user_roles where user_id = $1
       union -- not 'union all': a cycle in the tree cannot make this recurse forever
       select o.id, r.role_id from organizations o join reach r on o.parent_organization_id = r.id
     )
     select o.id, o.name, o.parent_organization_id, min(r.role_id)::int as role_id,
       coalesce((select array_agg(w.widget order by w.widget) from organization_rights w
                 where w.organization_id = o.id), '{}') as rights
     from reach r join organizations o on o.id = r.id
     group by o.id, o.name, o.parent_organization_id
     order by o.id`,
    [userId],
  );
}

export async function insertOrganization(db: Queryable, name: string, parentId: number | null): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    'insert into organizations (name, parent_organization_id) values ($1, $2) returning id',
    [name, parentId],
  );
  if (!row) throw new Error('insert into organizations returned nothing');
  return row.id;
}

export async function addOrganizationRight(db: Queryable, organizationId: number, widget: number) {
  await db.query('insert into organization_rights (organization_id, widget) values ($1, $2) on conflict do nothing', [
    organizationId,
    widget,
  ]);
}

export async function findOrganizationByName(db: Queryable, name: string): Promise<number | undefined> {
  const rows = await db.query<{ id: number }>('select id from organizations where name = $1 order by id limit 1', [
    name,
  ]);
  return rows[0]?.id;
}
