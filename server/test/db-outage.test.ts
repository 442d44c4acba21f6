import mqtt from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOrganization, createTestApp, createUnit, type TestApp } from './helpers.ts';

// PostgreSQL only: the server's database connections are cut in the middle of ingest.
const url = process.env.DATABASE_URL;
let t: TestApp;

beforeAll(async () => {
  if (!url) return;
  t = await createTestApp({ gateway: true });
  await createUnit(t.db, { organizationId: await createOrganization(t.db, 'Outage'), serial: 'OUT-1', secret: 'out' });
});
afterAll(() => t?.close());

it.skipIf(!url || process.env.MQTT_URL)(
  'loses no acknowledged sample when the database connections drop mid-ingest',
  async () => {
    const unit = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.link.port}`, {
      username: 'OUT-1',
      password: 'out',
      reconnectPeriod: 100,
    });
    unit.on('error', () => {});
    const acked = new Set<string>();
    const t0 = Date.UTC(2026, 0, 1);
    const sends: Promise<void>[] = [];
    for (let m = 0; m < 400; m++) {
      const ts = new Date(t0 + m * 60_000).toISOString();
      sends.push(
        unit
          .publishAsync('fw/u/OUT-1/up/samples', JSON.stringify({ t: ts, v: { Loop1: 20 } }), { qos: 1 })
          .then(() => void acked.add(ts)),
      );
      if (m === 150) {
        // Cut every connection of this database's pool (the app's schema lives in this database).
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and application_name = ''",
        );
        await admin.end();
      }
    }
    await Promise.all(sends);
    const stored = await t.db.query<{ ts: Date }>(
      "select s.ts from samples s join units u on u.id = s.unit_id where u.serial = 'OUT-1'",
      [],
    );
    const storedSet = new Set(stored.map((r) => r.ts.toISOString()));
    expect(acked.size).toBe(400);
    expect([...acked].filter((ts) => !storedSet.has(ts))).toEqual([]);
    await unit.endAsync();
  },
  60_000,
);
