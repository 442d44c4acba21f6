import { randomUUID } from 'node:crypto';
import { AccessLevel } from '@fieldwatch/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_1X1 } from './fixtures/images.ts';
import {
  createOrganization,
  createOrganizationTree,
  createTestApp,
  createUser,
  signIn,
  type TestApp,
} from './helpers.ts';

/**
 * The authorisation matrix of issue 8: every administration call and every user call ×
 * {anonymous, Reader, User, SuperUser} × {own organization, child, parent, foreign}. Each actor
 * holds their role on `alpha`; a call about an organization is allowed only to a SuperUser and only
 * for alpha and what lies below it. Where a call is refused, the database is byte-for-byte unchanged.
 *
 *   root ─┬─ alpha (own) ── north (child)
 *         └─ beta (foreign)          root is the parent
 */
const PASSWORD = 'matrix-secret';
let t: TestApp;
let org: Awaited<ReturnType<typeof createOrganizationTree>>;
const cookies: Record<string, string> = {};
type Role = 'anonymous' | 'Reader' | 'User' | 'SuperUser';
type Place = 'own' | 'child' | 'parent' | 'foreign';
const roles: Role[] = ['anonymous', 'Reader', 'User', 'SuperUser'];
const places: Place[] = ['own', 'child', 'parent', 'foreign'];
const placeOf = (p: Place) => ({ own: org.alpha, child: org.north, parent: org.root, foreign: org.beta })[p];

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrganizationTree(t.db);
  for (const [name, role] of [
    ['Reader', AccessLevel.Reader],
    ['User', AccessLevel.User],
    ['SuperUser', AccessLevel.SuperUser],
  ] as const) {
    await createUser(t.db, { username: `actor-${name}`, password: PASSWORD, organizationId: org.alpha, role });
    cookies[name] = await signIn(t.app, `actor-${name}`, PASSWORD);
  }
  cookies.anonymous = '';
});
afterAll(() => t.close());

let serial = 0;
/** A fresh member of the organization (role only there), with a dashboard of each kind and a session. */
async function member(organizationId: number) {
  const username = `member-${++serial}`;
  const id = await createUser(t.db, { username, password: PASSWORD, organizationId, role: AccessLevel.Reader });
  await t.db.query(
    `insert into dashboards (user_id, organization_id, name, use_context) values ($1, null, 'Mine', false), ($1, $2, 'Ours', true)`,
    [id, organizationId],
  );
  const session = randomUUID();
  await t.db.query(
    `insert into sessions (id, token_hash, user_id, expires_at) values ($1, $2, $3, now() + interval '1 day')`,
    [session, randomUUID(), id],
  );
  return { username, session };
}
const freshChild = (parent: number) => createOrganization(t.db, `Child ${++serial}`, parent);
const freshTrial = async (parent: number) => {
  const id = await freshChild(parent);
  await t.db.query("update organizations set trial_ends_at = now() + interval '28 days' where id = $1", [id]);
  return id;
};

/** Everything a refused call could have touched, as one comparable digest. */
async function snapshot() {
  const [row] = await t.db.query<{ digest: string }>(
    `select md5(concat_ws('|',
       (select string_agg(concat_ws(',', id, username, email, fullname, title, phone, md5(avatar), password_hash, language,
          timezone, date_format), ';' order by id) from users),
       (select string_agg(concat_ws(',', user_id, organization_id, role_id), ';' order by user_id, organization_id) from user_roles),
       (select string_agg(concat_ws(',', id, name, parent_organization_id, md5(avatar), billing_info::text, contact_info::text,
          account_url, theme, brand_color, password_min_length, session_lifetime_hours, require_two_factor, trial_ends_at), ';' order by id)
          from organizations),
       (select string_agg(concat_ws(',', id, user_id), ';' order by id) from dashboards),
       (select string_agg(id::text, ';' order by id) from sessions),
       (select count(*) from password_tokens), (select count(*) from api_keys),
       (select count(*) from account_url_redirects),
       (select string_agg(user_id::text, ';' order by user_id) from user_two_factor))) as digest`,
  );
  return row?.digest;
}

