import type { Queryable } from '../../db/db.ts';

/** Throws when the database cannot answer. */
export async function pingDatabase(db: Queryable) {
  await db.query('select 1');
}
