import type { ErrorReport, ErrorReportPage } from '@fieldwatch/core';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Db } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import type { App } from '../src/http.ts';
import { REPORTS_PER_WINDOW } from '../src/modules/errorReports/errorReports.service.ts';
import { signedIn } from '../src/plugins/policy.ts';
import { createOrganizationTree, createUser, openTestDb, signIn } from './helpers.ts';

// Issue 10: browser errors and unhandled server errors are stored (grouped) when ERROR_REPORTING is
// on, and only the platform administrator (SuperUser of the root organization) reads them.

let db: Db;
let app: App;
let quiet: App;
let cookies: { platform: string; childAdmin: string; reader: string };
const PASSWORD = 'error-reports-password';

const build = async (errorReporting: boolean) => {
  const built = await buildApp({ db, errorReporting, loggerInstance: pino({ level: 'silent' }) });
  // A route that fails the way a bug would, to see what the 5xx path records.
  built.get('/api/v3/test/explode/:unit', { config: signedIn({ writes: false }) }, async () => {
    throw new Error(`probe failure ${errorReporting ? 'on' : 'off'}`);
  });
  await built.ready();
  return built;
};

beforeAll(async () => {
  db = await openTestDb();
  await migrate(db);
  app = await build(true);
  quiet = await build(false);
  const tree = await createOrganizationTree(db);
  await createUser(db, { username: 'platform', password: PASSWORD, organizationId: tree.root, role: 0 });
  await createUser(db, { username: 'child-admin', password: PASSWORD, organizationId: tree.alpha, role: 0 });
  await createUser(db, { username: 'root-reader', password: PASSWORD, organizationId: tree.root, role: 2 });
  cookies = {
    platform: await signIn(app, 'platform', PASSWORD),
    childAdmin: await signIn(app, 'child-admin', PASSWORD),
    reader: await signIn(app, 'root-reader', PASSWORD),
  };
});
afterAll(async () => {
  await app.close();
  await quiet.close();
  await db.close();
});

let address = 0;
/** Each report from an address of its own unless told, so the rate limit only matters where tested. */
const report = (payload: unknown, opts: { cookie?: string; remoteAddress?: string; target?: App } = {}) =>
  (opts.target ?? app).inject({
    method: 'POST',
    url: '/api/v1/errors',
    payload: payload as Record<string, unknown>,
    remoteAddress: opts.remoteAddress ?? `10.9.0.${++address}`,
    headers: opts.cookie ? { cookie: opts.cookie } : {},
  });

