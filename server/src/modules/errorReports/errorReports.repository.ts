import type { ErrorContext, ErrorSource } from '@fieldwatch/core';
import type { Queryable } from '../../db/db.ts';

type NewErrorReport = {
  fingerprint: string;
  source: ErrorSource;
  message: string;
  stack: string;
  context: ErrorContext;
  userId: number | null;
  organizationId: number | null;
};

export type ErrorReportRow = {
  id: number;
  source: ErrorSource;
  message: string;
  stack: string;
  context: Record<string, unknown>;
  count: number;
  first_seen: Date;
  last_seen: Date;
  user_id: number | null;
  username: string | null;
  organization_id: number | null;
  organization_name: string | null;
};

/**
 * One more occurrence of a fingerprint: a new group, or the old one counted with the latest
 * occurrence's context and user. Answers whether the group is new.
 */
export async function upsertErrorReport(db: Queryable, r: NewErrorReport): Promise<boolean> {
  const [row] = await db.query<{ count: number }>(
    `insert into error_reports (fingerprint, source, message, stack, context, user_id, organization_id)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (fingerprint) do update set
       count = error_reports.count + 1, last_seen = now(), message = excluded.message, stack = excluded.stack,
       context = excluded.context, user_id = excluded.user_id, organization_id = excluded.organization_id
     returning count`,
    [r.fingerprint, r.source, r.message, r.stack, JSON.stringify(r.context), r.userId, r.organizationId],
  );
  return row?.count === 1;
}

/** Drops groups not seen for `days`, then all but the `keep` most recently seen; and spent throttle windows. */
export async function pruneErrorReports(db: Queryable, days: number, keep: number, windowS: number) {
  await db.query('delete from error_reports where last_seen < now() - make_interval(days => $1)', [days]);
  await db.query(
    'delete from error_reports where id in (select id from error_reports order by last_seen desc, id desc offset $1)',
    [keep],
  );
  await db.query('delete from error_report_throttle where window_start < now() - make_interval(secs => $1)', [windowS]);
}

/** Counts a browser report from an address in its window (a new window once the old one ended); the count so far. */
export async function countReportFrom(db: Queryable, address: string, windowS: number) {
  const [row] = await db.query<{ reports: number; window_start: Date }>(
    `insert into error_report_throttle (address, window_start, reports) values ($1, now(), 1)
     on conflict (address) do update set
       reports = case when error_report_throttle.window_start < now() - make_interval(secs => $2) then 1
                      else error_report_throttle.reports + 1 end,
       window_start = case when error_report_throttle.window_start < now() - make_interval(secs => $2) then now()
                           else error_report_throttle.window_start end
     returning reports, window_start`,
    [address, windowS],
  );
  return { reports: row?.reports ?? 1, windowStart: row?.window_start ?? new Date() };
}

export async function listErrorReports(
  db: Queryable,
  q: { source: ErrorSource | null; limit: number; offset: number },
): Promise<{ total: number; rows: ErrorReportRow[] }> {
  const [count] = await db.query<{ n: number }>(
    'select count(*)::int as n from error_reports where $1::text is null or source = $1::text',
    [q.source],
  );
  const rows = await db.query<ErrorReportRow>(
    `select e.id, e.source, e.message, e.stack, e.context, e.count, e.first_seen, e.last_seen,
       e.user_id, u.username, e.organization_id, o.name as organization_name
     from error_reports e
     left join users u on u.id = e.user_id
     left join organizations o on o.id = e.organization_id
     where $1::text is null or e.source = $1::text
     order by e.last_seen desc, e.id desc
     limit $2 offset $3`,
    [q.source, q.limit, q.offset],
  );
  return { total: count?.n ?? 0, rows };
}

export async function deleteErrorReport(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query('delete from error_reports where id = $1 returning id', [id]);
  return rows.length > 0;
}
