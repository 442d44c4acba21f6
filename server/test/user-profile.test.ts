import { AccessLevel, AVATAR_MAX_BYTES } from '@fieldwatch/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_1X1, pngClaiming, pngOfSize } from './fixtures/images.ts';
import { createOrganizationTree, createTestApp, createUser, signIn, type TestApp } from './helpers.ts';

// The user calls (/api/v3/user): profile, preferences, language, avatar, both password
// changes, organization by id, sessions and personal API keys, each through the real routes.
const PASSWORD = 'profile-secret';
let t: TestApp;
let org: Awaited<ReturnType<typeof createOrganizationTree>>;
let cookie = '';

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrganizationTree(t.db);
  await createUser(t.db, {
    username: 'pia',
    password: PASSWORD,
    organizationId: org.alpha,
    role: AccessLevel.User,
    fullname: 'Pia Holm',
    email: 'pia@example.org',
  });
  cookie = await signIn(t.app, 'pia', PASSWORD);
});
afterAll(() => t.close());

type Req = { method: string; url: string; payload?: unknown; headers?: Record<string, string>; c?: string };
const call = (r: Req) =>
  t.app.inject({
    method: r.method as 'GET',
    url: r.url,
    payload: r.payload as string,
    headers: { ...(r.c === '' ? {} : { cookie: r.c ?? cookie }), ...r.headers },
  });
const png = (body: Buffer, type = 'image/png') => ({ payload: body, headers: { 'content-type': type } });

