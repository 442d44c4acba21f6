import { AccessLevel, actions, can, resources } from '@fieldwatch/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUserRole } from '../src/modules/users/users.service.ts';
import { createOrganizationTree, createTestApp, createUser, signIn, type TestApp } from './helpers.ts';

const PASSWORD = 'org-secret';

let t: TestApp;
const org = { root: 0, alpha: 0, north: 0, northX: 0, south: 0, beta: 0 };
const cookie = { reader: '', superuser: '', user: '', mixed: '', readerOther: '' };

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t;
  Object.assign(org, await createOrganizationTree(db));
  const make = (username: string, organizationId: number, role: AccessLevel) =>
    createUser(db, { username, password: PASSWORD, organizationId, role });
  const [, , , mixed] = await Promise.all([
    make('reader', org.alpha, AccessLevel.Reader),
    make('superuser', org.alpha, AccessLevel.SuperUser),
    make('user', org.north, AccessLevel.User),
    make('mixed', org.alpha, AccessLevel.Reader),
  ]);
  await setUserRole(db, mixed, org.north, AccessLevel.SuperUser);
  cookie.reader = await signIn(t.app, 'reader', PASSWORD);
  cookie.readerOther = await signIn(t.app, 'reader', PASSWORD);
  cookie.superuser = await signIn(t.app, 'superuser', PASSWORD);
  cookie.user = await signIn(t.app, 'user', PASSWORD);
  cookie.mixed = await signIn(t.app, 'mixed', PASSWORD);
});
afterAll(() => t.close());

const get = (url: string, c: string) => t.app.inject({ method: 'GET', url, headers: { cookie: c } });
const switchTo = (id: number | string, c: string) =>
  t.app.inject({ method: 'PUT', url: `/api/v3/user/session/current_organization?id=${id}`, headers: { cookie: c } });
const currentOrg = async (c: string) => (await get('/api/v3/user/session', c)).json().currentOrganization?.id ?? null;
const authorized = (c: string, query: string) =>
  get(`/api/v3/user/authorization/getAuthorizedOrganizations?${query}`, c);
const idsOf = (list: { id: number }[]) => list.map((o) => o.id);

describe('GET /api/v3/user/session', () => {
  it('answers the session, its organisation and every organisation the user may see', async () => {
    const res = await get('/api/v3/user/session', cookie.reader);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const current = (await get('/api/v2/auth', cookie.reader)).json();
    expect(body.id).toBe(current.id);
    expect(body.username).toBe('reader');
    const summary = (id: number, name: string, parentOrganizationId: number) => ({
      id,
      name,
      parentOrganizationId,
      roleId: AccessLevel.Reader,
    });
    expect(body.organizations).toEqual([
      summary(org.alpha, 'Alpha', org.root),
      summary(org.north, 'Alpha North', org.alpha),
      summary(org.northX, 'Alpha North X', org.north),
      summary(org.south, 'Alpha South', org.alpha),
    ]);
    expect(body.currentOrganization).toEqual(summary(org.alpha, 'Alpha', org.root));
  });
});

describe('PUT /api/v3/user/session/current_organization', () => {
  it('switches to an organisation with a role, then to a descendant, in this session only', async () => {
    const toNorth = await switchTo(org.north, cookie.reader);
    expect(toNorth.statusCode).toBe(200);
    expect(toNorth.json().currentOrganization).toMatchObject({ id: org.north, name: 'Alpha North' });

    const toDescendant = await switchTo(org.northX, cookie.reader);
    expect(toDescendant.statusCode).toBe(200);
    expect(toDescendant.json().currentOrganization).toEqual({
      id: org.northX,
      name: 'Alpha North X',
      parentOrganizationId: org.north,
      roleId: AccessLevel.Reader,
    });
    expect(await currentOrg(cookie.reader)).toBe(org.northX);
    expect((await get('/api/v2/auth', cookie.reader)).json().currentOrganizationId).toBe(org.northX);
    // another session of the same user keeps its own organization
    expect(await currentOrg(cookie.readerOther)).toBe(org.alpha);
  });

  it.each([
    ['a sibling tree', 'beta'],
    ['an ancestor of the role organisation', 'root'],
  ] as const)('answers 403 for %s and leaves the organisation unchanged', async (_, name) => {
    const before = await currentOrg(cookie.reader);
    const res = await switchTo(org[name], cookie.reader);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: true, statusCode: 403, message: 'You have no role in this organisation' });
    expect(await currentOrg(cookie.reader)).toBe(before);
  });

  it('answers 403 for an organisation that does not exist', async () => {
    const res = await switchTo(999_999, cookie.reader);
    expect(res.statusCode).toBe(403);
  });

  it.each(['abc', '0', '-1', '1.5', ''])('answers 400 naming the id for id=%s', async (id) => {
    const before = await currentOrg(cookie.reader);
    const res = await switchTo(id, cookie.reader);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: true, statusCode: 400 });
    expect(res.json().message).toContain('id');
    expect(await currentOrg(cookie.reader)).toBe(before);
  });

  it('answers 400 without an id', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v3/user/session/current_organization',
      headers: { cookie: cookie.reader },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('id');
  });
});

