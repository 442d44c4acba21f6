import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { type OperationRow, requestOperation } from '../modules/operations/operations.service.ts';
import { isReporting } from './fleet.ts';
import { type SeededFleet, seedDemo } from './seed.ts';
import { type Simulator, startSimulator } from './simulator.ts';

// The simulator against the real gateway: units log in as themselves over MQTT, report, raise
// alarms through ingest, and answer operations and relay commands.
let t: TestApp;
let dir: string;
let fleet: SeededFleet;
let simulator: Simulator;
const started = new Date();

const count = async (sql: string, params: unknown[]) => (await t.db.query<{ n: number }>(sql, params))[0]?.n ?? 0;
const unitAt = (index: number) => {
  const u = fleet.units[index];
  if (!u) throw new Error(`no unit ${index}`);
  return u;
};

beforeAll(async () => {
  t = await createTestApp({ gateway: true });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldwatch-sim-'));
  const seeded = await seedDemo(t.db, {
    fleet: { file: path.join(dir, 'demo-fleet.json'), units: 12, history: false },
  });
  if (!seeded.fleet) throw new Error('no fleet');
  fleet = seeded.fleet;
  simulator = startSimulator({
    brokerUrl: process.env.MQTT_URL ?? `mqtt://127.0.0.1:${t.link.port}`,
    units: fleet.simulated,
    intervalS: 0.5,
    answerDelayMs: [20, 60],
  });
});
afterAll(async () => {
  await simulator?.stop();
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function settled(op: OperationRow) {
  let row: { state: string; message: string } | undefined;
  await expect
    .poll(
      async () => {
        [row] = await t.db.query<{ state: string; message: string }>(
          'select state, message from operations where unit_id = $1 and seq = $2',
          [op.unit_id, op.seq],
        );
        return row?.state;
      },
      { timeout: 15_000, interval: 100 },
    )
    .not.toBe('requested');
  return row;
}

describe('the simulated fleet', () => {
  it('stores samples of every reporting unit, and none of the inactive or silent ones', async () => {
    const reporting = fleet.units.filter((u) => isReporting(u.def, Date.now()));
    const quiet = fleet.units.filter((u) => !isReporting(u.def, Date.now()));
    expect(reporting.length).toBeGreaterThanOrEqual(9);
    expect(quiet.length).toBeGreaterThanOrEqual(2);
    const reported = () =>
      count('select count(distinct unit_id)::int as n from samples where unit_id = any($1) and ts >= $2', [
        reporting.map((u) => u.id),
        started,
      ]);
    await expect.poll(reported, { timeout: 20_000, interval: 200 }).toBe(reporting.length);
    expect(
      await count('select count(*)::int as n from samples where unit_id = any($1)', [quiet.map((u) => u.id)]),
    ).toBe(0);
    // Reports keep coming: a unit's samples grow.
    const first = fleet.units[0]?.id;
    const before = await count('select count(*)::int as n from samples where unit_id = $1', [first]);
    await expect
      .poll(() => count('select count(*)::int as n from samples where unit_id = $1', [first]), { timeout: 10_000 })
      .toBeGreaterThan(before);
    expect(simulator.stats().connected).toBe(reporting.length);
  });

  it('raises alarms through ingest for the faulty units', async () => {
    const active = (unitId: number) =>
      t.db
        .query<{ alarm_type: number }>(
          'select alarm_type from alarms where unit_id = $1 and cleared_at is null order by 1',
          [unitId],
        )
        .then((rows) => rows.map((r) => r.alarm_type));
    await expect.poll(() => active(unitAt(1).id), { timeout: 15_000 }).toEqual(expect.arrayContaining([0, 1, 2]));
    await expect.poll(() => active(unitAt(5).id), { timeout: 15_000 }).toContain(5); // loop open circuit
    await expect.poll(() => active(unitAt(6).id), { timeout: 15_000 }).toContain(28); // battery
    expect(await active(unitAt(0).id)).toEqual([]);
  });

  it('answers get_radar_and_data with a radar curve, samples and a result', async () => {
    const u = unitAt(1);
    const op = await requestOperation(t.db, t.link, { id: u.id, serial: u.def.serial }, 'get_radar_and_data');
    expect(await settled(op)).toMatchObject({ state: 'succeeded' });
    const curves = await t.db.query<{ channel: number; points: number[]; pulse_speed: number }>(
      'select channel, points, pulse_speed from radar_curves where unit_id = $1 order by channel',
      [u.id],
    );
    expect(curves.map((c) => c.channel)).toEqual(u.def.channels.map((_, i) => i + 1));
    expect(curves[0]?.points).toHaveLength(512);
  });

  it('answers the other operations', async () => {
    const u = unitAt(0);
    for (const operation of ['get_data', 'get_settings', 'purge_data', 'sync_clock', 'comm_test'] as const) {
      const op = await requestOperation(t.db, t.link, { id: u.id, serial: u.def.serial }, operation);
      expect(await settled(op), operation).toMatchObject({ state: 'succeeded' });
    }
    const settings = await requestOperation(t.db, t.link, { id: u.id, serial: u.def.serial }, 'send_settings', {
      settings: { MeasureInterval: 5 },
    });
    expect(await settled(settings)).toMatchObject({ state: 'succeeded' });
  });

  it('restarts: answers, drops the connection and comes back reporting', async () => {
    const u = unitAt(9);
    const op = await requestOperation(t.db, t.link, { id: u.id, serial: u.def.serial }, 'restart');
    expect(await settled(op)).toMatchObject({ state: 'succeeded', message: 'restarting' });
    const after = new Date();
    await expect
      .poll(() => count('select count(*)::int as n from samples where unit_id = $1 and ts > $2', [u.id, after]), {
        timeout: 15_000,
        interval: 200,
      })
      .toBeGreaterThan(0);
  });

  it('sets relays on command, reports them, and refuses on a unit without relays', async () => {
    const relay = unitAt(4);
    expect(relay.def.relays).toBe(4);
    const op = await requestOperation(t.db, t.link, { id: relay.id, serial: relay.def.serial }, 'relay', {
      state: '0110',
    });
    expect(await settled(op)).toMatchObject({ state: 'succeeded' });
    await expect
      .poll(
        async () =>
          (await t.db.query<{ s: string }>('select relay_state as s from units where id = $1', [relay.id]))[0]?.s,
      )
      .toBe('0110');

    const pipe = unitAt(0);
    const refused = await requestOperation(t.db, t.link, { id: pipe.id, serial: pipe.def.serial }, 'relay', {
      state: '1',
    });
    expect(await settled(refused)).toMatchObject({ state: 'failed', message: 'unit has no relays' });
  });
});
