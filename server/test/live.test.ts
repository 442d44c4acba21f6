import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { LiveEvent } from '../src/live/bus.ts';
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
