import crypto, { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { AccessLevel, SESSION_COOKIE_NAME } from '@fieldwatch/core';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Db } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import type { App } from '../src/http.ts';
import type { AccountMailer } from '../src/modules/auth/accountMail.ts';
import { hashToken } from '../src/modules/auth/auth.service.ts';
import { anyone, type RoutePolicy } from '../src/plugins/policy.ts';
import { HSTS, IMAGE_CSP } from '../src/plugins/securityHeaders.ts';
import { PNG_1X1 } from './fixtures/images.ts';
import { createOrganizationTree, createUnit, createUser, login, openTestDb, sessionCookieOf } from './helpers.ts';

/**
 * Issue 11, web attacks, on the server: security headers on every answer of every registered
 * route (and the web app's page, its files, 404s and errors), HSTS only over HTTPS, cross-site
 * writes refused on every state-changing route with nothing written, no user enumeration through
 * sign-in, reset or onboarding, and sessions that end with their user. Stored XSS is a browser
 * matter: e2e/web-attacks.test.ts.
 */
const PASSWORD = 'attacks-secret';
const REFUSED = 'Cross-site request refused';

let db: Db;
/** The app as deployed behind a proxy (TRUST_PROXY=1), with a built web app to serve. */
let app: App;
/** The app reached directly (TRUST_PROXY unset): a forwarded header is anyone's to forge. */
let direct: App;
let webDist: string;
let org: Awaited<ReturnType<typeof createOrganizationTree>>;
let adminId = 0;
let unitId = 0;
const sent: { to: string; subject: string }[] = [];
/** A mail server that takes every mail and never answers: nothing may wait for it. */
const hangingMailer: AccountMailer = {
  delivery: 'mail',
  send: (mail) => {
    sent.push(mail);
    return new Promise(() => {});
  },
};

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-attacks-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Fieldwatch</title><div id="root"></div>');
  fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log("fieldwatch")');
  fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.css'), 'body{margin:0}');
  db = await openTestDb();
  await migrate(db);
  const log = pino({ level: 'silent' });
  app = await buildApp({ db, loggerInstance: log, webDist, trustProxy: 1, mailer: hangingMailer });
  // A handler that fails, so the 500 answer of the real error handler is among those checked.
  app.get('/api/test/fails', { config: anyone({ writes: false }) }, async () => {
    throw new Error('planned failure');
  });
  await app.ready();
  direct = await buildApp({ db, loggerInstance: log, webDist, mailer: hangingMailer });
  await direct.ready();
  org = await createOrganizationTree(db);
  adminId = await createUser(db, {
    username: 'attacks-admin',
    password: PASSWORD,
    organizationId: org.alpha,
    role: AccessLevel.SuperUser,
    email: 'admin@attacks.test',
  });
  unitId = await createUnit(db, { organizationId: org.alpha, serial: 'ATK-1', name: 'Attack unit' });
});
afterAll(async () => {
  await app?.close();
  await direct?.close();
  await db?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** A fresh session of a user, straight in the table (no scrypt per request): its Cookie header. */
async function sessionOf(userId: number, organizationId: number = org.alpha): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `insert into sessions (id, token_hash, user_id, current_organization_id, expires_at)
     values ($1, $2, $3, $4, now() + interval '1 day')`,
    [randomUUID(), hashToken(token), userId, organizationId],
  );
  return `${SESSION_COOKIE_NAME}=${token}`;
}

/** Every method × URL pattern the app registered, from its route table, with its declared policy. */
function registeredRoutes(a: App): { method: string; url: string; policy: RoutePolicy }[] {
  return a.routeTable.flatMap((r) =>
    [r.method].flat().map((method) => ({ method, url: r.url, policy: (r.config as { policy: RoutePolicy }).policy })),
  );
}

/** A URL of a pattern with every parameter filled: a uuid where one is expected, else a number nothing has. */
function sampleUrl(pattern: string): string {
  return pattern
    .replace(/:(\w+)/g, (_, name: string) => (/session|uuid|^id$/i.test(name) ? randomUUID() : '987654'))
    .replace(/\*$/, 'x');
}
const hasBody = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'DELETE';

