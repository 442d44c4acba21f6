import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { LiveEvent } from '../src/live/bus.ts';
import { CLOSE_SESSION_ENDED, HEARTBEAT_MS } from '../src/live/live.routes.ts';
import { SAMPLE_TICK_MS } from '../src/live/sampleBatch.ts';
import { createOrganization, createTestApp, createUser, signIn, type TestApp } from './helpers.ts';

// Real sockets: the app listens on a loopback port and a ws client connects with the session cookie.
let t: TestApp;
let url: string;
let cookie: string;
let mine: number;
let foreign: number;

beforeAll(async () => {
  t = await createTestApp();
  mine = await createOrganization(t.db, 'Live Mine');
  foreign = await createOrganization(t.db, 'Live Foreign');
  await createUser(t.db, { username: 'live', password: 'live-secret', organizationId: mine, role: 2 });
  cookie = await signIn(t.app, 'live', 'live-secret');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/v3/live`;
});
afterAll(() => t.close());

function open(headers: Record<string, string>) {
  const ws = new WebSocket(url, { headers });
  const messages: { kind: string; unitId?: number }[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(data.toString())));
  return { ws, messages };
}

const sessionIdOf = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/v2/auth', headers: { cookie } })).json<{ id: string }>().id;

const relay = (organizationId: number, unitId: number): LiveEvent => ({
  kind: 'relay',
  organizationId,
  unitId,
  state: '10',
});

describe('live push WebSocket', () => {
  it('sends events of the user’s organisations only', async () => {
    const { ws, messages } = open({ cookie });
    await expect.poll(() => messages.map((m) => m.kind)).toEqual(['hello']);
    t.bus.publish(relay(foreign, 1));
    // A stored curve is the radar analysis's wake-up, not a page's news.
    t.bus.publish({ kind: 'radar', organizationId: mine, unitId: 3, channel: 1, t: new Date().toISOString() });
    t.bus.publish(relay(mine, 2));
    await expect.poll(() => messages.length).toBe(2);
    expect(messages[1]).toMatchObject({ kind: 'relay', unitId: 2, state: '10' });
    ws.close();
  });

  it('refuses a connection without a session', async () => {
    const { ws } = open({});
    const status = await new Promise<number>((resolve) =>
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
    );
    expect(status).toBe(401);
  });

  it('refuses a cross-site page even with the cookie', async () => {
    const { ws } = open({ cookie, origin: 'http://evil.example' });
    const status = await new Promise<number>((resolve) =>
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
    );
    expect(status).toBe(403);
  });
});

// A fleet's samples: gathered per socket and sent once a tick, for the units the page subscribed to.
describe('live samples', () => {
  let child: number;
  beforeAll(async () => {
    child = await createOrganization(t.db, 'Live Child', mine);
  });
  const sample = (organizationId: number, unitId: number, value: number): LiveEvent => ({
    kind: 'samples',
    organizationId,
    unitId,
    t: '2026-11-27T12:00:00.000Z',
    values: { Loop1: value },
  });
  /** Polls long enough for a tick to end. */
  const TICK = { timeout: SAMPLE_TICK_MS + 5000 };
  type Batch = { kind: 'sampleBatch'; samples: LiveEvent[] };
  const batches = (messages: { kind: string }[]) => messages.filter((m): m is Batch => m.kind === 'sampleBatch');
  /** An open socket that has said hello and whose subscribe message (if any) the server has read. */
  async function subscribed(subscribe?: object) {
    const socket = open({ cookie });
    await expect.poll(() => socket.messages.map((m) => m.kind)).toEqual(['hello']);
    if (subscribe) await send(socket.ws, subscribe);
    return socket;
  }
  /** Sends a message; resolved once the server has read it (its answer to our ping comes after). */
  const send = (ws: WebSocket, message: object) =>
    new Promise((resolve) => {
      ws.send(JSON.stringify(message));
      ws.once('pong', resolve);
      ws.ping();
    });

  it('sends every sample of one tick in one message, in the order published', async () => {
    const { ws, messages } = await subscribed();
    const tick = [sample(mine, 11, 1), sample(child, 31, 2), sample(mine, 11, 3)];
    for (const e of [...tick, sample(foreign, 41, 4)]) t.bus.publish(e);
    await expect.poll(() => batches(messages).length, TICK).toBe(1);
    expect(batches(messages)[0]?.samples).toEqual(tick);
    // The next tick's samples come in a message of their own; nothing else was sent meanwhile.
    t.bus.publish(sample(mine, 12, 5));
    await expect.poll(() => batches(messages).length, TICK).toBe(2);
    expect(batches(messages)[1]?.samples).toEqual([sample(mine, 12, 5)]);
    expect(messages.map((m) => m.kind)).toEqual(['hello', 'sampleBatch', 'sampleBatch']);
    ws.close();
  });

  it('sends the samples of the units the page subscribed to, and no others', async () => {
    const { ws, messages } = await subscribed({ kind: 'subscribe', units: [11, 31, 41] });
    for (const e of [sample(mine, 11, 1), sample(mine, 12, 2), sample(child, 31, 3), sample(foreign, 41, 4)])
      t.bus.publish(e);
    // Other events are not narrowed by the subscription.
    t.bus.publish(relay(mine, 12));
    await expect.poll(() => batches(messages).length, TICK).toBe(1);
    expect(batches(messages)[0]?.samples).toEqual([sample(mine, 11, 1), sample(child, 31, 3)]);
    expect(messages.find((m) => m.kind === 'relay')).toMatchObject({ unitId: 12 });

    // By organization: a foreign one asked for stays foreign.
    await send(ws, { kind: 'subscribe', organizations: [child, foreign] });
    for (const e of [sample(mine, 11, 5), sample(child, 32, 6), sample(foreign, 41, 7)]) t.bus.publish(e);
    await expect.poll(() => batches(messages).length, TICK).toBe(2);
    expect(batches(messages)[1]?.samples).toEqual([sample(child, 32, 6)]);

    // A message that is not a valid subscription changes nothing.
    await send(ws, { kind: 'subscribe', units: ['all'] });
    for (const e of [sample(mine, 11, 8), sample(child, 33, 9)]) t.bus.publish(e);
    await expect.poll(() => batches(messages).length, TICK).toBe(3);
    expect(batches(messages)[2]?.samples).toEqual([sample(child, 33, 9)]);

    // Null is everything the user may see again.
    await send(ws, { kind: 'subscribe', organizations: null, units: null });
    for (const e of [sample(mine, 11, 10), sample(foreign, 41, 11)]) t.bus.publish(e);
    await expect.poll(() => batches(messages).length, TICK).toBe(4);
    expect(batches(messages)[3]?.samples).toEqual([sample(mine, 11, 10)]);
    ws.close();
  });

  it('ignores text, binary and nesting that are no subscription, and closes a socket sending more than 64 KiB', async () => {
    const { ws, messages } = await subscribed({ kind: 'subscribe', units: [11] });
    const roundTrip = () =>
      new Promise((resolve) => {
        ws.once('pong', resolve);
        ws.ping();
      });
    ws.send('{"kind":"subscribe","units":[');
    ws.send(Buffer.from([0xff, 0x00, 0xfe]));
    ws.send(`{"kind":"subscribe","units":${'['.repeat(60_000)}`);
    ws.send(JSON.stringify({ kind: 'subscribe', units: [12], organizations: { length: 1 } }));
    await roundTrip();
    for (const e of [sample(mine, 11, 1), sample(mine, 12, 2)]) t.bus.publish(e);
    await expect.poll(() => batches(messages).length, TICK).toBe(1);
    expect(batches(messages)[0]?.samples).toEqual([sample(mine, 11, 1)]);

    const closed = new Promise<number>((resolve) => ws.once('close', resolve));
    ws.send(JSON.stringify({ kind: 'subscribe', units: Array.from({ length: 20_000 }, (_, n) => n + 1) }));
    expect(await closed).toBe(1009); // message too big
    // Another socket still works.
    const other = await subscribed();
    t.bus.publish(sample(mine, 13, 3));
    await expect.poll(() => batches(other.messages).length, TICK).toBe(1);
    other.ws.close();
  });
});

// A tab open all day (issue 11): the server's heartbeat keeps the socket open through proxies and
// ends a client that stopped answering; the session's end closes it with its own code. Only the
// intervals are faked; the sockets are real.
describe('live push of a long-lived tab', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const fakeIntervals = () => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  /** The server has read everything this client sent before (its answer to our ping comes after). */
  const roundTrip = (ws: WebSocket) =>
    new Promise((resolve) => {
      ws.once('pong', resolve);
      ws.ping();
    });

  it('says its heartbeat interval, pings and sends a heartbeat every 30 s to a client that answers', async () => {
    fakeIntervals();
    const { ws, messages } = open({ cookie });
    const pings: number[] = [];
    ws.on('ping', () => pings.push(Date.now()));
    await expect.poll(() => messages[0]).toMatchObject({ kind: 'hello', heartbeatMs: 30_000 });
    expect(HEARTBEAT_MS).toBe(30_000);
    for (let beat = 1; beat <= 3; beat++) {
      vi.advanceTimersByTime(HEARTBEAT_MS);
      await expect
        .poll(() => [pings.length, messages.filter((m) => m.kind === 'heartbeat').length])
        .toEqual([beat, beat]);
      await roundTrip(ws);
    }
    expect(ws.readyState).toBe(WebSocket.OPEN);
    ws.close();
  });

  it('ends a client that did not answer the last ping', async () => {
    fakeIntervals();
    const ws = new WebSocket(url, { headers: { cookie }, autoPong: false });
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    let pinged = 0;
    ws.on('ping', () => pinged++);
    await new Promise((resolve) => ws.once('message', resolve));
    vi.advanceTimersByTime(HEARTBEAT_MS);
    await expect.poll(() => pinged).toBe(1);
    expect(ws.readyState).toBe(WebSocket.OPEN);
    vi.advanceTimersByTime(HEARTBEAT_MS);
    // Terminated, not closed: no close frame, so the client sees an abnormal closure.
    await expect(closed).resolves.toBe(1006);
  });

  it('re-checks the session every 60 s and closes the socket of one that ended unannounced', async () => {
    fakeIntervals();
    const own = await signIn(t.app, 'live', 'live-secret');
    const id = await sessionIdOf(own);
    const ws = new WebSocket(url, { headers: { cookie: own } });
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    let pinged = 0;
    ws.on('ping', () => pinged++);
    await new Promise((resolve) => ws.once('message', resolve));
    // Deleted behind the application's back: no announcement, only the re-check can notice.
    await t.db.query('delete from sessions where id = $1', [id]);
    vi.advanceTimersByTime(HEARTBEAT_MS);
    await expect.poll(() => pinged).toBe(1);
    await roundTrip(ws);
    expect(ws.readyState).toBe(WebSocket.OPEN);
    vi.advanceTimersByTime(60_000 - HEARTBEAT_MS);
    await expect(closed).resolves.toBe(CLOSE_SESSION_ENDED);
  });
});

/** The promise's outcome, which must come within `ms`. */
async function within<T>(promise: Promise<T>, ms = 5000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`nothing within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

// Every way a session ends closes its sockets at once, not at the next 60 s re-check: each test
// waits for the close event, which must come within 5 s of the call that ended the session.
describe('live push when the session ends', () => {
  let admin: string;
  beforeAll(async () => {
    await createUser(t.db, { username: 'live-admin', password: 'live-secret', organizationId: mine, role: 0 });
    admin = await signIn(t.app, 'live-admin', 'live-secret');
  });

  /** A socket of a fresh session of `username` that has said hello. */
  async function liveSocket(username: string, password = 'live-secret') {
    const own = await signIn(t.app, username, password);
    const { ws, messages } = open({ cookie: own });
    const closed = new Promise<{ code: number; after: string[] }>((resolve) =>
      ws.on('close', (code) => resolve({ code, after: messages.slice(1).map((m) => m.kind) })),
    );
    await expect.poll(() => messages.map((m) => m.kind)).toEqual(['hello']);
    return { cookie: own, id: await sessionIdOf(own), closed };
  }
  const inject = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url: path, headers: { cookie }, payload });

  it('closes at sign-out, and nothing published afterwards reaches it', async () => {
    const s = await liveSocket('live');
    expect((await inject('GET', '/api/v2/auth/logout', s.cookie)).statusCode).toBe(200);
    t.bus.publish(relay(mine, 3));
    await expect(within(s.closed)).resolves.toEqual({ code: CLOSE_SESSION_ENDED, after: [] });
  });

  it('closes when the user ends that session from another one', async () => {
    const s = await liveSocket('live');
    const other = await signIn(t.app, 'live', 'live-secret');
    expect((await inject('DELETE', `/api/v2/auth/session/logout/${s.id}`, other)).statusCode).toBe(200);
    await expect(within(s.closed)).resolves.toMatchObject({ code: CLOSE_SESSION_ENDED });
  });

  it('closes when the user ends all their other sessions', async () => {
    const s = await liveSocket('live');
    const other = await signIn(t.app, 'live', 'live-secret');
    expect((await inject('DELETE', '/api/v2/auth/session/others', other)).statusCode).toBe(200);
    await expect(within(s.closed)).resolves.toMatchObject({ code: CLOSE_SESSION_ENDED });
  });

  it('closes when an administrator ends the session', async () => {
    const s = await liveSocket('live');
    const res = await inject('DELETE', `/api/v1/admin/organization/${mine}/sessions/${s.id}`, admin);
    expect(res.statusCode).toBe(200);
    await expect(within(s.closed)).resolves.toMatchObject({ code: CLOSE_SESSION_ENDED });
  });

  it('closes when the user changes their password in another session', async () => {
    await createUser(t.db, { username: 'live-pw', password: 'live-secret', organizationId: mine, role: 2 });
    const s = await liveSocket('live-pw');
    const other = await signIn(t.app, 'live-pw', 'live-secret');
    const res = await inject('POST', '/api/v3/user/profile/password', other, {
      currentPassword: 'live-secret',
      newPassword: 'live-secret-2',
    });
    expect(res.statusCode).toBe(200);
    await expect(within(s.closed)).resolves.toMatchObject({ code: CLOSE_SESSION_ENDED });
  });

  it('closes when an administrator sets the user’s password', async () => {
    await createUser(t.db, { username: 'live-set', password: 'live-secret', organizationId: mine, role: 2 });
    const s = await liveSocket('live-set');
    const res = await inject('PUT', '/api/v1/admin/updateUserPassword', admin, {
      username: 'live-set',
      newPassword: 'live-secret-2',
    });
    expect(res.statusCode).toBe(200);
    await expect(within(s.closed)).resolves.toMatchObject({ code: CLOSE_SESSION_ENDED });
  });

  it('closes when the user loses their last role and is removed', async () => {
    await createUser(t.db, { username: 'live-gone', password: 'live-secret', organizationId: mine, role: 2 });
    const s = await liveSocket('live-gone');
    const res = await inject('DELETE', '/api/v1/admin/profile', admin, { username: 'live-gone', organizationId: mine });
    expect(res.statusCode).toBe(200);
    await expect(within(s.closed)).resolves.toMatchObject({ code: CLOSE_SESSION_ENDED });
    expect(await t.db.query('select 1 from sessions where id = $1', [s.id])).toEqual([]);
  });

  it('closes at the moment the session expires', async () => {
    const own = await signIn(t.app, 'live', 'live-secret');
    const id = await sessionIdOf(own);
    await t.db.query(`update sessions set expires_at = now() + interval '3 seconds' where id = $1`, [id]);
    const { ws, messages } = open({ cookie: own });
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    await expect.poll(() => messages.map((m) => m.kind)).toEqual(['hello']);
    const [row] = await t.db.query<{ expires_at: Date }>('select expires_at from sessions where id = $1', [id]);
    const expiresAt = row?.expires_at.getTime() ?? 0;
    await expect(within(closed, expiresAt - Date.now() + 5000)).resolves.toBe(CLOSE_SESSION_ENDED);
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt);
  });
});