describe('profile', () => {
  it('takes only name, title, email, phone and location, and ignores every other field', async () => {
    const before = (await call({ method: 'GET', url: '/api/v3/user/profile' })).json();
    const res = await call({
      method: 'PUT',
      url: '/api/v3/user/profile',
      payload: {
        ...before,
        name: ' Pia Holm-Berg ',
        title: 'Engineer',
        phone: '+46 70 123',
        location: [65.6, 22.1],
        username: 'hijack',
        language: 'ar',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      username: 'pia',
      name: 'Pia Holm-Berg',
      title: 'Engineer',
      phone: '+46 70 123',
      location: [65.6, 22.1],
      language: 'en',
    });
  });

  it("refuses a blank name and a bad e-mail with the spec's texts, changing nothing", async () => {
    const blank = await call({ method: 'PUT', url: '/api/v3/user/profile', payload: { name: '  ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('name should not be blank');
    const email = await call({ method: 'PUT', url: '/api/v3/user/profile', payload: { email: 'not-an-address' } });
    expect(email.statusCode).toBe(400);
    expect(email.json().message).toBe('Enter valid email');
    const now = (await call({ method: 'GET', url: '/api/v3/user/profile' })).json();
    expect(now.name).toBe('Pia Holm-Berg');
    expect(now.email).toBe('pia@example.org');
  });

  it('saves preferences and the language, and refuses ones outside the lists', async () => {
    const prefs = {
      timezone: 'GMT +09:00 Seoul',
      timeFormat: '12h',
      dateFormat: 'MMM DD YYYY',
      notification: { email: true, desktop: false },
    };
    const res = await call({ method: 'PUT', url: '/api/v3/user/profile/preferences', payload: prefs });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      timeConfig: { timezone: 'GMT +09:00 Seoul', timeFormat: '12h', dateFormat: 'MMM DD YYYY' },
      notification: { email: true, desktop: false },
    });
    const bad = await call({
      method: 'PUT',
      url: '/api/v3/user/profile/preferences',
      payload: { ...prefs, timezone: 'Mars' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await call({ method: 'PUT', url: '/api/v3/user/profile/language?language=ko' })).json().language).toBe(
      'ko',
    );
    expect((await call({ method: 'PUT', url: '/api/v3/user/profile/language?language=xx' })).statusCode).toBe(400);
    expect((await call({ method: 'GET', url: '/api/v3/user/profile' })).json().language).toBe('ko');
  });
});

describe('avatar', () => {
  it('stores a real image, serves it with a cache key, and answers 304 to its ETag', async () => {
    const res = await call({ method: 'POST', url: '/api/v3/user/profile/avatar', ...png(PNG_1X1) });
    expect(res.statusCode).toBe(200);
    const url = res.json().avatar as string;
    expect(url).toMatch(/^\/api\/v3\/user\/avatar\?v=[0-9a-f]{12}$/);
    const image = await call({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toContain('immutable');
    expect(image.rawPayload.equals(PNG_1X1)).toBe(true);
    const again = await call({
      method: 'GET',
      url: '/api/v3/user/avatar',
      headers: { 'if-none-match': String(image.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('takes the type from the bytes, not the header', async () => {
    const res = await call({ method: 'POST', url: '/api/v3/user/profile/avatar', ...png(PNG_1X1, 'image/jpeg') });
    expect(res.statusCode).toBe(200);
    expect((await call({ method: 'GET', url: '/api/v3/user/avatar' })).headers['content-type']).toBe('image/png');
  });

  it.each([
    [
      'a text file called an image',
      Buffer.from('<script>alert(1)</script>'),
      415,
      'Avatars must be PNG, JPEG or WebP images',
    ],
    [
      'an SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      415,
      'Avatars must be PNG, JPEG or WebP images',
    ],
    ['an image over 1 MB', pngOfSize(AVATAR_MAX_BYTES + 1), 413, 'Image size exceeded'],
    ['an image of huge pixel dimensions', pngClaiming(50_000, 50_000), 413, 'Image size exceeded'],
    ['an empty body', Buffer.alloc(0), 400, 'Missing parameters'],
  ])('refuses %s and keeps the avatar it had', async (_what, body, status, message) => {
    const before = (await call({ method: 'GET', url: '/api/v3/user/avatar' })).rawPayload;
    const res = await call({ method: 'POST', url: '/api/v3/user/profile/avatar', ...png(body) });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect((await call({ method: 'GET', url: '/api/v3/user/avatar' })).rawPayload.equals(before)).toBe(true);
  });

  it('removes the avatar', async () => {
    const res = await call({ method: 'DELETE', url: '/api/v3/user/profile/avatar' });
    expect(res.json()).toMatchObject({ avatar: null, thumbnail: false });
    expect((await call({ method: 'GET', url: '/api/v3/user/avatar' })).statusCode).toBe(404);
  });
});

describe('organisation by id', () => {
  it('answers organisations the user may see, and any other as absent', async () => {
    const own = await call({ method: 'GET', url: `/api/v3/user/organization/${org.north}` });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      id: org.north,
      name: 'Alpha North',
      parentOrganizationId: org.alpha,
      roleId: 1,
    });
    for (const id of [org.root, org.beta, 999_999])
      expect((await call({ method: 'GET', url: `/api/v3/user/organization/${id}` })).statusCode).toBe(404);
  });
});

describe('password change', () => {
  it('refuses a wrong current password and a too short new one, and keeps the password', async () => {
    const wrong = await call({
      method: 'POST',
      url: '/api/v3/user/profile/password',
      payload: { currentPassword: 'nope', newPassword: 'another-secret' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('Authentication failed');
    const short = await call({ method: 'PUT', url: `/api/v3/user/password?oldPassword=${PASSWORD}&newPassword=12345` });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('The password must be at least 6 characters');
    await expect(signIn(t.app, 'pia', PASSWORD)).resolves.toContain('=');
  });

  it("changes it through both readings and ends the user's other sessions", async () => {
    const other = await signIn(t.app, 'pia', PASSWORD);
    const res = await call({
      method: 'POST',
      url: '/api/v3/user/profile/password',
      payload: { currentPassword: PASSWORD, newPassword: 'second-secret' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(true);
    expect((await call({ method: 'GET', url: '/api/v3/user/profile', c: other })).statusCode).toBe(401);
    expect((await call({ method: 'GET', url: '/api/v3/user/profile' })).statusCode).toBe(200);
    const back = await call({
      method: 'PUT',
      url: `/api/v3/user/password?oldPassword=second-secret&newPassword=${PASSWORD}`,
    });
    expect(back.statusCode).toBe(200);
    await expect(signIn(t.app, 'pia', 'second-secret')).rejects.toThrow(/417/);
  });

  it('follows the strictest password policy of the user’s organisations', async () => {
    await t.db.query('update organizations set password_min_length = 12 where id = $1', [org.root]);
    const res = await call({
      method: 'PUT',
      url: `/api/v3/user/password?oldPassword=${PASSWORD}&newPassword=elevenchars`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The password must be at least 12 characters');
    await t.db.query('update organizations set password_min_length = 6 where id = $1', [org.root]);
  });
});

describe('sessions', () => {
  it('logs out every other session and keeps this one', async () => {
    const other = await signIn(t.app, 'pia', PASSWORD);
    const res = await call({ method: 'DELETE', url: '/api/v2/auth/session/others' });
    expect(res.json().ended).toBeGreaterThanOrEqual(1);
    expect((await call({ method: 'GET', url: '/api/v2/auth/session', c: other })).statusCode).toBe(401);
    const mine = (await call({ method: 'GET', url: '/api/v2/auth/session' })).json();
    expect(mine).toHaveLength(1);
    expect(mine[0].current).toBe(true);
  });

  it('gives a session the lifetime of the strictest organisation policy', async () => {
    await t.db.query('update organizations set session_lifetime_hours = 8 where id = $1', [org.alpha]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { username: 'pia', password: PASSWORD },
    });
    const set = res.cookies.find((c) => c.name === 'fw_session');
    expect(set?.maxAge).toBe(8 * 3600);
    await t.db.query('update organizations set session_lifetime_hours = 672 where id = $1', [org.alpha]);
  });
});

describe('personal API keys', () => {
  const bearer = (key: string) => ({ c: '', headers: { authorization: `Bearer ${key}` } });

  it('shows a key once, keeps only its hash, and lets it stand for the user within its scopes', async () => {
    const made = await call({
      method: 'POST',
      url: '/api/v3/user/apiKeys',
      payload: { name: 'Reporting', scopes: ['read'], currentPassword: PASSWORD },
    });
    expect(made.statusCode).toBe(200);
    const { key, id, prefix } = made.json();
    expect(key).toMatch(/^fwk_[A-Za-z0-9_-]{43}$/);
    expect(key.startsWith(prefix)).toBe(true);
    const stored = await t.db.query<{ key_hash: string }>('select key_hash from api_keys where id = $1', [id]);
    expect(stored[0]?.key_hash).not.toContain(key.slice(4));
    const list = (await call({ method: 'GET', url: '/api/v3/user/apiKeys' })).json();
    expect(list.find((k: { id: string }) => k.id === id)).not.toHaveProperty('key');

    expect((await call({ method: 'GET', url: '/api/v3/user/profile', ...bearer(key) })).json().username).toBe('pia');
    const write = await call({ method: 'PUT', url: '/api/v3/user/profile', payload: { title: 'x' }, ...bearer(key) });
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe('This API key may only read');
    const more = await call({ method: 'GET', url: '/api/v3/user/apiKeys', ...bearer(key) });
    expect(more.statusCode).toBe(403);

    expect((await call({ method: 'DELETE', url: `/api/v3/user/apiKeys/${id}` })).statusCode).toBe(200);
    expect((await call({ method: 'GET', url: '/api/v3/user/profile', ...bearer(key) })).statusCode).toBe(401);
  });

  it('lets a read-write key write, and refuses an unknown key', async () => {
    const { key } = (
      await call({
        method: 'POST',
        url: '/api/v3/user/apiKeys',
        payload: { name: 'Sync', scopes: ['read', 'write'], currentPassword: PASSWORD },
      })
    ).json();
    const res = await call({
      method: 'PUT',
      url: '/api/v3/user/profile',
      payload: { title: 'Automated' },
      ...bearer(key),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().title).toBe('Automated');
    expect((await call({ method: 'GET', url: '/api/v3/user/profile', ...bearer(`${key}x`) })).statusCode).toBe(401);
    const bad = await call({
      method: 'POST',
      url: '/api/v3/user/apiKeys',
      payload: { name: 'x', scopes: ['admin'], currentPassword: PASSWORD },
    });
    expect(bad.statusCode).toBe(400);
  });
});
