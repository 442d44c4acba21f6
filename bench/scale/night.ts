import type { MqttClient } from 'mqtt';
import type { Db } from '../../server/src/db/db.ts';
import { longCurve } from '../curves.ts';
import type { ScaleFleet } from './fleet.ts';
import { counted, metricsOf } from './metrics.ts';
import { liveReporting, pct } from './units.ts';

/** Points of a nightly curve: what the simulator's units send. */
const POINTS = 512;
/** One unit in this many has a wet stretch on its channel 1 tonight. */
const WET_EVERY = 50;

/** Channel 1's reference of every unit, as the commissioning would have stored it. */
export async function seedReferences(db: Db, fleet: ScaleFleet) {
  await db.query(
    `insert into channels (unit_id, channel, pulse_speed, default_radar)
     select id, 1, 0.6, $2::jsonb from unnest($1::int[]) id
     on conflict (unit_id, channel) do update set default_radar = excluded.default_radar`,
    [fleet.units.map((u) => u.id), JSON.stringify({ points: longCurve(POINTS, 1), t: null, pulseSpeed: 0.6 })],
  );
}

const analysed = (ports: readonly number[]) => counted(ports, 'fieldwatch_radar_curves_analysed_total');

/**
 * The stored reports' lag (commit time minus the report's own time, which the fleet sets as it
 * sends) by histogram bucket, summed over the instances. An external broker acknowledges a unit
 * as soon as it holds the message, so PUBACK alone says nothing of storage there; this does.
 */
async function lagBuckets(ports: readonly number[]) {
  const counts = new Map<string, number>();
  for (const text of await metricsOf(ports))
    for (const [, le, n] of text.matchAll(/^fieldwatch_ingest_lag_seconds_bucket\{le="([^"]+)"\} (\d+)/gm))
      counts.set(le as string, (counts.get(le as string) ?? 0) + Number(n));
  return counts;
}

/** The bucket bound (seconds) under which the share `q` of the reports stored between the two readings lies. */
function lagQuantile(before: Map<string, number>, after: Map<string, number>, q: number) {
  const total = (after.get('+Inf') ?? 0) - (before.get('+Inf') ?? 0);
  for (const [le, n] of after) if (n - (before.get(le) ?? 0) >= q * total) return le;
  return '+Inf';
}

/**
 * A night of curves: every unit sends channel 1's curve at once (QoS 1) while the fleet keeps
 * reporting; measured until every curve is analysed, with the live reports' PUBACK meanwhile.
 */
export async function nightOfCurves(
  clients: readonly MqttClient[],
  serials: readonly string[],
  ports: readonly number[],
  liveIntervalS: number,
  burstSamples: number,
) {
  // An external broker acknowledged the burst before it was stored: let ingest catch up first.
  while ((await counted(ports, 'fieldwatch_ingest_samples_total')) < burstSamples)
    await new Promise((r) => setTimeout(r, 250));
  const live = liveReporting(clients, serials, liveIntervalS);
  const before = await analysed(ports);
  const lagBefore = await lagBuckets(ports);
  const t = new Date().toISOString();
  const acks: number[] = [];
  const t0 = performance.now();
  await Promise.all(
    clients.map(async (c, i) => {
      const wetAt = i % WET_EVERY === 0 ? 120 + (i % 300) : undefined;
      const body = JSON.stringify({ t, ch: 1, pulseSpeed: 0.6, points: longCurve(POINTS, i + 2, wetAt) });
      const sent = performance.now();
      await c.publishAsync(`fw/u/${serials[i]}/up/radar`, body, { qos: 1 });
      acks.push(performance.now() - sent);
    }),
  );
  const stored = performance.now() - t0;
  let done = (await analysed(ports)) - before;
  // Ten minutes at most: past that, what was done is the figure.
  while (done < serials.length && performance.now() - t0 < 600_000) {
    await new Promise((r) => setTimeout(r, 250));
    done = (await analysed(ports)) - before;
  }
  const all = performance.now() - t0;
  const reports = live.stop();
  const lagAfter = await lagBuckets(ports);
  const lag = (q: number) => `≤ ${lagQuantile(lagBefore, lagAfter, q)} s`;
  acks.sort((a, b) => a - b);
  return `| a night of curves: ${serials.length.toLocaleString('en')} units × 1 channel × ${POINTS} points, 1 in ${WET_EVERY} wet | stored (every PUBACK) in ${(stored / 1000).toFixed(1)} s, curve PUBACK p50 / p95 ${pct(acks, 50).toFixed(0)} / ${pct(acks, 95).toFixed(0)} ms | ${done.toLocaleString('en')} analysed in ${(all / 1000).toFixed(1)} s | live reports meanwhile: ${reports.reports}, PUBACK p50 / p95 ${reports.p50.toFixed(0)} / ${reports.p95.toFixed(0)} ms, ${reports.failures} failed, stored within (p50 / p95) ${lag(0.5)} / ${lag(0.95)} |`;
}
