import { AccessLevel, metresPerPoint } from '@fieldwatch/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeAlarms } from '../src/modules/alarms/alarms.service.ts';
import { startRadarAnalyst } from '../src/modules/analytics/analyst.ts';
import { processPendingAlarms } from '../src/modules/events/engine.service.ts';
import { insertRadar } from '../src/modules/telemetry/telemetry.service.ts';
import { createOrganization, createTestApp, createUnit, createUser, signIn, type TestApp } from './helpers.ts';

// The radar analysis through the real product: curves stored as ingest stores them, the analyst
// that main.ts runs, the v2 calls the radar view uses, the alarm → event path.
const SPEED = 0.6;
const dx = metresPerPoint(SPEED);
const gauss = (x: number) => Math.exp(-x * x);
let seed = 1;
const noise = () => {
  seed = (seed * 1664525 + 1013904223) >>> 0;
  return (seed / 2 ** 32) * 2 - 1;
};
/** A 512-point curve with joints and a far end; water dips at `wetAt`, a break echoes at `breakAt`. */
function curve(fault: { wetAt?: number; breakAt?: number } = {}) {
  return Array.from({ length: 512 }, (_, k) => {
    const x = k * dx;
    let beyond = -56 * ((x - 300) / (2 * dx)) * gauss((x - 300) / (2 * dx)) + 300 * gauss((x - 1000) / (3 * dx));
    let v = 1800 * gauss((k - 6) / 3);
    if (fault.breakAt !== undefined) {
      v += 450 * gauss((x - fault.breakAt) / (3 * dx));
      if (x > fault.breakAt) beyond *= 0.05;
    }
    if (fault.wetAt !== undefined) v -= 120 * gauss((x - fault.wetAt) / (2.5 * dx));
    return Math.round((v + beyond + 3 * noise()) * 10) / 10;
  });
}

let t: TestApp;
let unit: number;
let org: number;
let cookie: string;
let reader: string;
let outsider: string;
let clock = Date.parse('2026-11-20T02:00:00Z');
const base = () => `/api/v2/device/legacy/devices/${unit}`;

/** Stores a curve of a channel as ingest does, announces it, and lets the analyst read it. */
async function report(channel: number, points: number[]) {
  clock += 24 * 3_600_000;
  const t0 = new Date(clock);
  await insertRadar(t.db, unit, { channel, ts: t0, pulse_speed: SPEED, points });
  const analyst = startRadarAnalyst(t.db, t.bus, t.app.log, 3_600_000);
  await analyst.run();
  await analyst.stop();
}

const findings = async (channel: number, as = cookie) =>
  (await t.app.inject({ url: `${base()}/channel/${channel}/findings`, headers: { cookie: as } })).json().result;
