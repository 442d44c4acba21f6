import { randomUUID } from 'node:crypto';
import { AccessLevel, SESSION_COOKIE_DAYS, SESSION_COOKIE_NAME, WidgetRight } from '@fieldwatch/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOrganizationRight } from '../src/modules/organizations/organizations.service.ts';
import { setUserRole } from '../src/modules/users/users.service.ts';
import {
  cookieHeaderOf,
  countSessions,
  createOrganizationTree,
  createTestApp,
  createUser,
  login,
  sessionCookieOf,
  signIn,
  type TestApp,
} from './helpers.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const PASSWORD = 'correct horse';

let t: TestApp;
const org = { root: 0, alpha: 0, north: 0, northX: 0, south: 0, beta: 0 };
const user = { alice: 0, bob: 0, carol: 0, nobody: 0 };

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t;
  Object.assign(org, await createOrganizationTree(db));
  await addOrganizationRight(db, org.north, WidgetRight.TyrensGIS);
  await addOrganizationRight(db, org.south, WidgetRight.Parking);
  await addOrganizationRight(db, org.south, WidgetRight.TyrensGIS);
  await addOrganizationRight(db, org.beta, WidgetRight.AWG);

  // alice: Reader on alpha, SuperUser on its child north (the child role is stronger there).
  user.alice = await createUser(db, {
    username: 'alice',
    password: PASSWORD,
    organizationId: org.alpha,
    role: AccessLevel.Reader,
    language: 'sv',
  });
  await setUserRole(db, user.alice, org.north, AccessLevel.SuperUser);
  // bob: SuperUser on alpha, Reader on north (the parent role is stronger there).
  user.bob = await createUser(db, {
    username: 'bob',
    password: PASSWORD,
    organizationId: org.alpha,
    role: AccessLevel.SuperUser,
  });
  await setUserRole(db, user.bob, org.north, AccessLevel.Reader);
  user.carol = await createUser(db, {
    username: 'carol',
    password: PASSWORD,
    organizationId: org.beta,
    role: AccessLevel.User,
  });
  user.nobody = await createUser(db, { username: 'nobody', password: PASSWORD });
});
afterAll(() => t.close());

const customer = (id: number, name: string, parent: number | null, role: number, widgets: number[] = []) => ({
  CustomerID: id,
  CustomerName: name,
  ParentCustomerID: parent,
  RoleID: role,
  CustomerRights: widgets.map((Widget) => ({ Widget })),
});

describe.each(['/api/v2/auth/login', '/api/v1/auth/login'] as const)('POST %s', (url) => {
  it('signs in and answers access (role orgs and descendants) and the profile', async () => {
    const res = await login(t.app, 'alice', PASSWORD, { url });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['access', 'profile']);

    expect(body.access).toEqual({
      Username: 'alice',
      Customers: [
        customer(org.alpha, 'Alpha', org.root, AccessLevel.Reader),
        customer(org.north, 'Alpha North', org.alpha, AccessLevel.SuperUser, [WidgetRight.TyrensGIS]),
        // a descendant takes the strongest role held on it or an ancestor
        customer(org.northX, 'Alpha North X', org.north, AccessLevel.SuperUser),
        customer(org.south, 'Alpha South', org.alpha, AccessLevel.Reader, [WidgetRight.TyrensGIS, WidgetRight.Parking]),
      ],
    });

    const { lastLogin, ...profile } = body.profile;
    expect(profile).toEqual({
      username: 'alice',
      name: '',
      title: '',
      email: '',
      phone: '',
      location: [0, 0],
      thumbnail: false,
      avatar: null,
      language: 'sv',
      notification: { email: false, desktop: false },
      timeConfig: { timeFormat: '24h', timezone: 'GMT +01:00 Stockholm', dateFormat: 'DD MMM YYYY' },
    });
    expect(lastLogin === null || !Number.isNaN(Date.parse(lastLogin))).toBe(true);
    expect(res.body).not.toMatch(/scrypt|password/i);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie for 28 days on path /', async () => {
    const res = await login(t.app, 'carol', PASSWORD, { url });
    expect(res.statusCode).toBe(200);
    const cookie = sessionCookieOf(res);
    expect(cookie).toMatchObject({
      name: SESSION_COOKIE_NAME,
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: 2419200,
      path: '/',
    });
    expect(SESSION_COOKIE_DAYS * 24 * 60 * 60).toBe(2419200);
    // 32 random bytes in base64url: at least 128 bits of entropy
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const session = await t.app.inject({ url: '/api/v2/auth', headers: { cookie: cookieHeaderOf(res) } });
    expect(session.statusCode).toBe(200);
    expect(session.json().username).toBe('carol');
  });
});

