import pg from 'pg';
import type { Db, Queryable } from './db.ts';

// Keep timestamps as Date and 32-bit ints as numbers, as PGlite does.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export async function openPostgres(url: string, schema?: string): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle connection cut by the server (restart, failover) must not crash the process: the pool
  // drops it, and the next query opens a new one.
  pool.on('error', () => {});
  if (schema) await pool.query(`create schema if not exists ${schema}`);
  const run = async <T>(c: pg.Pool | pg.PoolClient, sql: string, params?: readonly unknown[]) =>
    (await c.query(sql, params as unknown[])).rows as T[];
  return {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    async transaction(fn) {
      const client = await pool.connect();
      // A connection cut while checked out is reported by its next query; keep the event quiet.
      const quiet = () => {};
      client.on('error', quiet);
      const tx: Queryable = { query: (sql, params) => run(client, sql, params) };
      let broken = false;
      try {
        await client.query('begin');
        const result = await fn(tx);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {
          broken = true;
        });
        throw error;
      } finally {
        client.off('error', quiet);
        client.release(broken); // a broken connection is discarded, not reused
      }
    },
    close: () => pool.end(),
  };
}