const list = async (query = '', cookie = cookies.platform) => {
  const res = await app.inject({ url: `/api/v1/admin/errors${query}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ErrorReportPage;
};
const find = async (message: string): Promise<ErrorReport | undefined> =>
  (await list('?limit=200')).reports.find((r) => r.message === message);
const rowCount = async () => (await db.query<{ n: number }>('select count(*)::int as n from error_reports'))[0]?.n;

const stack = (fn: string) => `TypeError: x is undefined\n    at ${fn} (https://fw.example/assets/index-AbC.js:1:200)`;

describe('POST /api/v1/errors', () => {
  it('accepts a report without a session (the sign-in page) and with one (the user is recorded)', async () => {
    const anonymous = await report({
      message: 'login page broke',
      stack: stack('login'),
      context: { route: '/login' },
    });
    expect(anonymous.statusCode, anonymous.body).toBe(204);
    const signedIn = await report(
      { message: 'dashboard broke', stack: stack('grid'), context: { route: '/dashboard/MTAwMQ', language: 'da' } },
      { cookie: cookies.reader },
    );
    expect(signedIn.statusCode).toBe(204);

    const login = await find('login page broke');
    expect(login).toMatchObject({ source: 'browser', count: 1, user: null, context: { route: '/login' } });
    const dashboard = await find('dashboard broke');
    expect(dashboard?.user?.username).toBe('root-reader');
    expect(dashboard?.stack).toBe(stack('grid'));
    expect(dashboard?.context).toEqual({ route: '/dashboard/MTAwMQ', language: 'da' });
  });

  it('groups repeats (same message and first frame) with a count, first and last seen', async () => {
    for (let i = 0; i < 3; i++) await report({ message: 'render loop', stack: stack('Widget'), context: { n: i } });
    await report({ message: 'render loop', stack: stack('OtherWidget') });
    const groups = (await list('?limit=200')).reports.filter((r) => r.message === 'render loop');
    expect(groups.map((g) => g.count).sort()).toEqual([1, 3]);
    const repeated = groups.find((g) => g.count === 3);
    expect(repeated?.context).toEqual({ n: 2 });
    expect(Date.parse(repeated?.lastSeen ?? '')).toBeGreaterThanOrEqual(Date.parse(repeated?.firstSeen ?? ''));
  });

  it('refuses what breaks the schema with 400 and stores nothing', async () => {
    const before = await rowCount();
    const bad = [
      {},
      { message: '' },
      { message: 'x'.repeat(2001) },
      { message: 'big stack', stack: 's'.repeat(16 * 1024 + 1) },
      { message: 'nested', context: { route: { path: '/x' } } },
      { message: 'long value', context: { componentStack: 'c'.repeat(2001) } },
      { message: 'odd key', context: { 'on<b>': 'x' } },
      { message: 'many keys', context: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])) },
      { message: 'unknown field', html: '<script>alert(1)</script>' },
      { message: 42 },
    ];
    for (const payload of bad) {
      const res = await report(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    const huge = await report({ message: 'huge', stack: 'y'.repeat(40_000) });
    expect(huge.statusCode).toBe(413);
    expect(await rowCount()).toBe(before);
  });

  it('limits the reports of one address and says when to retry', async () => {
    const remoteAddress = '10.8.0.1';
    for (let i = 0; i < REPORTS_PER_WINDOW; i++) {
      const res = await report({ message: `flood ${i % 3}` }, { remoteAddress });
      expect(res.statusCode).toBe(204);
    }
    const refused = await report({ message: 'flood 99' }, { remoteAddress });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await find('flood 99')).toBeUndefined();
    // Another address is not affected.
    expect((await report({ message: 'flood 99' })).statusCode).toBe(204);
  });

  it('stores nothing when error reporting is off (local mode)', async () => {
    const res = await report({ message: 'quiet browser' }, { target: quiet });
    expect(res.statusCode).toBe(204);
    const failed = await quiet.inject({ url: '/api/v3/test/explode/7', headers: { cookie: cookies.reader } });
    expect(failed.statusCode).toBe(500);
    const config = await quiet.inject({ url: '/api/v3/config' });
    expect(config.json()).toMatchObject({ errorReporting: false });
    expect((await app.inject({ url: '/api/v3/config' })).json()).toMatchObject({ errorReporting: true });
    await new Promise((r) => setTimeout(r, 200));
    expect(await find('quiet browser')).toBeUndefined();
    expect(await find('probe failure off')).toBeUndefined();
  });
});

describe('unhandled server errors', () => {
  it('records a 5xx with its route pattern, method, request id and user, never cookie values', async () => {
    const res = await app.inject({
      url: '/api/v3/test/explode/42?token=secret-query-token',
      headers: { cookie: `${cookies.reader}; other=cookie-secret-value` },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: true, statusCode: 500, message: 'Internal server error' });
    await expect.poll(() => find('probe failure on')).toBeDefined();
    const stored = await find('probe failure on');
    expect(stored).toMatchObject({
      source: 'server',
      count: 1,
      user: { username: 'root-reader' },
      context: { method: 'GET', route: '/api/v3/test/explode/:unit', status: 500, name: 'Error' },
    });
    expect(stored?.context.requestId).toEqual(expect.any(String));
    expect(stored?.stack).toContain('probe failure on');
    const raw = JSON.stringify(stored);
    const sessionValue = cookies.reader.split('=')[1] ?? '';
    for (const secret of [sessionValue, 'cookie-secret-value', 'secret-query-token', '/explode/42'])
      expect(raw).not.toContain(secret);
  });
});

describe('GET and DELETE /api/v1/admin/errors', () => {
  it('lists newest last seen first, filters by source and pages', async () => {
    await report({ message: 'newest browser error' });
    const all = await list('?limit=200');
    expect(all.reports[0]?.message).toBe('newest browser error');
    const seen = all.reports.map((r) => Date.parse(r.lastSeen));
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    const servers = await list('?source=server');
    expect(servers.reports.length).toBeGreaterThan(0);
    expect(servers.reports.every((r) => r.source === 'server')).toBe(true);
    const page = await list('?limit=2&offset=1');
    expect(page.total).toBe(all.total);
    expect(page.reports.map((r) => r.id)).toEqual(all.reports.slice(1, 3).map((r) => r.id));
    expect(
      (await app.inject({ url: '/api/v1/admin/errors?source=db', headers: { cookie: cookies.platform } })).statusCode,
    ).toBe(400);
  });

  it('resolves a report; it comes back counted from 1 if the error happens again', async () => {
    for (let i = 0; i < 2; i++) await report({ message: 'to resolve', stack: stack('resolveMe') });
    const target = await find('to resolve');
    expect(target?.count).toBe(2);
    const del = (id: number, cookie = cookies.platform) =>
      app.inject({ method: 'DELETE', url: `/api/v1/admin/errors/${id}`, headers: { cookie } });
    expect((await del(target?.id ?? 0)).json()).toEqual({ success: true });
    expect(await find('to resolve')).toBeUndefined();
    expect((await del(target?.id ?? 0)).statusCode).toBe(404);
    await report({ message: 'to resolve', stack: stack('resolveMe') });
    expect((await find('to resolve'))?.count).toBe(1);
  });

  it('refuses a SuperUser of a child organisation, a Reader of the root and anyone signed out', async () => {
    const target = await find('login page broke');
    for (const cookie of [cookies.childAdmin, cookies.reader]) {
      const get = await app.inject({ url: '/api/v1/admin/errors', headers: { cookie } });
      expect(get.statusCode).toBe(403);
      expect(get.body).not.toContain('login page broke');
      const del = await app.inject({
        method: 'DELETE',
        url: `/api/v1/admin/errors/${target?.id}`,
        headers: { cookie },
      });
      expect(del.statusCode).toBe(403);
    }
    expect((await app.inject({ url: '/api/v1/admin/errors' })).statusCode).toBe(401);
    expect(await find('login page broke')).toBeDefined();
  });
});
