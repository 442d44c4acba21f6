import { createHash, timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import { Aedes, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/db.ts';
import { findUnitBySerial } from '../modules/devices/devices.service.ts';
import type { Ingest } from './ingest.ts';
import type { DeviceLink } from './link.ts';
import { downTopic, parseTopic } from './payloads.ts';

export const hashUnitSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * The largest MQTT packet a unit may send, fixed header included (as Mosquitto's max_packet_size).
 * The largest real message is a radar curve: the simulator's 512 points are about 2.5 KB, the 4,096
 * points a message may carry about 100 KB at the longest numbers. A backlog of 1,000 samples messages
 * (the most one message may carry) of a unit's usual 8 values is about 200 KB.
 */
export const MAX_PACKET_BYTES = 256 * 1024;
/** The first packet, CONNECT, is read before authentication; it carries a client id, a serial and a secret. */
export const MAX_CONNECT_BYTES = 8 * 1024;
/** A connection that has not completed its CONNECT within this time is closed. */
export const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Calls `tooLarge` with a packet's size as soon as its fixed header announces more than the limit,
 * before its body is read. It follows the bytes the broker reads: with a 'readable' listener (Aedes's),
 * 'data' is emitted only by read(), so the broker holds at most one read of an oversized packet.
 */
function watchPacketSizes(
  socket: net.Socket,
  limits: { connect: number; packet: number },
  tooLarge: (size: number) => void,
) {
  let limit = limits.connect;
  let header: number[] = []; // the type byte and the remaining-length bytes read so far
  let body = 0; // bytes of the current packet's body still to come
  socket.on('data', (chunk: Buffer) => {
    let i = 0;
    while (i < chunk.length) {
      if (body > 0) {
        const n = Math.min(body, chunk.length - i);
        body -= n;
        i += n;
        continue;
      }
      const byte = chunk[i++] ?? 0;
      header.push(byte);
      if (header.length === 1 || (byte & 0x80 && header.length < 5)) continue;
      let length = 0; // remaining length: 7 bits a byte, least significant first
      for (let k = header.length - 1; k >= 1; k--) length = length * 128 + ((header[k] ?? 0) & 0x7f);
      const size = header.length + length;
      if (byte & 0x80 || size > limit) return tooLarge(size); // a fifth length byte is malformed
      limit = limits.packet;
      header = [];
      body = length;
    }
  });
}

/**
 * The embedded MQTT broker. Units authenticate with serial and secret and may publish only their
 * own up-topics; an up-message is stored in authorizePublish, so the PUBACK follows the commit.
 * The broker keys a connection by serial and client id, so a CONNECT with a client id already in use
 * takes over a connection of the same unit only. Packets are bounded (MAX_PACKET_BYTES,
 * MAX_CONNECT_BYTES) and a CONNECT must arrive within `connectTimeoutMs`.
 * When the wanted port is taken, a free one is used (and reported by `port`).
 */
export async function startEmbeddedBroker(opts: {
  db: Queryable;
  ingest: Ingest;
  log: FastifyBaseLogger;
  port: number;
  host?: string;
  /** Default CONNECT_TIMEOUT_MS. */
  connectTimeoutMs?: number;
}): Promise<DeviceLink> {
  const broker = await Aedes.createBroker({ connectTimeout: opts.connectTimeoutMs ?? CONNECT_TIMEOUT_MS });
  const serialOf = (client: Client | null) => (client as (Client & { serial?: string }) | null)?.serial;

  broker.authenticate = (client, username, password, done) => {
    // A serial that cannot be a topic level has no topics (and '+' or '#' would match other units').
    if (!username || !password || /[/+#]/.test(username)) return done(null, false);
    findUnitBySerial(opts.db, username)
      .then((unit) => {
        const given = Buffer.from(hashUnitSecret(password.toString()));
        const ok =
          !!unit && given.length === unit.secret_hash.length && timingSafeEqual(given, Buffer.from(unit.secret_hash));
        if (ok) {
          (client as Client & { serial?: string }).serial = username;
          // MQTT closes the connection of a client id that connects again: only the unit's own one.
          client.id = `${username}/${client.id}`;
        }
        done(null, ok);
      })
      .catch((e) => done(Object.assign(e as Error, { returnCode: 3 as const }), false)); // 3: server unavailable
  };

  broker.authorizePublish = (client, packet, done) => {
    const topic = parseTopic(packet.topic);
    const serial = serialOf(client);
    if (!client || !serial || !topic || topic.direction !== 'up' || topic.serial !== serial) {
      return done(new Error(`unit ${serial ?? '?'} may not publish to ${packet.topic}`));
    }
    opts.ingest
      .handle(serial, topic.kind, packet.payload as Buffer)
      .then(() => done(null))
      .catch((e) => {
        // Not stored, so not acknowledged: closing the connection makes the unit resend.
        opts.log.error({ err: e, serial }, 'ingest failed');
        done(e as Error);
      });
  };

  broker.authorizeSubscribe = (client, sub, done) => {
    const topic = parseTopic(sub.topic.replace(/#$/, 'x'));
    const serial = serialOf(client);
    const own = sub.topic === `fw/u/${serial}/down/#` || (topic?.direction === 'down' && topic.serial === serial);
    done(own ? null : new Error(`unit ${serial} may not subscribe to ${sub.topic}`), own ? sub : null);
  };

  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    broker.handle(socket);
    // After Aedes's 'readable' listener, so that the socket stays in paused mode.
    watchPacketSizes(socket, { connect: MAX_CONNECT_BYTES, packet: MAX_PACKET_BYTES }, (size) => {
      opts.log.warn(
        { remote: socket.remoteAddress, size, read: socket.bytesRead },
        'MQTT packet too large: connection closed',
      );
      socket.destroy();
    });
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, opts.host ?? '0.0.0.0', () => {
        server.off('error', reject);
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  let port: number;
  try {
    port = await listen(opts.port);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw e;
    port = await listen(0);
    opts.log.warn({ wanted: opts.port, port }, 'MQTT port taken; the embedded broker uses a free port');
  }

  return {
    port,
    publish: (serial, kind, payload) =>
      new Promise((resolve, reject) =>
        broker.publish(
          {
            cmd: 'publish',
            topic: downTopic(serial, kind),
            payload: Buffer.from(JSON.stringify(payload)),
            qos: 1,
            retain: false,
            dup: false,
          },
          (err) => (err ? reject(err) : resolve()),
        ),
      ),
    close: async () => {
      // No new connections first: units reconnect at once, and the listener would wait for them.
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      // The broker closes its clients; a connection still before its CONNECT is not one yet.
      for (const socket of sockets) socket.destroy();
      await stopped;
    },
  };
}
