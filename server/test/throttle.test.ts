import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_DELAY_S,
  ACCOUNT_LIMIT,
  ADDRESS_LIMIT,
  claimAttempt,
  recordFailure,
  recordSuccess,
  retryAfter,
  WINDOW_S,
} from '../src/modules/auth/throttle.ts';
import {
  countSessions,
  createOrganization,
  createTestApp,
  createUser,
  login,
  sessionCookieOf,
  type TestApp,
} from './helpers.ts';

const PASSWORD = 'throttle-secret';
const S = 1000;

let t: TestApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const orgId = await createOrganization(t.db, 'Throttle Org');
  const names = ['tina', 'tom', 'tess', 'theo', 'tara', 'tim', 'toby'];
  const created = await Promise.all(
    names.map((username) => createUser(t.db, { username, password: PASSWORD, organizationId: orgId })),
  );
  names.forEach((name, i) => {
    ids[name] = created[i] ?? 0;
  });
  // the limits relate as the tests below assume
  expect(ADDRESS_LIMIT).toBeGreaterThan(ACCOUNT_LIMIT);
});
afterAll(() => t.close());

/** Failures recorded straight in the throttle, as failed sign-ins would. */
async function fail(times: number, username: (i: number) => string, address: string, now = new Date()) {
  for (let i = 0; i < times; i++) await recordFailure(t.db, username(i), address, now);
}

function expectThrottled(res: Awaited<ReturnType<typeof login>>, maxWaitS: number) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toMatchObject({ error: true, statusCode: 429 });
  expect(res.json().message).toMatch(/Too many sign-in attempts/);
  const retry = Number(res.headers['retry-after']);
  expect(Number.isInteger(retry)).toBe(true);
  expect(retry).toBeGreaterThan(0);
  expect(retry).toBeLessThanOrEqual(maxWaitS);
  expect(sessionCookieOf(res)).toBeUndefined();
  return retry;
}

describe('sign-in throttling over HTTP', () => {
  it('slows an account after ACCOUNT_LIMIT failures, even for the right password, from any address', async () => {
    const address = '10.0.1.1';
    for (let i = 0; i < ACCOUNT_LIMIT; i++) {
      const res = await login(t.app, 'tina', `wrong-${i}`, { remoteAddress: address });
      expect(res.statusCode, `attempt ${i + 1}`).toBe(417);
    }
    const retry = expectThrottled(await login(t.app, 'tina', PASSWORD, { remoteAddress: address }), ACCOUNT_DELAY_S);
    expect(retry).toBeGreaterThan(ACCOUNT_DELAY_S - 10);
    // the counter is per account: another address, another spelling of the name
    expectThrottled(await login(t.app, 'tina', PASSWORD, { remoteAddress: '10.0.1.2' }), ACCOUNT_DELAY_S);
    expectThrottled(await login(t.app, 'TINA', PASSWORD, { remoteAddress: '10.0.1.3' }), ACCOUNT_DELAY_S);
    expect(await countSessions(t.db, ids.tina)).toBe(0);

    // a different account from the same address is not affected
    const other = await login(t.app, 'tom', PASSWORD, { remoteAddress: address });
    expect(other.statusCode).toBe(200);
  });

  it('resets the account counter at a successful sign-in', async () => {
    const elsewhere = (i: number) => `10.0.2.${i + 1}`;
    const prefill = async () => {
      for (let i = 0; i < ACCOUNT_LIMIT - 1; i++) await recordFailure(t.db, 'tess', elsewhere(i));
    };
    await prefill();
    expect((await login(t.app, 'tess', PASSWORD, { remoteAddress: '10.0.2.100' })).statusCode).toBe(200);
    expect(await t.db.query(`select 1 from login_throttle where key = 'account:tess'`)).toHaveLength(0);
    // without the reset, these would bring the account past ACCOUNT_LIMIT
    await prefill();
    expect((await login(t.app, 'tess', PASSWORD, { remoteAddress: '10.0.2.100' })).statusCode).toBe(200);
    // control: ACCOUNT_LIMIT failures in a row do throttle the account
    await prefill();
    await recordFailure(t.db, 'tess', '10.0.2.99');
    expectThrottled(await login(t.app, 'tess', PASSWORD, { remoteAddress: '10.0.2.100' }), ACCOUNT_DELAY_S);
  });

  it('refuses every account from an address once it reaches ADDRESS_LIMIT failures', async () => {
    const address = '10.0.3.1';
    // failures spread over unknown accounts, none of them reaching ACCOUNT_LIMIT
    await fail(ADDRESS_LIMIT - 2, (i) => `ghost-${i}`, address);
    expect((await login(t.app, 'ghost-x', 'nope', { remoteAddress: address })).statusCode).toBe(417);
    // ADDRESS_LIMIT - 1 failures: others may still sign in from there (and a success does not reset it)
    expect((await login(t.app, 'theo', PASSWORD, { remoteAddress: address })).statusCode).toBe(200);
    expect((await login(t.app, 'ghost-y', 'nope', { remoteAddress: address })).statusCode).toBe(417);

    const retry = expectThrottled(await login(t.app, 'tara', PASSWORD, { remoteAddress: address }), WINDOW_S);
    expect(retry).toBeGreaterThan(WINDOW_S - 60);
    expect(await countSessions(t.db, ids.tara)).toBe(0);
    // the same account from another address is fine
    expect((await login(t.app, 'tara', PASSWORD, { remoteAddress: '10.0.3.2' })).statusCode).toBe(200);
  });

  it('lets the right password in once the account delay has passed', async () => {
    const past = new Date(Date.now() - (ACCOUNT_DELAY_S + 1) * S);
    await fail(ACCOUNT_LIMIT, () => 'tim', '10.0.4.1', past);
    expect((await login(t.app, 'tim', PASSWORD, { remoteAddress: '10.0.4.2' })).statusCode).toBe(200);

    const recent = new Date(Date.now() - (ACCOUNT_DELAY_S - 5) * S);
    await fail(ACCOUNT_LIMIT, () => 'toby', '10.0.4.1', recent);
    expectThrottled(await login(t.app, 'toby', PASSWORD, { remoteAddress: '10.0.4.2' }), 5);
  });
});

