import { type AlarmSettings, AlarmType, communicationRecovered, evaluateValue } from '@fieldwatch/core';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIngest } from '../src/gateway/ingest.ts';
import { runWatchdog } from '../src/gateway/watchdog.ts';
import { applyFindings } from '../src/modules/alarms/alarms.service.ts';
import { createOrganization, createTestApp, createUnit, signInRoles, type TestApp } from './helpers.ts';

// Alarm hysteresis over every alarm kind, on the real database: a breach raises; a value back just
// inside the limit but not beyond the margin does not clear; beyond the margin it clears (binary
// kinds: only once normal for their hold time); a value flapping around the limit raises once.
// Time is driven through the `time` argument (and sample timestamps), never by waiting.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const SETTINGS: AlarmSettings = {
  resistance: [10],
  loopMax: 60,
  loopOpen: 10000,
  galvanic: [200],
  radarPct: [25],
  analog: [{ low: 4, high: 20 }],
  pt: [{ low: -20, high: 130 }],
  battery: 3.3,
  switchAlarm: true,
  intrusion: true,
  formula: [100],
  ground: 10,
};

let t: TestApp;
let org = 0;
let serials = 0;
const START = Date.now() - 7 * 24 * 3600 * SECOND; // in the past, so sample times are never ahead of the clock

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrganization(t.db, 'Hysteresis');
});
afterAll(() => t.close());

async function newUnit(settings: AlarmSettings = SETTINGS) {
  const serial = `HY-${++serials}`;
  const id = await createUnit(t.db, { organizationId: org, serial });
  await t.db.query('update units set alarm_settings = $2 where id = $1', [id, JSON.stringify(settings)]);
  return { id, organization_id: org, serial, settings };
}
type Unit = Awaited<ReturnType<typeof newUnit>>;

/** What ingest does with one value of a unit at a time: evaluate it, apply the findings. */
async function measure(unit: Unit, column: string, value: number, at: number) {
  const found = evaluateValue(column, value, unit.settings);
  return applyFindings(t.db, unit, found.governs, found.raised, new Date(at));
}

const active = async (unitId: number, type: number) =>
  (
    await t.db.query<{ n: number }>(
      'select count(*)::int as n from alarms where unit_id = $1 and alarm_type = $2 and cleared_at is null',
      [unitId, type],
    )
  )[0]?.n;
const raisedEver = async (unitId: number, type?: number) =>
  (
    await t.db.query<{ n: number }>(
      'select count(*)::int as n from alarms where unit_id = $1 and ($2::int is null or alarm_type = $2)',
      [unitId, type ?? null],
    )
  )[0]?.n;

type ValueCase = {
  kind: string;
  column: string;
  type: number;
  breach: number;
  /** Back inside the limit, but not beyond the margin. */
  within: number;
  beyond: number;
  /** Around the limit; the first value does not breach it. */
  flap: number[];
};

