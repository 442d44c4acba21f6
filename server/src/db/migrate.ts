import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './db.ts';

const dir = new URL('./migrations/', import.meta.url).pathname;

/** Applies the numbered SQL files of db/migrations once each, in order, each in a transaction. */
export async function migrate(db: Db): Promise<string[]> {
  await db.query(
    'create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())',
  );
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort();
  const applied: string[] = [];
  for (const file of files) {
    const done = await db.transaction(async (tx) => {
      // Serialises instances that start together against one PostgreSQL.
      await tx.query('select pg_advisory_xact_lock(727001)');
      const seen = await tx.query('select 1 from schema_migrations where version = $1', [file]);
      if (seen.length) return false;
      for (const statement of splitStatements(fs.readFileSync(path.join(dir, file), 'utf8'))) {
        await tx.query(statement);
      }
      await tx.query('insert into schema_migrations (version) values ($1)', [file]);
      return true;
    });
    if (done) applied.push(file);
  }
  return applied;
}

/** Our migrations keep one statement per ';'-terminated line group (no functions with bodies). */
function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*$/m)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
}
