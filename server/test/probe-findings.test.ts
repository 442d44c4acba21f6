import { AccessLevel, SESSION_COOKIE_NAME } from '@fieldwatch/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LIMIT, ADDRESS_LIMIT } from '../src/modules/auth/throttle.ts';
import { createOrganizationTree, createTestApp, createUser, signIn, type TestApp } from './helpers.ts';

/**
 * Regressions of an outside probe's findings about accounts (issue 18), through the real HTTP
 * interface: the e-mail address and API keys behind the current password, guesses of it throttled
 * like sign-in, keys that die with the password, client addresses that a client cannot forge
 * behind one proxy, and personal dashboards of a user who also belongs elsewhere.
 * The API-key scopes on every route are in authorization-matrix-api-keys.test.ts; reset links and the Host
 * header in password-reset.test.ts.
 */
const PASSWORD = 'probe-secret';
let t: TestApp;
let tree: Awaited<ReturnType<typeof createOrganizationTree>>;

beforeAll(async () => {
  // One proxy in front: the client is the address it reports, not what the client wrote before it.
  t = await createTestApp({ trustProxy: 1 });
  tree = await createOrganizationTree(t.db);
});
afterAll(() => t?.close());

let serial = 0;
/** A fresh user of alpha, signed in. */
async function someone(role: AccessLevel = AccessLevel.User) {
  const username = `probe${++serial}`;
  const id = await createUser(t.db, {
    username,
    password: PASSWORD,
    organizationId: tree.alpha,
    role,
    email: `${username}@example.test`,
  });
  return { id, username, cookie: await signIn(t.app, username, PASSWORD) };
}

const call = (cookie: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object, headers = {}) =>
  t.app.inject({ method, url, payload, headers: { cookie, ...headers } });
const emailOf = async (id: number) =>
  (await t.db.query<{ email: string }>('select email from users where id = $1', [id]))[0]?.email;

describe('the e-mail address, where reset links go', () => {
  it('changes only with the current password; other fields need none', async () => {
    const u = await someone();
    const without = await call(u.cookie, 'PUT', '/api/v3/user/profile', { email: 'thief@evil.example' });
    expect(without.statusCode).toBe(403);
    const wrong = await call(u.cookie, 'PUT', '/api/v3/user/profile', {
      email: 'thief@evil.example',
      currentPassword: 'guess',
    });
    expect([wrong.statusCode, wrong.json().message]).toEqual([403, 'Authentication failed']);
    expect(await emailOf(u.id)).toBe(`${u.username}@example.test`);

    const rename = await call(u.cookie, 'PUT', '/api/v3/user/profile', {
      name: 'Renamed',
      email: `${u.username.toUpperCase()}@example.test`,
    });
    expect(rename.statusCode).toBe(200);
    const right = await call(u.cookie, 'PUT', '/api/v3/user/profile', {
      email: 'new@example.test',
      currentPassword: PASSWORD,
    });
    expect([right.statusCode, right.json().email]).toEqual([200, 'new@example.test']);
  });

  it('cannot be changed with a write API key, which never knows the password', async () => {
    const u = await someone();
    const created = await call(u.cookie, 'POST', '/api/v3/user/apiKeys', {
      name: 'integration',
      scopes: ['read', 'write'],
      currentPassword: PASSWORD,
    });
    const bearer = { authorization: `Bearer ${created.json().key}` };
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v3/user/profile',
      headers: bearer,
      payload: { email: 'thief@evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(await emailOf(u.id)).toBe(`${u.username}@example.test`);
  });
});

describe('API keys', () => {
  it('are minted only with the current password', async () => {
    const u = await someone();
    const res = await call(u.cookie, 'POST', '/api/v3/user/apiKeys', {
      name: 'stolen session',
      scopes: ['read'],
      currentPassword: 'guess',
    });
    expect(res.statusCode).toBe(403);
    expect((await call(u.cookie, 'GET', '/api/v3/user/apiKeys')).json()).toEqual([]);
  });

  it('die with a password change', async () => {
    const u = await someone();
    const { key } = (
      await call(u.cookie, 'POST', '/api/v3/user/apiKeys', { name: 'k', scopes: ['read'], currentPassword: PASSWORD })
    ).json();
    const read = () => t.app.inject({ url: '/api/v2/device/devices', headers: { authorization: `Bearer ${key}` } });
    expect((await read()).statusCode).toBe(200);
    const changed = await call(u.cookie, 'POST', '/api/v3/user/profile/password', {
      currentPassword: PASSWORD,
      newPassword: 'a-new-secret',
    });
    expect(changed.statusCode).toBe(200);
    expect((await read()).statusCode).toBe(401);
  });
});

describe('guesses of the current password', () => {
  it('are throttled like sign-in, on every call that checks it, and count toward sign-in', async () => {
    const u = await someone();
    const guesses = [
      () => call(u.cookie, 'POST', '/api/v3/user/profile/password', { currentPassword: 'x', newPassword: 'yyyyyyyy' }),
      () => call(u.cookie, 'PUT', '/api/v3/user/password?oldPassword=x&newPassword=yyyyyyyy'),
      () => call(u.cookie, 'PUT', '/api/v3/user/profile', { email: 'e@evil.example', currentPassword: 'x' }),
      () => call(u.cookie, 'POST', '/api/v3/user/apiKeys', { name: 'k', scopes: ['read'], currentPassword: 'x' }),
    ];
    const statuses: number[] = [];
    for (let i = 0; i < ACCOUNT_LIMIT; i++)
      statuses.push((await (guesses[i % guesses.length] as () => Promise<{ statusCode: number }>)()).statusCode);
    expect(statuses.every((s) => s === 403)).toBe(true);
    // Past the account's limit every kind of guess waits, even the right password.
    for (const guess of guesses) {
      const res = await guess();
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    const right = await call(u.cookie, 'POST', '/api/v3/user/apiKeys', {
      name: 'k',
      scopes: ['read'],
      currentPassword: PASSWORD,
    });
    expect(right.statusCode).toBe(429);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { username: u.username, password: PASSWORD },
    });
    expect(login.statusCode).toBe(429);
  });
});