describe('throttle functions with an injected clock', () => {
  const t0 = new Date('2030-01-01T12:00:00Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);

  it('delays an account ACCOUNT_DELAY_S after its last failure: slowed, never locked', async () => {
    const user = 'clock-account';
    const address = '172.16.0.1';
    await fail(ACCOUNT_LIMIT - 1, () => user, address, t0);
    expect(await retryAfter(t.db, user, address, t0)).toBe(0);

    await recordFailure(t.db, user, address, t0);
    expect(await retryAfter(t.db, user, address, t0)).toBe(ACCOUNT_DELAY_S);
    expect(await retryAfter(t.db, user.toUpperCase(), '172.16.0.2', t0)).toBe(ACCOUNT_DELAY_S);
    expect(await retryAfter(t.db, user, address, at(ACCOUNT_DELAY_S * S - 1))).toBe(1);
    expect(await retryAfter(t.db, user, address, at(ACCOUNT_DELAY_S * S))).toBe(0);
    // other accounts from the same address are not slowed
    expect(await retryAfter(t.db, 'clock-other', address, t0)).toBe(0);

    // one more failure after the delay: one attempt per ACCOUNT_DELAY_S from then on
    const t1 = at(ACCOUNT_DELAY_S * S);
    await recordFailure(t.db, user, address, t1);
    expect(await retryAfter(t.db, user, address, t1)).toBe(ACCOUNT_DELAY_S);
    expect(await retryAfter(t.db, user, address, new Date(t1.getTime() + ACCOUNT_DELAY_S * S))).toBe(0);
  });

  it('refuses an address until its window ends, then counts afresh', async () => {
    const address = '172.16.1.1';
    const user = (i: number) => `clock-address-${i % ACCOUNT_LIMIT === ACCOUNT_LIMIT - 1 ? 'b' : 'a'}-${i}`;
    await fail(ADDRESS_LIMIT - 1, user, address, t0);
    expect(await retryAfter(t.db, 'clock-fresh', address, t0)).toBe(0);
    await recordFailure(t.db, 'clock-last', address, t0);

    expect(await retryAfter(t.db, 'clock-fresh', address, t0)).toBe(WINDOW_S);
    expect(await retryAfter(t.db, 'clock-fresh', address, at(60 * S))).toBe(WINDOW_S - 60);
    expect(await retryAfter(t.db, 'clock-fresh', '172.16.1.2', t0)).toBe(0);
    expect(await retryAfter(t.db, 'clock-fresh', address, at(WINDOW_S * S + 1))).toBe(0);

    // a failure after the window starts a new count: ADDRESS_LIMIT - 1 more do not refuse
    const t2 = at(WINDOW_S * S + S);
    await fail(ADDRESS_LIMIT - 1, (i) => `clock-later-${i}`, address, t2);
    expect(await retryAfter(t.db, 'clock-fresh', address, t2)).toBe(0);
    await recordFailure(t.db, 'clock-later-last', address, t2);
    expect(await retryAfter(t.db, 'clock-fresh', address, t2)).toBe(WINDOW_S);
  });

  it('forgets account failures older than the window', async () => {
    const user = 'clock-window';
    await fail(ACCOUNT_LIMIT - 1, () => user, '172.16.2.1', t0);
    const later = at(WINDOW_S * S + S);
    await recordFailure(t.db, user, '172.16.2.1', later);
    expect(await retryAfter(t.db, user, '172.16.2.2', later)).toBe(0);
  });

  it('resets the account at a success, but not the address', async () => {
    const user = 'clock-success';
    const address = '172.16.3.1';
    await fail(ACCOUNT_LIMIT, () => user, address, t0);
    await fail(ADDRESS_LIMIT - ACCOUNT_LIMIT, (i) => `clock-success-other-${i}`, address, t0);
    expect(await retryAfter(t.db, user, '172.16.3.2', t0)).toBe(ACCOUNT_DELAY_S);

    await recordSuccess(t.db, user.toUpperCase(), '172.16.3.9');
    expect(await retryAfter(t.db, user, '172.16.3.2', t0)).toBe(0);
    expect(await retryAfter(t.db, user, address, t0)).toBe(WINDOW_S);
  });

  it('refunds the attempt of a successful sign-in to its address', async () => {
    const address = '172.16.5.1';
    await fail(ADDRESS_LIMIT, (i) => `clock-refund-${i}`, address, t0);
    expect(await retryAfter(t.db, 'clock-refund-x', address, t0)).toBe(WINDOW_S);
    await recordSuccess(t.db, 'clock-refund-0', address);
    expect(await retryAfter(t.db, 'clock-refund-x', address, t0)).toBe(0);
  });

  it('counts simultaneous attempts atomically: a burst gets no more than the limit', async () => {
    const waits = await Promise.all(
      Array.from({ length: ACCOUNT_LIMIT + 5 }, (_, i) => claimAttempt(t.db, 'clock-burst', `172.16.4.${i}`, t0)),
    );
    expect(waits.filter((w) => w === 0)).toHaveLength(ACCOUNT_LIMIT);
    expect(waits.filter((w) => w === ACCOUNT_DELAY_S)).toHaveLength(5);
  });
});
