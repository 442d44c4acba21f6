import type { Queryable } from '../../db/db.ts';

export type AuditRow = {
  id: string;
  chain: number;
  at: Date;
  organization_id: number | null;
  user_id: number | null;
  username: string | null;
  api_key: string | null;
  address: string;
  action: string;
  object: string | null;
  status: number;
  changes: string;
  before: string | null;
  prev_hash: string;
  hash: string;
};
export type NewAuditRow = Omit<AuditRow, 'id' | 'prev_hash' | 'hash'>;

/** Serialises appends to one chain across connections and instances, until the transaction ends. */
export async function lockChain(db: Queryable, chain: number) {
  await db.query('select pg_advisory_xact_lock(727003, $1)', [chain]);
}

/** The hash a chain's next row builds on: its newest row's, else its anchor's (null: a new chain). */
export async function chainHead(db: Queryable, chain: number): Promise<string | null> {
  const [row] = await db.query<{ hash: string }>(
    `select hash from audit_log where chain = $1 order by id desc limit 1`,
    [chain],
  );
  if (row) return row.hash;
  const [anchor] = await db.query<{ hash: string }>('select hash from audit_anchors where chain = $1', [chain]);
  return anchor?.hash ?? null;
}

/** An entry's facts, in the order they are stored and hashed. */
export const AUDIT_FACTS = [
  'chain',
  'at',
  'organization_id',
  'user_id',
  'username',
  'api_key',
  'address',
  'action',
  'object',
  'status',
  'changes',
  'before',
] as const satisfies readonly (keyof NewAuditRow)[];

export async function insertAuditRow(db: Queryable, r: NewAuditRow & { prev_hash: string; hash: string }) {
  const columns = [...AUDIT_FACTS, 'prev_hash', 'hash'] as const;
  await db.query(
    `insert into audit_log (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
    columns.map((c) => r[c]),
  );
}

/** A chain's rows after `afterId`, oldest first (the verifier reads a chain in pieces). */
export async function chainRows(db: Queryable, chain: number, afterId: string, limit: number): Promise<AuditRow[]> {
  return db.query<AuditRow>('select * from audit_log where chain = $1 and id > $2 order by id limit $3', [
    chain,
    afterId,
    limit,
  ]);
}

export async function chains(db: Queryable): Promise<{ chain: number; anchor: string | null }[]> {
  return db.query(
    `select c.chain, a.hash as anchor from (select distinct chain from audit_log) c
       left join audit_anchors a on a.chain = c.chain order by c.chain`,
  );
}

export type AuditFilter = {
  organizationIds: readonly number[];
  person?: string;
  object?: string;
  signIns?: boolean;
  from?: Date;
  to?: Date;
  before?: number;
  limit: number;
};

/** The entries of the organizations, newest first, after the filter. */
export async function listAuditRows(db: Queryable, f: AuditFilter): Promise<AuditRow[]> {
  const like = (s: string | undefined) => (s ? `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null);
  return db.query<AuditRow>(
    `select * from audit_log
      where organization_id = any($1)
        and ($2::text is null or username ilike $2)
        and ($3::text is null or object ilike $3 or action ilike $3)
        and ($4::boolean is null or (action like '% /api/v_/auth/login%') = $4)
        and ($5::timestamptz is null or at >= $5)
        and ($6::timestamptz is null or at < $6)
        and ($7::bigint is null or id < $7)
      order by id desc limit $8`,
    [
      f.organizationIds,
      like(f.person),
      like(f.object),
      f.signIns ?? null,
      f.from ?? null,
      f.to ?? null,
      f.before ?? null,
      f.limit,
    ],
  );
}

/** The organization a unit, organization or user belongs to (a user: the first they have a role in). */
export async function organizationOfObject(db: Queryable, kind: 'unit' | 'organization' | 'user', id: number) {
  const sql = {
    unit: 'select organization_id as id from units where id = $1',
    organization: 'select id from organizations where id = $1',
    user: 'select organization_id as id from user_roles where user_id = $1 order by organization_id limit 1',
  }[kind];
  const [row] = await db.query<{ id: number }>(sql, [id]);
  return row?.id ?? null;
}

export async function retentionDaysOf(db: Queryable, organizationId: number): Promise<number | null> {
  const [row] = await db.query<{ audit_retention_days: number | null }>(
    'select audit_retention_days from organizations where id = $1',
    [organizationId],
  );
  return row?.audit_retention_days ?? null;
}

export async function writeRetentionDays(db: Queryable, organizationId: number, days: number | null) {
  await db.query('update organizations set audit_retention_days = $2 where id = $1', [organizationId, days]);
}

/**
 * Removes each chain's rows older than its organization's retention (`fallbackDays` without one),
 * oldest first, moving the chain's anchor to the last row removed so the rest still verifies.
 */
export async function pruneChain(db: Queryable, chain: number, before: Date): Promise<number> {
  const [last] = await db.query<{ id: string; hash: string }>(
    'select id, hash from audit_log where chain = $1 and at < $2 order by id desc limit 1',
    [chain, before],
  );
  if (!last) return 0;
  const removed = await db.query<{ id: string }>('delete from audit_log where chain = $1 and id <= $2 returning id', [
    chain,
    last.id,
  ]);
  await db.query(
    `insert into audit_anchors (chain, hash) values ($1, $2) on conflict (chain) do update set hash = excluded.hash`,
    [chain, last.hash],
  );
  return removed.length;
}

/** Each chain with its organization's retention in days (null: the default). */
export async function chainRetentions(db: Queryable): Promise<{ chain: number; days: number | null }[]> {
  return db.query(
    `select c.chain, o.audit_retention_days as days from (select distinct chain from audit_log) c
       left join organizations o on o.id = c.chain`,
  );
}

/** The id of the user of a username (as sign-in matches it), or null. */
export async function userIdByName(db: Queryable, username: unknown): Promise<number | null> {
  if (typeof username !== 'string') return null;
  const [row] = await db.query<{ id: number }>('select id from users where lower(username) = lower($1)', [username]);
  return row?.id ?? null;
}