const VALUE_KINDS: ValueCase[] = [
  {
    kind: 'resistance',
    column: 'Resistance1',
    type: 0,
    breach: 9.8,
    within: 10.6,
    beyond: 11.2,
    flap: [10.2, 9.8, 10.3, 9.9, 10.4, 9.7, 10.1],
  },
  {
    kind: 'loop high',
    column: 'Loop1',
    type: 4,
    breach: 61,
    within: 58,
    beyond: 56,
    flap: [59.5, 60.5, 59, 61, 58.5, 60.2],
  },
  {
    kind: 'loop open',
    column: 'Loop1',
    type: 5,
    breach: 10000,
    within: 9700,
    beyond: 9400,
    flap: [9990, 10000, 9950, 10050, 9900, 10010],
  },
  {
    kind: 'galvanic',
    column: 'Galvanic1',
    type: 6,
    breach: -205,
    within: 190,
    beyond: 175,
    flap: [198, 202, -199, 203, 197, -201],
  },
  {
    kind: 'radar',
    column: 'RadarPercentage',
    type: 8,
    breach: 25.3,
    within: 23.5,
    beyond: 22.9,
    flap: [24.8, 25.3, 24.9, 25.2, 24.7, 25.1, 24.8, 25.4],
  },
  {
    kind: 'analog low',
    column: 'Analog1',
    type: 10,
    breach: 3.9,
    within: 4.1,
    beyond: 4.25,
    flap: [4.05, 3.95, 4.1, 3.9, 4.15, 3.98],
  },
  {
    kind: 'analog high',
    column: 'Analog1',
    type: 11,
    breach: 20.5,
    within: 19.5,
    beyond: 18.9,
    flap: [19.8, 20.2, 19.9, 20.3, 19.7, 20.1],
  },
  {
    kind: 'PT low',
    column: 'PT1',
    type: 20,
    breach: -20.5,
    within: -19.5,
    beyond: -18.9,
    flap: [-19.8, -20.2, -19.9, -20.3, -19.6, -20.1],
  },
  {
    kind: 'PT high',
    column: 'PT1',
    type: 21,
    breach: 130.4,
    within: 129.5,
    beyond: 128.9,
    flap: [129.8, 130.2, 129.9, 130.3, 129.6, 130.1],
  },
  {
    kind: 'battery',
    column: 'BatteryVoltage',
    type: 28,
    breach: 3.28,
    within: 3.35,
    beyond: 3.41,
    flap: [3.31, 3.29, 3.32, 3.28, 3.33, 3.29],
  },
  {
    kind: 'formula',
    column: 'Formula1',
    type: 39,
    breach: 101,
    within: 97,
    beyond: 94.9,
    flap: [99, 101, 98, 102, 99.5, 100.5],
  },
  {
    kind: 'ground',
    column: 'GroundResistance',
    type: 52,
    breach: 9.5,
    within: 10.5,
    beyond: 11.2,
    flap: [10.2, 9.8, 10.4, 9.9, 10.6, 9.7],
  },
];

describe.each(VALUE_KINDS)('$kind alarm (type $type): a value margin', (c) => {
  it('raises on a breach, holds within the margin, clears beyond it', async () => {
    const unit = await newUnit();
    let at = START;
    const step = () => {
      at += 10 * MINUTE;
      return at;
    };
    const raised = await measure(unit, c.column, c.breach, step());
    expect(raised.raised.map((a) => a.alarm_type)).toEqual([c.type]);
    expect(await active(unit.id, c.type)).toBe(1);

    // Just inside the limit, not beyond the margin: stays raised, however long.
    for (let i = 0; i < 3; i++) expect((await measure(unit, c.column, c.within, step())).cleared).toEqual([]);
    expect(await active(unit.id, c.type)).toBe(1);

    const cleared = await measure(unit, c.column, c.beyond, step());
    expect(cleared.cleared.map((a) => [a.alarm_type, a.cleared_at?.getTime()])).toEqual([[c.type, at]]);
    expect(await active(unit.id, c.type)).toBe(0);
    expect(await raisedEver(unit.id, c.type)).toBe(1);
  });

  it('raises once for a value flapping around the limit', async () => {
    const unit = await newUnit();
    let raised = 0;
    let cleared = 0;
    for (const [i, value] of c.flap.entries()) {
      const r = await measure(unit, c.column, value, START + i * 10 * MINUTE);
      raised += r.raised.length;
      cleared += r.cleared.length;
    }
    expect({ raised, cleared }).toEqual({ raised: 1, cleared: 0 });
    expect(await raisedEver(unit.id)).toBe(1);
    expect(await active(unit.id, c.type)).toBe(1);
  });
});

type HoldCase = { kind: string; column: string; type: number; on: number; off: number; holdS: number };

const HOLD_KINDS: HoldCase[] = [
  { kind: 'switch', column: 'Switch1', type: 29, on: 1, off: 0, holdS: 300 },
  { kind: 'intrusion', column: 'Intrusion', type: 34, on: 1, off: 0, holdS: 300 },
];

