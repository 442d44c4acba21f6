import type { FastifyBaseLogger } from 'fastify';
import mqtt from 'mqtt';
import type { Ingest } from './ingest.ts';
import type { DeviceLink } from './link.ts';
import { downTopic, parseTopic, UP_KINDS, upTopic } from './payloads.ts';

/**
 * Connections of one instance in the shared group, for each of two queues. mqtt.js hands a
 * connection's messages over one at a time (the next only after the last is acknowledged, i.e.
 * stored), so one connection stores one message per commit; several let ingest's group commit take
 * that many at once. Curves have connections of their own: the broker keeps each subscriber's
 * messages in order, so a night's curves, sent all at once, would hold up the reports behind them.
 */
const QUEUES = [
  { kinds: ['radar'], connections: 16 },
  { kinds: UP_KINDS.filter((k) => k !== 'radar'), connections: 64 },
];

/**
 * An external broker (MQTT_URL), e.g. Mosquitto. The server consumes the units' up-topics through a
 * shared subscription with persistent sessions, and acknowledges each message only after it is
 * stored (mqtt.js sends the PUBACK when handleMessage calls back).
 */
export async function connectExternalBroker(opts: {
  url: string;
  ingest: Ingest;
  log: FastifyBaseLogger;
  /** Stable per instance: the broker keeps this session's unacknowledged messages across restarts. */
  clientId: string;
  /** Instances of one deployment share the ingest through this group. */
  shareGroup: string;
  clean?: boolean;
}): Promise<DeviceLink> {
  const consumer = async (clientId: string, kinds: readonly string[]) => {
    const client = mqtt.connect(opts.url, { clientId, clean: opts.clean ?? false, reconnectPeriod: 2000 });
    client.handleMessage = (packet, callback) => {
      const topic = parseTopic(packet.topic);
      if (topic?.direction !== 'up') return callback();
      opts.ingest
        .handle(topic.serial, topic.kind, packet.payload as Buffer)
        .then(() => callback())
        .catch((e) => {
          // Not acknowledged: the broker redelivers it on the next connection.
          opts.log.error({ err: e, serial: topic.serial }, 'ingest failed; message left unacknowledged');
          client.end(true, () => client.reconnect());
        });
    };
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
    });
    // A persistent session keeps what it subscribed to before (every kind at once, in an earlier
    // version, or the other queue's kinds when the queues were sized differently): only its own stay.
    const others = UP_KINDS.filter((k) => !kinds.includes(k));
    await client.unsubscribeAsync(['+', ...others].map((kind) => `$share/${opts.shareGroup}/${upTopic('+', kind)}`));
    await client.subscribeAsync(
      kinds.map((kind) => `$share/${opts.shareGroup}/${upTopic('+', kind)}`),
      { qos: 1 },
    );
    return client;
  };
  // The first keeps the instance's own id (its session survives an upgrade); the others add a number.
  const plan = QUEUES.flatMap(({ kinds, connections }) => Array.from({ length: connections }, () => kinds));
  const clients = await Promise.all(
    plan.map((kinds, n) => consumer(n === 0 ? opts.clientId : `${opts.clientId}-${n}`, kinds)),
  );
  const [first] = clients as [mqtt.MqttClient];
  return {
    port: undefined,
    publish: async (serial, kind, payload) => {
      await first.publishAsync(downTopic(serial, kind), JSON.stringify(payload), { qos: 1 });
    },
    close: async () => {
      await Promise.all(clients.map((c) => c.endAsync()));
    },
  };
}
