import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db.ts';
import type { LiveBus } from '../live/bus.ts';
import { startEmbeddedBroker } from './embedded.ts';
import { connectExternalBroker } from './external.ts';
import { createIngest } from './ingest.ts';
import type { DeviceLink } from './link.ts';
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
  const stopWatchdog = startWatchdog(opts.db, opts.bus, opts.log);
  return {
    port: link.port,
    publish: link.publish,
    close: async () => {
      // No new messages first, then let what was received commit before the database goes away.
      await link.close();
      await Promise.all([stopWatchdog(), ingest.drain()]);
    },
  };
}