describe('sign-in', () => {
  it('gives the strongest role when the parent role is the stronger one', async () => {
    const res = await login(t.app, 'bob', PASSWORD);
    expect(res.statusCode).toBe(200);
    const roles = res
      .json()
      .access.Customers.map((c: { CustomerID: number; RoleID: number }) => [c.CustomerID, c.RoleID]);
    expect(roles).toEqual([
      [org.alpha, AccessLevel.SuperUser],
      [org.north, AccessLevel.SuperUser],
      [org.northX, AccessLevel.SuperUser],
      [org.south, AccessLevel.SuperUser],
    ]);
  });

  it('answers empty customers for a user without roles', async () => {
    const res = await login(t.app, 'nobody', PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().access).toEqual({ Username: 'nobody', Customers: [] });
    const session = await t.app.inject({ url: '/api/v2/auth', headers: { cookie: cookieHeaderOf(res) } });
    expect(session.json().currentOrganizationId).toBeNull();
  });

  it('matches the username case-insensitively and answers the stored spelling', async () => {
    const res = await login(t.app, 'ALICE', PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().access.Username).toBe('alice');
    expect(res.json().profile.username).toBe('alice');
  });

  it('gives a fresh token at each sign-in, both valid, and stores only a hash of it', async () => {
    const first = await login(t.app, 'alice', PASSWORD);
    const second = await login(t.app, 'alice', PASSWORD);
    const a = sessionCookieOf(first)?.value ?? '';
    const b = sessionCookieOf(second)?.value ?? '';
    expect(a).not.toBe('');
    expect(b).not.toBe('');
    expect(a).not.toBe(b);

    const sa = await t.app.inject({ url: '/api/v2/auth', headers: { cookie: `${SESSION_COOKIE_NAME}=${a}` } });
    const sb = await t.app.inject({ url: '/api/v2/auth', headers: { cookie: `${SESSION_COOKIE_NAME}=${b}` } });
    expect(sa.statusCode).toBe(200);
    expect(sb.statusCode).toBe(200);
    expect(sa.json().id).not.toBe(sb.json().id);

    const rows = await t.db.query<{ id: string; token_hash: string }>(
      'select id, token_hash from sessions where id = any($1::uuid[])',
      [[sa.json().id, sb.json().id]],
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.token_hash).not.toBe(a);
      expect(row.token_hash).not.toBe(b);
      expect(row.token_hash.length).toBeGreaterThan(0);
    }
    // the token appears nowhere in the stored session rows
    const all = JSON.stringify(await t.db.query('select * from sessions'));
    expect(all).not.toContain(a);
    expect(all).not.toContain(b);
  });

  it('records the sign-in time; the profile carries the previous one', async () => {
    await createUser(t.db, { username: 'frank', password: PASSWORD, organizationId: org.beta });
    const lastLogin = async () =>
      (await t.db.query<{ last_login: Date | null }>(`select last_login from users where username = 'frank'`))[0]
        ?.last_login ?? null;
    const before = Date.now();
    const first = await login(t.app, 'frank', PASSWORD);
    expect(first.json().profile.lastLogin).toBeNull();
    const firstTime = await lastLogin();
    expect(firstTime?.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const second = await login(t.app, 'frank', PASSWORD);
    expect(second.json().profile.lastLogin).toBe(firstTime?.toISOString());
    // The profile call says the same as the sign-in answer: the sign-in before this one.
    const profile = await t.app.inject({ url: '/api/v3/user/profile', headers: { cookie: cookieHeaderOf(second) } });
    expect(profile.json().lastLogin).toBe(firstTime?.toISOString());
    expect((await lastLogin())?.getTime()).toBeGreaterThanOrEqual(firstTime?.getTime() ?? 0);
  });

  it('keeps the session for 28 days', async () => {
    const res = await login(t.app, 'carol', PASSWORD);
    const session = (await t.app.inject({ url: '/api/v2/auth', headers: { cookie: cookieHeaderOf(res) } })).json();
    const lifetime = new Date(session.expires).getTime() - new Date(session.created).getTime();
    expect(Math.abs(lifetime - SESSION_COOKIE_DAYS * DAY_MS)).toBeLessThan(60_000);
  });

  it('refuses a wrong password and an unknown username alike: 417 Authentication failed', async () => {
    const sessionsBefore = await countSessions(t.db);
    const wrong = await login(t.app, 'alice', 'not the password', { remoteAddress: '192.0.2.10' });
    const unknown = await login(t.app, 'nosuchuser', PASSWORD, { remoteAddress: '192.0.2.10' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(417);
      expect(res.json()).toEqual({ error: true, statusCode: 417, message: 'Authentication failed' });
      expect(sessionCookieOf(res)).toBeUndefined();
    }
    expect(unknown.body).toBe(wrong.body);
    expect(await countSessions(t.db)).toBe(sessionsBefore);
  });
});

describe('GET /api/v2/auth', () => {
  it('answers the current session', async () => {
    const before = Date.now();
    const res = await login(t.app, 'alice', PASSWORD, {
      remoteAddress: '198.51.100.7',
      headers: { 'user-agent': 'FieldwatchTest/1.0' },
    });
    const session = await t.app.inject({ url: '/api/v2/auth', headers: { cookie: cookieHeaderOf(res) } });
    expect(session.statusCode).toBe(200);
    const body = session.json();
    expect(body).toMatchObject({
      username: 'alice',
      current: true,
      userAgent: 'FieldwatchTest/1.0',
      address: '198.51.100.7',
      currentOrganizationId: org.alpha,
    });
    expect(body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(new Date(body.created).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(body.lastSeen).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const [row] = await t.db.query<{ user_id: number }>('select user_id from sessions where id = $1', [body.id]);
    expect(row?.user_id).toBe(user.alice);
  });
});

describe('GET /api/v1/xrequest/LoginAccess', () => {
  it('answers exactly one access object, the same as at sign-in', async () => {
    const res = await login(t.app, 'alice', PASSWORD);
    const access = await t.app.inject({
      url: '/api/v1/xrequest/LoginAccess',
      headers: { cookie: cookieHeaderOf(res) },
    });
    expect(access.statusCode).toBe(200);
    const body = access.json();
    expect(Array.isArray(body)).toBe(true);
    expect(body).toHaveLength(1);
    expect(body[0]).toEqual(res.json().access);
  });
});

describe('without a valid session', () => {
  const protectedRoutes = [
    { method: 'GET', url: '/api/v2/auth' },
    { method: 'GET', url: '/api/v2/auth/session' },
    { method: 'GET', url: '/api/v2/auth/sessions' },
    { method: 'DELETE', url: `/api/v2/auth/session/logout/${randomUUID()}` },
    { method: 'GET', url: '/api/v1/xrequest/LoginAccess' },
    { method: 'GET', url: '/api/v3/user/session' },
    { method: 'PUT', url: '/api/v3/user/session/current_organization?id=1' },
    { method: 'GET', url: '/api/v3/user/authorization/getAuthorizedOrganizations?action=read&resource=device' },
  ] as const;
  const expired = { error: true, statusCode: 401, message: 'Session expired' };

  // Legacy v1 calls answer a business error as a single { Result } object.
  const expiredBody = (url: string) => (url.startsWith('/api/v1/xrequest/') ? { Result: 'Session expired' } : expired);

  it.each(protectedRoutes)('$method $url answers 401 JSON without a cookie', async ({ method, url }) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual(expiredBody(url));
  });

  it.each(protectedRoutes)('$method $url answers 401 JSON with a bogus cookie', async ({ method, url }) => {
    const res = await t.app.inject({ method, url, headers: { cookie: `${SESSION_COOKIE_NAME}=bogus-token` } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(expiredBody(url));
  });

  it('answers 401 once the session has expired', async () => {
    const cookie = await signIn(t.app, 'carol', PASSWORD);
    const ok = await t.app.inject({ url: '/api/v2/auth', headers: { cookie } });
    expect(ok.statusCode).toBe(200);
    await t.db.query(`update sessions set expires_at = now() - interval '1 second' where id = $1`, [ok.json().id]);
    const res = await t.app.inject({ url: '/api/v2/auth', headers: { cookie } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(expired);
  });

  it('answers 401 for the session of a deleted user', async () => {
    const id = await createUser(t.db, { username: 'temporary', password: PASSWORD, organizationId: org.beta });
    const cookie = await signIn(t.app, 'temporary', PASSWORD);
    expect((await t.app.inject({ url: '/api/v2/auth', headers: { cookie } })).statusCode).toBe(200);
    await t.db.query('delete from users where id = $1', [id]);
    expect((await t.app.inject({ url: '/api/v2/auth', headers: { cookie } })).statusCode).toBe(401);
  });
});
