import mqtt, { type MqttClient } from 'mqtt';
import { SCALE, UNIT_SECRET } from './fleet.ts';

/** Every how many units one reports a low insulation resistance in the burst (0: none). */
const ALARM_EVERY = Number(process.env.SCALE_ALARM_EVERY ?? 20);

/** Percentile of a sorted list. */
export const pct = (sorted: readonly number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0) : 0;

/** One report: the columns every unit sends; some units with a low insulation resistance raise alarms. */
export function report(unitIndex: number, t: Date, alarming: boolean) {
  const v: Record<string, number> = {
    Resistance1: alarming ? 0.3 : 150 + (unitIndex % 40),
    Loop1: 24 + (unitIndex % 5) / 10,
    BatteryVoltage: 3.6 - (unitIndex % 9) / 100,
    InternalTemperature: 8 + (unitIndex % 12),
    SignalStrength: -70 - (unitIndex % 25),
  };
  return JSON.stringify({ t: t.toISOString(), v });
}

/** Every unit connected as itself (the embedded broker checks serial and secret; Mosquitto accepts it). */
export async function connectFleet(brokerUrl: string, serials: readonly string[], log: (l: string) => void) {
  const clients: MqttClient[] = new Array(serials.length);
  const CONCURRENT = 200;
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENT }, async () => {
      for (let i = next++; i < serials.length; i = next++) {
        clients[i] = await mqtt.connectAsync(brokerUrl, {
          username: serials[i],
          password: UNIT_SECRET,
          clientId: `scale-${serials[i]}`,
          reconnectPeriod: 1000,
          keepalive: 300,
        });
        if ((i + 1) % 2500 === 0) log(`  ${i + 1} units connected`);
      }
    }),
  );
  log(`  ${serials.length} units connected in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return clients;
}

/** The whole fleet reports once, as fast as it can; each report awaited to its PUBACK (QoS 1). */
export async function fleetBurst(clients: readonly MqttClient[], serials: readonly string[], t: Date) {
  const t0 = performance.now();
  let alarms = 0;
  await Promise.all(
    clients.map((c, i) => {
      const alarming = ALARM_EVERY > 0 && i % ALARM_EVERY === 0; // 5 % of the fleet by default
      if (alarming) alarms++;
      return c.publishAsync(`fw/u/${serials[i]}/up/samples`, report(i, t, alarming), { qos: 1 });
    }),
  );
  const ms = performance.now() - t0;
  return { ms, samples: clients.length * SCALE.reportColumns.length, alarms };
}

/**
 * Live reporting: every unit reports once per `intervalS`, spread evenly over it; PUBACK latencies
 * are kept (the time from publish to "stored and evaluated").
 */
export function liveReporting(clients: readonly MqttClient[], serials: readonly string[], intervalS: number) {
  const latencies: number[] = [];
  let failures = 0;
  let cursor = 0;
  const TICK_MS = 100;
  const perTick = Math.max(1, Math.round((clients.length * TICK_MS) / (intervalS * 1000)));
  const timer = setInterval(() => {
    for (let k = 0; k < perTick; k++) {
      const i = cursor++ % clients.length;
      const t0 = performance.now();
      clients[i]
        ?.publishAsync(`fw/u/${serials[i]}/up/samples`, report(i, new Date(), false), { qos: 1 })
        .then(() => latencies.push(performance.now() - t0))
        .catch(() => failures++);
    }
  }, TICK_MS);
  return {
    /** Reports per second over the fleet. */
    rate: (perTick * 1000) / TICK_MS,
    stop() {
      clearInterval(timer);
      const sorted = [...latencies].sort((a, b) => a - b);
      return { reports: latencies.length, failures, p50: pct(sorted, 50), p95: pct(sorted, 95) };
    },
    /** Latencies since the last take (per load phase). */
    take() {
      const sorted = latencies.splice(0).sort((a, b) => a - b);
      return { reports: sorted.length, p50: pct(sorted, 50), p95: pct(sorted, 95) };
    },
  };
}