/** What is wrong with an answer's security headers; empty when all are there. */
function headerProblems(res: LightMyRequestResponse, overHttps: boolean): string[] {
  const csp = String(res.headers['content-security-policy'] ?? '');
  const problems: string[] = [];
  if (!/(^|;)\s*object-src 'none'/.test(csp)) problems.push(`CSP without object-src 'none': ${csp}`);
  if (!/(^|;)\s*base-uri '(self|none)'/.test(csp)) problems.push(`CSP without base-uri: ${csp}`);
  if (!/(^|;)\s*frame-ancestors '(self|none)'/.test(csp)) problems.push(`CSP without frame-ancestors: ${csp}`);
  // No directive may let a page talk to, or take styles from, any host but this one.
  for (const [name, sources] of csp.matchAll(/(?:^|;)\s*(connect-src|style-src|font-src|default-src)([^;]*)/g))
    if (/\s(https?:|wss?:|\*)(\s|$)/.test(`${sources} `)) problems.push(`CSP ${name} allows any host: ${csp}`);
  if (res.headers['x-content-type-options'] !== 'nosniff') problems.push('no nosniff');
  if (res.headers['referrer-policy'] !== 'no-referrer')
    problems.push(`referrer-policy ${res.headers['referrer-policy']}`);
  const hsts = res.headers['strict-transport-security'];
  if (overHttps && hsts !== HSTS) problems.push(`HSTS over HTTPS: ${hsts}`);
  if (!overHttps && hsts !== undefined) problems.push(`HSTS over plain http: ${hsts}`);
  return problems;
}

