/** The one database interface repositories use: plain parameterised SQL in the PostgreSQL dialect. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export type TransactionOptions = {
  /**
   * Someone waits on this commit (a unit's acknowledgement): on a database with one connection
   * (PGlite) it goes ahead of the queries and transactions still waiting for it.
   */
  first?: boolean;
  /**
   * Nobody waits on this (forecasts, the radar analysis, retention): on a database with one
   * connection (PGlite) it goes after the requests' queries waiting for it, with one turn a second
   * while they keep waiting, so a busy API slows background work without stopping it.
   */
  background?: boolean;
};

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** One statement on its own; `options` choose its lane as a transaction's do. */
  query<T = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
    options?: TransactionOptions,
  ): Promise<T[]>;
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  close(): Promise<void>;
}

/**
 * PGlite in `dataDir` (in memory without one); `template` is a tarball of a data directory
 * (`dumpPglite`) to start from instead of an empty database.
 */
type DbOptions =
  | { kind: 'pglite'; dataDir?: string; template?: string }
  | { kind: 'postgres'; url: string; schema?: string };

export async function openDb(options: DbOptions): Promise<Db> {
  if (options.kind === 'postgres') {
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(options.url, options.schema);
  }
  const { openPglite } = await import('./pglite.ts');
  return openPglite(options.dataDir, options.template);
}

/**
 * `db` for a background job: its queries and transactions go in the background lane. A pool
 * (PostgreSQL) has a connection for each, so there it is `db` itself.
 */
export function inBackground(db: Db): Db {
  if (db.kind !== 'pglite') return db;
  return {
    ...db,
    query: (sql, params) => db.query(sql, params, { background: true }),
    transaction: (fn, options) => db.transaction(fn, { ...options, background: true }),
  };
}
