import type { AlarmFinding } from '@fieldwatch/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../src/db/db.ts';
import { applyFindings, applyFindingsOfUnits, type Governed } from '../src/modules/alarms/alarms.service.ts';
import { createOrganization, createTestApp, createUnit, type TestApp } from './helpers.ts';

// Batched ingest applies the findings of many units in one statement per kind of write. The
// alarms it leaves must be those that applying each unit's findings on its own leaves.
let t: TestApp;
let db: Db;
type Unit = { id: number; organization_id: number };
const units: { single: Unit[]; batch: Unit[] } = { single: [], batch: [] };

beforeAll(async () => {
  t = await createTestApp();
  db = t.db;
  const org = await createOrganization(db, 'Batch Org');
  for (const [kind, list] of Object.entries(units))
    for (let i = 0; i < 3; i++)
      list.push({ id: await createUnit(db, { organizationId: org, serial: `AB-${kind}-${i}` }), organization_id: org });
});
afterAll(() => t.close());

const minute = (m: number) => new Date(Date.UTC(2026, 0, 1, 0, m));
const breach = (type: number, value: number, channel = 1): AlarmFinding => ({ channel, type, value, limit: 10 });
// Unit i's findings at step s: raises (a duplicate in one batch too), a value back (switch: after a hold), a clear.
const steps: ((i: number) => { governs: Governed[]; raised: AlarmFinding[] })[] = [
  (i) => ({ governs: [], raised: [breach(0, 0.5 + i), breach(0, 0.4 + i), breach(29, 1, 2)] }),
  (i) => ({ governs: [{ channel: 2, type: 29, holdS: 60 }], raised: i === 1 ? [breach(1, 0.2)] : [] }),
  () => ({ governs: [{ channel: 1, type: 0 }], raised: [breach(29, 1, 2)] }),
  () => ({ governs: [{ channel: 2, type: 29, holdS: 60 }], raised: [] }),
  () => ({
    governs: [
      { channel: 2, type: 29, holdS: 60 },
      { channel: 1, type: 1 },
    ],
    raised: [],
  }),
];
const alarmsOf = (ids: number[]) =>
  db.query<Record<string, unknown>>(
    `select array_position($1::int[], unit_id) as unit, channel, alarm_type, value, limit_value, event_time,
            cleared_at, normal_since
     from alarms where unit_id = any($1) order by 1, event_time, alarm_type, channel`,
    [ids],
  );

it('leaves the same alarms as applying each unit on its own, step by step', async () => {
  for (const [s, step] of steps.entries()) {
    const time = minute(s * 2);
    const single = [];
    for (const [i, unit] of units.single.entries())
      single.push(await applyFindings(db, unit, step(i).governs, step(i).raised, time));
    const batch = await applyFindingsOfUnits(
      db,
      units.batch.map((unit, i) => ({ unit, ...step(i), time })),
    );
    expect(batch.raised).toHaveLength(single.reduce((n, r) => n + r.raised.length, 0));
    expect(batch.cleared).toHaveLength(single.reduce((n, r) => n + r.cleared.length, 0));
    expect(await alarmsOf(units.batch.map((u) => u.id))).toEqual(await alarmsOf(units.single.map((u) => u.id)));
  }
  // Every kind of write was compared: raised (a duplicate once, the first value), held, reset, settled, cleared.
  const rows = await alarmsOf(units.batch.map((u) => u.id));
  expect(rows).toHaveLength(7);
  expect(rows.every((r) => r.cleared_at !== null)).toBe(true);
  expect(rows[0]).toMatchObject({ alarm_type: 0, value: 0.5 });
  expect(rows.filter((r) => r.alarm_type === 29).map((r) => [r.normal_since, r.cleared_at])).toEqual(
    Array(3).fill([minute(6), minute(8)]),
  );
});
