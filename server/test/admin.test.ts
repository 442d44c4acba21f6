import { AccessLevel } from '@fieldwatch/core';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpAccountMailer } from '../src/modules/auth/accountMail.ts';
import { startSmtpSink } from './fixtures/smtpSink.ts';
import {
  createOrganizationTree,
  createTestApp,
  createUnit,
  createUser,
  login,
  signIn,
  type TestApp,
} from './helpers.ts';

// What an administrator does, through the real routes: users and roles, the organization tree,
// account URLs, security policy, sessions, dashboard ownership and usage.
const PASSWORD = 'admin-secret';
let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let org: Awaited<ReturnType<typeof createOrganizationTree>>;
let admin = '';

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ mailer: smtpAccountMailer(nodemailer.createTransport(sink.url), 'fw@localhost') });
  org = await createOrganizationTree(t.db);
  await createUser(t.db, {
    username: 'ada',
    password: PASSWORD,
    organizationId: org.alpha,
    role: AccessLevel.SuperUser,
  });
  admin = await signIn(t.app, 'ada', PASSWORD);
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, cookie = admin) =>
  t.app.inject({ method, url: `/api/v1/admin/${url}`, payload: payload as string, headers: { cookie } });

describe('users and roles', () => {
  it('adds a user with a role, invites them by mail, and the link sets their first password', async () => {
    const res = await call('POST', 'addUser', {
      username: 'nils',
      name: 'Nils Ek',
      organizationId: org.north,
      roleId: AccessLevel.User,
      email: 'nils@example.test',
    });
    expect(res.json()).toEqual({ username: 'nils', created: true, invited: true, delivery: 'mail' });
    await expect.poll(() => sink.mails.filter((m) => m.to.includes('nils@example.test')).length).toBe(1);
    const raw = (sink.mails.at(-1)?.raw ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(raw).toContain('Alpha North');
    const token = /token=([A-Za-z0-9_-]{43})&invite=1/.exec(raw)?.[1] ?? '';
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/v3/user/changePassword',
      payload: { token, newPassword: 'nils-first' },
    });
    expect(set.statusCode).toBe(200);
    const nils = await signIn(t.app, 'nils', 'nils-first');
    const access = (
      await t.app.inject({ method: 'GET', url: '/api/v3/user/session', headers: { cookie: nils } })
    ).json();
    expect(access.organizations.map((o: { id: number; roleId: number }) => [o.id, o.roleId])).toEqual([
      [org.north, 1],
      [org.northX, 1],
    ]);
  });

  it('says the invitation went to the server log when there is no mail server (no SMTP_URL)', async () => {
    const bare = await createTestApp();
    try {
      const tree = await createOrganizationTree(bare.db);
      await createUser(bare.db, {
        username: 'ada',
        password: PASSWORD,
        organizationId: tree.alpha,
        role: AccessLevel.SuperUser,
      });
      const cookie = await signIn(bare.app, 'ada', PASSWORD);
      const add = (body: object) =>
        bare.app.inject({ method: 'POST', url: '/api/v1/admin/addUser', payload: body, headers: { cookie } });
      const base = { name: 'Liv Berg', organizationId: tree.north };
      const invited = await add({ ...base, username: 'liv', email: 'liv@example.test' });
      expect(invited.json()).toEqual({ username: 'liv', created: true, invited: true, delivery: 'log' });
      // No address, no invitation: nothing is said about a delivery.
      const plain = await add({ ...base, username: 'liv2' });
      expect(plain.json()).toEqual({ username: 'liv2', created: true, invited: false });
    } finally {
      await bare.close();
    }
  });

  it('refuses a username that belongs to someone outside, and a blank name', async () => {
    await createUser(t.db, { username: 'outsider', password: PASSWORD, organizationId: org.beta });
    const taken = await call('POST', 'addUser', { username: 'outsider', name: 'X', organizationId: org.alpha });
    expect(taken.statusCode).toBe(409);
    const blank = await call('POST', 'addUser', { username: 'blank', name: ' ', organizationId: org.alpha });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('name should not be blank');
  });

  it('changes a role, refuses to change your own, and deletes a user left without roles', async () => {
    expect(
      (await call('PUT', 'updateUserRole', { username: 'nils', organizationId: org.north, roleId: 2 })).statusCode,
    ).toBe(200);
    const list = (await call('GET', `profilesByOrgId?organizationId=${org.north}`)).json();
    expect(list.find((p: { username: string }) => p.username === 'nils')).toMatchObject({ roleId: 2, name: 'Nils Ek' });
    const own = await call('PUT', 'updateUserRole', { username: 'ada', organizationId: org.alpha, roleId: 2 });
    expect(own.statusCode).toBe(409);
    expect((await call('DELETE', 'profile', { username: 'nils', organizationId: org.north })).statusCode).toBe(200);
    expect((await login(t.app, 'nils', 'nils-first')).statusCode).toBe(417);
  });

  it('sets a password that ends the user’s sessions', async () => {
    await createUser(t.db, { username: 'olle', password: PASSWORD, organizationId: org.south, role: 1 });
    const olle = await signIn(t.app, 'olle', PASSWORD);
    const res = await call('PUT', 'updateUserPassword', { username: 'olle', newPassword: 'olle-new-pw' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('Password updated');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v3/user/profile', headers: { cookie: olle } })).statusCode,
    ).toBe(401);
    expect((await login(t.app, 'olle', 'olle-new-pw')).statusCode).toBe(200);
  });
});

