import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expect400, NUMERIC_PASSWORD, PASSWORD, useBadInputApp } from './fixtures/badInput.ts';
import { cookieHeaderOf, countSessions, login, sessionCookieOf } from './helpers.ts';

// Bad input through the real app: what is refused, with which answer, and that nothing is written.
// This file: sign-in bodies refused (and those that are not), and cross-site sign-ins and session writes.

const { t, throttleRows, post } = useBadInputApp();

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
      headers: { cookie: t.cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(refused);
    expect((await t.app.inject({ url: '/api/v2/auth', headers: { cookie: other } })).statusCode).toBe(200);
  });

  it('refuses switching organisation cross-site, which leaves it unchanged', async () => {
    const current = async () =>
      (await t.app.inject({ url: '/api/v3/user/session', headers: { cookie: t.cookie } })).json().currentOrganization
        .id;
    expect(await current()).toBe(t.orgA);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v3/user/session/current_organization?id=${t.orgB}`,
      headers: { cookie: t.cookie, origin: 'http://evil.example', host: 'fieldwatch.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(refused);
    expect(await current()).toBe(t.orgA);
    // the same request from the page itself goes through
    const same = await t.app.inject({
      method: 'PUT',
      url: `/api/v3/user/session/current_organization?id=${t.orgB}`,
      headers: { cookie: t.cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(same.statusCode).toBe(200);
    expect(await current()).toBe(t.orgB);
  });
});
