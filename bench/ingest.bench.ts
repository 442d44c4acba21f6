import { DEFAULT_ALARM_SETTINGS } from '@fieldwatch/core';
import mqtt from 'mqtt';
import pino from 'pino';
import { type Db, openDb } from '../server/src/db/db.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { ensureSamplePartitions } from '../server/src/db/partitions.ts';
import { hashUnitSecret } from '../server/src/gateway/embedded.ts';
import { startGateway } from '../server/src/gateway/gateway.ts';
import { LiveBus } from '../server/src/live/bus.ts';
import { insertUnit } from '../server/src/modules/devices/devices.service.ts';
import { insertOrganization } from '../server/src/modules/organizations/organizations.service.ts';
import type { BenchResult } from './util.ts';

const UNITS = 40;
const MESSAGES = 100; // per unit
const COLUMNS = [
  'Resistance1',
  'Resistance2',
  'Loop1',
  'Loop2',
  'Galvanic1',
  'Galvanic2',
  'BatteryVoltage',
  'InternalTemperature',
  'SignalStrength',
  'BER',
];
const SERIES = [11, 12, 41, 42, 31, 32, 100, 102, 104, 101]; // the same columns' series ids

async function fleet(db: Db) {
  const org = await insertOrganization(db, 'Bench', null);
  const ids: number[] = [];
  for (let i = 0; i < UNITS; i++) {
    ids.push(
      await insertUnit(db, {
        organizationId: org,
        serial: `B${i}`,
        secretHash: hashUnitSecret(`s${i}`),
        name: `Bench ${i}`,
        type: 25,
        channels: 2,
        alarmSettings: DEFAULT_ALARM_SETTINGS,
      }),
    );
  }
  return ids;
}

const t0 = Date.UTC(2026, 0, 1);
const at = (m: number) => new Date(t0 + m * 600_000);
const value = (c: number, m: number) => (c < 2 ? 150 + (m % 7) : c < 4 ? 24 + (m % 3) / 10 : 3.6 - m / 1e4);

/** Baseline: the same rows written straight into the samples table in batches of 1,000 (bare SQL, no roll-ups). */
async function raw(db: Db, ids: number[]) {
  const start = performance.now();
  for (const id of ids) {
    const rows = [];
    for (let m = 0; m < MESSAGES; m++)
      for (let c = 0; c < COLUMNS.length; c++) rows.push({ series: SERIES[c] ?? 0, ts: at(m), value: value(c, m) });
    for (let i = 0; i < rows.length; i += 1000) {
      const chunk = rows.slice(i, i + 1000);
      await db.query(
        `insert into samples (unit_id, series, ts, value)
         select $1, s, t, v from unnest($2::smallint[], $3::timestamptz[], $4::float8[]) as x(s, t, v)
         on conflict do nothing`,
        [id, chunk.map((r) => r.series), chunk.map((r) => r.ts.toISOString()), chunk.map((r) => r.value)],
      );
    }
  }
  return performance.now() - start;
}

/** Ours: units publish over MQTT (QoS 1); each PUBACK follows the commit and the alarm evaluation. */
async function endToEnd(db: Db) {
  const link = await startGateway({
    db,
    bus: new LiveBus(),
    log: pino({ level: 'silent' }),
    mqttPort: 0,
    host: '127.0.0.1',
  });
  const clients = await Promise.all(
    Array.from({ length: UNITS }, (_, i) =>
      mqtt.connectAsync(`mqtt://127.0.0.1:${link.port}`, { username: `B${i}`, password: `s${i}`, reconnectPeriod: 0 }),
    ),
  );
  const start = performance.now();
  await Promise.all(
    // Each unit keeps up to 10 messages in flight, as MQTT allows; every one is awaited to its PUBACK.
    clients.map(async (client, i) => {
      for (let m = 0; m < MESSAGES; m += 10) {
        await Promise.all(
          Array.from({ length: 10 }, (_, k) => {
            const v = Object.fromEntries(COLUMNS.map((c, j) => [c, value(j, m + k)]));
            const payload = JSON.stringify({ t: at(m + k + MESSAGES).toISOString(), v });
            return client.publishAsync(`fw/u/B${i}/up/samples`, payload, { qos: 1 });
          }),
        );
      }
    }),
  );
  const ms = performance.now() - start;
  await Promise.all(clients.map((c) => c.endAsync()));
  await link.close();
  return ms;
}

export async function ingestBench(): Promise<BenchResult> {
  const lines: string[] = [];
  const targets: [string, () => Promise<Db>][] = [['PGlite', () => openDb({ kind: 'pglite' })]];
  if (process.env.DATABASE_URL) {
    const schema = `bench_${Date.now()}`;
    targets.push(['PostgreSQL', () => openDb({ kind: 'postgres', url: process.env.DATABASE_URL ?? '', schema })]);
  }
  const samples = UNITS * MESSAGES * COLUMNS.length;
  for (const [name, open] of targets) {
    const db = await open();
    await migrate(db);
    await ensureSamplePartitions(db, t0, at(2 * MESSAGES).getTime());
    const ids = await fleet(db);
    const rawMs = await raw(db, ids);
    const oursMs = await endToEnd(db);
    const rate = (ms: number) => Math.round(samples / (ms / 1000));
    lines.push(
      `${name}: raw batched INSERT ${rate(rawMs).toLocaleString('en')} samples/s; MQTT → stored → alarms evaluated ${rate(oursMs).toLocaleString('en')} samples/s; ratio ${(rawMs / oursMs).toFixed(2)}`,
    );
    await db.close();
  }
  return { name: `Ingest end to end (${UNITS} units × ${MESSAGES} messages × ${COLUMNS.length} values, QoS 1)`, lines };
}