describe('the organisation tree', () => {
  it('adds, renames, moves and deletes organisations, refusing a cycle and a non-empty one', async () => {
    const added = (
      await call('POST', 'organization/add', { parentOrganizationId: org.alpha, organizationName: ' Depot ' })
    ).json();
    expect(added).toMatchObject({ name: 'Depot', parentOrganizationId: org.alpha });
    expect((await call('PUT', `organization/${added.id}/name`, { name: 'Depot East' })).statusCode).toBe(200);
    expect((await call('PUT', `organization/${added.id}/parent`, { parentOrganizationId: org.south })).statusCode).toBe(
      200,
    );
    const cycle = await call('PUT', `organization/${org.north}/parent`, { parentOrganizationId: org.northX });
    expect(cycle.statusCode).toBe(409);
    const tree = (await call('GET', 'getOrganizations')).json();
    expect(tree.find((o: { id: number }) => o.id === added.id)).toMatchObject({
      name: 'Depot East',
      parentOrganizationId: org.south,
    });
    expect(tree.find((o: { id: number }) => o.id === org.alpha).parentOrganizationId).toBeNull();

    await createUnit(t.db, { organizationId: added.id, serial: 'ADMIN-1', name: 'Kept' });
    const busy = await call('DELETE', `organization/${added.id}/delete`);
    expect(busy.statusCode).toBe(409);
    const own = await call('DELETE', `organization/${org.alpha}/delete`);
    expect(own.statusCode).toBe(403);
    await t.db.query('delete from units where organization_id = $1', [added.id]);
    expect((await call('DELETE', `organization/${added.id}/delete`)).statusCode).toBe(200);
  });

  it('keeps contact and billing info, and refuses an unknown field', async () => {
    const info = { name: 'Billing desk', email: 'bill@alpha.test', city: 'Luleå' };
    expect((await call('PUT', `organization/${org.alpha}/billingInfo`, info)).json()).toMatchObject(info);
    expect((await call('GET', `organization/${org.alpha}/billingInfo`)).json()).toMatchObject(info);
    expect((await call('PUT', `organization/${org.alpha}/contactInfo`, { email: 'nope' })).statusCode).toBe(400);
  });
});

