import { communicationRecovered } from '@fieldwatch/core';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWatchdog } from '../src/gateway/watchdog.ts';
import { requestOperation } from '../src/modules/operations/operations.service.ts';
import { createOrganization, createTestApp, createUnit, type TestApp } from './helpers.ts';

// The real gateway: embedded broker on loopback (or MQTT_URL's broker), real MQTT clients as units.
// An external broker acknowledges a unit on receipt, so later assertions wait for the stored state.
let t: TestApp;
let orgId: number;
const units: MqttClient[] = [];

const brokerUrl = () => process.env.MQTT_URL ?? `mqtt://127.0.0.1:${t.link.port}`;
async function connectUnit(serial: string, secret = `${serial}-secret`) {
  const client = await mqtt.connectAsync(brokerUrl(), { username: serial, password: secret, reconnectPeriod: 0 });
  units.push(client);
  return client;
}
const samples = (v: Record<string, number>, t0 = new Date()) => JSON.stringify({ t: t0.toISOString(), v });
const count = async (sql: string, params: unknown[]) => (await t.db.query<{ n: number }>(sql, params))[0]?.n ?? 0;

beforeAll(async () => {
  t = await createTestApp({ gateway: true });
  orgId = await createOrganization(t.db, 'Gateway Org');
  await createUnit(t.db, { organizationId: orgId, serial: 'GW-1' });
  await createUnit(t.db, { organizationId: orgId, serial: 'GW-2' });
});
afterAll(async () => {
  for (const u of units) await u.endAsync(true);
  await t.close();
});

describe('ingest over MQTT', () => {
  it('has the sample committed by the time the broker acknowledges it', async () => {
    const unit = await connectUnit('GW-1');
    await unit.publishAsync('fw/u/GW-1/up/samples', samples({ Resistance1: 150, Loop1: 24 }), { qos: 1 });
    const stored = () =>
      count('select count(*)::int as n from samples s join units u on u.id = s.unit_id where u.serial = $1', ['GW-1']);
    // Embedded broker: the PUBACK itself proves the commit. External: the server acks the broker after it.
    if (process.env.MQTT_URL) await expect.poll(stored).toBe(2);
    else expect(await stored()).toBe(2);
  });

  it('stores a redelivered sample once', async () => {
    const unit = await connectUnit('GW-1');
    const at = new Date('2026-01-01T00:00:00Z');
    for (let i = 0; i < 3; i++)
      await unit.publishAsync('fw/u/GW-1/up/samples', samples({ BatteryVoltage: 3.6 }, at), { qos: 1 });
    // A later message on the same connection is stored after the three copies (ingest keeps order).
    await unit.publishAsync(
      'fw/u/GW-1/up/samples',
      samples({ BatteryVoltage: 3.5 }, new Date('2026-01-01T00:10:00Z')),
      {
        qos: 1,
      },
    );
    await expect
      .poll(() =>
        count("select count(*)::int as n from samples where series = 100 and ts = '2026-01-01T00:10:00Z'", []),
      )
      .toBe(1);
    expect(
      await count("select count(*)::int as n from samples where series = 100 and ts = '2026-01-01T00:00:00Z'", []),
    ).toBe(1);
  });

  it('stores curves and reports alike, each kind through its own queue at an external broker', async () => {
    const unit = await connectUnit('GW-2');
    const at = new Date('2026-03-01T02:00:00Z');
    const points = Array.from({ length: 64 }, (_, i) => 1000 - i);
    await unit.publishAsync(
      'fw/u/GW-2/up/radar',
      JSON.stringify({ t: at.toISOString(), ch: 1, pulseSpeed: 0.6, points }),
      {
        qos: 1,
      },
    );
    await unit.publishAsync('fw/u/GW-2/up/samples', samples({ Loop1: 25 }, at), { qos: 1 });
    const curves = () =>
      count('select count(*)::int as n from radar_curves r join units u on u.id = r.unit_id where u.serial = $1', [
        'GW-2',
      ]);
    await expect.poll(curves).toBe(1);
    await expect
      .poll(() => count("select count(*)::int as n from samples where ts = '2026-03-01T02:00:00Z'", []))
      .toBe(1);
  });

  it('drops a malformed payload and keeps ingesting', async () => {
    const unit = await connectUnit('GW-1');
    await unit.publishAsync('fw/u/GW-1/up/samples', 'not json', { qos: 1 });
    await unit.publishAsync('fw/u/GW-1/up/samples', JSON.stringify({ t: 'yesterday', v: { Loop1: 1 } }), { qos: 1 });
    const at = new Date('2026-02-01T00:00:00Z');
    await unit.publishAsync('fw/u/GW-1/up/samples', samples({ Loop2: 30 }, at), { qos: 1 });
    await expect
      .poll(() => count("select count(*)::int as n from samples where ts = '2026-02-01T00:00:00Z'", []))
      .toBe(1);
  });

  it.skipIf(process.env.MQTT_URL)('refuses wrong credentials and a unit publishing for another unit', async () => {
    await expect(
      mqtt.connectAsync(brokerUrl(), { username: 'GW-1', password: 'wrong', reconnectPeriod: 0 }),
    ).rejects.toThrow();
    const unit = await connectUnit('GW-1');
    const closed = new Promise<void>((resolve) => unit.once('close', () => resolve()));
    unit.publish('fw/u/GW-2/up/samples', samples({ Loop1: 5 }, new Date('2026-03-01T00:00:00Z')), { qos: 1 });
    await closed;
    await expect
      .poll(() => count("select count(*)::int as n from samples where ts = '2026-03-01T00:00:00Z'", []))
      .toBe(0);
  });
});

