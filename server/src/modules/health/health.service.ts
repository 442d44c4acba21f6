import type { Db } from '../../db/db.ts';
import { pingDatabase } from './health.repository.ts';

/** The database kind, once the database has answered; throws when it cannot. */
export async function databaseHealth(db: Db): Promise<Db['kind']> {
  await pingDatabase(db);
  return db.kind;
}