type Call = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
};
const A = '/api/v1/admin';
const multipart = (username: string) => {
  const b = 'matrixboundary';
  const body = Buffer.concat([
    Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="username"\r\n\r\n${username}\r\n`),
    Buffer.from(
      `--${b}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG_1X1,
    Buffer.from(`\r\n--${b}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${b}` } };
};

/** Each administration call about organization `o`, with fixtures made inside `o`. */
const adminCalls: [string, (o: number) => Promise<Call>][] = [
  ['profilesByOrgId', async (o) => ({ method: 'GET', url: `${A}/profilesByOrgId?organizationId=${o}` })],
  [
    'delete profile',
    async (o) => ({
      method: 'DELETE',
      url: `${A}/profile`,
      payload: { username: (await member(o)).username, organizationId: o },
    }),
  ],
  [
    'updateUserRole',
    async (o) => ({
      method: 'PUT',
      url: `${A}/updateUserRole`,
      payload: { username: (await member(o)).username, organizationId: o, roleId: 1 },
    }),
  ],
  [
    'updateUserPassword',
    async (o) => ({
      method: 'PUT',
      url: `${A}/updateUserPassword`,
      payload: { username: (await member(o)).username, newPassword: 'brand-new-pw' },
    }),
  ],
  [
    'resetTwoFactor',
    async (o) => {
      const { username } = await member(o);
      // Enrolled, so that a refused reset would show in the snapshot.
      await t.db.query(
        `insert into user_two_factor (user_id, secret, enabled_at) select id, 'sealed', now() from users where username = $1`,
        [username],
      );
      return { method: 'POST', url: `${A}/resetTwoFactor`, payload: { username } };
    },
  ],
  [
    'updateUserProfile',
    async (o) => ({
      method: 'PUT',
      url: `${A}/updateUserProfile`,
      payload: { username: (await member(o)).username, userProfile: { title: 'Changed' } },
    }),
  ],
  [
    'saveUserAvatar',
    async (o) => ({ method: 'POST', url: `${A}/saveUserAvatar`, ...multipart((await member(o)).username) }),
  ],
  [
    'deleteUserAvatar',
    async (o) => ({
      method: 'DELETE',
      url: `${A}/deleteUserAvatar`,
      payload: { username: (await member(o)).username },
    }),
  ],
  [
    'addUser',
    async (o) => ({
      method: 'POST',
      url: `${A}/addUser`,
      payload: { username: `new-${++serial}`, name: 'New Person', organizationId: o },
    }),
  ],
  ['billingInfo get', async (o) => ({ method: 'GET', url: `${A}/organization/${o}/billingInfo` })],
  [
    'billingInfo put',
    async (o) => ({ method: 'PUT', url: `${A}/organization/${o}/billingInfo`, payload: { city: 'Luleå' } }),
  ],
  ['contactInfo get', async (o) => ({ method: 'GET', url: `${A}/organization/${o}/contactInfo` })],
  [
    'contactInfo put',
    async (o) => ({ method: 'PUT', url: `${A}/organization/${o}/contactInfo`, payload: { name: 'Desk' } }),
  ],
  [
    'avatar post',
    async (o) => ({
      method: 'POST',
      url: `${A}/organization/${o}/avatar`,
      payload: PNG_1X1,
      headers: { 'content-type': 'image/png' },
    }),
  ],
  ['avatar delete', async (o) => ({ method: 'DELETE', url: `${A}/organization/${o}/avatar` })],
  [
    'name',
    async (o) => ({ method: 'PUT', url: `${A}/organization/${o}/name`, payload: { name: `Renamed ${++serial}` } }),
  ],
  [
    'organization add',
    async (o) => ({
      method: 'POST',
      url: `${A}/organization/add`,
      payload: { parentOrganizationId: o, organizationName: 'Added' },
    }),
  ],
  ['organization delete', async (o) => ({ method: 'DELETE', url: `${A}/organization/${await freshChild(o)}/delete` })],
  [
    'organization move',
    async (o) => ({
      method: 'PUT',
      url: `${A}/organization/${await freshChild(o)}/parent`,
      payload: { parentOrganizationId: await freshChild(o) },
    }),
  ],
  ['convert trial', async (o) => ({ method: 'POST', url: `${A}/organization/${await freshTrial(o)}/convert` })],
  ['settings get', async (o) => ({ method: 'GET', url: `${A}/organization/${o}/settings` })],
  [
    'settings put',
    async (o) => ({
      method: 'PUT',
      url: `${A}/organization/${o}/settings`,
      payload: {
        accountUrl: `acct-${++serial}`,
        theme: 'Bright',
        brandColor: '#112233',
        passwordMinLength: 8,
        sessionLifetimeHours: 24,
        requireTwoFactor: false,
      },
    }),
  ],
  ['sessions', async (o) => ({ method: 'GET', url: `${A}/organization/${o}/sessions` })],
  [
    'end session',
    async (o) => ({ method: 'DELETE', url: `${A}/organization/${o}/sessions/${(await member(o)).session}` }),
  ],
  ['dashboards', async (o) => ({ method: 'GET', url: `${A}/organization/${o}/dashboards` })],
  [
    'dashboards transfer',
    async (o) => ({
      method: 'POST',
      url: `${A}/organization/${o}/dashboards/transfer`,
      payload: { from: (await member(o)).username, to: (await member(o)).username, scope: 'workspace' },
    }),
  ],
  ['usage', async (o) => ({ method: 'GET', url: `${A}/organization/${o}/usage?days=7` })],
  ['userAvatar', async (o) => ({ method: 'GET', url: `${A}/userAvatar?username=${(await member(o)).username}` })],
];

const send = (call: Call, role: Role) =>
  t.app.inject({
    method: call.method,
    url: call.url,
    payload: call.payload as string,
    headers: { ...(cookies[role] ? { cookie: cookies[role] } : {}), ...call.headers },
  });

describe.each(adminCalls)('administration: %s', (_name, build) => {
  it.each(roles.flatMap((role) => places.map((place) => [role, place] as const)))(
    '%s on the %s organisation',
    async (role, place) => {
      const call = await build(placeOf(place));
      const before = await snapshot();
      const res = await send(call, role);
      const allowed = role === 'SuperUser' && (place === 'own' || place === 'child');
      if (!allowed) {
        expect(res.statusCode, res.body).toBe(role === 'anonymous' ? 401 : 403);
        expect(await snapshot()).toBe(before);
      } else {
        // userAvatar of a member without one answers 404 after the check passed.
        expect(res.statusCode, res.body).toBe(call.url.includes('userAvatar') ? 404 : 200);
      }
    },
  );
});

describe('administration without an organisation', () => {
  it.each(roles)('getOrganizations and profilesByOrgId for %s', async (role) => {
    const before = await snapshot();
    const orgs = await send({ method: 'GET', url: `${A}/getOrganizations` }, role);
    const profiles = await send({ method: 'GET', url: `${A}/profilesByOrgId` }, role);
    if (role !== 'SuperUser') {
      expect([orgs.statusCode, profiles.statusCode]).toEqual(role === 'anonymous' ? [401, 401] : [403, 403]);
    } else {
      const ids = orgs.json().map((o: { id: number }) => o.id);
      expect(ids).toContain(org.alpha);
      expect(ids).toContain(org.north);
      expect(ids).not.toContain(org.root);
      expect(ids).not.toContain(org.beta);
      const seen = new Set(profiles.json().map((p: { organizationId: number }) => p.organizationId));
      expect([...seen].every((id) => ids.includes(id))).toBe(true);
    }
    expect(await snapshot()).toBe(before);
  });
});

/** The user calls: about oneself, so every signed-in role may use them; anonymous gets 401. */
const userCalls: [string, () => Call][] = [
  ['profile', () => ({ method: 'GET', url: '/api/v3/user/profile' })],
  ['profile put', () => ({ method: 'PUT', url: '/api/v3/user/profile', payload: { title: 'Mine' } })],
  [
    'preferences',
    () => ({
      method: 'PUT',
      url: '/api/v3/user/profile/preferences',
      payload: {
        timezone: 'GMT +01:00 Stockholm',
        timeFormat: '24h',
        dateFormat: 'DD MMM YYYY',
        notification: { email: false, desktop: true },
      },
    }),
  ],
  ['language', () => ({ method: 'PUT', url: '/api/v3/user/profile/language?language=en' })],
  [
    'avatar post',
    () => ({
      method: 'POST',
      url: '/api/v3/user/profile/avatar',
      payload: PNG_1X1,
      headers: { 'content-type': 'image/png' },
    }),
  ],
  ['avatar', () => ({ method: 'GET', url: '/api/v3/user/avatar' })],
  ['avatar delete', () => ({ method: 'DELETE', url: '/api/v3/user/profile/avatar' })],
  ['sessions', () => ({ method: 'GET', url: '/api/v2/auth/session' })],
  ['api keys', () => ({ method: 'GET', url: '/api/v3/user/apiKeys' })],
];

describe.each(userCalls)('user: %s', (_name, build) => {
  it.each(roles)('%s', async (role) => {
    const before = await snapshot();
    const res = await send(build(), role);
    if (role === 'anonymous') {
      expect(res.statusCode).toBe(401);
      expect(await snapshot()).toBe(before);
    } else expect(res.statusCode, res.body).toBe(200);
  });
});

describe('user: organization/{id}', () => {
  it.each(roles.flatMap((role) => places.map((place) => [role, place] as const)))(
    '%s on the %s organisation',
    async (role, place) => {
      const res = await send({ method: 'GET', url: `/api/v3/user/organization/${placeOf(place)}` }, role);
      const visible = place === 'own' || place === 'child';
      expect(res.statusCode).toBe(role === 'anonymous' ? 401 : visible ? 200 : 404);
    },
  );
});
