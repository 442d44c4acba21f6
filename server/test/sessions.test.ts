import { randomUUID } from 'node:crypto';
import { AccessLevel, SESSION_COOKIE_NAME } from '@fieldwatch/core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { LiveBus } from '../src/live/bus.ts';
import { sweepExpiredSessions } from '../src/modules/auth/sessionSweep.ts';
import {
  cookieHeaderOf,
  countSessions,
  createOrganization,
  createTestApp,
  createUser,
  login,
  sessionCookieOf,
  type TestApp,
} from './helpers.ts';

const PASSWORD = 'session-secret';

let t: TestApp;
let dana = 0;
let erin = 0;

beforeAll(async () => {
  t = await createTestApp();
  const orgId = await createOrganization(t.db, 'Sessions Org');
  [dana, erin] = await Promise.all([
    createUser(t.db, { username: 'dana', password: PASSWORD, organizationId: orgId, role: AccessLevel.User }),
    createUser(t.db, { username: 'erin', password: PASSWORD, organizationId: orgId, role: AccessLevel.User }),
  ]);
});
afterAll(() => t.close());

/** Signs in and returns the cookie header and the id of the new session. */
async function session(username: string, userAgent = 'FieldwatchTest') {
  const res = await login(t.app, username, PASSWORD, { headers: { 'user-agent': userAgent } });
  expect(res.statusCode).toBe(200);
  const cookie = cookieHeaderOf(res);
  const current = await get('/api/v2/auth', cookie);
  expect(current.statusCode).toBe(200);
  return { cookie, id: current.json().id as string };
}

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const endSession = (id: string, cookie: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/v2/auth/session/logout/${id}`, headers: { cookie } });

/** The response expires the session cookie. */
function expectCookieCleared(res: LightMyRequestResponse) {
  const cookie = sessionCookieOf(res);
  expect(cookie).toBeDefined();
  expect(cookie?.value).toBe('');
  expect(cookie?.path).toBe('/');
  const expired = cookie?.maxAge === 0 || (cookie?.expires !== undefined && cookie.expires.getTime() <= Date.now());
  expect(expired).toBe(true);
}

describe.each(['/api/v2/auth/session', '/api/v2/auth/sessions'])('GET %s', (url) => {
  it("lists the user's live sessions, only the calling one flagged current", async () => {
    const a = await session('dana', 'Agent-A');
    const b = await session('dana', 'Agent-B');
    const other = await session('erin');

    for (const caller of [a, b]) {
      const res = await get(url, caller.cookie);
      expect(res.statusCode).toBe(200);
      const list = res.json() as { id: string; username: string; current: boolean; userAgent: string }[];
      const ids = list.map((s) => s.id);
      expect(ids).toContain(a.id);
      expect(ids).toContain(b.id);
      expect(ids).not.toContain(other.id);
      expect(list.every((s) => s.username === 'dana')).toBe(true);
      expect(list.filter((s) => s.current).map((s) => s.id)).toEqual([caller.id]);
      expect(list.find((s) => s.id === a.id)?.userAgent).toBe('Agent-A');
      expect(list.find((s) => s.id === b.id)?.userAgent).toBe('Agent-B');
      expect(list).toHaveLength(await countSessions(t.db, dana));
    }
    const entry = (await get(url, a.cookie)).json().find((s: { id: string }) => s.id === a.id);
    expect(Object.keys(entry).sort()).toEqual(
      [
        'address',
        'created',
        'current',
        'currentOrganizationId',
        'expires',
        'id',
        'lastSeen',
        'userAgent',
        'username',
      ].sort(),
    );

    const others = (await get(url, other.cookie)).json() as { id: string; username: string }[];
    expect(others.map((s) => s.id)).toContain(other.id);
    expect(others.map((s) => s.id)).not.toContain(a.id);
    expect(others.every((s) => s.username === 'erin')).toBe(true);
  });
});

describe.each(['/api/v2/auth/logout', '/api/v1/auth/logout'])('GET %s', (url) => {
  it('ends the calling session only and clears the cookie', async () => {
    const mine = await session('dana');
    const kept = await session('dana');
    const res = await get(url, mine.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expectCookieCleared(res);

    const after = await get('/api/v2/auth', mine.cookie);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ error: true, statusCode: 401 });
    expect(await t.db.query('select 1 from sessions where id = $1', [mine.id])).toHaveLength(0);
    // the same user's other session is untouched
    expect((await get('/api/v2/auth', kept.cookie)).statusCode).toBe(200);
  });

  it('answers success and clears the cookie without a session', async () => {
    const before = await countSessions(t.db);
    const res = await get(url, `${SESSION_COOKIE_NAME}=not-a-session`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expectCookieCleared(res);
    expect(await countSessions(t.db)).toBe(before);
  });
});

describe('DELETE /api/v2/auth/session/logout/{session}', () => {
  let mine: { cookie: string; id: string } | undefined;

  it('ends another session of the same user', async () => {
    const a = await session('dana');
    const b = await session('dana');
    const res = await endSession(b.id, a.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    // the caller's own cookie is left alone
    expect(sessionCookieOf(res)).toBeUndefined();

    expect((await get('/api/v2/auth', b.cookie)).statusCode).toBe(401);
    expect((await get('/api/v2/auth', a.cookie)).statusCode).toBe(200);
    const ids = (await get('/api/v2/auth/sessions', a.cookie)).json().map((s: { id: string }) => s.id);
    expect(ids).not.toContain(b.id);
    expect(ids).toContain(a.id);
  });

  it('answers 404 for a session of another user, which keeps working', async () => {
    const mine = await session('dana');
    const theirs = await session('erin');
    const res = await endSession(theirs.id, mine.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: true, statusCode: 404, message: 'Session not found' });
    expect((await get('/api/v2/auth', theirs.cookie)).statusCode).toBe(200);
    expect(await t.db.query('select 1 from sessions where id = $1 and user_id = $2', [theirs.id, erin])).toHaveLength(
      1,
    );
    expect((await get('/api/v2/auth', mine.cookie)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown session id', async () => {
    const mine = await session('dana');
    const before = await countSessions(t.db);
    const res = await endSession(randomUUID(), mine.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: true, statusCode: 404 });
    expect(await countSessions(t.db)).toBe(before);
  });

  it.each(['abc', '123', 'not-a-uuid-at-all', `${randomUUID()}x`])('answers 400 for the id %s', async (id) => {
    mine ??= await session('dana');
    const before = await countSessions(t.db);
    const res = await endSession(id, mine.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: true, statusCode: 400 });
    expect(res.json().message).toContain('session');
    expect(await countSessions(t.db)).toBe(before);
  });

  it('ends the calling session itself and clears its cookie', async () => {
    const mine = await session('dana');
    const res = await endSession(mine.id, mine.cookie);
    expect(res.statusCode).toBe(200);
    expectCookieCleared(res);
    expect((await get('/api/v2/auth', mine.cookie)).statusCode).toBe(401);
  });
});

describe('the expired-session sweep', () => {
  const rowOf = async (id: string) => (await t.db.query('select 1 from sessions where id = $1', [id])).length;

  it('deletes expired sessions, keeps live ones and announces the ended ones', async () => {
    const expired = await session('erin');
    const live = await session('erin');
    await t.db.query(`update sessions set expires_at = now() - interval '1 minute' where id = $1`, [expired.id]);
    const heard: string[] = [];
    const unwatch = [expired, live].map((s) => t.bus.watchSession(s.id, () => heard.push(s.id)));

    expect(await sweepExpiredSessions(t.app)).toBeGreaterThanOrEqual(1);
    for (const stop of unwatch) stop();
    expect(await rowOf(expired.id)).toBe(0);
    expect(await rowOf(live.id)).toBe(1);
    expect(heard).toEqual([expired.id]);
    expect((await get('/api/v2/auth', live.cookie)).statusCode).toBe(200);
  });

  it('runs when an app starts', async () => {
    const expired = await session('erin');
    await t.db.query(`update sessions set expires_at = now() - interval '1 minute' where id = $1`, [expired.id]);
    const other = await buildApp({ db: t.db, bus: new LiveBus() });
    try {
      await other.ready();
      await expect.poll(() => rowOf(expired.id)).toBe(0);
    } finally {
      await other.close();
    }
  });
});