describe('security headers', () => {
  it('are on the answer of every registered route, signed in over http and anonymous over HTTPS', async () => {
    const routes = registeredRoutes(app);
    // The route table is the app's own: the API, the documentation, the web app's files, the test route.
    expect(routes).toContainEqual(expect.objectContaining({ method: 'POST', url: '/api/v2/auth/login' }));
    expect(routes).toContainEqual(expect.objectContaining({ method: 'GET', url: '/api/v3/live' }));
    expect(routes.filter((r) => r.url.startsWith('/assets/')).length).toBeGreaterThanOrEqual(2);
    const problems: string[] = [];
    const statuses = new Set<number>();
    for (const { method, url } of routes) {
      const target = sampleUrl(url);
      const base = { method, url: target, ...(hasBody(method) ? { payload: {} } : {}) } as InjectOptions;
      const signedIn = await app.inject({ ...base, headers: { cookie: await sessionOf(adminId) } });
      const anonymous = await app.inject({ ...base, headers: { 'x-forwarded-proto': 'https' } });
      for (const [res, https] of [
        [signedIn, false],
        [anonymous, true],
      ] as const) {
        statuses.add(res.statusCode);
        for (const p of headerProblems(res, https)) problems.push(`${method} ${url} → ${res.statusCode}: ${p}`);
      }
    }
    expect(problems).toEqual([]);
    // Successes, redirects, refusals, not-founds and the failing route's 500 were all among them.
    for (const status of [200, 302, 400, 401, 404, 500]) expect(statuses).toContain(status);
    console.info(`web attacks: security headers on ${routes.length} routes × 2 callers`);
  });

  it.each([
    ['the web app page', 'GET', '/'],
    ['a page of the web app (history fallback)', 'GET', '/dashboard/abc'],
    ['a script', 'GET', '/assets/index-abc123.js'],
    ['a style sheet (HEAD)', 'HEAD', '/assets/index-abc123.css'],
    ['an unknown API path', 'GET', '/api/v3/nothing'],
    ['an unknown write', 'POST', '/nothing'],
    ['a malformed JSON body', 'POST', '/api/v2/auth/login'],
    ['a body over the limit', 'POST', '/api/v2/auth/login'],
    ['a handler that fails', 'GET', '/api/test/fails'],
    ['a cross-site write', 'POST', '/api/v3/tasks'],
  ])('are on %s', async (what, method, url) => {
    const headers: Record<string, string> = {};
    let payload: string | undefined;
    if (what === 'a malformed JSON body') payload = '{"username":';
    if (what === 'a body over the limit') payload = JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) });
    if (payload) headers['content-type'] = 'application/json';
    if (what === 'a cross-site write') headers['sec-fetch-site'] = 'cross-site';
    for (const https of [false, true]) {
      const res = await app.inject({
        method: method as 'GET',
        url,
        payload,
        headers: { ...headers, ...(https ? { 'x-forwarded-proto': 'https' } : {}) },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(
        {
          'an unknown API path': 404,
          'an unknown write': 404,
          'a malformed JSON body': 400,
          'a body over the limit': 413,
          'a handler that fails': 500,
          'a cross-site write': 403,
        }[what] ?? 200,
      );
      expect(headerProblems(res, https)).toEqual([]);
    }
  });

  it('sends HSTS only when the request came over HTTPS, and believes X-Forwarded-Proto only behind a proxy', async () => {
    const hstsOf = async (a: App, headers: Record<string, string>) =>
      (await a.inject({ url: '/api/health', headers })).headers['strict-transport-security'];
    expect(await hstsOf(app, { 'x-forwarded-proto': 'https' })).toBe(HSTS);
    expect(await hstsOf(app, { 'x-forwarded-proto': 'http' })).toBeUndefined();
    expect(await hstsOf(app, {})).toBeUndefined();
    // Without TRUST_PROXY the header is anyone's to send: plain http stays plain http.
    expect(await hstsOf(direct, { 'x-forwarded-proto': 'https' })).toBeUndefined();
    expect(await hstsOf(direct, {})).toBeUndefined();
    expect(HSTS).toMatch(/^max-age=(\d+)/);
    expect(Number(/max-age=(\d+)/.exec(HSTS)?.[1])).toBeGreaterThanOrEqual(180 * 86_400);
  });

  it('are on a stored image, whose own policy is stricter still (nothing runs, loads or embeds it elsewhere)', async () => {
    const cookie = await sessionOf(adminId);
    const up = await app.inject({
      method: 'POST',
      url: '/api/v3/user/profile/avatar',
      headers: { cookie, 'content-type': 'image/png' },
      payload: PNG_1X1,
    });
    expect(up.statusCode, up.body).toBe(200);
    for (const https of [false, true]) {
      const res = await app.inject({
        url: up.json().avatar,
        headers: { cookie, ...(https ? { 'x-forwarded-proto': 'https' } : {}) },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(headerProblems(res, https)).toEqual([]);
      expect(res.headers['content-security-policy']).toBe(IMAGE_CSP);
      expect(IMAGE_CSP).toMatch(/default-src 'none'.*sandbox/);
    }
  });
});

/** The refusal in the error shape of the route's API family (server/src/families/). */
function refusalOf(url: string) {
  if (url.startsWith('/api/v2/device/') || url.startsWith('/api/v2/report/')) return { success: false, error: REFUSED };
  if (url.startsWith('/api/v1/xrequest/')) return { Result: REFUSED };
  return { error: true, statusCode: 403, message: REFUSED };
}

/** How a browser marks a request from another site; each alone must be enough to refuse it. */
const FOREIGN: [string, Record<string, string>][] = [
  ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
  ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site', origin: 'https://evil.fieldwatch.test' }],
  ['a foreign Origin', { origin: 'https://evil.example' }],
  ['an opaque Origin', { origin: 'null' }],
  // This server is http://localhost:80 to app.inject: the same host by another scheme or port is another origin.
  ['the same host over another scheme', { origin: 'https://localhost:80' }],
  ['the same host on another port', { origin: 'http://localhost:8080' }],
];

/** Every table's rows, as one digest per table. */
async function digest(): Promise<Record<string, string>> {
  const tables = await db.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await db.query<{ d: string }>(
      `select md5(coalesce(string_agg(md5(t::text), ',' order by md5(t::text)), '')) as d from "${name}" t`,
    );
    out[name] = row?.d ?? '';
  }
  return out;
}

