import { randomUUID } from 'node:crypto';
import { AccessLevel, SESSION_COOKIE_NAME } from '@fieldwatch/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createTestApp, createUnit, createUser, signIn, type TestApp } from './helpers.ts';

// NFC onboarding (issue 9) through the real routes and the real MQTT gateway: a scanned tag,
// a new account with its trial organization, and the unit placed and activated; and what a tag
// must not allow.
let t: TestApp;
const org = { root: 0, stock: 0, alpha: 0, beta: 0 };
const tag = { free: randomUUID(), restricted: randomUUID(), owned: randomUUID(), disabled: randomUUID() };
const unit = { free: 0, restricted: 0, owned: 0, disabled: 0 };
let address = 0;
/** A fresh client address per registration, so the per-address limit is tested on its own. */
const nextAddress = () => `10.0.0.${++address}`;

beforeAll(async () => {
  t = await createTestApp({ gateway: true });
  org.root = await createOrganization(t.db, 'Fieldwatch');
  org.stock = await createOrganization(t.db, 'Stock', org.root);
  org.alpha = await createOrganization(t.db, 'Alpha', org.root);
  org.beta = await createOrganization(t.db, 'Beta', org.root);
  await t.db.query('update organizations set stock = true where id = $1', [org.stock]);
  unit.free = await createUnit(t.db, { organizationId: org.stock, serial: 'NFC-FREE', type: 1 });
  unit.restricted = await createUnit(t.db, { organizationId: org.stock, serial: 'NFC-BETA' });
  unit.owned = await createUnit(t.db, { organizationId: org.alpha, serial: 'NFC-OWNED' });
  unit.disabled = await createUnit(t.db, { organizationId: org.stock, serial: 'NFC-OFF' });
  const tags: [string, number, number][] = [
    [tag.free, unit.free, -1],
    [tag.restricted, unit.restricted, org.beta],
    [tag.owned, unit.owned, -1],
    [tag.disabled, unit.disabled, 0],
  ];
  for (const [uuid, unitId, restriction] of tags)
    await t.db.query('insert into nfc_tags (tag_uuid, unit_id, restriction) values ($1, $2, $3)', [
      uuid,
      unitId,
      restriction,
    ]);
  await createUser(t.db, { username: 'root-admin', password: 'root-secret', organizationId: org.root, role: 0 });
});
afterAll(() => t.close());

const N = '/api/v1/nfc';
const get = (url: string, cookie = '') => t.app.inject({ url, headers: cookie ? { cookie } : {} });
const post = (url: string, payload: unknown, cookie = '', remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url, payload: payload as string, headers: cookie ? { cookie } : {}, remoteAddress });
/** The spec's createAccount body: the user and their organization. */
const account = (n: string, over: Record<string, unknown> = {}) => ({
  user: { username: n, password: `${n}-password`, email: `${n}@example.test`, name: `Person ${n}` },
  organization: { name: `${n} Heating AB` },
  ...over,
});
/** What the onboarding screen sends: the same with the terms version it showed. */
const screenAccount = (n: string) => account(n, { terms: '2023_1' });
async function register(n: string, body: object = screenAccount(n)) {
  const res = await post(`${N}/user/${tag.free}/createAccount`, body, '', nextAddress());
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE_NAME);
  return { body: res.json(), cookie: `${SESSION_COOKIE_NAME}=${cookie?.value}` };
}
const counts = async () =>
  (
    await t.db.query<{ users: number; organizations: number }>(
      'select (select count(*)::int from users) as users, (select count(*)::int from organizations) as organizations',
    )
  )[0];

describe('a scanned tag', () => {
  it('says what it names before anyone signs in, and nothing of its owner', async () => {
    expect((await get(`${N}/tag/${tag.free}`)).json()).toEqual({
      tag_uuid: tag.free,
      state: 'available',
      unitType: 'X1',
    });
    expect((await get(`${N}/tag/${tag.owned}`)).json().state).toBe('owned');
    expect((await get(`${N}/tag/${tag.disabled}`)).json().state).toBe('disabled');
    expect((await get(`${N}/tag/${randomUUID()}`)).statusCode).toBe(404);
    expect((await get(`${N}/tag/not-a-uuid`)).statusCode).toBe(400);
  });
});