describe.each(HOLD_KINDS)('$kind alarm (type $type): a hold time', (c) => {
  it('raises when on, and clears only once it has stayed normal for the hold time', async () => {
    const unit = await newUnit();
    const t0 = START;
    expect((await measure(unit, c.column, c.on, t0)).raised).toHaveLength(1);
    // Normal, but not for long enough yet.
    expect((await measure(unit, c.column, c.off, t0 + MINUTE)).cleared).toEqual([]);
    expect((await measure(unit, c.column, c.off, t0 + MINUTE + (c.holdS - 1) * SECOND)).cleared).toEqual([]);
    expect(await active(unit.id, c.type)).toBe(1);
    // A breach in between starts the hold time over.
    expect((await measure(unit, c.column, c.on, t0 + 2 * MINUTE + c.holdS * SECOND)).raised).toEqual([]);
    const back = t0 + 3 * MINUTE + c.holdS * SECOND;
    expect((await measure(unit, c.column, c.off, back)).cleared).toEqual([]);
    expect((await measure(unit, c.column, c.off, back + (c.holdS - 1) * SECOND)).cleared).toEqual([]);
    expect(await active(unit.id, c.type)).toBe(1);
    const done = await measure(unit, c.column, c.off, back + c.holdS * SECOND);
    expect(done.cleared.map((a) => a.alarm_type)).toEqual([c.type]);
    expect(await active(unit.id, c.type)).toBe(0);
    expect(await raisedEver(unit.id)).toBe(1);
  });

  it('raises once for a contact chattering faster than the hold time', async () => {
    const unit = await newUnit();
    let raised = 0;
    for (let i = 0; i < 12; i++) {
      raised += (await measure(unit, c.column, i % 2 ? c.off : c.on, START + i * 20 * SECOND)).raised.length;
    }
    expect(raised).toBe(1);
    expect(await raisedEver(unit.id)).toBe(1);
  });
});

describe('communication error (type 19): a hold time, raised by the watchdog, cleared by reports', () => {
  const HOLD_S = communicationRecovered({}).holdS;
  const log = pino({ level: 'silent' });

  /** A report of the unit at a time, through ingest as the gateway hands it over. */
  const report = (ingest: ReturnType<typeof createIngest>, unit: Unit, at: number) =>
    ingest.handle(unit.serial, 'samples', JSON.stringify({ t: new Date(at).toISOString(), v: { Loop1: 20 } }));

  it('raises for a silent unit and clears only once it has kept reporting for the hold time', async () => {
    expect(HOLD_S).toBeGreaterThan(3600); // longer than the default report interval: it bridges a report
    const unit = await newUnit();
    const ingest = createIngest({ db: t.db, bus: t.bus, log });
    const t0 = START;
    await report(ingest, unit, t0);
    await runWatchdog(t.db, t.bus, new Date(t0 + 61 * MINUTE));
    expect(await active(unit.id, AlarmType.Communication)).toBe(1);
    // The unit is back: every 30 minutes, but not yet for the hold time.
    const back = t0 + 62 * MINUTE;
    for (let at = back; at < back + HOLD_S * SECOND; at += 30 * MINUTE) {
      await report(ingest, unit, at);
      await runWatchdog(t.db, t.bus, new Date(at + MINUTE));
      expect(await active(unit.id, AlarmType.Communication)).toBe(1);
    }
    await report(ingest, unit, back + HOLD_S * SECOND);
    expect(await active(unit.id, AlarmType.Communication)).toBe(0);
    expect(await raisedEver(unit.id)).toBe(1);
  });

  it('raises once for a unit that is late every other report', async () => {
    const unit = await newUnit();
    const ingest = createIngest({ db: t.db, bus: t.bus, log });
    let at = START;
    await report(ingest, unit, at);
    for (let i = 0; i < 6; i++) {
      at += i % 2 ? 50 * MINUTE : 70 * MINUTE; // on time, then 10 minutes late
      await runWatchdog(t.db, t.bus, new Date(at - MINUTE)); // the late one is missed before it comes
      await report(ingest, unit, at);
    }
    expect(await raisedEver(unit.id)).toBe(1);
    expect(await active(unit.id, AlarmType.Communication)).toBe(1);
  });
});