describe('GET /api/v3/user/authorization/getAuthorizedOrganizations', () => {
  const all = () => [org.alpha, org.north, org.northX, org.south];

  it('gives a Reader its organisations to read devices, none to write them', async () => {
    const read = await authorized(cookie.reader, 'action=read&resource=device');
    expect(read.statusCode).toBe(200);
    expect(idsOf(read.json())).toEqual(all());
    expect(read.json()[0]).toEqual({
      id: org.alpha,
      name: 'Alpha',
      parentOrganizationId: org.root,
      roleId: AccessLevel.Reader,
    });

    const write = await authorized(cookie.reader, 'action=write&resource=device');
    expect(write.statusCode).toBe(200);
    expect(write.json()).toEqual([]);
    expect((await authorized(cookie.reader, 'action=manage&resource=user')).json()).toEqual([]);
  });

  it('gives a SuperUser user management on its organisations and their descendants', async () => {
    const res = await authorized(cookie.superuser, 'action=manage&resource=user');
    expect(res.statusCode).toBe(200);
    expect(idsOf(res.json())).toEqual(all());
    expect(idsOf((await authorized(cookie.superuser, 'action=write&resource=device')).json())).toEqual(all());
  });

  it('gives a User device writing below its organisation only, and no user management', async () => {
    expect(idsOf((await authorized(cookie.user, 'action=write&resource=device')).json())).toEqual([
      org.north,
      org.northX,
    ]);
    expect((await authorized(cookie.user, 'action=manage&resource=user')).json()).toEqual([]);
  });

  it('uses the strongest role per organisation', async () => {
    const res = await authorized(cookie.mixed, 'action=manage&resource=user');
    expect(idsOf(res.json())).toEqual([org.north, org.northX]);
  });

  it('follows the role table of core for every action and resource', async () => {
    for (const action of actions) {
      for (const resource of resources) {
        const reader = await authorized(cookie.reader, `action=${action}&resource=${resource}`);
        const superuser = await authorized(cookie.superuser, `action=${action}&resource=${resource}`);
        expect(reader.statusCode).toBe(200);
        expect(superuser.statusCode).toBe(200);
        expect(idsOf(reader.json()), `Reader ${action} ${resource}`).toEqual(
          can(AccessLevel.Reader, action, resource) ? all() : [],
        );
        expect(idsOf(superuser.json()), `SuperUser ${action} ${resource}`).toEqual(all());
      }
    }
  });

  it('filters to one organisation with item', async () => {
    expect(idsOf((await authorized(cookie.reader, `action=read&resource=device&item=${org.north}`)).json())).toEqual([
      org.north,
    ]);
    expect(idsOf((await authorized(cookie.superuser, `action=manage&resource=user&item=${org.south}`)).json())).toEqual(
      [org.south],
    );
    // an organization the user cannot see, or where the action is not allowed
    expect((await authorized(cookie.reader, `action=read&resource=device&item=${org.beta}`)).json()).toEqual([]);
    expect((await authorized(cookie.reader, `action=write&resource=device&item=${org.north}`)).json()).toEqual([]);
  });

  it.each([
    ['action=fly&resource=device', 'action'],
    ['action=read&resource=spaceship', 'resource'],
    ['action=read&resource=device&item=abc', 'item'],
    ['action=read&resource=device&item=0', 'item'],
    ['resource=device', 'action'],
    ['action=read', 'resource'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const res = await authorized(cookie.reader, query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: true, statusCode: 400 });
    expect(res.json().message).toContain(field);
  });
});
