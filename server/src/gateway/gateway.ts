import { SpanKind } from '@opentelemetry/api';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db.ts';
import type { LiveBus } from '../live/bus.ts';
import type { Metrics } from '../observability/metrics.ts';
import { withSpan } from '../observability/tracing.ts';
import { startEmbeddedBroker } from './embedded.ts';
import { connectExternalBroker } from './external.ts';
import { createIngest } from './ingest.ts';
import type { DeviceLink } from './link.ts';
import { downTopic } from './payloads.ts';
import { startWatchdog } from './watchdog.ts';

/** The MQTT side of the server: an external broker when MQTT_URL is set, else the embedded one. */
export async function startGateway(opts: {
  db: Db;
  bus: LiveBus;
  log: FastifyBaseLogger;
  mqttUrl?: string;
  mqttClientId?: string;
  mqttShareGroup?: string;
  mqttCleanSession?: boolean;
  mqttPort: number;
  host?: string;
  /** Ingest, alarm and queue metrics (the app's /metrics); default: counted, never scraped. */
  metrics?: Metrics;
  /** Whether the periodic checks (silent units, unanswered operations) run; default yes. */
  watchdog?: boolean;
}): Promise<DeviceLink> {
  const ingest = createIngest(opts);
  const link = opts.mqttUrl
    ? await connectExternalBroker({
        url: opts.mqttUrl,
        ingest,
        log: opts.log,
        clientId: opts.mqttClientId ?? 'fieldwatch-server',
        shareGroup: opts.mqttShareGroup ?? 'fieldwatch',
        clean: opts.mqttCleanSession,
      })
    : await startEmbeddedBroker({ db: opts.db, ingest, log: opts.log, port: opts.mqttPort, host: opts.host });
  const stopWatchdog =
    opts.watchdog === false ? async () => {} : startWatchdog(opts.db, opts.bus, opts.log, undefined, opts.metrics);
  return {
    port: link.port,
    // A PRODUCER span, child of the request that sent the command to the unit.
    publish: (serial, kind, payload) =>
      withSpan(
        `publish ${kind}`,
        {
          kind: SpanKind.PRODUCER,
          attributes: { 'messaging.system': 'mqtt', 'messaging.destination.name': downTopic(serial, kind) },
        },
        () => link.publish(serial, kind, payload),
      ),
    close: async () => {
      // No new messages first, then let what was received commit before the database goes away.
      await link.close();
      await Promise.all([stopWatchdog(), ingest.drain()]);
    },
  };
}