describe('account URL', () => {
  const settings = (accountUrl: string | null) => ({
    accountUrl,
    theme: null,
    brandColor: '#0a7cff',
    passwordMinLength: 6,
    sessionLifetimeHours: 672,
  });

  it('leads to the sign-in page, and an old one keeps redirecting for 30 days', async () => {
    expect((await call('PUT', `organization/${org.alpha}/settings`, settings('alpha-heat'))).statusCode).toBe(200);
    const link = await t.app.inject({ method: 'GET', url: '/a/alpha-heat' });
    expect([link.statusCode, link.headers.location]).toEqual([302, '/login?account=alpha-heat']);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/account/alpha-heat' })).json()).toMatchObject({
      name: 'Alpha',
      brandColor: '#0a7cff',
    });

    await call('PUT', `organization/${org.alpha}/settings`, settings('alpha-energy'));
    const old = await t.app.inject({ method: 'GET', url: '/a/alpha-heat' });
    expect([old.statusCode, old.headers.location]).toEqual([301, '/a/alpha-energy']);
    const [row] = await t.db.query<{ days: number }>(
      "select round(extract(epoch from until - now()) / 86400) as days from account_url_redirects where account_url = 'alpha-heat'",
    );
    expect(Number(row?.days)).toBe(30);
    // Another organization cannot take the old URL while it redirects.
    await createUser(t.db, { username: 'bea', password: PASSWORD, organizationId: org.beta, role: 0 });
    const bea = await signIn(t.app, 'bea', PASSWORD);
    expect((await call('PUT', `organization/${org.beta}/settings`, settings('alpha-heat'), bea)).statusCode).toBe(409);

    await t.db.query("update account_url_redirects set until = now() - interval '1 second'");
    const gone = await t.app.inject({ method: 'GET', url: '/a/alpha-heat' });
    expect([gone.statusCode, gone.headers.location]).toEqual([302, '/login']);
    const typo = await t.app.inject({ method: 'GET', url: '/a/Alpha%20Energy!' });
    expect([typo.statusCode, typo.headers.location]).toEqual([302, '/login']);
    const upper = await t.app.inject({ method: 'GET', url: '/a/ALPHA-ENERGY' });
    expect(upper.headers.location).toBe('/login?account=alpha-energy');
  });
});

describe('oversight', () => {
  it('lists the organisation’s sessions and ends one', async () => {
    await createUser(t.db, { username: 'siv', password: PASSWORD, organizationId: org.north, role: 2 });
    const siv = await signIn(t.app, 'siv', PASSWORD);
    const sessions = (await call('GET', `organization/${org.alpha}/sessions`)).json();
    const hers = sessions.find((s: { username: string }) => s.username === 'siv');
    expect(sessions.find((s: { username: string }) => s.username === 'ada').current).toBe(true);
    expect((await call('DELETE', `organization/${org.alpha}/sessions/${hers.id}`)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v3/user/profile', headers: { cookie: siv } })).statusCode,
    ).toBe(401);
  });

  it('transfers a user’s workspace dashboards and leaves personal ones', async () => {
    const [from, to] = await Promise.all([
      createUser(t.db, { username: 'from', password: PASSWORD, organizationId: org.alpha, role: 1 }),
      createUser(t.db, { username: 'to', password: PASSWORD, organizationId: org.alpha, role: 1 }),
    ]);
    await t.db.query(
      `insert into dashboards (user_id, organization_id, name, use_context) values
       ($1, null, 'Own', false), ($1, $2, 'Shared A', true), ($1, $2, 'Shared B', true)`,
      [from, org.alpha],
    );
    const res = await call('POST', `organization/${org.alpha}/dashboards/transfer`, {
      from: 'from',
      to: 'to',
      scope: 'workspace',
    });
    expect(res.json()).toEqual({ moved: 2 });
    const list = (await call('GET', `organization/${org.alpha}/dashboards`)).json();
    const owners = Object.fromEntries(list.map((d: { name: string; owner: string }) => [d.name, d.owner]));
    expect(owners).toMatchObject({ Own: 'from', 'Shared A': 'to', 'Shared B': 'to' });
    expect(to).toBeGreaterThan(0);
  });

  it('counts units, users, samples and alarms per day', async () => {
    const unit = await createUnit(t.db, { organizationId: org.south, serial: 'USAGE-1', name: 'Counted' });
    await t.db.query(
      `insert into samples (unit_id, series, ts, value)
       select $1, 1, date_trunc('day', now()) + i * interval '1 minute', i from generate_series(0, 4) i`,
      [unit],
    );
    await t.db.query(
      `insert into alarms (unit_id, alarm_type, event_text, event_time) values ($1, 0, 'wet', date_trunc('day', now()) - interval '1 day')`,
      [unit],
    );
    const usage = (await call('GET', `organization/${org.alpha}/usage?days=7`)).json();
    expect(usage.days).toHaveLength(7);
    const [yesterday, today] = usage.days.slice(-2);
    expect(today.samples).toBe(5);
    expect(yesterday.alarms).toBe(1);
    expect(usage.units).toBe(1);
    expect(usage.users).toBeGreaterThanOrEqual(3);
    const beta = await call('GET', `organization/${org.beta}/usage`);
    expect(beta.statusCode).toBe(403);
  });
});
