import { AccessLevel, SESSION_COOKIE_NAME } from '@fieldwatch/core';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { open, seal, secretKey } from '../src/modules/auth/secretBox.ts';
import { ACCOUNT_LIMIT } from '../src/modules/auth/throttle.ts';
import { createOrganizationTree, createTestApp, createUser, login, signIn, type TestApp } from './helpers.ts';

/**
 * Two-factor sign-in (issue 24, part 2) through the real app: enrolment, the second sign-in step with
 * a TOTP code or a recovery code, replay, throttling, the organisation policy and the
 * administrator's reset. The clock of the process (Date) is pinned to a step, so that a test knows
 * which 30-second window its codes belong to; the database's clock is the real one.
 */
const PASSWORD = 'two-factor-secret';
let t: TestApp;
let org: Awaited<ReturnType<typeof createOrganizationTree>>;
let rootAdmin: string;

/** The pinned clock: one second into a 30-second step. */
let step = 0;
const at = () => step * 30_000 + 1_000;
function nextStep() {
  step++;
  vi.setSystemTime(at());
}
const codeOf = (secret: string, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at() + offset * 30_000,
  });

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrganizationTree(t.db);
  await createUser(t.db, { username: 'root-admin', password: PASSWORD, organizationId: org.root, role: 0 });
  rootAdmin = await signIn(t.app, 'root-admin', PASSWORD);
  vi.useFakeTimers({ toFake: ['Date'] });
  step = Math.floor(Date.now() / 30_000);
  vi.setSystemTime(at());
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});
afterEach(() => nextStep());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload: payload as string | undefined });
const cookieOf = (res: LightMyRequestResponse) => {
  const c = res.cookies.find((x) => x.name === SESSION_COOKIE_NAME);
  return c ? `${SESSION_COOKIE_NAME}=${c.value}` : '';
};
let serial = 0;
async function person(organizationId = org.alpha, role: AccessLevel = AccessLevel.User) {
  const username = `tf-${++serial}`;
  await createUser(t.db, { username, password: PASSWORD, organizationId, role });
  return { username, cookie: await signIn(t.app, username, PASSWORD) };
}

