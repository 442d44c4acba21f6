import { DEFAULT_ALARM_SETTINGS } from '@fieldwatch/core';
import { buildApp } from '../server/src/app.ts';
import { type Db, openDb } from '../server/src/db/db.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { hashPassword } from '../server/src/modules/auth/password.ts';
import { insertOrganization } from '../server/src/modules/organizations/organizations.service.ts';
import { insertUser, setUserRole } from '../server/src/modules/users/users.service.ts';

/** A database for a benchmark: PGlite, or a fresh schema on DATABASE_URL's PostgreSQL. */
export async function benchDb(kind: 'pglite' | 'postgres'): Promise<Db> {
  const db =
    kind === 'pglite'
      ? await openDb({ kind: 'pglite' })
      : await openDb({ kind: 'postgres', url: process.env.DATABASE_URL ?? '', schema: `bench_${Date.now()}` });
  await migrate(db);
  return db;
}

export const benchTargets = (): ('pglite' | 'postgres')[] =>
  process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** An app on the database with one signed-in user (a User of a fresh organization). */
export async function benchApp(db: Db) {
  const org = await insertOrganization(db, 'Bench', null);
  const user = await insertUser(db, { username: `bench${org}`, passwordHash: await hashPassword('bench-password') });
  await setUserRole(db, user, org, 1);
  const app = await buildApp({ db });
  await app.ready();
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/auth/login',
    payload: { username: `bench${org}`, password: 'bench-password' },
  });
  const cookie = res.headers['set-cookie'];
  return { app, org, cookie: String(Array.isArray(cookie) ? cookie[0] : cookie).split(';')[0] ?? '' };
}

/** Inserts n units quickly (multi-row insert), returning their ids. */
export async function bulkUnits(db: Db, organizationId: number, n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i += 1000) {
    const count = Math.min(1000, n - i);
    const rows = await db.query<{ id: number }>(
      `insert into units (organization_id, serial, secret_hash, unit_name, unit_type, unit_location, gps_lat, gps_long, alarm_settings)
       select $1::int, 'BU' || $1::int || '-' || g, 'x', 'Unit ' || g, 25, 'Chamber ' || g, 55 + (g % 100) / 10.0, 12 + (g % 70) / 10.0, $4
       from generate_series($2::int, $3::int) g returning id`,
      [organizationId, i, i + count - 1, JSON.stringify(DEFAULT_ALARM_SETTINGS)],
    );
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}