describe('hysteresis on the batched ingest path', () => {
  const log = pino({ level: 'silent' });
  const send = (ingest: ReturnType<typeof createIngest>, unit: Unit, at: number, v: Record<string, number>) =>
    ingest.handle(unit.serial, 'samples', JSON.stringify({ t: new Date(at).toISOString(), v }));

  it("keeps one radar alarm for a curve hovering around its limit, and a switch's hold time", async () => {
    const unit = await newUnit();
    const ingest = createIngest({ db: t.db, bus: t.bus, log });
    const values = [24.8, 25.3, 24.9, 25.2, 24.7, 25.1, 24.8];
    for (const [i, radar] of values.entries()) {
      await send(ingest, unit, START + i * MINUTE, { RadarPercentage: radar, Switch1: i === 1 ? 1 : 0 });
    }
    expect(await raisedEver(unit.id)).toBe(2); // radar level 1, switch 1
    expect(await active(unit.id, 8)).toBe(1);
    // Five minutes after the switch went back (two minutes after the first sample), it clears.
    await send(ingest, unit, START + 7 * MINUTE, { RadarPercentage: 24, Switch1: 0 });
    expect(await active(unit.id, 29)).toBe(0);
    expect(await active(unit.id, 8)).toBe(1);
    await send(ingest, unit, START + 8 * MINUTE, { RadarPercentage: 22.9 });
    expect(await active(unit.id, 8)).toBe(0);
    expect(await raisedEver(unit.id)).toBe(2);
  });
});

describe("a unit's own hysteresis (alarm limits call)", () => {
  let cookie = '';
  beforeAll(async () => {
    const other = await createOrganization(t.db, 'Hysteresis elsewhere');
    cookie = (await signInRoles(t, org, other)).manager;
  });
  const put = (id: number, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v2/device/legacy/devices/${id}/alarm_limits`,
      headers: { cookie },
      payload,
    });
  const stored = async (id: number) =>
    (await t.db.query<{ alarm_settings: AlarmSettings }>('select alarm_settings from units where id = $1', [id]))[0]
      ?.alarm_settings;

  it('is set, validated and kept by the alarm limits call, and steers the clearing', async () => {
    const unit = await newUnit();
    const hysteresis = { radarPct: { margin: 0.5 }, switch: { holdS: 60 }, communication: { holdS: 0 } };
    const res = await put(unit.id, { radarPct: [25], hysteresis });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toEqual({ radarPct: [25], hysteresis });
    // The device alarm tab saves limits without it: kept.
    expect((await put(unit.id, { radarPct: [20] })).json().result).toEqual({ radarPct: [20], hysteresis });
    expect((await stored(unit.id))?.hysteresis).toEqual(hysteresis);

    for (const bad of [
      { resistance: { margin: 2 } }, // a relative margin is a fraction
      { switch: { margin: 1 } }, // a binary kind has no value margin
      { pt: { holdS: -1 } },
      { pt: { holdS: 1.5 } },
      { radar: { margin: 1 } }, // not a kind
    ]) {
      const refused = await put(unit.id, { radarPct: [20], hysteresis: bad });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await stored(unit.id))?.hysteresis).toEqual(hysteresis);

    // Within the default 2-point margin, beyond the unit's 0.5: clears.
    const own = { ...unit, settings: (await stored(unit.id)) ?? {} };
    await measure(own, 'RadarPercentage', 20.4, START);
    expect(await active(unit.id, 8)).toBe(1);
    await measure(own, 'RadarPercentage', 19.6, START + MINUTE);
    expect(await active(unit.id, 8)).toBe(1);
    await measure(own, 'RadarPercentage', 19.5, START + 2 * MINUTE);
    expect(await active(unit.id, 8)).toBe(0);

    // `{}` restores the defaults.
    expect((await put(unit.id, { radarPct: [20], hysteresis: {} })).json().result).toEqual({
      radarPct: [20],
      hysteresis: {},
    });
  });
});