/** Enrols the signed-in user; answers the secret and the recovery codes. */
async function enrol(cookie: string) {
  const started = await call('POST', '/api/v3/user/twoFactor/enrol', cookie);
  expect(started.statusCode, started.body).toBe(200);
  const { secret } = started.json() as { secret: string };
  const confirmed = await call('POST', '/api/v3/user/twoFactor/confirm', cookie, { code: codeOf(secret) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, recoveryCodes: (confirmed.json() as { recoveryCodes: string[] }).recoveryCodes };
}

async function challengeFor(username: string, url?: '/api/v1/auth/login') {
  const res = await login(t.app, username, PASSWORD, url ? { url } : {});
  expect(res.statusCode, res.body).toBe(200);
  expect(cookieOf(res)).toBe('');
  const body = res.json() as { twoFactorRequired: boolean; challenge: string };
  expect(body.twoFactorRequired).toBe(true);
  return body.challenge;
}
const secondStep = (challenge: string, code: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/v2/auth/login/two-factor', payload: { challenge, code }, remoteAddress });

describe('the sealed secrets', () => {
  it('open only with the key that sealed them, and not once altered', () => {
    const key = secretKey('a-production-key-of-enough-length-0001');
    const sealed = seal(key, 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(seal(key, 'JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(open(key, sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => open(secretKey(undefined), sealed)).toThrow();
    const [v, iv, tag, data = ''] = sealed.split('.');
    const altered = `${data.slice(0, -2)}${data.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(() => open(key, [v, iv, tag, altered].join('.'))).toThrow();
  });
});

describe('enrolment', () => {
  it('shows a secret and its otpauth URI, turns on only with a right code, and answers ten recovery codes once', async () => {
    const { username, cookie } = await person();
    expect((await call('GET', '/api/v3/user/twoFactor', cookie)).json()).toEqual({
      enabled: false,
      required: false,
      recoveryCodesLeft: 0,
    });
    const started = (await call('POST', '/api/v3/user/twoFactor/enrol', cookie)).json() as {
      secret: string;
      uri: string;
    };
    expect(started.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.uri).toMatch(new RegExp(`^otpauth://totp/Fieldwatch:${username}\\?`));
    expect(started.uri).toContain(`secret=${started.secret}`);
    // Not stored as it is: sealed with TWO_FACTOR_KEY.
    const [row] = await t.db.query<{ secret: string }>(
      'select secret from user_two_factor f join users u on u.id = f.user_id where u.username = $1',
      [username],
    );
    expect(row?.secret).not.toContain(started.secret);

    const wrong = await call('POST', '/api/v3/user/twoFactor/confirm', cookie, {
      code: codeOf(started.secret, 5),
    });
    expect(wrong.statusCode).toBe(417);
    expect(wrong.json().code).toBe('two_factor_code_wrong');
    expect((await call('GET', '/api/v3/user/twoFactor', cookie)).json().enabled).toBe(false);
    // Still off: the password alone signs in.
    expect(cookieOf(await login(t.app, username, PASSWORD))).not.toBe('');

    const confirmed = await call('POST', '/api/v3/user/twoFactor/confirm', cookie, { code: codeOf(started.secret) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const codes = confirmed.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[2-9a-z]{5}-[2-9a-z]{5}$/);
    expect((await call('GET', '/api/v3/user/twoFactor', cookie)).json()).toEqual({
      enabled: true,
      required: false,
      recoveryCodesLeft: 10,
    });
    const again = await call('POST', '/api/v3/user/twoFactor/enrol', cookie);
    expect(again.statusCode).toBe(409);
    expect(
      (await call('POST', '/api/v3/user/twoFactor/confirm', cookie, { code: codeOf(started.secret) })).statusCode,
    ).toBe(409);
  });
});

describe('signing in', () => {
  it('answers a challenge instead of a session, and a right code signs in like a password', async () => {
    const { username, cookie } = await person();
    const { secret } = await enrol(cookie);
    nextStep();
    for (const url of [undefined, '/api/v1/auth/login'] as const) {
      const challenge = await challengeFor(username, url);
      expect((await call('GET', '/api/v2/auth', '')).statusCode).toBe(401);
      const wrong = await secondStep(challenge, codeOf(secret, 3));
      expect(wrong.statusCode).toBe(417);
      expect(cookieOf(wrong)).toBe('');
      const right = await secondStep(challenge, codeOf(secret));
      expect(right.statusCode, right.body).toBe(200);
      expect(right.json().access.Username).toBe(username);
      expect(right.json().profile.username).toBe(username);
      const session = await call('GET', '/api/v2/auth', cookieOf(right));
      expect(session.statusCode).toBe(200);
      expect(session.json().username).toBe(username);
      // A spent challenge signs in no one else.
      expect((await secondStep(challenge, codeOf(secret, 1))).statusCode).toBe(410);
      nextStep();
    }
  });

  it('accepts a TOTP code once: the same code, or an older one, is refused after it was used', async () => {
    const { username, cookie } = await person();
    const { secret } = await enrol(cookie);
    nextStep();
    const code = codeOf(secret);
    expect((await secondStep(await challengeFor(username), code)).statusCode).toBe(200);
    const replay = await secondStep(await challengeFor(username), code);
    expect(replay.statusCode).toBe(417);
    expect(cookieOf(replay)).toBe('');
    // The step after it is still good (a clock a little ahead), and then the one before it is not.
    expect((await secondStep(await challengeFor(username), codeOf(secret, 1))).statusCode).toBe(200);
    nextStep();
    expect((await secondStep(await challengeFor(username), codeOf(secret, -1))).statusCode).toBe(417);
  });

  it('takes each recovery code once, however it is typed', async () => {
    const { username, cookie } = await person();
    const { recoveryCodes } = await enrol(cookie);
    const [first = '', second = ''] = recoveryCodes;
    const typed = ` ${first.toUpperCase().replace('-', ' ')} `;
    const used = await secondStep(await challengeFor(username), typed.trim());
    expect(used.statusCode, used.body).toBe(200);
    expect((await secondStep(await challengeFor(username), first)).statusCode).toBe(417);
    const status = await call('GET', '/api/v3/user/twoFactor', cookieOf(used));
    expect(status.json().recoveryCodesLeft).toBe(9);
    expect((await secondStep(await challengeFor(username), second)).statusCode).toBe(200);
    expect((await call('GET', '/api/v3/user/twoFactor', cookie)).json().recoveryCodesLeft).toBe(8);
  });

  it('ends a challenge at the fifth wrong code and after five minutes', async () => {
    const { username, cookie } = await person();
    const { secret } = await enrol(cookie);
    nextStep();
    const challenge = await challengeFor(username);
    for (let i = 0; i < 5; i++) expect((await secondStep(challenge, '000000')).statusCode).toBe(417);
    const dead = await secondStep(challenge, codeOf(secret));
    expect(dead.statusCode).toBe(410);
    expect(dead.json().code).toBe('two_factor_challenge_expired');

    const old = await challengeFor(username);
    await t.db.query("update two_factor_challenges set expires_at = now() - interval '1 second'");
    expect((await secondStep(old, codeOf(secret))).statusCode).toBe(410);
  });

  it('throttles code guesses like password guesses', async () => {
    const { username, cookie } = await person();
    const { secret } = await enrol(cookie);
    nextStep();
    const address = '10.20.30.40';
    let challenge = '';
    for (let i = 0; i < ACCOUNT_LIMIT; i++) {
      if (i % 5 === 0) challenge = await challengeFor(username);
      expect((await secondStep(challenge, '000000', address)).statusCode).toBe(417);
    }
    const refused = await secondStep(await challengeFor(username), codeOf(secret), address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(cookieOf(refused)).toBe('');
  });

  it('refuses bad input with 400, never a 500', async () => {
    const { username, cookie } = await person();
    await enrol(cookie);
    const challenge = await challengeFor(username);
    for (const payload of [
      {},
      { challenge },
      { code: '123456' },
      { challenge, code: '12' },
      { challenge, code: 'x'.repeat(40) },
      { challenge, code: '<script>' },
      { challenge, code: 123456 },
      { challenge: 'short', code: '123456' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v2/auth/login/two-factor', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    for (const [url, payload] of [
      ['/api/v3/user/twoFactor/confirm', { code: '12345' }],
      ['/api/v3/user/twoFactor/confirm', { code: 'abcdef' }],
      ['/api/v3/user/twoFactor/disable', {}],
      ['/api/v3/user/twoFactor/recoveryCodes', { password: '' }],
      ['/api/v1/admin/resetTwoFactor', { username: 'a b' }],
    ] as const) {
      const res = await call('POST', url, cookie, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
    }
  });
});

describe('turning it off and new recovery codes', () => {
  it('needs a current code or the password; new codes replace the old ones', async () => {
    const { username, cookie } = await person();
    const { secret, recoveryCodes } = await enrol(cookie);
    nextStep();
    expect((await call('POST', '/api/v3/user/twoFactor/recoveryCodes', cookie, { password: 'wrong' })).statusCode).toBe(
      403,
    );
    const fresh = await call('POST', '/api/v3/user/twoFactor/recoveryCodes', cookie, { code: codeOf(secret) });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const [newCode = ''] = fresh.json().recoveryCodes as string[];
    expect((await secondStep(await challengeFor(username), recoveryCodes[0] ?? '')).statusCode).toBe(417);
    expect((await secondStep(await challengeFor(username), newCode)).statusCode).toBe(200);

    expect((await call('POST', '/api/v3/user/twoFactor/disable', cookie, { code: '000000' })).statusCode).toBe(417);
    const off = await call('POST', '/api/v3/user/twoFactor/disable', cookie, { password: PASSWORD });
    expect(off.statusCode, off.body).toBe(200);
    expect(cookieOf(await login(t.app, username, PASSWORD))).not.toBe('');
    expect((await call('POST', '/api/v3/user/twoFactor/disable', cookie, { password: PASSWORD })).statusCode).toBe(409);
  });
});

describe('the organisation policy', () => {
  it('holds back everyone below the organisation until they enrol; others and API keys are unaffected', async () => {
    // A user two levels below alpha, one in alpha itself, one in beta (another tree), each with an API key.
    const below = await person(org.northX, AccessLevel.User);
    const inAlpha = await person(org.alpha, AccessLevel.Reader);
    const elsewhere = await person(org.beta, AccessLevel.User);
    const key = await call('POST', '/api/v3/user/apiKeys', below.cookie, {
      name: 'script',
      scopes: ['read'],
      currentPassword: PASSWORD,
    });
    expect(key.statusCode, key.body).toBe(200);

    const settings = await call('GET', `/api/v1/admin/organization/${org.alpha}/settings`, rootAdmin);
    expect(settings.json().requireTwoFactor).toBe(false);
    const saved = await call('PUT', `/api/v1/admin/organization/${org.alpha}/settings`, rootAdmin, {
      ...(settings.json() as object),
      requireTwoFactor: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().requireTwoFactor).toBe(true);
    // A client that does not know the setting leaves it as it is.
    const { requireTwoFactor: _, ...older } = saved.json();
    expect((await call('PUT', `/api/v1/admin/organization/${org.alpha}/settings`, rootAdmin, older)).json()).toEqual(
      saved.json(),
    );

    for (const who of [below, inAlpha]) {
      // Sessions that already exist are held back too, in every family's shape.
      const refused = await call('GET', '/api/v3/user/dashboard', who.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('two_factor_required');
      expect((await call('GET', '/api/v1/xrequest/LoginAccess', who.cookie)).statusCode).toBe(403);
      expect((await call('GET', '/api/v3/user/profile', who.cookie)).statusCode).toBe(403);
      // A password sign-in works, then the same holds.
      const fresh = await login(t.app, who.username, PASSWORD);
      expect(fresh.statusCode).toBe(200);
      expect(fresh.json().access).toBeDefined();
      expect((await call('GET', '/api/v3/user/dashboard', cookieOf(fresh))).statusCode).toBe(403);
      expect((await call('GET', '/api/v3/user/twoFactor', who.cookie)).json()).toEqual({
        enabled: false,
        required: true,
        recoveryCodesLeft: 0,
      });
      expect((await call('GET', '/api/v2/auth', who.cookie)).statusCode).toBe(200);
    }
    expect((await call('GET', '/api/v3/user/dashboard', elsewhere.cookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/v3/user/twoFactor', elsewhere.cookie)).json().required).toBe(false);
    const byKey = await t.app.inject({
      method: 'GET',
      url: '/api/v3/user/dashboard',
      headers: { authorization: `Bearer ${key.json().key}` },
    });
    expect(byKey.statusCode, byKey.body).toBe(200);

    const { secret } = await enrol(below.cookie);
    expect((await call('GET', '/api/v3/user/dashboard', below.cookie)).statusCode).toBe(200);
    // Under the policy, it cannot be turned off by its user.
    nextStep();
    const off = await call('POST', '/api/v3/user/twoFactor/disable', below.cookie, { code: codeOf(secret) });
    expect(off.statusCode).toBe(409);
    expect((await call('GET', '/api/v3/user/dashboard', inAlpha.cookie)).statusCode).toBe(403);

    await call('PUT', `/api/v1/admin/organization/${org.alpha}/settings`, rootAdmin, {
      ...(saved.json() as object),
      requireTwoFactor: false,
    });
    expect((await call('GET', '/api/v3/user/dashboard', inAlpha.cookie)).statusCode).toBe(200);
  });
});

describe("an administrator's reset", () => {
  it('is for a SuperUser who administers the user; others are refused and nothing changes', async () => {
    const target = await person(org.north, AccessLevel.User);
    const { secret } = await enrol(target.cookie);
    const alphaAdmin = await person(org.alpha, AccessLevel.SuperUser);
    const betaAdmin = await person(org.beta, AccessLevel.SuperUser);
    const alphaUser = await person(org.alpha, AccessLevel.User);
    const reset = (cookie: string) =>
      call('POST', '/api/v1/admin/resetTwoFactor', cookie, { username: target.username });

    expect((await reset(betaAdmin.cookie)).statusCode).toBe(403);
    expect((await reset(alphaUser.cookie)).statusCode).toBe(403);
    expect((await reset('')).statusCode).toBe(401);
    expect(
      (await call('POST', '/api/v1/admin/resetTwoFactor', betaAdmin.cookie, { username: 'nobody-here' })).statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/v3/user/twoFactor', target.cookie)).json().enabled).toBe(true);
    nextStep();
    const challenge = await challengeFor(target.username);

    const done = await reset(alphaAdmin.cookie);
    expect(done.statusCode, done.body).toBe(200);
    expect((await call('GET', '/api/v3/user/twoFactor', target.cookie)).json()).toMatchObject({ enabled: false });
    // A pending second step is gone with it, and the password alone signs in.
    expect((await secondStep(challenge, codeOf(secret))).statusCode).toBe(410);
    expect(cookieOf(await login(t.app, target.username, PASSWORD))).not.toBe('');
  });
});
