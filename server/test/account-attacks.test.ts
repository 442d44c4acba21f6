import crypto, { randomBytes, randomUUID } from 'node:crypto';
import { syncBuiltinESMExports } from 'node:module';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, useAttackApp } from './fixtures/webAttacks.ts';
import { createUnit, createUser, login, sessionCookieOf } from './helpers.ts';

/**
 * Issue 11, web attacks, on the server: security headers on every answer of every registered
 * route (and the web app's page, its files, 404s and errors), HSTS only over HTTPS, cross-site
 * writes refused on every state-changing route with nothing written, no user enumeration through
 * sign-in, reset or onboarding, and sessions that end with their user. Stored XSS is a browser
 * matter: e2e/web-attacks.test.ts.
 *
 * This file: no user enumeration (sign-in, reset, onboarding), and sessions that end with their user.
 */

const t = useAttackApp();

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
        known = await login(t.app, 'attacks-admin', 'not the password', { url, remoteAddress: '198.51.100.1' });
      });
      const unknownWork = await scryptCalls(async () => {
        unknown = await login(t.app, 'attacks-nobody', 'not the password', { url, remoteAddress: '198.51.100.1' });
      });
      if (!known || !unknown) throw new Error('no answer');
      expect(known.statusCode).toBe(417);
      expect(comparable(unknown)).toEqual(comparable(known));
      expect(sessionCookieOf(unknown)).toBeUndefined();
      // One password derivation each (a stand-in hash for the unknown name), and each failure counted.
      expect([knownWork, unknownWork]).toEqual([1, 1]);
      const counted = await t.db.query<{ key: string; failures: number }>(
        `select key, failures from login_throttle where key in ('account:attacks-admin', 'account:attacks-nobody') order by key`,
      );
      expect(counted.map((r) => r.key)).toEqual(['account:attacks-admin', 'account:attacks-nobody']);
      await t.db.query('delete from login_throttle');
    },
  );

  it('password reset answers a known and an unknown address alike, without waiting for the mail', async () => {
    const ask = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v3/user/createRestorePasswordToken',
        payload: { userId: email, baseUrl: 'http://localhost/reset-password' },
      });
    // The mailer never answers: both answers come all the same, so none waits for a mail.
    const known = await ask('admin@attacks.test');
    const unknown = await ask('nobody@attacks.test');
    expect(known.statusCode).toBe(200);
    expect(comparable(unknown)).toEqual(comparable(known));
    expect(t.sent.map((m) => m.to)).toEqual(['admin@attacks.test']);
    // Past the per-user limit of links the known address is silent, and still answered the same.
    for (let i = 0; i < 6; i++) expect(comparable(await ask('admin@attacks.test'))).toEqual(comparable(unknown));
    expect(t.sent.length).toBeLessThanOrEqual(5);
  });

  describe('onboarding', () => {
    const N = '/api/v1/nfc';
    let tag = '';
    beforeAll(async () => {
      const stock = await createUnit(t.db, { organizationId: t.org.beta, serial: 'ATK-STOCK', type: 1 });
      await t.db.query('update organizations set stock = true where id = $1', [t.org.beta]);
      tag = randomUUID();
      await t.db.query('insert into nfc_tags (tag_uuid, unit_id, restriction) values ($1, $2, -1)', [tag, stock]);
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
        const check = await t.app.inject({ url: `${N}/user/${unknownTag}/${email}`, remoteAddress: '198.51.100.20' });
        expect(check.statusCode).toBe(404);
        expect(check.json()).toEqual({ error: true, statusCode: 404, message: 'Tag not found' });
        const create = await t.app.inject({
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
      const check = (email: string) => t.app.inject({ url: `${N}/user/${tag}/${email}`, remoteAddress: from });
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
        t.app.inject({
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
      expect((await t.db.query(`select 1 from users where email = 'nobody@attacks.test'`)).length).toBe(0);
    });
  });
});

describe('sessions end with their user', () => {
  const admin = async () => t.sessionOf(t.adminId);
  const status = async (cookieOrKey: string, url = '/api/v3/user/profile') =>
    (
      await t.app.inject({
        url,
        headers: cookieOrKey.startsWith('fwk_') ? { authorization: `Bearer ${cookieOrKey}` } : { cookie: cookieOrKey },
      })
    ).statusCode;

  it('when an administrator removes the user: every session and API key stops at once', async () => {
    const id = await createUser(t.db, { username: 'leaver', password: PASSWORD, organizationId: t.org.north, role: 1 });
    const sessions = [await t.sessionOf(id, t.org.north), await t.sessionOf(id, t.org.north)];
    const key = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v3/user/apiKeys',
        headers: { cookie: sessions[0] as string },
        payload: { name: 'Leaver key', scopes: ['read'], currentPassword: PASSWORD },
      })
    ).json().key as string;
    for (const c of [...sessions, key]) expect(await status(c)).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/admin/profile',
      headers: { cookie: await admin() },
      payload: { username: 'leaver', organizationId: t.org.north },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    for (const c of [...sessions, key]) expect(await status(c)).toBe(401);
    expect((await t.db.query('select 1 from sessions where user_id = $1', [id])).length).toBe(0);
  });

  it('when the user is removed from one organisation: the session stays, that organisation is gone from it', async () => {
    const id = await createUser(t.db, { username: 'mover', password: PASSWORD, organizationId: t.org.north, role: 1 });
    await t.db.query('insert into user_roles (user_id, organization_id, role_id) values ($1, $2, 1)', [
      id,
      t.org.south,
    ]);
    const cookie = await t.sessionOf(id, t.org.north);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/admin/profile',
      headers: { cookie: await admin() },
      payload: { username: 'mover', organizationId: t.org.north },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const session = await t.app.inject({ url: '/api/v3/user/session', headers: { cookie } });
    expect(session.statusCode).toBe(200);
    const ids = session.json().organizations.map((o: { id: number }) => o.id);
    expect(ids).toContain(t.org.south);
    expect(ids).not.toContain(t.org.north);
    expect(session.json().currentOrganization).toBeNull();
    expect(
      (await t.app.inject({ url: `/api/v3/user/organization/${t.org.north}`, headers: { cookie } })).statusCode,
    ).not.toBe(200);
  });

  it.each([
    ['the user changes it (POST profile/password)', 'own-post'],
    ['the user changes it (PUT password)', 'own-put'],
    ['an administrator sets it', 'admin'],
  ] as const)('when the password changes because %s: the other sessions end', async (_, how) => {
    const name = `changer-${how}`;
    const id = await createUser(t.db, { username: name, password: PASSWORD, organizationId: t.org.north, role: 1 });
    const [mine, other, another] = [await t.sessionOf(id), await t.sessionOf(id), await t.sessionOf(id)] as string[];
    const res =
      how === 'own-post'
        ? await t.app.inject({
            method: 'POST',
            url: '/api/v3/user/profile/password',
            headers: { cookie: mine },
            payload: { currentPassword: PASSWORD, newPassword: 'a-changed-password' },
          })
        : how === 'own-put'
          ? await t.app.inject({
              method: 'PUT',
              url: `/api/v3/user/password?oldPassword=${PASSWORD}&newPassword=a-changed-password`,
              headers: { cookie: mine },
            })
          : await t.app.inject({
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
