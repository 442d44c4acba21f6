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
  gps_lat: number;
  gps_long: number;
  timezone: string;
  notification_email: boolean;
  notification_desktop: boolean;
  time_12h: boolean;
  date_format: string;
  language: string;
  last_login: Date | null;
};

const columns = `id, username, password_hash, email, fullname, title, phone, avatar is not null as has_avatar,
  gps_lat, gps_long, timezone, notification_email, notification_desktop, time_12h, date_format, language, last_login`;

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
  await db.query('update users set last_login = now() where id = $1', [userId]);
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
