import { createHash } from 'node:crypto';
import os from 'node:os';
import {
  type BrowserErrorReport,
  ERROR_CONTEXT_VALUE_MAX,
  ERROR_MESSAGE_MAX,
  ERROR_STACK_MAX,
  type ErrorContext,
  type ErrorReport,
  type ErrorReportPage,
  type ErrorReportsQuery,
  type ErrorSource,
} from '@fieldwatch/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/db.ts';
import { HttpError } from '../../http.ts';

import { type Admin, adminOf, requirePlatformAdmin } from '../admin/admin.access.ts';
import {
  countReportFrom,
  deleteErrorReport,
  type ErrorReportRow,
  listErrorReports,
  pruneErrorReports,
  upsertErrorReport,
} from './errorReports.repository.ts';

/** Growth bounds: groups unseen for 30 days go, and at most 5,000 groups stay (the most recently seen). */
const RETENTION_DAYS = 30;
const MAX_GROUPS = 5000;
/** Browser reports per address: 60 in 10 minutes (a page sends at most 20, so that is three bad page loads). */
export const REPORTS_PER_WINDOW = 60;
export const REPORT_WINDOW_S = 10 * 60;

type Reporter = { userId: number | null; organizationId: number | null };

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The first line of a stack that names a place in the code (V8's "at …", Firefox and Safari's "fn@url"). */
function firstFrame(stack: string): string {
  return (
    stack
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l.startsWith('at ') || /@\S+:\d+/.test(l)) ?? ''
  );
}

function fingerprintOf(source: ErrorSource, message: string, stack: string): string {
  return createHash('sha256')
    .update(`${source}\n${message}\n${firstFrame(stack)}`)
    .digest('hex');
}

/** Stores one occurrence (grouped by fingerprint); a new group also prunes the table to its bounds. */
export async function recordError(
  db: Queryable,
  source: ErrorSource,
  report: { message: string; stack?: string; context?: ErrorContext },
  by: Reporter,
) {
  const message = clip(report.message.trim() || 'Error', ERROR_MESSAGE_MAX);
  const stack = clip(report.stack ?? '', ERROR_STACK_MAX);
  const isNew = await upsertErrorReport(db, {
    fingerprint: fingerprintOf(source, message, stack),
    source,
    message,
    stack,
    context: report.context ?? {},
    userId: by.userId,
    organizationId: by.organizationId,
  });
  if (isNew) await pruneErrorReports(db, RETENTION_DAYS, MAX_GROUPS, REPORT_WINDOW_S);
}

/** POST /api/v1/errors: a browser's report, counted against its address first (429 beyond the limit). */
export async function recordBrowserError(db: Queryable, address: string, report: BrowserErrorReport, by: Reporter) {
  const { reports, windowStart } = await countReportFrom(db, address, REPORT_WINDOW_S);
  if (reports > REPORTS_PER_WINDOW) {
    const retryAfterS = Math.max(1, Math.ceil((windowStart.getTime() + REPORT_WINDOW_S * 1000 - Date.now()) / 1000));
    throw new HttpError(429, 'Too many error reports from this address. Try again later.', { retryAfterS });
  }
  await recordError(db, 'browser', report, by);
}

/** What a server error's report says about where it happened: never a body, a cookie or a header value. */
export type ServerErrorPlace = {
  method?: string;
  route?: string;
  status?: number;
  requestId?: string;
  /** Where outside a request (unhandledRejection, uncaughtException). */
  origin?: string;
};

function serverErrorReport(error: unknown, place: ServerErrorPlace) {
  const err = error instanceof Error ? error : new Error(String(error));
  const code = (err as { code?: unknown }).code;
  const context: ErrorContext = { host: os.hostname(), node: process.version, name: err.name };
  for (const [k, v] of Object.entries(place)) if (v !== undefined) context[k] = v;
  if (typeof code === 'string' || typeof code === 'number') context.code = clip(String(code), ERROR_CONTEXT_VALUE_MAX);
  return { message: err.message, stack: err.stack ?? '', context };
}

/**
 * Records an unhandled server error without ever throwing: a failure to record (the database may
 * be the very thing that failed) is logged and dropped, so the request path is never affected.
 */
export async function recordServerError(
  db: Queryable,
  log: FastifyBaseLogger,
  error: unknown,
  place: ServerErrorPlace,
  by: Reporter = { userId: null, organizationId: null },
) {
  try {
    await recordError(db, 'server', serverErrorReport(error, place), by);
  } catch (err) {
    log.warn({ err }, 'could not record the error report');
  }
}

const toReport = (r: ErrorReportRow): ErrorReport => ({
  id: r.id,
  source: r.source,
  message: r.message,
  stack: r.stack,
  context: r.context,
  count: r.count,
  firstSeen: r.first_seen.toISOString(),
  lastSeen: r.last_seen.toISOString(),
  user: r.user_id !== null && r.username !== null ? { id: r.user_id, username: r.username } : null,
  organization:
    r.organization_id !== null && r.organization_name !== null
      ? { id: r.organization_id, name: r.organization_name }
      : null,
});

/** GET /api/v1/admin/errors: the groups, most recently seen first (platform administrator only). */
export async function errorReports(db: Queryable, admin: Admin, q: ErrorReportsQuery): Promise<ErrorReportPage> {
  await requirePlatformAdmin(db, admin);
  const { total, rows } = await listErrorReports(db, { source: q.source ?? null, limit: q.limit, offset: q.offset });
  return { total, reports: rows.map(toReport) };
}

/** DELETE /api/v1/admin/errors/{id}: resolved; the group starts again at 1 if the error comes back. */
export async function resolveErrorReport(db: Queryable, admin: Admin, id: number) {
  await requirePlatformAdmin(db, admin);
  if (!(await deleteErrorReport(db, id))) throw new HttpError(404, 'Error report not found');
  return { success: true };
}

/** The caller of an error-report route (a platform administrator, checked by each call). */
export { adminOf };
