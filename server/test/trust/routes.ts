import type { RouteOptions } from 'fastify';
import type { Db } from '../../src/db/db.ts';
import type { App } from '../../src/http.ts';
import type { RoutePolicy } from '../../src/plugins/policy.ts';

/** One HTTP route of the app's route table, as the trust suites see it. */
export type Route = {
  method: string;
  /** Fastify's pattern, e.g. /api/v3/tasks/:id */
  url: string;
  params: string[];
  schema: RouteOptions['schema'];
  /** What the route declares in its own options (plugins/policy.ts). */
  policy: RoutePolicy;
};

/**
 * Every route the app registered (app.routeTable), so a new route is in every suite the moment it
 * exists. Left out: the OpenAPI viewer (a static bundle of its own), the WebSocket upgrade and the
 * SPA's static files, which take no input.
 */
export function routesOf(app: App): Route[] {
  return app.routeTable
    .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((method) => ({ ...r, method })))
    .filter((r) => !r.url.startsWith('/api/docs') && !r.websocket && r.url !== '/*')
    .map((r) => ({
      method: r.method,
      url: r.url,
      params: [...r.url.matchAll(/:(\w+)/g)].map((m) => m[1] as string),
      schema: r.schema,
      policy: (r.config as { policy: RoutePolicy }).policy,
    }));
}

/**
 * The URL of a route with its parameters filled in, each one URL-encoded; a lone surrogate becomes
 * the invalid UTF-8 it would be on the wire (%ED%A0%80), as a hostile client could send.
 */
export function urlOf(route: Route, params: Record<string, string>): string {
  const encode = (s: string) =>
    s
      .split(/([\uD800-\uDFFF])/)
      .map((part) => (part.length === 1 && /[\uD800-\uDFFF]/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
      .join('');
  return route.url.replace(/:(\w+)/g, (_, name: string) => encode(params[name] ?? ''));
}

/**
 * Rows change by design on refused requests here: sign-in throttling counts failed attempts (left
 * out), a session's or an API key's last use moves with every authenticated call (only who and
 * where counts), and the audit trail records failed sign-ins (only entries of changes count).
 */
const LEFT_OUT = new Set(['login_throttle']);
const ROW_OF: Record<string, string> = {
  sessions: '(x.id, x.user_id, x.current_organization_id)',
  api_keys: '(x.id, x.user_id, x.name, x.scopes)',
  audit_log: 'case when x.status < 400 then x.id end',
};

/** The last digest of each database, under the snapshot it was read in. */
const held = new WeakMap<Db, { snapshot: string; digest: Record<string, string> }>();

/**
 * A digest of every table's content, to show a refused request wrote nothing. A write takes a
 * transaction id and a read never does, so while the database's snapshot (next transaction id and
 * those still running) is the one of the last digest, nothing can have changed and that digest is
 * the answer: the suites' thousands of refused requests cost one query each, not a read of every
 * table. Otherwise one statement, cheap on the small databases of the trust suites.
 */
export async function databaseDigest(db: Db): Promise<Record<string, string>> {
  const [now] = await db.query<{ snapshot: string }>('select pg_current_snapshot()::text as snapshot');
  const last = held.get(db);
  if (now && last?.snapshot === now.snapshot) return last.digest;
  const digest = await readDigest(db);
  if (now) held.set(db, { snapshot: now.snapshot, digest });
  return digest;
}

async function readDigest(db: Db): Promise<Record<string, string>> {
  const tables = await db.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> 'schema_migrations'
     order by 1`,
  );
  const parts = tables
    .filter(({ name }) => !LEFT_OUT.has(name))
    .map(({ name }) => {
      const row = `(${ROW_OF[name] ?? 'x'})::text`;
      return `select '${name}' as name, md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as digest from "${name}" x`;
    });
  const rows = await db.query<{ name: string; digest: string }>(parts.join(' union all '));
  return Object.fromEntries(rows.map((r) => [r.name, r.digest]));
}

/** The tables whose digests differ. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((k) => before[k] !== after[k]);
}

/**
 * The documented error shape of each API family (server/src/families/): v2 device calls
 * { success: false, error }, legacy v1 calls { Result }, every other route { error, statusCode, message }.
 */
export function isErrorShape(url: string, status: number, body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  if (url.startsWith('/api/v2/device/') || url.startsWith('/api/v2/report/'))
    return b.success === false && typeof b.error === 'string';
  if (url.startsWith('/api/v1/xrequest/')) return typeof b.Result === 'string';
  return b.error === true && b.statusCode === status && typeof b.message === 'string';
}