describe('client addresses behind TRUST_PROXY=1', () => {
  const from = (forwardedFor: string) => ({ 'x-forwarded-for': forwardedFor });

  it('are the address the proxy saw, whatever the client wrote before it', async () => {
    const u = await someone();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      headers: from('6.6.6.6, 203.0.113.9'),
      payload: { username: u.username, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const sessions = (
      await call(
        `${SESSION_COOKIE_NAME}=${res.cookies.find((c) => c.name === SESSION_COOKIE_NAME)?.value}`,
        'GET',
        '/api/v2/auth/sessions',
      )
    ).json();
    expect(JSON.stringify(sessions)).toContain('203.0.113.9');
    expect(JSON.stringify(sessions)).not.toContain('6.6.6.6');
  });

  it('keep the sign-in limit per address although the client rotates a forged address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= ADDRESS_LIMIT; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/auth/login',
        headers: from(`10.0.${i}.1, 198.51.100.7`),
        payload: { username: `nobody${i}`, password: 'wrong' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, ADDRESS_LIMIT).every((s) => s === 417)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  }, 180_000); // ADDRESS_LIMIT sign-ins, each spending the full password hashing work
});

describe('personal dashboards of a user who also belongs elsewhere', () => {
  it('are neither listed to nor transferred by an administrator of one of their organisations', async () => {
    const admin = await someone(AccessLevel.SuperUser);
    const solo = await someone();
    const dual = await someone();
    await t.db.query('insert into user_roles (user_id, organization_id, role_id) values ($1, $2, 1)', [
      dual.id,
      tree.beta,
    ]);
    await t.db.query(
      `insert into dashboards (user_id, organization_id, name, use_context) values
       ($1, null, 'Solo own', false), ($2, null, 'Dual own', false), ($2, $3, 'Dual in alpha', true)`,
      [solo.id, dual.id, tree.alpha],
    );
    const listed = (await call(admin.cookie, 'GET', `/api/v1/admin/organization/${tree.alpha}/dashboards`)).json();
    const names = listed.map((d: { name: string }) => d.name);
    expect(names).toEqual(expect.arrayContaining(['Solo own', 'Dual in alpha']));
    expect(names).not.toContain('Dual own');

    const transfer = (from: string, to: string, scope: string) =>
      call(admin.cookie, 'POST', `/api/v1/admin/organization/${tree.alpha}/dashboards/transfer`, { from, to, scope });
    expect((await transfer(dual.username, solo.username, 'personal')).statusCode).toBe(404);
    const owner = await t.db.query<{ user_id: number }>("select user_id from dashboards where name = 'Dual own'");
    expect(owner[0]?.user_id).toBe(dual.id);
    // Their dashboards of this organization's workspace, and a governed user's own, still move.
    expect((await transfer(dual.username, solo.username, 'workspace')).json()).toEqual({ moved: 1 });
    expect((await transfer(solo.username, admin.username, 'personal')).json()).toEqual({ moved: 1 });
  });
});
