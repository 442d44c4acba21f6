import { createHash, timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import { Aedes, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/db.ts';
import { findUnitBySerial } from '../modules/devices/devices.repository.ts';
import type { Ingest } from './ingest.ts';
import type { DeviceLink } from './link.ts';
import { downTopic, parseTopic } from './payloads.ts';

export const hashUnitSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * The embedded MQTT broker. Units authenticate with serial and secret and may publish only their
 * own up-topics; an up-message is stored in authorizePublish, so the PUBACK follows the commit.
 * When the wanted port is taken, a free one is used (and reported by `port`).
 */
export async function startEmbeddedBroker(opts: {
  db: Queryable;
  ingest: Ingest;
  log: FastifyBaseLogger;
  port: number;
  host?: string;
}): Promise<DeviceLink> {
  const broker = await Aedes.createBroker();
  const serialOf = (client: Client | null) => (client as (Client & { serial?: string }) | null)?.serial;

  broker.authenticate = (client, username, password, done) => {
    if (!username || !password) return done(null, false);
    findUnitBySerial(opts.db, username)
      .then((unit) => {
        const given = Buffer.from(hashUnitSecret(password.toString()));
        const ok =
          !!unit && given.length === unit.secret_hash.length && timingSafeEqual(given, Buffer.from(unit.secret_hash));
        if (ok) (client as Client & { serial?: string }).serial = username;
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

  const server = net.createServer(broker.handle);
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
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
