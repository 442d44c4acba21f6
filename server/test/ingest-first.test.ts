import mqtt from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Db, openDb } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import { startGateway } from '../src/gateway/gateway.ts';
import type { DeviceLink } from '../src/gateway/link.ts';
import { LiveBus } from '../src/live/bus.ts';
import { createOrganization, createUnit } from './helpers.ts';

// Embedded PGlite has one connection. A unit's report waits for its commit before the PUBACK, so
// ingest's transaction goes ahead of reads already waiting for the connection (ordering, not timing).
let db: Db;
let link: DeviceLink;
let unitId: number;
/** Ingest's transactions as the gateway asks for them (the real database does the work). */
const asked: string[] = [];

beforeAll(async () => {
  db = await openDb({ kind: 'pglite' });
  await migrate(db);
  unitId = await createUnit(db, { organizationId: await createOrganization(db, 'Ingest Org'), serial: 'IF-1' });
  const seen: Db = {
    ...db,
    transaction: (fn, options) => {
      asked.push(options?.first ? 'first' : 'in turn');
      return db.transaction(fn, options);
    },
  };
  link = await startGateway({
    db: seen,
    bus: new LiveBus(),
    log: pino({ level: 'silent' }),
    mqttPort: 0,
    host: '127.0.0.1',
  });
});
afterAll(async () => {
  await link.close();
  await db.close();
});

it('acknowledges a report after its commit, which goes ahead of a read already waiting', async () => {
  const unit = await mqtt.connectAsync(`mqtt://127.0.0.1:${link.port}`, {
    username: 'IF-1',
    password: 'IF-1-secret',
    reconnectPeriod: 0,
  });
  const stored = `select count(*)::int as n from samples where unit_id = ${unitId}`;
  // A long read holds the connection; another read waits for it.
  let release = () => {};
  const holder = db.transaction(() => new Promise<void>((resolve) => (release = resolve)));
  const waitingRead = db.query<{ n: number }>(stored);

  let acknowledged = false;
  const puback = unit
    .publishAsync('fw/u/IF-1/up/samples', JSON.stringify({ t: new Date().toISOString(), v: { Loop1: 24 } }), {
      qos: 1,
    })
    .then(() => {
      acknowledged = true;
    });
  await expect.poll(() => asked).toEqual(['first']); // ingest's transaction now waits behind both
  expect(acknowledged).toBe(false); // not committed, so not acknowledged

  release();
  await holder;
  await puback;
  expect((await db.query<{ n: number }>(stored))[0]?.n).toBe(1);
  // The read that was waiting before the report arrived ran after ingest's commit.
  expect((await waitingRead)[0]?.n).toBe(1);
  await unit.endAsync(true);
});
