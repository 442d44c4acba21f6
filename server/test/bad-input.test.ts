import { AccessLevel, encodeDashboardId } from '@fieldwatch/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/http.ts';
import { setUserRole } from '../src/modules/users/users.service.ts';
import {
  cookieHeaderOf,
  countSessions,
  createOrganization,
  createTestApp,
  createUser,
  login,
  sessionCookieOf,
  signIn,
  type TestApp,
} from './helpers.ts';

const PASSWORD = 'input-secret';
const NUMERIC_PASSWORD = '12345678';

let t: TestApp;
let orgA = 0;
let orgB = 0;
let cookie = '';

beforeAll(async () => {
  t = await createTestApp();
  orgA = await createOrganization(t.db, 'Input A');
  orgB = await createOrganization(t.db, 'Input B');
  const val = await createUser(t.db, {
    username: 'val',
    password: PASSWORD,
    organizationId: orgA,
    role: AccessLevel.User,
  });
  await setUserRole(t.db, val, orgB, AccessLevel.User);
  await createUser(t.db, { username: 'num', password: NUMERIC_PASSWORD, organizationId: orgA });
  cookie = await signIn(t.app, 'val', PASSWORD);
});
afterAll(() => t.close());

const throttleRows = async () => (await t.db.query('select key from login_throttle')).length;
const post = (payload: unknown, headers: Record<string, string> = {}, url = '/api/v2/auth/login') =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as string });

function expect400(res: Awaited<ReturnType<typeof post>>, field?: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  const body = res.json();
  expect(body).toMatchObject({ error: true, statusCode: 400 });
  expect(typeof body.message).toBe('string');
  if (field) expect(body.message).toContain(field);
  expect(sessionCookieOf(res)).toBeUndefined();
}

describe('sign-in body validation', () => {
  const cases: [string, unknown, string][] = [
    ['an empty object', {}, 'username'],
    ['no password', { username: 'val' }, 'password'],
    ['no username', { password: PASSWORD }, 'username'],
    ['an empty username', { username: '', password: PASSWORD }, 'username'],
    ['an empty password', { username: 'val', password: '' }, 'password'],
    ['a numeric username', { username: 123, password: PASSWORD }, 'username'],
    ['a boolean username', { username: true, password: PASSWORD }, 'username'],
    ['a null username', { username: null, password: PASSWORD }, 'username'],
    ['an object username', { username: {}, password: PASSWORD }, 'username'],
    ['an array username', { username: ['val'], password: PASSWORD }, 'username'],
    ['an array password', { username: 'val', password: [PASSWORD] }, 'password'],
    ['an oversized username', { username: 'u'.repeat(201), password: PASSWORD }, 'username'],
    ['an oversized password', { username: 'val', password: 'p'.repeat(1025) }, 'password'],
  ];

  it.each(cases)('refuses %s with 400 naming the field, writing nothing', async (_, payload, field) => {
    const sessions = await countSessions(t.db);
    const throttled = await throttleRows();
    for (const url of ['/api/v2/auth/login', '/api/v1/auth/login']) {
      expect400(await post(payload, {}, url), field);
    }
    expect(await countSessions(t.db)).toBe(sessions);
    expect(await throttleRows()).toBe(throttled);
  });

  it('does not coerce a number into the password string', async () => {
    expect((await login(t.app, 'num', NUMERIC_PASSWORD)).statusCode).toBe(200);
    expect400(await post({ username: 'num', password: Number(NUMERIC_PASSWORD) }), 'password');
    expect400(await post({ username: 'num', password: [NUMERIC_PASSWORD] }), 'password');
  });

  it('accepts a username of the maximum length (then fails to authenticate)', async () => {
    const res = await login(t.app, 'u'.repeat(200), PASSWORD, { remoteAddress: '203.0.113.1' });
    expect(res.statusCode).toBe(417);
  });

  it.each([
    ['malformed JSON', '{"username": "val",', { 'content-type': 'application/json' }, 'JSON'],
    ['an empty JSON body', '', { 'content-type': 'application/json' }, 'empty'],
    ['a JSON array', '[]', { 'content-type': 'application/json' }, 'body'],
    ['a JSON string', '"val"', { 'content-type': 'application/json' }, 'body'],
    ['a text body', 'username=val', { 'content-type': 'text/plain' }, 'body'],
  ])('refuses %s with 400', async (_, payload, headers, words) => {
    const res = await post(payload, headers);
    expect400(res);
    expect(res.json().message).toContain(words);
  });

  it('refuses an unsupported media type with 415 JSON', async () => {
    const res = await post('<login/>', { 'content-type': 'application/xml' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ error: true, statusCode: 415 });
  });

  it('refuses an oversized body with 413 JSON', async () => {
    const res = await post({ username: 'val', password: 'p'.repeat(2 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: true, statusCode: 413 });
  });

  it('never answers 5xx to arbitrary JSON bodies', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v2/auth/login',
          remoteAddress: '203.0.113.2',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(value),
        });
        expect([400, 417, 429]).toContain(res.statusCode);
        expect(res.json()).toMatchObject({ error: true, statusCode: res.statusCode });
      }),
      { numRuns: 60 },
    );
  });
});

