import net from 'node:net';
import mqtt from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import { MAX_CONNECT_BYTES, MAX_PACKET_BYTES, startEmbeddedBroker } from '../src/gateway/embedded.ts';
import { createIngest } from '../src/gateway/ingest.ts';
import type { DeviceLink } from '../src/gateway/link.ts';
import { LiveBus } from '../src/live/bus.ts';
import { createOrganization, createUnit, openTestDb } from './helpers.ts';

// The embedded broker against clients that never authenticate, oversized packets and a unit reusing
// another unit's client id: real TCP and MQTT connections on loopback.
let db: Db;
let broker: DeviceLink; // the default connect time-out
let quick: DeviceLink; // a 300 ms connect time-out
const warnings: { msg: string; size?: number; read?: number }[] = [];
const clients: mqtt.MqttClient[] = [];

const url = (link: DeviceLink) => `mqtt://127.0.0.1:${link.port}`;
async function connectUnit(serial: string, clientId?: string) {
  const client = await mqtt.connectAsync(url(broker), {
    username: serial,
    password: `${serial}-secret`,
    clientId,
    reconnectPeriod: 0,
  });
  clients.push(client);
  return client;
}
function rawSocket(link: DeviceLink) {
  return new Promise<net.Socket>((resolve, reject) => {
    const socket = net.connect(link.port ?? 0, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}
/** Resolves at 'close' (events.once would reject at the reset that precedes it). */
const closeOf = (emitter: net.Socket | mqtt.MqttClient) =>
  new Promise<void>((resolve) => emitter.once('close', () => resolve()));
const samples = (v: Record<string, number>) => JSON.stringify({ t: new Date().toISOString(), v });

beforeAll(async () => {
  db = await openTestDb();
  await migrate(db);
  const org = await createOrganization(db, 'Limits');
  for (const serial of ['TK-A', 'TK-B', 'LIM-1', '+']) await createUnit(db, { organizationId: org, serial });
  const log = pino({ level: 'warn' }, { write: (line: string) => warnings.push(JSON.parse(line)) });
  const ingest = createIngest({ db, bus: new LiveBus(), log });
  broker = await startEmbeddedBroker({ db, ingest, log, port: 0, host: '127.0.0.1' });
  quick = await startEmbeddedBroker({ db, ingest, log, port: 0, host: '127.0.0.1', connectTimeoutMs: 300 });
});
afterAll(async () => {
  for (const c of clients) await c.endAsync(true);
  await broker?.close();
  await quick?.close();
  await db?.close();
});

describe('unauthenticated data on the MQTT port', () => {
  it('closes a connection whose CONNECT announces 256 MB once it has read its fixed header', async () => {
    const socket = await rawSocket(broker);
    socket.on('error', () => {}); // the server resets the connection while the client writes
    let closed = false;
    const close = closeOf(socket).then(() => {
      closed = true;
    });
    const announced = 268_435_455; // the largest remaining length MQTT can encode
    socket.write(Buffer.from([0x10, 0xff, 0xff, 0xff, 0x7f]));
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    let sent = 5;
    while (!closed && sent < announced) {
      sent += chunk.length;
      if (!socket.write(chunk)) await Promise.race([new Promise((drained) => socket.once('drain', drained)), close]);
    }
    await close;
    // The client got no further than the kernel's socket buffers; the server read about one read's worth.
    expect(sent).toBeLessThan(64 * 1024 * 1024);
    const warning = warnings.find((w) => w.size === announced + 5);
    expect(warning?.msg).toBe('MQTT packet too large: connection closed');
    expect(warning?.read).toBeLessThanOrEqual(MAX_CONNECT_BYTES + 128 * 1024);
  });

  it('closes a connection that has not completed its CONNECT within the connect time-out', async () => {
    const started = Date.now();
    const silent = await rawSocket(quick);
    const partial = await rawSocket(quick);
    partial.write(Buffer.from([0x10, 0x20, 0x00, 0x04])); // a CONNECT of 32 bytes, 2 of them sent
    await Promise.all([closeOf(silent), closeOf(partial)]);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(5_000);
  });
});

describe('packets of an authenticated unit', () => {
  it('acknowledges the largest radar curve a message may carry and closes a connection over the packet limit', async () => {
    const unit = await connectUnit('LIM-1');
    const points = Array(4096).fill(-1.2345678901234567e-100); // the longest a number prints
    const radar = JSON.stringify({ t: new Date().toISOString(), ch: 1, pulseSpeed: 0.6123456789012345, points });
    expect(radar.length).toBeGreaterThan(100_000);
    await unit.publishAsync('fw/u/LIM-1/up/radar', radar, { qos: 1 });
    unit.on('error', () => {}); // the reset of the closed connection
    const closed = closeOf(unit);
    const topic = 'fw/u/LIM-1/up/samples';
    unit.publish(topic, Buffer.alloc(MAX_PACKET_BYTES, 0x20), { qos: 1 });
    await closed;
    const remaining = 2 + topic.length + 2 + MAX_PACKET_BYTES; // topic length, topic, packet id, payload
    expect(warnings.map((w) => w.size)).toContain(1 + 3 + remaining); // type byte, 3 length bytes
  });
});

describe('client ids', () => {
  it("leaves a unit connected when another unit connects with its client id; the unit's own still takes over", async () => {
    const b = await connectUnit('TK-B', 'TK-B');
    let bClosed = false;
    b.on('close', () => {
      bClosed = true;
    });
    const a = await connectUnit('TK-A', 'TK-B');
    expect(a.connected).toBe(true);
    // B's round trip after A's CONNACK: a taken-over connection is closed before that CONNACK is sent.
    await b.publishAsync('fw/u/TK-B/up/samples', samples({ BatteryVoltage: 3.6 }), { qos: 1 });
    expect(bClosed).toBe(false);
    await a.publishAsync('fw/u/TK-A/up/samples', samples({ BatteryVoltage: 3.5 }), { qos: 1 });

    const replaced = closeOf(b);
    await connectUnit('TK-B', 'TK-B');
    await replaced;
  });

  it("refuses a serial that cannot be a topic level ('+' would match every unit's topics)", async () => {
    await expect(
      mqtt.connectAsync(url(broker), { username: '+', password: '+-secret', reconnectPeriod: 0 }),
    ).rejects.toThrow(/not authori[sz]ed/i);
  });
});

describe('closing', () => {
  it('closes at once with units connected, one of them reconnecting, and one that has not sent its CONNECT', async () => {
    const log = pino({ level: 'silent' });
    // A CONNECT time-out longer than the test's: a close that waited for it would time the test out.
    const link = await startEmbeddedBroker({
      db,
      ingest: createIngest({ db, bus: new LiveBus(), log }),
      log,
      port: 0,
      host: '127.0.0.1',
      connectTimeoutMs: 120_000,
    });
    const unit = await mqtt.connectAsync(url(link), { username: 'TK-A', password: 'TK-A-secret', reconnectPeriod: 0 });
    const eager = await mqtt.connectAsync(url(link), {
      username: 'TK-B',
      password: 'TK-B-secret',
      reconnectPeriod: 1,
    });
    const silent = await rawSocket(link);
    const closed = [closeOf(unit), closeOf(silent)];
    await link.close();
    await Promise.all(closed);
    await eager.endAsync(true);
    await expect(rawSocket(link)).rejects.toThrow(/ECONNREFUSED/);
  });
});
