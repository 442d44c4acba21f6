import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDb } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';

/**
 * Vitest global setup of the server tests: one migrated embedded database, dumped once per run, that
 * every test file's database starts from (`openTestDb`) instead of running initdb and every
 * migration again. The tarball is named in the environment, which the test workers inherit.
 */
export default async function setup() {
  if (process.env.DATABASE_URL) return; // PostgreSQL: every file migrates a schema of its own.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldwatch-test-db-'));
  const dataDir = path.join(dir, 'data');
  const db = await openDb({ kind: 'pglite', dataDir });
  await migrate(db);
  await db.close();
  const pglite = await PGlite.create(dataDir);
  const tarball = await pglite.dumpDataDir('none');
  await pglite.close();
  const file = path.join(dir, 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
  process.env.TEST_DB_TEMPLATE = file;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
