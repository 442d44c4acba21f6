import type { AccessLevel } from '@fieldwatch/core';
import type { Queryable } from '../../db/db.ts';

export type VisibleOrganizationRow = {
  id: number;
  name: string;
  parent_organization_id: number | null;
  /** The role that reaches the user here: their own, or the strongest inherited from above. */
  role_id: AccessLevel;
  rights: number[];
  trial_ends_at: Date | null;
};

/**
 * Every organization a user may see: those they hold a role on and all their descendants,
 * each with the strongest role held on it or on an ancestor.
 */
export async function visibleOrganizations(db: Queryable, userId: number): Promise<VisibleOrganizationRow[]> {
  // An organization whose trial has ended (and those below it) is read-only: every role there
  // counts as Reader until an administrator converts it. Nothing is deleted.
  return db.query<VisibleOrganizationRow>(
    `with recursive reach (id, role_id, ended) as (
       select r.organization_id, r.role_id, coalesce(o.trial_ends_at < now(), false)
       from user_roles r join organizations o on o.id = r.organization_id where r.user_id = $1
       union -- not 'union all': a cycle in the tree cannot make this recurse forever
       select o.id, r.role_id, r.ended or coalesce(o.trial_ends_at < now(), false)
       from organizations o join reach r on o.parent_organization_id = r.id
     )
     select o.id, o.name, o.parent_organization_id, o.trial_ends_at,
       min(case when r.ended then greatest(r.role_id, 2) else r.role_id end)::int as role_id,
       coalesce((select array_agg(w.widget order by w.widget) from organization_rights w
                 where w.organization_id = o.id), '{}') as rights
     from reach r join organizations o on o.id = r.id
     group by o.id, o.name, o.parent_organization_id, o.trial_ends_at
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

export type OrganizationRow = {
  id: number;
  name: string;
  parent_organization_id: number | null;
  avatar_key: string | null;
  account_url: string | null;
  theme: 'Dark' | 'Bright' | null;
  brand_color: string | null;
  password_min_length: number;
  session_lifetime_hours: number;
  require_two_factor: boolean;
  trial_ends_at: Date | null;
  billing_info: Record<string, string>;
  contact_info: Record<string, string>;
};

const orgColumns = `id, name, parent_organization_id, left(md5(avatar), 12) as avatar_key, account_url, theme,
  brand_color, password_min_length, session_lifetime_hours, require_two_factor, trial_ends_at, billing_info, contact_info`;

export async function findOrganization(db: Queryable, id: number): Promise<OrganizationRow | undefined> {
  const [row] = await db.query<OrganizationRow>(`select ${orgColumns} from organizations where id = $1`, [id]);
  return row;
}

export async function findOrganizationsByIds(db: Queryable, ids: readonly number[]) {
  return db.query<OrganizationRow & { units: number; users: number }>(
    `select ${orgColumns},
       (select count(*)::int from units u where u.organization_id = o.id) as units,
       (select count(*)::int from user_roles r where r.organization_id = o.id) as users
     from organizations o where id = any($1::int[]) order by id`,
    [ids],
  );
}

export async function renameOrganization(db: Queryable, id: number, name: string) {
  await db.query('update organizations set name = $2 where id = $1', [id, name]);
}

export async function moveOrganization(db: Queryable, id: number, parentId: number) {
  await db.query('update organizations set parent_organization_id = $2 where id = $1', [id, parentId]);
}

export async function deleteOrganization(db: Queryable, id: number) {
  await db.query('delete from organizations where id = $1', [id]);
}

/** What keeps an organization from being deleted: child organizations and units. */
export async function organizationContents(db: Queryable, id: number) {
  const [row] = await db.query<{ children: number; units: number }>(
    `select (select count(*)::int from organizations where parent_organization_id = $1) as children,
            (select count(*)::int from units where organization_id = $1) as units`,
    [id],
  );
  return row ?? { children: 0, units: 0 };
}

export async function setOrganizationInfo(
  db: Queryable,
  id: number,
  kind: 'billing_info' | 'contact_info',
  info: Record<string, string>,
) {
  await db.query(`update organizations set ${kind} = $2 where id = $1`, [id, JSON.stringify(info)]);
}

export async function setOrganizationAvatar(db: Queryable, id: number, image: { data: Buffer; type: string } | null) {
  await db.query('update organizations set avatar = $2, avatar_type = $3 where id = $1', [
    id,
    image?.data ?? null,
    image?.type ?? null,
  ]);
}

export async function findOrganizationAvatar(db: Queryable, id: number) {
  const [row] = await db.query<{ avatar: Buffer | null; avatar_type: string | null; key: string | null }>(
    'select avatar, avatar_type, left(md5(avatar), 12) as key from organizations where id = $1',
    [id],
  );
  return row?.avatar && row.avatar_type
    ? { data: Buffer.from(row.avatar), type: row.avatar_type, key: row.key ?? '' }
    : null;
}

export type OrganizationSettings = {
  accountUrl: string | null;
  theme: string | null;
  brandColor: string | null;
  passwordMinLength: number;
  sessionLifetimeHours: number;
  requireTwoFactor: boolean;
};

export async function updateOrganizationSettings(db: Queryable, id: number, s: OrganizationSettings) {
  await db.query(
    `update organizations set account_url = $2, theme = $3, brand_color = $4, password_min_length = $5,
       session_lifetime_hours = $6, require_two_factor = $7 where id = $1`,
    [id, s.accountUrl, s.theme, s.brandColor, s.passwordMinLength, s.sessionLifetimeHours, s.requireTwoFactor],
  );
}

/** Keeps a given-up account URL pointing at its organization until `until` (30 days on). */
export async function keepAccountUrlRedirect(db: Queryable, accountUrl: string, organizationId: number, until: Date) {
  await db.query(
    `insert into account_url_redirects (account_url, organization_id, until) values ($1, $2, $3)
     on conflict (account_url) do update set organization_id = excluded.organization_id, until = excluded.until`,
    [accountUrl, organizationId, until],
  );
}

/** Whom an account URL names now: its organization, or the one it still redirects to. */
export async function resolveAccountUrl(db: Queryable, accountUrl: string) {
  const [row] = await db.query<{ id: number; current: boolean }>(
    `select id, true as current from organizations where account_url = $1
     union all
     select organization_id, false from account_url_redirects where account_url = $1 and until > now()
     limit 1`,
    [accountUrl],
  );
  return row;
}

export async function dropAccountUrlRedirect(db: Queryable, accountUrl: string) {
  await db.query('delete from account_url_redirects where account_url = $1', [accountUrl]);
}

/** The password and session policies of the organizations where a user holds a role directly. */
export async function policiesOfUser(db: Queryable, userId: number) {
  return db.query<{ passwordMinLength: number; sessionLifetimeHours: number }>(
    `with recursive up (id) as (
       select organization_id from user_roles where user_id = $1
       union
       select o.parent_organization_id from organizations o join up on o.id = up.id
       where o.parent_organization_id is not null
     )
     select o.password_min_length as "passwordMinLength", o.session_lifetime_hours as "sessionLifetimeHours"
     from organizations o join up on up.id = o.id`,
    [userId],
  );
}

/** Ends an organization's trial: it becomes a regular customer. */
export async function endTrial(db: Queryable, id: number) {
  await db.query('update organizations set trial_ends_at = null where id = $1', [id]);
}

/** A new trial organization below `parentId`, ending at `endsAt`. */
export async function insertTrialOrganization(db: Queryable, name: string, parentId: number, endsAt: Date) {
  const [row] = await db.query<{ id: number }>(
    'insert into organizations (name, parent_organization_id, trial_ends_at) values ($1, $2, $3) returning id',
    [name, parentId, endsAt],
  );
  if (!row) throw new Error('insert into organizations returned nothing');
  return row.id;
}

/** The top of the tree: where trial organizations are made, so the platform's administrators oversee them. */
export async function rootOrganizationId(db: Queryable): Promise<number | undefined> {
  const [row] = await db.query<{ id: number }>(
    'select id from organizations where parent_organization_id is null order by id limit 1',
  );
  return row?.id;
}

export async function setStock(db: Queryable, id: number, stock: boolean) {
  await db.query('update organizations set stock = $2 where id = $1', [id, stock]);
}