describe('create account', () => {
  it.each([
    ['the onboarding screen’s body, with the terms', 'tova', screenAccount('tova')],
    ['the body {user, organization}, without the terms', 'tilde', account('tilde')],
  ])(
    'makes the user and a 4-week trial organisation together from %s, records the terms 2023_1, and signs in',
    async (_, n, sent) => {
      const { body, cookie } = await register(n, sent);
      const days = (new Date(body.trialEndsAt).getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(27.9);
      expect(days).toBeLessThanOrEqual(28);
      expect(body.access.Customers).toEqual([expect.objectContaining({ CustomerName: `${n} Heating AB`, RoleID: 0 })]);
      const [row] = await t.db.query<{ terms_version: string; accepted: boolean; parent: number }>(
        `select u.terms_version, u.terms_accepted_at > now() - interval '1 minute' as accepted, o.parent_organization_id as parent
       from users u join user_roles r on r.user_id = u.id join organizations o on o.id = r.organization_id
       where u.username = $1`,
        [n],
      );
      expect(row).toEqual({ terms_version: '2023_1', accepted: true, parent: org.root });
      expect((await get('/api/v3/user/profile', cookie)).json().username).toBe(n);
    },
  );

  it("answers 'NFC email already exists' for a known address", async () => {
    const taken = await post(
      `${N}/user/${tag.free}/createAccount`,
      account('tova2', { user: { ...account('x').user, email: 'tova@example.test' } }),
      '',
      nextAddress(),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('NFC email already exists');
    expect((await t.db.query(`select 1 from users where username = 'tova2'`)).length).toBe(0);
  });

  it('refuses a malformed body with 400 and writes nothing', async () => {
    const before = await counts();
    const { user, organization } = account('nils');
    const bad: unknown[] = [
      account('nils', { terms: '2022_1' }),
      account('nils', { terms: null }),
      account('nils', { terms: 2023 }),
      { user },
      { organization },
      { user: { ...user, password: undefined }, organization },
      { user, organization: 'nils Heating AB' },
      [user, organization],
    ];
    for (const body of bad) {
      const res = await post(`${N}/user/${tag.free}/createAccount`, body, '', nextAddress());
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: true, statusCode: 400 });
    }
    expect(await counts()).toEqual(before);
  });

  it('tells whether an address has an account', async () => {
    expect((await get(`${N}/user/${tag.free}/tova@example.test`)).json()).toEqual({ exists: true });
    expect((await get(`${N}/user/${tag.free}/nobody@example.test`)).json()).toEqual({ exists: false });
    expect((await get(`${N}/user/${randomUUID()}/tova@example.test`)).statusCode).toBe(404);
  });

  it('allows five registrations an hour from one address', async () => {
    const from = nextAddress();
    const codes = [];
    for (let i = 0; i < 6; i++)
      codes.push((await post(`${N}/user/${tag.free}/createAccount`, account(`burst${i}`), '', from)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('place and activate', () => {
  it('moves the stock unit into the new organisation, sends its configuration and runs the communications test', async () => {
    const { body, cookie } = await register('ulla');
    const view = (await get(`${N}/tag/${tag.free}/view`, cookie)).json();
    expect(view).toMatchObject({
      state: 'available',
      organizations: [{ id: body.organizationId, name: 'ulla Heating AB' }],
    });
    expect(view.activationCode).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const config = {
      activationCode: view.activationCode,
      organizationId: body.organizationId,
      position: [65.58, 22.15],
      location: 'Pump house 4',
      name: 'Pump house 4',
    };
    const res = await post(`${N}/tag/${tag.free}/config`, config, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().operations.map((o: { operation: string }) => o.operation)).toEqual([
      'send_settings',
      'comm_test',
    ]);
    const [moved] = await t.db.query<Record<string, unknown>>(
      'select organization_id, gps_lat, gps_long, unit_location, unit_name from units where id = $1',
      [unit.free],
    );
    expect(moved).toEqual({
      organization_id: body.organizationId,
      gps_lat: 65.58,
      gps_long: 22.15,
      unit_location: 'Pump house 4',
      unit_name: 'Pump house 4',
    });
    const ops = await t.db.query<{ operation: string }>(
      'select operation from operations where unit_id = $1 order by seq',
      [unit.free],
    );
    expect(ops.map((o) => o.operation)).toEqual(['send_settings', 'comm_test']);
    expect((await get(`${N}/tag/${tag.free}/config`, cookie)).json()).toMatchObject({
      unitId: unit.free,
      location: 'Pump house 4',
    });

    // The code was spent: the same body again is refused, and the unit is now theirs.
    expect((await post(`${N}/tag/${tag.free}/config`, config, cookie)).statusCode).toBe(410);
    expect((await get(`${N}/tag/${tag.free}`)).json().state).toBe('owned');
    expect((await get(`${N}/tag/${tag.free}`, cookie)).json().state).toBe('yours');
  });

  it('cannot take over a unit another organisation owns, through its tag', async () => {
    const { body, cookie } = await register('vera');
    const view = (await get(`${N}/tag/${tag.owned}/view`, cookie)).json();
    expect(view).toMatchObject({
      state: 'owned',
      organizations: [],
      activationCode: null,
      unit: { name: '', serial: '' },
    });
    const res = await post(
      `${N}/tag/${tag.owned}/config`,
      { activationCode: 'a'.repeat(43), organizationId: body.organizationId, position: null, location: '' },
      cookie,
    );
    expect(res.statusCode).toBe(409);
    const [still] = await t.db.query<{ organization_id: number }>('select organization_id from units where id = $1', [
      unit.owned,
    ]);
    expect(still?.organization_id).toBe(org.alpha);
  });

  it('keeps a restricted tag to its organisation and a disabled tag to nobody', async () => {
    const { body, cookie } = await register('wilma');
    const restricted = (await get(`${N}/tag/${tag.restricted}/view`, cookie)).json();
    expect(restricted).toMatchObject({ state: 'available', organizations: [], activationCode: null });
    const res = await post(
      `${N}/tag/${tag.restricted}/config`,
      { activationCode: 'b'.repeat(43), organizationId: body.organizationId, position: null, location: '' },
      cookie,
    );
    expect(res.statusCode).toBe(403);
    const disabled = await post(
      `${N}/tag/${tag.disabled}/config`,
      { activationCode: 'c'.repeat(43), organizationId: body.organizationId, position: null, location: '' },
      cookie,
    );
    expect(disabled.statusCode).toBe(403);
    expect(
      (
        await t.db.query('select 1 from units where id = any($1) and organization_id = $2', [
          [unit.restricted, unit.disabled],
          org.stock,
        ])
      ).length,
    ).toBe(2);
  });

  it('needs a SuperUser of the target organisation and an unexpired code', async () => {
    await createUser(t.db, {
      username: 'reader-a',
      password: 'reader-secret',
      organizationId: org.alpha,
      role: AccessLevel.User,
    });
    const user = await signIn(t.app, 'reader-a', 'reader-secret');
    expect((await get(`${N}/tag/${tag.disabled}/view`, user)).json().organizations).toEqual([]);
    const { body, cookie } = await register('xena');
    await t.db.query('update nfc_tags set restriction = -1 where tag_uuid = $1', [tag.disabled]);
    const view = (await get(`${N}/tag/${tag.disabled}/view`, cookie)).json();
    await t.db.query("update activation_codes set expires_at = now() - interval '1 second'");
    const late = await post(
      `${N}/tag/${tag.disabled}/config`,
      { activationCode: view.activationCode, organizationId: body.organizationId, position: null, location: '' },
      cookie,
    );
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe('Link expired');
  });
});

describe('tag labels', () => {
  it('lists the tags of the units a user may configure, and none to a User', async () => {
    const admin = await signIn(t.app, 'root-admin', 'root-secret');
    const list = (await get('/api/v1/taghost/tags', admin)).json() as { tag_uuid: string; serial: string }[];
    expect(list.map((g) => g.tag_uuid).sort()).toEqual(Object.values(tag).sort());
    expect(list.find((g) => g.tag_uuid === tag.owned)?.serial).toBe('NFC-OWNED');
    await createUser(t.db, {
      username: 'user-a',
      password: 'user-secret',
      organizationId: org.alpha,
      role: AccessLevel.User,
    });
    expect((await get('/api/v1/taghost/tags', await signIn(t.app, 'user-a', 'user-secret'))).json()).toEqual([]);
  });
});

describe('trial', () => {
  it('makes an ended trial read-only, keeps everything, and an administrator above converts it', async () => {
    const { body, cookie } = await register('yngve');
    await t.db.query("update organizations set trial_ends_at = now() - interval '1 minute' where id = $1", [
      body.organizationId,
    ]);
    const session = (await get('/api/v3/user/session', cookie)).json();
    expect(session.organizations).toEqual([
      expect.objectContaining({ id: body.organizationId, roleId: AccessLevel.Reader }),
    ]);
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/v3/containers',
      payload: { type: 'groups', organization: body.organizationId, name: 'Not now' },
      headers: { cookie },
    });
    expect(write.statusCode).toBe(403);
    const view = (await get(`/api/v3/user/organization/${body.organizationId}`, cookie)).json();
    expect(new Date(view.trialEndsAt).getTime()).toBeLessThan(Date.now());

    const own = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/organization/${body.organizationId}/convert`,
      headers: { cookie },
    });
    expect(own.statusCode).toBe(403);
    const admin = await signIn(t.app, 'root-admin', 'root-secret');
    const converted = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/organization/${body.organizationId}/convert`,
      headers: { cookie: admin },
    });
    expect(converted.statusCode).toBe(200);
    const after = (await get('/api/v3/user/session', cookie)).json();
    expect(after.organizations[0].roleId).toBe(AccessLevel.SuperUser);
    expect((await get(`/api/v3/user/organization/${body.organizationId}`, cookie)).json().trialEndsAt).toBeNull();
  });
});
