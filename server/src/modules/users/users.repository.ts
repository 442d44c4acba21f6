import type { AccessLevel } from '@fieldwatch/core';
import type { Queryable } from '../../db/db.ts';

export type UserRow = {
  id: number;
  username: string;
  password_hash: string;
  email: string;
  fullname: string;
  title: string;
  phone: string;
  has_avatar: boolean;
  /** Changes with the avatar's bytes: the cache key of /api/v3/user/avatar. */
  avatar_key: string | null;
  gps_lat: number;
  gps_long: number;
  timezone: string;
  notification_email: boolean;
  notification_desktop: boolean;
  time_12h: boolean;
  date_format: string;
  language: string;
  last_login: Date | null;
  previous_login: Date | null;
};

/** The stored profile columns, from the users table under `alias` (admin listings join it). */
export const userColumns = (alias = 'users') =>
  `${alias}.id, ${alias}.username, ${alias}.password_hash, ${alias}.email, ${alias}.fullname, ${alias}.title,
  ${alias}.phone, ${alias}.avatar is not null as has_avatar, left(md5(${alias}.avatar), 12) as avatar_key,
  ${alias}.gps_lat, ${alias}.gps_long, ${alias}.timezone, ${alias}.notification_email, ${alias}.notification_desktop,
  ${alias}.time_12h, ${alias}.date_format, ${alias}.language, ${alias}.last_login, ${alias}.previous_login`;
const columns = userColumns();

export async function findUserByUsername(db: Queryable, username: string): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>(`select ${columns} from users where lower(username) = lower($1)`, [username]);
  return rows[0];
}

export async function findUserById(db: Queryable, id: number): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>(`select ${columns} from users where id = $1`, [id]);
  return rows[0];
}

export async function countUsers(db: Queryable): Promise<number> {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from users');
  return row?.n ?? 0;
}

export type NewUser = {
  username: string;
  passwordHash: string;
  email?: string;
  fullname?: string;
  title?: string;
  phone?: string;
  language?: string;
};

export async function insertUser(db: Queryable, u: NewUser): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into users (username, password_hash, email, fullname, title, phone, language)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [u.username, u.passwordHash, u.email ?? '', u.fullname ?? '', u.title ?? '', u.phone ?? '', u.language ?? 'en'],
  );
  if (!row) throw new Error('insert into users returned nothing');
  return row.id;
}

export async function setUserRole(db: Queryable, userId: number, organizationId: number, roleId: number) {
  await db.query(
    `insert into user_roles (user_id, organization_id, role_id) values ($1, $2, $3)
     on conflict (user_id, organization_id) do update set role_id = excluded.role_id`,
    [userId, organizationId, roleId],
  );
}

export async function touchLastLogin(db: Queryable, userId: number): Promise<void> {
  await db.query('update users set previous_login = last_login, last_login = now() where id = $1', [userId]);
}

/** The user's notification preferences (stored profile columns notification_email / notification_desktop). */
export async function setNotificationPreferences(
  db: Queryable,
  userId: number,
  prefs: { email: boolean; desktop: boolean },
) {
  await db.query('update users set notification_email = $2, notification_desktop = $3 where id = $1', [
    userId,
    prefs.email,
    prefs.desktop,
  ]);
}

export async function findUsersByEmail(db: Queryable, email: string): Promise<UserRow[]> {
  return db.query<UserRow>(`select ${columns} from users where lower(email) = lower($1) and email <> ''`, [email]);
}

const PROFILE_COLUMNS = { name: 'fullname', title: 'title', email: 'email', phone: 'phone' } as const;

/** Writes the accepted profile fields; location is the pair gps_lat, gps_long. */
export async function updateProfileFields(
  db: Queryable,
  userId: number,
  update: { name?: string; title?: string; email?: string; phone?: string; location?: [number, number] },
) {
  const sets: string[] = [];
  const values: unknown[] = [userId];
  for (const [field, column] of Object.entries(PROFILE_COLUMNS)) {
    const value = update[field as keyof typeof PROFILE_COLUMNS];
    if (value !== undefined) {
      values.push(value.trim());
      sets.push(`${column} = $${values.length}`);
    }
  }
  if (update.location) {
    values.push(update.location[0], update.location[1]);
    sets.push(`gps_lat = $${values.length - 1}, gps_long = $${values.length}`);
  }
  if (sets.length) await db.query(`update users set ${sets.join(', ')} where id = $1`, values);
}

export async function updatePreferences(
  db: Queryable,
  userId: number,
  p: { timezone: string; time12h: boolean; dateFormat: string; email: boolean; desktop: boolean },
) {
  await db.query(
    `update users set timezone = $2, time_12h = $3, date_format = $4, notification_email = $5,
       notification_desktop = $6 where id = $1`,
    [userId, p.timezone, p.time12h, p.dateFormat, p.email, p.desktop],
  );
}

export async function setLanguage(db: Queryable, userId: number, language: string) {
  await db.query('update users set language = $2 where id = $1', [userId, language]);
}

export async function setPasswordHash(db: Queryable, userId: number, hash: string) {
  await db.query('update users set password_hash = $2 where id = $1', [userId, hash]);
}

export async function setUserAvatar(db: Queryable, userId: number, image: { data: Buffer; type: string } | null) {
  await db.query('update users set avatar = $2, avatar_type = $3 where id = $1', [
    userId,
    image?.data ?? null,
    image?.type ?? null,
  ]);
}

export async function findUserAvatar(db: Queryable, userId: number) {
  const [row] = await db.query<{ avatar: Buffer | null; avatar_type: string | null; key: string | null }>(
    'select avatar, avatar_type, left(md5(avatar), 12) as key from users where id = $1',
    [userId],
  );
  return row?.avatar && row.avatar_type
    ? { data: Buffer.from(row.avatar), type: row.avatar_type, key: row.key ?? '' }
    : null;
}

/** The organizations where the user holds a role directly, with the role. */
export async function rolesOfUser(db: Queryable, userId: number) {
  return db.query<{ organization_id: number; role_id: AccessLevel }>(
    'select organization_id, role_id from user_roles where user_id = $1 order by organization_id',
    [userId],
  );
}

export async function removeUserRole(db: Queryable, userId: number, organizationId: number): Promise<boolean> {
  const rows = await db.query('delete from user_roles where user_id = $1 and organization_id = $2 returning 1', [
    userId,
    organizationId,
  ]);
  return rows.length > 0;
}

export async function deleteUser(db: Queryable, userId: number) {
  await db.query('delete from users where id = $1', [userId]);
}

/** Users holding a role in any of the organizations, one row per user and organization. */
export async function profilesInOrganizations(db: Queryable, organizationIds: readonly number[]) {
  return db.query<UserRow & { organization_id: number; role_id: number }>(
    `select ${userColumns('u')}, r.organization_id, r.role_id
     from user_roles r join users u on u.id = r.user_id
     where r.organization_id = any($1::int[])
     order by lower(u.fullname), u.username, r.organization_id`,
    [organizationIds],
  );
}
