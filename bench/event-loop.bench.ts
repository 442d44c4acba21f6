import { PGlite } from '@electric-sql/pglite';
import mqtt from 'mqtt';
import pino from 'pino';
import { openDb } from '../server/src/db/db.ts';
import { hashUnitSecret } from '../server/src/gateway/embedded.ts';
import { startGateway } from '../server/src/gateway/gateway.ts';
import { LiveBus } from '../server/src/live/bus.ts';
import { insertOrganization } from '../server/src/modules/organizations/organizations.service.ts';
import { samplesMinMax } from '../server/src/modules/telemetry/telemetry.repository.ts';
import { benchDb, bulkUnits } from './fixture.ts';
import { type BenchResult, fmt } from './util.ts';

const HEAVY = `select date_trunc('day', t) as day, min(v), max(v), avg(v)
  from (select now() - (i || ' seconds')::interval as t, random() as v from generate_series(1, 1000000) i) s
  group by 1`;

const TICK_MS = 5;

/** Worst event-loop stall (ms beyond a 5 ms timer's period) while fn runs. */
async function stall(fn: () => Promise<unknown>): Promise<{ maxMs: number; totalMs: number }> {
  let last = performance.now();
  let maxMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    maxMs = Math.max(maxMs, now - last - TICK_MS);
    last = now;
  }, TICK_MS);
  const start = performance.now();
  await fn();
  const totalMs = performance.now() - start;
  await new Promise((resolve) => setTimeout(resolve, 4 * TICK_MS)); // let a blocked timer report
  clearInterval(timer);
  return { maxMs, totalMs };
}

/**
 * DESIGN.md: PGlite blocks the thread that calls it. Baseline: PGlite on the main thread.
 * Ours: PGlite on its worker thread. Same heavy aggregate over a million generated samples.
 */
export async function eventLoopBench(): Promise<BenchResult> {
  const inProcess = new PGlite();
  await inProcess.query('select 1');
  const baseline = await stall(() => inProcess.query(HEAVY));
  await inProcess.close();

  const worker = await openDb({ kind: 'pglite' });
  const ours = await stall(() => worker.query(HEAVY));
  await worker.close();

  return {
    name: 'Event-loop stall during a heavy query (1,000,000-row daily aggregate)',
    lines: [
      `PGlite on the main thread (baseline): query ${fmt(baseline.totalMs)}, worst stall ${fmt(baseline.maxMs)}`,
      `PGlite on its worker thread (ours):    query ${fmt(ours.totalMs)}, worst stall ${fmt(ours.maxMs)}`,
      `stall ratio ours/baseline: ${(ours.maxMs / baseline.maxMs).toFixed(3)}`,
    ],
  };
}

/**
 * Ingest during a heavy chart query on embedded PGlite: a unit publishes every 20 ms while a
 * year-long min/max query runs; the worst event-loop stall and the PUBACK latencies are measured.
 */
export async function ingestDuringQueryBench(): Promise<BenchResult> {
  const db = await benchDb('pglite');
  const org = await insertOrganization(db, 'Loop', null);
  const [unit] = await bulkUnits(db, org, 1);
  await db.query("update units set serial = 'EL-1', secret_hash = $1", [hashUnitSecret('el')]);
  const end = Date.UTC(2026, 0, 1);
  const start = end - 365 * 24 * 3600 * 1000;
  await db.query(
    `insert into samples (unit_id, series, ts, value)
     select $1, 11, to_timestamp(($2::float8 + i * 600000.0) / 1000), 100 + sin(i / 300.0)
     from generate_series(0, 52559) i`,
    [unit, start],
  );
  const link = await startGateway({
    db,
    bus: new LiveBus(),
    log: pino({ level: 'silent' }),
    mqttPort: 0,
    host: '127.0.0.1',
  });
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${link.port}`, {
    username: 'EL-1',
    password: 'el',
    reconnectPeriod: 0,
  });
  const latencies: number[] = [];
  let running = true;
  let n = 0;
  const publisher = (async () => {
    while (running) {
      const sent = performance.now();
      await client.publishAsync(
        'fw/u/EL-1/up/samples',
        JSON.stringify({ t: new Date(end + n++ * 1000).toISOString(), v: { Loop1: 24 } }),
        { qos: 1 },
      );
      latencies.push(performance.now() - sent);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const result = await stall(async () => {
    for (let i = 0; i < 3; i++) await samplesMinMax(db, unit ?? 0, [11], new Date(start), new Date(end), 31536);
  });
  running = false;
  await publisher;
  await client.endAsync();
  await link.close();
  await db.close();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return {
    name: 'Ingest while year-long chart queries run (embedded PGlite, 52,560 rows, 3 queries)',
    lines: [
      `queries ${fmt(result.totalMs)}; worst event-loop stall ${fmt(result.maxMs)}`,
      `${latencies.length} messages acknowledged meanwhile; PUBACK latency p50 ${fmt(pct(50))}, p95 ${fmt(pct(95))}, max ${fmt(pct(100))}`,
    ],
  };
}
