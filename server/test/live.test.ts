import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { LiveEvent } from '../src/live/bus.ts';
import { CLOSE_SESSION_ENDED, HEARTBEAT_MS } from '../src/live/live.routes.ts';
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

  it('closes the socket with the session-ended code once the session has ended', async () => {
    fakeIntervals();
    const own = await signIn(t.app, 'live', 'live-secret');
    const ws = new WebSocket(url, { headers: { cookie: own } });
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    let pinged = 0;
    ws.on('ping', () => pinged++);
    await new Promise((resolve) => ws.once('message', resolve));
    const out = await t.app.inject({ method: 'GET', url: '/api/v2/auth/logout', headers: { cookie: own } });
    expect(out.statusCode).toBe(200);
    // The session is re-checked every 60 s; the heartbeat in between is answered as usual.
    vi.advanceTimersByTime(HEARTBEAT_MS);
    await expect.poll(() => pinged).toBe(1);
    await roundTrip(ws);
    expect(ws.readyState).toBe(WebSocket.OPEN);
    vi.advanceTimersByTime(60_000 - HEARTBEAT_MS);
    await expect(closed).resolves.toBe(CLOSE_SESSION_ENDED);
  });
});