describe('unknown routes', () => {
  it.each([
    ['GET', '/api/nope'],
    ['GET', '/api'],
    ['POST', '/api/v2/auth/nothing'],
    ['PUT', '/api/v2/auth/login'],
    ['DELETE', '/api/v2/auth'],
    ['GET', '/api/v9/xrequest/LoginAccess?x=1'],
  ] as const)('%s %s answers 404 JSON', async (method, url) => {
    const res = await t.app.inject({ method, url, headers: { cookie } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({
      error: true,
      statusCode: 404,
      message: `Not found: ${method} ${url.split('?')[0]}`,
    });
  });
});

/** Every route the app registered, as `METHOD /path` with OpenAPI-style {params}, from printRoutes. */
function registeredRoutes(app: App): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (stack[depth - 1] ?? '') + (match[2] ?? '');
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      routes.push(`${method} ${path.replace(/:(\w+)/g, '{$1}')}`);
    }
  }
  return routes;
}

describe('GET /api/docs/json', () => {
  it('documents every /api route the app registered', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    const documented = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();

    const registered = registeredRoutes(t.app)
      .filter((r) => !r.startsWith('HEAD '))
      .filter((r) => / \/api\//.test(r) && !/ \/api\/docs/.test(r))
      // The live push WebSocket upgrade is not an OpenAPI operation (server/src/live/README.md describes it).
      .filter((r) => r !== 'GET /api/v3/live')
      .sort();
    // the parser did find the routes
    expect(registered).toContain('POST /api/v2/auth/login');
    expect(registered).toContain('GET /api/v2/auth/sessions');
    expect(registered).toContain('DELETE /api/v2/auth/session/logout/{session}');
    expect(documented).toEqual(registered);
  });

  it('marks the routes behind a session with the cookie security scheme', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie' });
    expect(doc.paths['/api/v2/auth'].get.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/v2/auth/login'].post.security).toBeUndefined();
  });
});

