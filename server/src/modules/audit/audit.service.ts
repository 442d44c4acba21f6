import { createHash } from 'node:crypto';
import {
  AUDIT_PAGE_SIZE,
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
  type AuditRetentionBody,
  DAY_MS,
  DEFAULT_AUDIT_RETENTION_DAYS,
} from '@fieldwatch/core';
import type { Db, Queryable } from '../../db/db.ts';
import { repeating } from '../../live/repeating.ts';
import { type Admin, requireAdministered } from '../admin/admin.access.ts';
import { subtreeOf } from '../organizations/organizations.service.ts';
import { toCsv } from '../telemetry/csvExport.service.ts';
import {
  AUDIT_FACTS,
  type AuditRow,
  chainHead,
  chainRetentions,
  chainRows,
  chains,
  insertAuditRow,
  listAuditRows,
  lockChain,
  type NewAuditRow,
  organizationOfObject,
  pruneChain,
  retentionDaysOf,
  userIdByName,
  writeRetentionDays,
} from './audit.repository.ts';

export type { NewAuditRow } from './audit.repository.ts';

/** The first row of a chain builds on this. */
const GENESIS = '0'.repeat(64);

/** The user a sign-in names (as sign-in matches it), or null. */
export const signInUser = (db: Queryable, username: unknown) => userIdByName(db, username);

/**
 * The organization an entry belongs to: that of the object the route names (a unit, an
 * organization, a user), else the caller's current one, else the first they have a role in.
 */
export async function entryOrganization(
  db: Queryable,
  object: { kind: 'unit' | 'organization' | 'user'; id: number } | undefined,
  caller: { currentOrganization: number | null; userId: number | null },
): Promise<number | null> {
  const own = object && (await organizationOfObject(db, object.kind, object.id));
  if (own) return own;
  if (caller.currentOrganization) return caller.currentOrganization;
  return caller.userId === null ? null : organizationOfObject(db, 'user', caller.userId);
}

/** A row's hash: over the previous row's hash and every fact of the row, in a fixed order. */
function hashOf(prev: string, r: NewAuditRow): string {
  // A date is written as its ISO time.
  const facts = [prev, ...AUDIT_FACTS.map((f) => r[f])];
  return createHash('sha256').update(JSON.stringify(facts)).digest('hex');
}

/** Appends one entry to its organization's chain (serialised per chain, across instances). */
export async function appendAudit(db: Db, entry: Omit<NewAuditRow, 'chain' | 'at'>, at = new Date()) {
  const row: NewAuditRow = { ...entry, chain: entry.organization_id ?? 0, at };
  await db.transaction(async (tx) => {
    await lockChain(tx, row.chain);
    const prev = (await chainHead(tx, row.chain)) ?? GENESIS;
    await insertAuditRow(tx, { ...row, prev_hash: prev, hash: hashOf(prev, row) });
  });
}

export type ChainBreak = { chain: number; id: string; reason: 'altered' | 'removed before' };

/**
 * Walks every chain from its anchor: a row whose hash is not that of its own facts was altered; one
 * whose previous hash is not its predecessor's has rows removed before it. Returns the rows read
 * and the breaks found.
 */
export async function verifyAudit(db: Queryable): Promise<{ rows: number; breaks: ChainBreak[] }> {
  const breaks: ChainBreak[] = [];
  let rows = 0;
  for (const { chain, anchor } of await chains(db)) {
    let prev = anchor ?? GENESIS;
    let after = '0';
    for (;;) {
      const page = await chainRows(db, chain, after, 5000);
      if (page.length === 0) break;
      for (const r of page) {
        rows++;
        if (r.prev_hash !== prev) breaks.push({ chain, id: r.id, reason: 'removed before' });
        else if (r.hash !== hashOf(r.prev_hash, r)) breaks.push({ chain, id: r.id, reason: 'altered' });
        prev = r.hash;
        after = r.id;
      }
    }
  }
  return { rows, breaks };
}

/** Removes every organization's entries older than its retention; the chains stay verifiable. */
export async function pruneAudit(db: Db, now = new Date()): Promise<number> {
  let removed = 0;
  for (const { chain, days } of await chainRetentions(db)) {
    const before = new Date(now.getTime() - (days ?? DEFAULT_AUDIT_RETENTION_DAYS) * DAY_MS);
    removed += await db.transaction(async (tx) => {
      await lockChain(tx, chain);
      return pruneChain(tx, chain, before);
    });
  }
  return removed;
}

