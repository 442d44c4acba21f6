import fc from 'fast-check';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PACKET_BYTES } from '../src/gateway/embedded.ts';
import {
  PayloadError,
  parsePayload,
  RadarPayload,
  RelayPayload,
  ResultPayload,
  SamplesPayload,
  upTopic,
} from '../src/gateway/payloads.ts';
import { createOrganization, createTestApp, createUnit, type TestApp } from './helpers.ts';
import { hostileValue, rawBody, shaped } from './trust/arbitraries.ts';
import { changedTables, databaseDigest } from './trust/routes.ts';

/**
 * Issue 11, fuzzing the device gateway: FUZZ_RUNS malformed reports per message kind, published by
 * a real unit over MQTT (QoS 1) to the embedded broker or MQTT_URL's. Expected: each one is
 * acknowledged on the same connection (a malformed report is dropped, so the unit does not resend
 * it forever), one the payload schema refuses changes no table, nothing pollutes Object.prototype,
 * and a valid report afterwards is stored.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const KINDS = { samples: SamplesPayload, radar: RadarPayload, result: ResultPayload, relay: RelayPayload };
const SERIAL = 'FUZZ-MQTT';
let t: TestApp;
let unit: mqtt.MqttClient;
let drops = 0;
/** Rejects when the gateway closes the unit's connection (it does so when it could not store a report). */
let closed: Promise<never>;

beforeAll(async () => {
  // The watchdog writes on its own timer; a refusal's unchanged tables must not see it.
  t = await createTestApp({ gateway: true, watchdog: false });
  await createUnit(t.db, { organizationId: await createOrganization(t.db, 'Fuzz'), serial: SERIAL, secret: 'fuzz' });
  const url = process.env.MQTT_URL ?? `mqtt://127.0.0.1:${t.link.port}`;
  unit = await mqtt.connectAsync(url, { username: SERIAL, password: 'fuzz', reconnectPeriod: 0 });
  unit.on('close', () => drops++);
  closed = new Promise<never>((_, reject) =>
    unit.once('close', () => reject(new Error('the gateway closed the connection: a report was not stored'))),
  );
  closed.catch(() => {});
}, 30_000);
afterAll(async () => {
  unit?.end(true);
  await t?.close();
});

const payload: fc.Arbitrary<Buffer> = fc.oneof(
  fc.uint8Array({ maxLength: 2_000 }).map((b) => Buffer.from(b)),
  rawBody.map((s) => Buffer.from(s)),
  hostileValue.map((v) => Buffer.from(JSON.stringify(v) ?? 'null')),
);

describe('fuzzing the device gateway (issue 11)', () => {
  for (const [kind, schema] of Object.entries(KINDS)) {
    it(`acknowledges ${RUNS} malformed ${kind} reports, storing nothing the schema refuses`, async () => {
      // A packet over the broker's limit closes the connection instead (mqtt-limits.test.ts).
      const cases = fc
        .oneof(
          payload,
          shaped(schema as object).map((o) => Buffer.from(JSON.stringify(o))),
        )
        .filter((raw) => raw.length <= MAX_PACKET_BYTES - 1_024);
      const run = await fc.check(
        fc.asyncProperty(cases, async (raw) => {
          let refused = false;
          try {
            parsePayload(schema, raw);
          } catch (e) {
            refused = e instanceof PayloadError;
          }
          const before = refused ? await databaseDigest(t.db) : undefined;
          // Never acknowledged if the gateway fails on it: the failure ends the property at once.
          await Promise.race([unit.publishAsync(upTopic(SERIAL, kind), raw, { qos: 1 }), closed]);
          expect(drops).toBe(0);
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
          // Acknowledged after its commit: what a refused report would have written is there now.
          if (before) expect(changedTables(before, await databaseDigest(t.db))).toEqual([]);
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
      if (run.failed) throw new Error(`${String(run.errorInstance).slice(0, 1_000)}\nseed ${run.seed}`);
    }, 120_000);
  }

  it('still stores a valid report after all of them', async () => {
    const at = new Date(Date.UTC(2026, 5, 1)).toISOString();
    await unit.publishAsync(upTopic(SERIAL, 'samples'), JSON.stringify({ t: at, v: { Loop1: 12.5 } }), { qos: 1 });
    const rows = await t.db.query<{ n: number }>(
      'select count(*)::int as n from samples s join units u on u.id = s.unit_id where u.serial = $1 and s.ts = $2',
      [SERIAL, at],
    );
    expect(rows[0]?.n).toBe(1);
    expect(drops).toBe(0);
  });
});