describe('cross-site writes', () => {
  const refused = { error: true, statusCode: 403, message: 'Cross-site request refused' };
  const attempt = (headers: Record<string, string>, password = PASSWORD) =>
    login(t.app, 'val', password, { headers, remoteAddress: '203.0.113.3' });

  it.each([
    ['sec-fetch-site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['sec-fetch-site: same-site', { 'sec-fetch-site': 'same-site' }],
    ['a foreign origin', { origin: 'http://evil.example', host: 'fieldwatch.example' }],
    ['the origin of another port', { origin: 'http://fieldwatch.example:8080', host: 'fieldwatch.example' }],
    ['an opaque origin', { origin: 'null', host: 'fieldwatch.example' }],
  ])('refuses a sign-in with %s and writes nothing', async (_, headers) => {
    const sessions = await countSessions(t.db);
    const throttled = await throttleRows();
    const [before] = await t.db.query<{ last_login: Date | null }>(
      `select last_login from users where username = 'val'`,
    );
    for (const password of [PASSWORD, 'wrong password']) {
      const res = await attempt(headers, password);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(refused);
      expect(sessionCookieOf(res)).toBeUndefined();
    }
    expect(await countSessions(t.db)).toBe(sessions);
    expect(await throttleRows()).toBe(throttled);
    const [after] = await t.db.query<{ last_login: Date | null }>(
      `select last_login from users where username = 'val'`,
    );
    expect(after?.last_login?.getTime()).toBe(before?.last_login?.getTime());
  });

  it.each([
    ['sec-fetch-site: same-origin', { 'sec-fetch-site': 'same-origin' }],
    ['sec-fetch-site: none (typed by the user)', { 'sec-fetch-site': 'none' }],
    [
      'an origin matching the host (and the scheme)',
      { origin: 'http://fieldwatch.example:8443', host: 'fieldwatch.example:8443' },
    ],
    ['no browser headers at all', {}],
  ])('allows a sign-in with %s', async (_, headers) => {
    const res = await attempt(headers);
    expect(res.statusCode).toBe(200);
    expect(sessionCookieOf(res)).toBeDefined();
  });

  it('refuses ending a session cross-site, which keeps working', async () => {
    const other = cookieHeaderOf(await login(t.app, 'val', PASSWORD));
    const id = (await t.app.inject({ url: '/api/v2/auth', headers: { cookie: other } })).json().id;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v2/auth/session/logout/${id}`,
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(refused);
    expect((await t.app.inject({ url: '/api/v2/auth', headers: { cookie: other } })).statusCode).toBe(200);
  });

  it('refuses switching organisation cross-site, which leaves it unchanged', async () => {
    const current = async () =>
      (await t.app.inject({ url: '/api/v3/user/session', headers: { cookie } })).json().currentOrganization.id;
    expect(await current()).toBe(orgA);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v3/user/session/current_organization?id=${orgB}`,
      headers: { cookie, origin: 'http://evil.example', host: 'fieldwatch.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(refused);
    expect(await current()).toBe(orgA);
    // the same request from the page itself goes through
    const same = await t.app.inject({
      method: 'PUT',
      url: `/api/v3/user/session/current_organization?id=${orgB}`,
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(same.statusCode).toBe(200);
    expect(await current()).toBe(orgB);
  });
});

describe('text the database cannot store', () => {
  const json = (method: 'POST' | 'PUT', url: string, body: string) =>
    t.app.inject({ method, url, headers: { cookie, 'content-type': 'application/json' }, payload: body });

  it.each([
    [
      'a lone high surrogate in a body text',
      'POST',
      '/api/v3/tasks',
      '{"organizationId":ORG,"title":"a\\ud800"}',
      'title',
    ],
    [
      'a lone low surrogate in a body text',
      'POST',
      '/api/v3/tasks',
      '{"organizationId":ORG,"title":"\\udc00b"}',
      'title',
    ],
    ['a lone surrogate in a free-form JSON key', 'PUT', '/api/v1/keyvalue/notes/k1', '{"data":{"\\ud800":1}}', 'data'],
    [
      'a lone surrogate deep in free-form JSON',
      'PUT',
      '/api/v1/keyvalue/notes/k1',
      '{"data":[{"a":["\\udfff"]}]}',
      'data',
    ],
  ] as const)('refuses %s with 400 naming it, storing nothing', async (_, method, url, body, field) => {
    const [before] = await t.db.query<{ n: number }>(
      'select (select count(*) from tasks) + (select count(*) from user_values) as n',
    );
    const res = await json(method, url, body.replace('ORG', String(orgA)));
    expect400(res, field);
    expect(res.json().message).toContain('lone UTF-16 surrogate');
    const [after] = await t.db.query<{ n: number }>(
      'select (select count(*) from tasks) + (select count(*) from user_values) as n',
    );
    expect(after?.n).toBe(before?.n);
  });

  it('accepts a surrogate pair (an emoji) where a lone half is refused', async () => {
    const res = await json('POST', '/api/v3/tasks', `{"organizationId":${orgA},"title":"Leak \\ud83d\\udca7"}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().title).toBe('Leak 💧');
  });

  it('refuses a query text whose percent-escapes are not UTF-8 (%ED%A0%80 is a lone surrogate), in every error shape', async () => {
    const get = (url: string) => t.app.inject({ url, headers: { cookie } });
    const v3 = await get('/api/v1/keyvalue/notes?id=%ED%A0%80');
    expect400(v3, 'id');
    expect(v3.json().message).toContain('UTF-8');
    const legacy = await get('/api/v1/xrequest/GetUserData?ValueID=x%ED%A0%80');
    expect(legacy.statusCode).toBe(400);
    expect(legacy.json().Result).toContain('ValueID');
    // Text that decodes, an emoji among it, still goes through.
    expect((await get('/api/v1/keyvalue/notes?id=%F0%9F%92%A7%20100%25')).statusCode).toBe(200);
  });

  it('refuses the same in a path parameter', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/keyvalue/notes/%ED%A0%80',
      headers: { cookie },
      payload: { data: 1 },
    });
    expect400(res);
  });
});

describe('ids beyond the database integer (1 to 2147483647)', () => {
  const legacy = (call: string, query: string) =>
    t.app.inject({ url: `/api/v1/xrequest/${call}?${query}`, headers: { cookie } });

  it.each([
    ['GetAlarms', 'UnitIDs=99999999999999', 'UnitIDs'],
    ['GetAlarms', 'CustomerIDs=2147483648', 'CustomerIDs'],
    ['GetUnitsByPos', 'UnitGroups=99999999999999', 'UnitGroups'],
    ['GetUnitsByPos', 'UnitIDs=1,2147483648', 'UnitIDs'],
    ['GetUnitsInfo', 'UnitIDs=0', 'UnitIDs'],
    ['GetUnitsShowValue', 'CustomerIDs=4294967296', 'CustomerIDs'],
    ['GetUnitType', 'CustomerIDs=9999999999', 'CustomerIDs'],
    ['GetReportParkingUsage', 'StartDate=2025-01-01&StopDate=2025-01-02&UnitIDs=99999999999', 'UnitIDs'],
  ])('%s?%s answers 400 naming the list', async (call, query, field) => {
    const res = await legacy(call, query);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().Result).toContain(`${field}: an id is a whole number from 1 to 2147483647`);
  });

  it('refuses them in the v1 device list, the CSV export and the group list too', async () => {
    const orgs = await t.app.inject({ url: '/api/v1/device?orgs=2147483648', headers: { cookie } });
    expect400(orgs, 'orgs');
    const units = await t.app.inject({
      url: '/api/v3/device/devices/export.csv?units=1,99999999999',
      headers: { cookie },
    });
    expect400(units, 'units');
    const groups = await t.app.inject({
      method: 'POST',
      url: '/api/v1/xrequest/GetUnitGroups',
      headers: { cookie },
      payload: { CustomerID: '9999999999' },
    });
    expect(groups.statusCode, groups.body).toBe(400);
    expect(groups.json().Result).toContain('CustomerID');
  });

  it('answers a dashboard id beyond them like any unknown dashboard (404)', async () => {
    const res = await t.app.inject({
      url: `/api/v3/user/dashboard/${encodeDashboardId(3_000_000_000)}`,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(404);
  });

  it('accepts the largest id, blank entries and spaces', async () => {
    const res = await legacy('GetAlarms', 'UnitIDs=%202147483647%20,');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([]);
  });
});