describe('alarm evaluation on ingest', () => {
  it('raises resistance levels as the value falls and clears them when it recovers', async () => {
    const unit = await connectUnit('GW-2');
    const events: string[] = [];
    const off = t.bus.subscribe((e) => e.kind === 'alarm' && events.push(`${e.cleared ? '-' : '+'}${e.alarmType}`));
    await unit.publishAsync('fw/u/GW-2/up/samples', samples({ Resistance1: 3 }), { qos: 1 });
    const active = async () =>
      (
        await t.db.query<{ alarm_type: number }>(
          "select a.alarm_type from alarms a join units u on u.id = a.unit_id where u.serial = 'GW-2' and cleared_at is null order by 1",
          [],
        )
      ).map((r) => r.alarm_type);
    await expect.poll(active).toEqual([0, 1]); // below level 1 (10 MΩ) and level 2 (5 MΩ)
    await unit.publishAsync('fw/u/GW-2/up/samples', samples({ Resistance1: 0.4 }), { qos: 1 });
    await expect.poll(active).toEqual([0, 1, 2, 3]);
    await unit.publishAsync('fw/u/GW-2/up/samples', samples({ Resistance1: 180 }), { qos: 1 });
    await expect.poll(active).toEqual([]);
    off();
    expect(events).toEqual(['+0', '+1', '+2', '+3', '-0', '-1', '-2', '-3']);
  });

  it('raises a communication error for a silent unit and clears it once it has kept reporting (hysteresis)', async () => {
    const unit = await connectUnit('GW-1');
    const silentUntil = Date.now() + 2 * 60 * 60 * 1000;
    await runWatchdog(t.db, t.bus, new Date(silentUntil));
    const gw1Errors = () =>
      count(
        "select count(*)::int as n from alarms a join units u on u.id = a.unit_id where u.serial = 'GW-1' and alarm_type = 19 and cleared_at is null",
        [],
      );
    await expect.poll(gw1Errors).toBe(1);
    // The first report back starts the hold time; the error stays until the unit has reported that long.
    await unit.publishAsync('fw/u/GW-1/up/samples', samples({ Loop1: 25 }, new Date(silentUntil)), { qos: 1 });
    await expect
      .poll(() =>
        count(
          "select count(*)::int as n from alarms a join units u on u.id = a.unit_id where u.serial = 'GW-1' and alarm_type = 19 and normal_since is not null",
          [],
        ),
      )
      .toBe(1);
    expect(await gw1Errors()).toBe(1);
    const held = new Date(silentUntil + communicationRecovered({}).holdS * 1000);
    await unit.publishAsync('fw/u/GW-1/up/samples', samples({ Loop1: 25 }, held), { qos: 1 });
    await expect.poll(gw1Errors).toBe(0);
  });
});

describe('operations', () => {
  it('delivers an operation to the unit and settles it from the unit result', async () => {
    const unit = await connectUnit('GW-2');
    await unit.subscribeAsync('fw/u/GW-2/down/#', { qos: 1 });
    unit.on('message', (topic, payload) => {
      const msg = JSON.parse(payload.toString());
      if (topic.endsWith('/down/op')) {
        unit.publish(
          'fw/u/GW-2/up/result',
          JSON.stringify({ seq: msg.seq, op: msg.op, ok: true, message: 'restarted' }),
          { qos: 1 },
        );
      }
    });
    const [row] = await t.db.query<{ id: number }>("select id from units where serial = 'GW-2'", []);
    const settled = new Promise((resolve) => {
      const off = t.bus.subscribe((e) => {
        if (e.kind === 'operation' && e.state !== 'requested') {
          off();
          resolve(e);
        }
      });
    });
    const op = await requestOperation(t.db, t.link, { id: row?.id ?? 0, serial: 'GW-2' }, 'restart');
    expect(op.state).toBe('requested');
    await expect(settled).resolves.toMatchObject({
      seq: op.seq,
      operation: 'restart',
      state: 'succeeded',
      message: 'restarted',
    });
  });

  it('fails an operation the unit does not answer in time', async () => {
    const [row] = await t.db.query<{ id: number }>("select id from units where serial = 'GW-1'", []);
    const op = await requestOperation(t.db, t.link, { id: row?.id ?? 0, serial: 'GW-1' }, 'comm_test');
    await runWatchdog(t.db, t.bus, new Date(Date.now() + 10 * 60 * 1000));
    const [after] = await t.db.query<{ state: string }>(
      'select state from operations where unit_id = $1 and seq = $2',
      [row?.id, op.seq],
    );
    expect(after?.state).toBe('failed');
  });
});