describe('cross-site requests', () => {
  it('are refused on every state-changing route, in the family error shape, writing nothing', async () => {
    // Whatever its method: the route's own declaration says it writes (or opens a channel).
    const writes = registeredRoutes(app)
      .filter((r) => r.policy.writes || r.policy.sameSiteOnly)
      .map(({ method, url }) => ({ method, url }));
    // A GET that writes is held by HEAD as well (it runs the same handler).
    for (const r of writes.filter((w) => w.method === 'GET')) writes.push({ method: 'HEAD', url: r.url });
    expect(writes).toContainEqual({ method: 'GET', url: '/api/v1/xrequest/SetRelay' });
    expect(writes.length).toBeGreaterThan(80);
    const before = await digest();
    const problems: string[] = [];
    for (const { method, url } of writes) {
      const target = sampleUrl(url);
      for (const [how, headers] of FOREIGN) {
        const res = await app.inject({
          method: method as 'POST',
          url: target,
          headers: { ...headers, cookie: await sessionOf(adminId) },
          ...(hasBody(method) ? { payload: {} } : {}),
        });
        const body = method === 'HEAD' ? undefined : res.json();
        if (res.statusCode !== 403 || (body !== undefined && JSON.stringify(body) !== JSON.stringify(refusalOf(url))))
          problems.push(`${method} ${url} with ${how}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(problems).toEqual([]);
    // The sessions made for the requests are the only new rows.
    const after = await digest();
    expect({ ...after, sessions: '' }).toEqual({ ...before, sessions: '' });

    // The same requests from the page itself are not refused as cross-site (they fail or succeed on their merits).
    for (const { method, url } of writes) {
      const res = await app.inject({
        method: method as 'POST',
        url: sampleUrl(url),
        headers: { 'sec-fetch-site': 'same-origin', cookie: await sessionOf(adminId) },
        ...(hasBody(method) ? { payload: {} } : {}),
      });
      expect(res.body, `${method} ${url}`).not.toContain(REFUSED);
    }
    console.info(`web attacks: ${writes.length} state-changing routes × ${FOREIGN.length} cross-site forms refused`);
  });

  it('declares every route named like a write, or with a writing method, as one that writes', () => {
    const all = registeredRoutes(app);
    const writeLike = all.filter(
      (r) =>
        /\/(Set|Delete|Edit|Add|Remove|Update|Create)[A-Z]\w*$|\/logout$/.test(r.url) ||
        ['PUT', 'PATCH', 'DELETE'].includes(r.method),
    );
    expect(writeLike.filter((r) => r.method === 'GET').length).toBeGreaterThanOrEqual(5);
    for (const r of writeLike) expect(r.policy.writes, `${r.method} ${r.url}`).toBe(true);
  });

  /** Writes that succeed from the page: refused cross-site with nothing changed, then done same-origin. */
  const cases: {
    name: string;
    request: () => Promise<InjectOptions>;
    state: () => Promise<unknown>;
  }[] = [
    {
      name: 'creating a task',
      request: async () => ({
        method: 'POST',
        url: '/api/v3/tasks',
        payload: { organizationId: org.alpha, title: 'Forged task' },
      }),
      state: async () => (await db.query(`select count(*)::int as n from tasks`))[0],
    },
    {
      name: 'renaming an organisation',
      request: async () => ({
        method: 'PUT',
        url: `/api/v1/admin/organization/${org.north}/name`,
        payload: { name: 'Forged' },
      }),
      state: async () => (await db.query('select name from organizations where id = $1', [org.north]))[0],
    },
    {
      name: 'renaming a unit (legacy v1)',
      request: async () => ({
        method: 'POST',
        url: '/api/v1/xrequest/EditUnitInfo',
        payload: { UnitID: unitId, UnitName: 'Forged unit' },
      }),
      state: async () => (await db.query('select unit_name from units where id = $1', [unitId]))[0],
    },
    {
      name: 'adding a marker (v2 device family)',
      request: async () => ({
        method: 'POST',
        url: `/api/v2/device/legacy/devices/${unitId}/channel/1/markers`,
        payload: { name: 'Forged marker', position: 10, comments: 'x' },
      }),
      state: async () => (await db.query(`select count(*)::int as n from markers`))[0],
    },
    {
      name: 'deleting a marker by GET (legacy v1)',
      request: async () => {
        const [m] = await db.query<{ id: number }>(
          `insert into markers (unit_id, channel, data) values ($1, 1, '{"name":"Doomed","position":5}') returning id`,
          [unitId],
        );
        return {
          method: 'GET',
          url: `/api/v1/xrequest/DeleteMark?ChannelID=1&CustomerID=${org.alpha}&MarkerID=${m?.id}&UnitID=${unitId}`,
        };
      },
      state: async () => (await db.query(`select count(*)::int as n from markers`))[0],
    },
    {
      name: 'signing out by GET',
      request: async () => ({ method: 'GET', url: '/api/v2/auth/logout' }),
      state: async () => (await db.query(`select count(*)::int as n from sessions`))[0],
    },
  ];
  it.each(cases)('are refused for $name, which the page itself can do', async ({ request, state }) => {
    const options = await request();
    const cookie = await sessionOf(adminId);
    const before = await state();
    for (const [how, headers] of FOREIGN) {
      const res = await app.inject({ ...options, headers: { ...headers, cookie } });
      expect(res.statusCode, how).toBe(403);
      expect(res.json()).toEqual(refusalOf(String(options.url)));
      expect(await state(), how).toEqual(before);
    }
    const res = await app.inject({ ...options, headers: { 'sec-fetch-site': 'same-origin', cookie } });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await state()).not.toEqual(before);
  });
});

/** An answer without what differs between any two answers (date), to compare two of them whole. */
const comparable = (res: LightMyRequestResponse) => {
  const { date: _date, ...headers } = res.headers;
  return { status: res.statusCode, headers, body: res.body };
};

/** Counts scrypt derivations (the password work) while `run` runs. */
async function scryptCalls(run: () => Promise<unknown>): Promise<number> {
  const original = crypto.scrypt;
  let calls = 0;
  crypto.scrypt = ((...args: Parameters<typeof original>) => {
    calls++;
    return original(...args);
  }) as typeof original;
  syncBuiltinESMExports();
  try {
    await run();
  } finally {
    crypto.scrypt = original;
    syncBuiltinESMExports();
  }
  return calls;
}

describe('no user enumeration', () => {
  it.each(['/api/v2/auth/login', '/api/v1/auth/login'] as const)(
    '%s answers an unknown user exactly as a known one with a wrong password, after the same work',
    async (url) => {
      let known: LightMyRequestResponse | undefined;
      let unknown: LightMyRequestResponse | undefined;
      const knownWork = await scryptCalls(async () => {
        known = await login(app, 'attacks-admin', 'not the password', { url, remoteAddress: '198.51.100.1' });
      });
      const unknownWork = await scryptCalls(async () => {
        unknown = await login(app, 'attacks-nobody', 'not the password', { url, remoteAddress: '198.51.100.1' });
      });
      if (!known || !unknown) throw new Error('no answer');
      expect(known.statusCode).toBe(417);
      expect(comparable(unknown)).toEqual(comparable(known));
      expect(sessionCookieOf(unknown)).toBeUndefined();
      // One password derivation each (a stand-in hash for the unknown name), and each failure counted.
      expect([knownWork, unknownWork]).toEqual([1, 1]);
      const counted = await db.query<{ key: string; failures: number }>(
        `select key, failures from login_throttle where key in ('account:attacks-admin', 'account:attacks-nobody') order by key`,
      );
      expect(counted.map((r) => r.key)).toEqual(['account:attacks-admin', 'account:attacks-nobody']);
      await db.query('delete from login_throttle');
    },
  );

  it('password reset answers a known and an unknown address alike, without waiting for the mail', async () => {
    const ask = (email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v3/user/createRestorePasswordToken',
        payload: { userId: email, baseUrl: 'http://localhost/reset-password' },
      });
    // The mailer never answers: both answers come all the same, so none waits for a mail.
    const known = await ask('admin@attacks.test');
    const unknown = await ask('nobody@attacks.test');
    expect(known.statusCode).toBe(200);
    expect(comparable(unknown)).toEqual(comparable(known));
    expect(sent.map((m) => m.to)).toEqual(['admin@attacks.test']);
    // Past the per-user limit of links the known address is silent, and still answered the same.
    for (let i = 0; i < 6; i++) expect(comparable(await ask('admin@attacks.test'))).toEqual(comparable(unknown));
    expect(sent.length).toBeLessThanOrEqual(5);
  });

  describe('onboarding', () => {
    const N = '/api/v1/nfc';
    let tag = '';
    beforeAll(async () => {
      const stock = await createUnit(db, { organizationId: org.beta, serial: 'ATK-STOCK', type: 1 });
      await db.query('update organizations set stock = true where id = $1', [org.beta]);
      tag = randomUUID();
      await db.query('insert into nfc_tags (tag_uuid, unit_id, restriction) values ($1, $2, -1)', [tag, stock]);
    });
    const account = (email: string) => ({
      user: {
        username: `new-${randomBytes(3).toString('hex')}`,
        password: 'a-new-password',
        email,
        name: 'New Person',
      },
      organization: { name: 'New Heating AB' },
      terms: '2023_1',
    });

    it('tells nothing about an address without a real tag', async () => {
      const unknownTag = randomUUID();
      for (const email of ['admin@attacks.test', 'nobody@attacks.test']) {
        const check = await app.inject({ url: `${N}/user/${unknownTag}/${email}`, remoteAddress: '198.51.100.20' });
        expect(check.statusCode).toBe(404);
        expect(check.json()).toEqual({ error: true, statusCode: 404, message: 'Tag not found' });
        const create = await app.inject({
          method: 'POST',
          url: `${N}/user/${unknownTag}/createAccount`,
          payload: account(email),
          remoteAddress: '198.51.100.20',
        });
        expect(create.statusCode).toBe(404);
        expect(create.json()).toEqual({ error: true, statusCode: 404, message: 'Tag not found' });
      }
    });

    it('counts lookups of known and unknown addresses alike, and then refuses both the same', async () => {
      const from = '198.51.100.21';
      const check = (email: string) => app.inject({ url: `${N}/user/${tag}/${email}`, remoteAddress: from });
      let answered = 0;
      for (;;) {
        const res = await check(answered % 2 ? 'admin@attacks.test' : `nobody${answered}@attacks.test`);
        if (res.statusCode === 429) break;
        expect(res.statusCode).toBe(200);
        answered++;
        expect(answered).toBeLessThanOrEqual(30);
      }
      expect(answered).toBe(30);
      expect(comparable(await check('admin@attacks.test'))).toEqual(comparable(await check('nobody@attacks.test')));
    });

    it('limits registrations before it looks at the address, so the limit answers alike', async () => {
      const from = '198.51.100.22';
      const create = (email: string) =>
        app.inject({
          method: 'POST',
          url: `${N}/user/${tag}/createAccount`,
          payload: account(email),
          remoteAddress: from,
        });
      for (let i = 0; i < 5; i++) expect((await create('admin@attacks.test')).statusCode).toBe(409);
      const known = await create('admin@attacks.test');
      const unknown = await create('nobody@attacks.test');
      expect(known.statusCode).toBe(429);
      expect(comparable(unknown)).toEqual(comparable(known));
      expect((await db.query(`select 1 from users where email = 'nobody@attacks.test'`)).length).toBe(0);
    });
  });
});

describe('sessions end with their user', () => {
  const admin = async () => sessionOf(adminId);
  const status = async (cookieOrKey: string, url = '/api/v3/user/profile') =>
    (
      await app.inject({
        url,
        headers: cookieOrKey.startsWith('fwk_') ? { authorization: `Bearer ${cookieOrKey}` } : { cookie: cookieOrKey },
      })
    ).statusCode;

  it('when an administrator removes the user: every session and API key stops at once', async () => {
    const id = await createUser(db, { username: 'leaver', password: PASSWORD, organizationId: org.north, role: 1 });
    const sessions = [await sessionOf(id, org.north), await sessionOf(id, org.north)];
    const key = (
      await app.inject({
        method: 'POST',
        url: '/api/v3/user/apiKeys',
        headers: { cookie: sessions[0] as string },
        payload: { name: 'Leaver key', scopes: ['read'], currentPassword: PASSWORD },
      })
    ).json().key as string;
    for (const c of [...sessions, key]) expect(await status(c)).toBe(200);
    const removed = await app.inject({
      method: 'DELETE',
      url: '/api/v1/admin/profile',
      headers: { cookie: await admin() },
      payload: { username: 'leaver', organizationId: org.north },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    for (const c of [...sessions, key]) expect(await status(c)).toBe(401);
    expect((await db.query('select 1 from sessions where user_id = $1', [id])).length).toBe(0);
  });

  it('when the user is removed from one organisation: the session stays, that organisation is gone from it', async () => {
    const id = await createUser(db, { username: 'mover', password: PASSWORD, organizationId: org.north, role: 1 });
    await db.query('insert into user_roles (user_id, organization_id, role_id) values ($1, $2, 1)', [id, org.south]);
    const cookie = await sessionOf(id, org.north);
    const removed = await app.inject({
      method: 'DELETE',
      url: '/api/v1/admin/profile',
      headers: { cookie: await admin() },
      payload: { username: 'mover', organizationId: org.north },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const session = await app.inject({ url: '/api/v3/user/session', headers: { cookie } });
    expect(session.statusCode).toBe(200);
    const ids = session.json().organizations.map((o: { id: number }) => o.id);
    expect(ids).toContain(org.south);
    expect(ids).not.toContain(org.north);
    expect(session.json().currentOrganization).toBeNull();
    expect(
      (await app.inject({ url: `/api/v3/user/organization/${org.north}`, headers: { cookie } })).statusCode,
    ).not.toBe(200);
  });

  it.each([
    ['the user changes it (POST profile/password)', 'own-post'],
    ['the user changes it (PUT password)', 'own-put'],
    ['an administrator sets it', 'admin'],
  ] as const)('when the password changes because %s: the other sessions end', async (_, how) => {
    const name = `changer-${how}`;
    const id = await createUser(db, { username: name, password: PASSWORD, organizationId: org.north, role: 1 });
    const [mine, other, another] = [await sessionOf(id), await sessionOf(id), await sessionOf(id)] as string[];
    const res =
      how === 'own-post'
        ? await app.inject({
            method: 'POST',
            url: '/api/v3/user/profile/password',
            headers: { cookie: mine },
            payload: { currentPassword: PASSWORD, newPassword: 'a-changed-password' },
          })
        : how === 'own-put'
          ? await app.inject({
              method: 'PUT',
              url: `/api/v3/user/password?oldPassword=${PASSWORD}&newPassword=a-changed-password`,
              headers: { cookie: mine },
            })
          : await app.inject({
              method: 'PUT',
              url: '/api/v1/admin/updateUserPassword',
              headers: { cookie: await admin() },
              payload: { username: name, newPassword: 'a-changed-password' },
            });
    expect(res.statusCode, res.body).toBe(200);
    expect(await status(other as string)).toBe(401);
    expect(await status(another as string)).toBe(401);
    // The user's own change keeps the session it was made from; an administrator's ends them all.
    expect(await status(mine as string)).toBe(how === 'admin' ? 401 : 200);
  });
});