const faultAlarms = async () => (await activeAlarms(t.db, [unit])).filter((a) => a.alarm_type === 60);

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrganization(t.db, 'Radar analysis');
  unit = await createUnit(t.db, { organizationId: org, serial: 'RAD-1', channels: 2 });
  await createUser(t.db, {
    username: 'analyst',
    password: 'analyst-pass',
    organizationId: org,
    role: AccessLevel.User,
  });
  await createUser(t.db, {
    username: 'looker',
    password: 'looker-pass',
    organizationId: org,
    role: AccessLevel.Reader,
  });
  cookie = await signIn(t.app, 'analyst', 'analyst-pass');
  reader = await signIn(t.app, 'looker', 'looker-pass');
  const elsewhere = await createOrganization(t.db, 'Elsewhere');
  await createUser(t.db, { username: 'stranger', password: 'stranger-pass', organizationId: elsewhere });
  outsider = await signIn(t.app, 'stranger', 'stranger-pass');
  for (const channel of [1, 2]) {
    const res = await t.app.inject({
      method: 'PUT',
      url: `${base()}/radar/${channel}`,
      headers: { cookie },
      payload: { ChannelDefaultRadar: curve() },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => t.close());

describe('fault localisation on the curves units send', () => {
  it('suggests nothing on a healthy channel, and raises no alarm', async () => {
    await report(1, curve());
    expect(await findings(1)).toEqual([]);
    expect(await faultAlarms()).toEqual([]);
  });

  it('suggests water where it is, raises one fault alarm, and words its event in metres', async () => {
    await report(1, curve({ wetAt: 412 }));
    const [found, ...more] = await findings(1, reader);
    expect(more).toEqual([]);
    expect(found).toMatchObject({ kind: 'wet', state: 'suggested', channel: 1, markerId: null, pulseSpeed: SPEED });
    expect(Math.abs(found.position - 412)).toBeLessThanOrEqual(dx);
    const [alarm] = await faultAlarms();
    expect(alarm?.channel).toBe(1);
    expect(Math.abs((alarm?.value ?? 0) - 412)).toBeLessThanOrEqual(dx);
    await processPendingAlarms(t.db, () => {});
    const events = (await t.app.inject({ url: '/api/v3/events', headers: { cookie } })).json();
    expect(JSON.stringify(events)).toMatch(/Fault suspected 41\d\u00a0m from the unit \(± \d\u00a0m\)/);
    // The map's fleet-wide read: the suggestion for the organization, nothing for another one.
    const onMap = async (as: string, orgs = '') =>
      (await t.app.inject({ url: `/api/v3/analytics/faults${orgs}`, headers: { cookie: as } })).json();
    expect(await onMap(reader)).toEqual([found]);
    expect(await onMap(reader, `?orgs=${org}`)).toEqual([found]);
    expect(await onMap(outsider)).toEqual([]);
    expect((await t.app.inject({ url: '/api/v3/analytics/faults?orgs=x', headers: { cookie } })).statusCode).toBe(400);
  });

  it('follows the same fault on the next curve instead of suggesting it twice', async () => {
    const before = (await findings(1))[0];
    await report(1, curve({ wetAt: 413 }));
    const after = await findings(1);
    expect(after).toHaveLength(1);
    expect(after[0].id).toBe(before.id);
    expect(after[0].curveTime > before.curveTime).toBe(true);
  });

  it('is not decided by a Reader, and a dismissed fault clears its alarm and is not suggested again', async () => {
    const [found] = await findings(1);
    const asReader = await t.app.inject({
      method: 'POST',
      url: `${base()}/channel/1/findings/${found.id}/dismiss`,
      headers: { cookie: reader },
    });
    expect(asReader.statusCode).toBeGreaterThanOrEqual(403);
    const res = await t.app.inject({
      method: 'POST',
      url: `${base()}/channel/1/findings/${found.id}/dismiss`,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.state).toBe('dismissed');
    expect(await faultAlarms()).toEqual([]);
    await report(1, curve({ wetAt: 412 }));
    expect((await findings(1)).map((f: { state: string }) => f.state)).toEqual(['dismissed']);
    expect(await faultAlarms()).toEqual([]);
  });

  it('turns an accepted break into a marker at its position with its pulse speed, once', async () => {
    await report(2, curve({ breakAt: 700 }));
    const [found] = await findings(2);
    expect(found.kind).toBe('break');
    const accept = (name: string) =>
      t.app.inject({
        method: 'POST',
        url: `${base()}/channel/2/findings/${found.id}/accept`,
        headers: { cookie },
        payload: { name },
      });
    expect((await accept('   ')).statusCode).toBe(400);
    const res = await accept('Wire break');
    expect(res.statusCode, res.body).toBe(200);
    const accepted = res.json().result;
    expect(accepted.state).toBe('accepted');
    const markers = (await t.app.inject({ url: `${base()}/channel/2/markers`, headers: { cookie } })).json().result;
    expect(markers).toEqual([
      expect.objectContaining({
        id: accepted.markerId,
        name: 'Wire break',
        position: found.position,
        pulseSpeed: SPEED,
      }),
    ]);
    expect((await accept('Again')).statusCode).toBe(409);
    expect(await faultAlarms()).toEqual([]);
  });

  it('reads the newest curve again when the reference changes: a fault the new reference holds is no longer suggested', async () => {
    await report(1, curve({ wetAt: 800 }));
    expect((await findings(1)).filter((f: { state: string }) => f.state === 'suggested')).toHaveLength(1);
    expect(await faultAlarms()).toHaveLength(1);
    const adopt = await t.app.inject({
      method: 'PUT',
      url: `${base()}/radar/1`,
      headers: { cookie },
      payload: { ChannelDefaultRadar: new Date(clock).toISOString() },
    });
    expect(adopt.statusCode, adopt.body).toBe(200);
    const analyst = startRadarAnalyst(t.db, t.bus, t.app.log, 3_600_000);
    await analyst.run();
    await analyst.stop();
    expect((await findings(1)).filter((f: { state: string }) => f.state === 'suggested')).toEqual([]);
    expect(await faultAlarms()).toEqual([]);
  });

  it('reads each stored curve once, however many instances announce it', async () => {
    clock += 3_600_000;
    await insertRadar(t.db, unit, {
      channel: 1,
      ts: new Date(clock),
      pulse_speed: SPEED,
      points: curve(),
    });
    const a = startRadarAnalyst(t.db, t.bus, t.app.log, 3_600_000);
    const b = startRadarAnalyst(t.db, t.bus, t.app.log, 3_600_000);
    await Promise.all([a.run(), b.run()]);
    await Promise.all([a.stop(), b.stop()]);
    const [row] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from radar_analysed where unit_id = $1 and channel = 1',
      [unit],
    );
    expect(row?.n).toBe(1);
  });
});
