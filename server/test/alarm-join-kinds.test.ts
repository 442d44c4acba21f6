import { type AlarmSettings, DEFAULT_ALARM_SETTINGS, type EventRecord, evaluateValue } from '@fieldwatch/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyFindings } from '../src/modules/alarms/alarms.service.ts';
import { processPendingAlarms } from '../src/modules/events/engine.service.ts';
import { createOrganization, createTestApp, createUnit, createUser, type TestApp } from './helpers.ts';

// One fault, one event, for every alarm kind: a fault that really goes away (beyond the kind's
// hysteresis margin, for longer than its hold time) and comes back within the day joins its first
// event, through the real evaluation (evaluateValue), alarm service and event engine.
let t: TestApp;
let org: number;
const HOUR = 3_600_000;
const start = Date.parse('2026-11-26T06:00:00Z');
const settings: AlarmSettings = {
  ...DEFAULT_ALARM_SETTINGS,
  analog: [{ low: 4, high: 20 }],
  formula: [100],
  ground: 10,
};

/** Per kind: a column, a value that breaches its first limit and one well back from it. */
const KINDS: [kind: string, column: string, breach: number, normal: number][] = [
  ['resistance', 'Resistance1', 0.4, 50],
  ['loop', 'Loop1', 80, 20],
  ['loop open', 'Loop2', 20000, 20],
  ['galvanic', 'Galvanic1', 300, 50],
  ['analog low', 'Analog1', 2, 10],
  ['analog high', 'Analog2', 25, 10],
  ['PT', 'PT1', 140, 60],
  ['radar', 'RadarPercentage', 30, 2],
  ['battery', 'BatteryVoltage', 3.1, 3.6],
  ['switch', 'Switch1', 1, 0],
  ['intrusion', 'Intrusion', 1, 0],
  ['formula', 'Formula1', 150, 10],
  ['ground', 'GroundResistance', 4, 50],
];

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrganization(t.db, 'Every kind');
  await createUser(t.db, { username: 'kinds-reader', password: 'kinds-pass', organizationId: org, role: 1 });
});
afterAll(() => t.close());

describe('re-raise joining for every alarm kind', () => {
  it.each(KINDS)('%s: the fault back within the day joins its first event', async (_, column, breach, normal) => {
    const unit = {
      id: await createUnit(t.db, { organizationId: org, serial: `KIND-${column}` }),
      organization_id: org,
    };
    const report = async (value: number, at: number) => {
      const { governs, raised } = evaluateValue(column, value, settings);
      expect(governs.length, column).toBeGreaterThan(0);
      await applyFindings(t.db, unit, governs, raised, new Date(at));
      await processPendingAlarms(t.db, () => {});
    };
    await report(breach, start);
    // Back to normal, reported again after every hold time (the longest, a communication error's, is 2 h).
    await report(normal, start + HOUR);
    await report(normal, start + 4 * HOUR);
    await report(breach, start + 6 * HOUR);

    const events = await t.db.query<{ data: EventRecord }>('select data from events where unit_id = $1', [unit.id]);
    expect(events.length, column).toBeGreaterThan(0);
    for (const { data } of events) expect(data.occurrences?.length, `${column} type ${data.alarm?.AlarmType}`).toBe(1);
    const [n] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from notifications n join events e on e.id = n.event_id where e.unit_id = $1',
      [unit.id],
    );
    expect(n?.n).toBe(events.length);
  });
});
