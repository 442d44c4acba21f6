import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { buildFleet, FLEET_FILE_NAME, MAX_FLEET_UNITS, readFleetFile } from './fleet.ts';
import { type SimUnit, startSimulator } from './simulator.ts';

/**
 * `npm run simulate -- --units N --broker URL`: the demo fleet as a process of its own. It logs in
 * with the credentials of the fleet file that the server's demo seed wrote, and talks to the
 * server only over MQTT.
 */

const usage = `Usage: npm run simulate -- [--units N] [--broker URL] [--interval S] [--fleet FILE]

  --units N       simulate the first N units of the demo fleet (1–${MAX_FLEET_UNITS}; default: all in the file)
  --broker URL    MQTT broker (default: $MQTT_URL, else mqtt://127.0.0.1:$MQTT_PORT or 1883)
  --interval S    seconds between two reports of a unit (default: $SIM_INTERVAL_S or 10)
  --fleet FILE    the fleet file (default: $DATA_DIR/${FLEET_FILE_NAME}, DATA_DIR defaulting to ./data)

The server registers the fleet (DEMO=1, SIM_UNITS units). Run it with SIM_INTERVAL_S=0 so that its
own in-process simulator stays off while this one runs.`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    units: { type: 'string' },
    broker: { type: 'string' },
    interval: { type: 'string' },
    fleet: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}

const file = path.resolve(values.fleet ?? path.join(process.env.DATA_DIR || './data', FLEET_FILE_NAME));
const stored = readFleetFile(file);
if (!stored) fail(`No fleet file at ${file}: start the server once with DEMO=1 (it writes the file), or pass --fleet.`);

const available = stored.file.units.length;
const units = values.units === undefined ? available : Number(values.units);
if (!Number.isInteger(units) || units < 1 || units > MAX_FLEET_UNITS) fail(`--units must be 1 to ${MAX_FLEET_UNITS}.`);
if (units > available) {
  fail(`The server registered ${available} demo units; start it with SIM_UNITS=${units} to register ${units}.`);
}
const intervalS = Number(values.interval ?? process.env.SIM_INTERVAL_S ?? 10);
if (!(intervalS > 0)) fail('--interval must be a positive number of seconds.');
const broker = values.broker ?? process.env.MQTT_URL ?? `mqtt://127.0.0.1:${process.env.MQTT_PORT || 1883}`;

const secrets = new Map(stored.file.units.map((u) => [u.serial, u.secret]));
const fleet: SimUnit[] = buildFleet(stored.spec, units).flatMap((u) => {
  const secret = secrets.get(u.serial);
  return secret && !u.inactive ? [{ ...u, secret }] : [];
});

const log = pino({ level: process.env.LOG_LEVEL || 'info' });
const simulator = startSimulator({ brokerUrl: broker, units: fleet, intervalS, log });
console.log(
  `Simulating ${fleet.length} reporting units of ${units} (${units - fleet.length} inactive) against ${broker}, a report every ${intervalS} s. Ctrl-C stops.`,
);

const progress = setInterval(() => log.info(simulator.stats(), 'simulator'), 30_000);
let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  clearInterval(progress);
  await simulator.stop();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