const toEntry = (r: AuditRow): AuditEntry => ({
  id: Number(r.id),
  at: r.at.toISOString(),
  organizationId: r.organization_id,
  userId: r.user_id,
  username: r.username,
  apiKey: r.api_key,
  address: r.address,
  action: r.action,
  object: r.object,
  status: r.status,
  changes: r.changes,
  before: r.before,
});

/** The administered organization and those below it. */
async function treeOf(db: Queryable, admin: Admin, organizationId: number) {
  const orgs = await requireAdministered(db, admin, organizationId);
  return subtreeOf(orgs, organizationId);
}

async function rowsOf(db: Queryable, admin: Admin, organizationId: number, q: AuditQuery, limit: number) {
  return listAuditRows(db, {
    organizationIds: await treeOf(db, admin, organizationId),
    person: q.person,
    object: q.object,
    signIns: q.kind === undefined ? undefined : q.kind === 'signIn',
    from: q.from ? new Date(q.from) : undefined,
    to: q.to ? new Date(q.to) : undefined,
    before: q.before,
    limit,
  });
}

/** One page of the audit trail of an organization and those below it, newest first: SuperUsers of it or above. */
export async function auditPage(
  db: Queryable,
  admin: Admin,
  organizationId: number,
  q: AuditQuery,
): Promise<AuditPage> {
  const rows = await rowsOf(db, admin, organizationId, q, AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  return {
    entries: page.map(toEntry),
    next: rows.length > AUDIT_PAGE_SIZE ? Number(page.at(-1)?.id) : null,
    retentionDays: await retentionDaysOf(db, organizationId),
  };
}

/** Entries a CSV export holds at most (the filter narrows a larger trail). */
const CSV_MAX_ROWS = 100_000;

type AuditFact = (typeof AUDIT_FACTS)[number];
/** Every stored fact but the chain (the organization column names it), so a new fact is exported too. */
const CSV_FACTS = AUDIT_FACTS.filter((f) => f !== 'chain');
/** The CSV's heading of a fact where it is not the column's name. */
const CSV_HEADINGS: Partial<Record<AuditFact, string>> = {
  organization_id: 'organization',
  user_id: 'user',
  api_key: 'apiKey',
};
const CSV_HEADER = ['id', ...CSV_FACTS.map((f) => CSV_HEADINGS[f] ?? f)];
/** The facts a caller's input fills: a spreadsheet must not run them. */
const TYPED_FACTS: ReadonlySet<AuditFact> = new Set(['username', 'api_key', 'object', 'changes', 'before']);

/** A field a spreadsheet would run as a formula is kept as text. */
const inert = (v: string | null) => (v !== null && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

function csvCell(r: AuditRow, f: AuditFact) {
  const v = r[f];
  if (v instanceof Date) return v.toISOString();
  return typeof v === 'string' && TYPED_FACTS.has(f) ? inert(v) : v;
}

/** The filtered trail as CSV (one row per entry, newest first), the facts as stored. */
export async function auditCsv(db: Queryable, admin: Admin, organizationId: number, q: AuditQuery): Promise<string> {
  const rows = await rowsOf(db, admin, organizationId, q, CSV_MAX_ROWS);
  return toCsv(
    CSV_HEADER,
    rows.map((r) => [r.id, ...CSV_FACTS.map((f) => csvCell(r, f))]),
  );
}

export async function saveRetention(db: Db, admin: Admin, organizationId: number, body: AuditRetentionBody) {
  await requireAdministered(db, admin, organizationId);
  await writeRetentionDays(db, organizationId, body.days);
  return { days: body.days };
}

/** Prunes at start and once a day; runs never overlap. */
export function startAuditRetention(
  db: Db,
  log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void },
) {
  return repeating(async () => {
    try {
      const removed = await pruneAudit(db);
      if (removed) log.info({ removed }, 'audit entries past their retention removed');
    } catch (err) {
      log.error({ err }, 'audit retention failed; the next run retries');
    }
  }, DAY_MS);
}
