import { AccessLevel, type EventRecord, type NotificationRecord, type TaskRecord } from '@fieldwatch/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db.ts';
import type { LiveEvent } from '../src/live/bus.ts';
import { applyFindings } from '../src/modules/alarms/alarms.service.ts';
import { processPendingAlarms } from '../src/modules/events/engine.service.ts';
import { createOrganization, createTestApp, createUnit, createUser, signIn, type TestApp } from './helpers.ts';

// One fault, one event: a radar curve hovering around its limit raises and clears again and again;
// each re-raise within the organization's window joins the first event as an occurrence.
let t: TestApp;
let db: Db;
let org: number;
let user: number;
const live: LiveEvent[] = [];
const HOUR = 3_600_000;
const start = Date.parse('2026-11-26T15:10:00Z');

beforeAll(async () => {
  t = await createTestApp();
  db = t.db;
  org = await createOrganization(db, 'Flapping');
  user = await createUser(db, {
    username: 'join-reader',
    password: 'join-pass',
    organizationId: org,
    role: AccessLevel.User,
  });
});
afterAll(() => t.close());

async function unitOf(serial: string) {
  return { id: await createUnit(db, { organizationId: org, serial }), organization_id: org };
}

/** The radar deviation crosses 25 % at `at` and returns below it half an hour later. */
async function flap(unit: { id: number; organization_id: number }, at: number, channel = 1) {
  const key = { channel, type: 9 };
  await applyFindings(db, unit, [key], [{ ...key, value: 25.4, limit: 25 }], new Date(at));
  await processPendingAlarms(db, (e) => live.push(e));
  await applyFindings(db, unit, [key], [], new Date(at + HOUR / 2));
}

const eventsOf = (unitId: number) =>
  db.query<{ data: EventRecord }>('select data from events where unit_id = $1 order by created', [unitId]);
const notificationsOf = (unitId: number) =>
  db.query<{ data: NotificationRecord; seen: Date | null }>(
    'select n.data, n.seen from notifications n join events e on e.id = n.event_id where e.unit_id = $1 and n.user_id = $2',
    [unitId, user],
  );

describe('re-raise joining', () => {
  it('gives eight raises in a day one event, one unread notification saying 8 times since the first, one task', async () => {
    const unit = await unitOf('JOIN-1');
    await flap(unit, start);
    const [first] = await notificationsOf(unit.id);
    await db.query('update notifications set seen = now() where user_id = $1', [user]);
    for (let i = 1; i < 8; i++) await flap(unit, start + i * 2 * HOUR);

    const events = await eventsOf(unit.id);
    expect(events).toHaveLength(1);
    expect(events[0]?.data.occurrences?.map((o) => o.at)).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((i) => new Date(start + i * 2 * HOUR).toISOString()),
    );
    expect(events[0]?.data.occurrences?.[0]).toMatchObject({ value: 25.4, limit: 25 });
    const notifications = await notificationsOf(unit.id);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]?.data).toMatchObject({
      id: first?.data.id,
      occurrences: 8,
      since: new Date(start).toISOString(),
      seen: '',
    });
    // The fault came back after it was read: unread again.
    expect(notifications[0]?.seen).toBeNull();
    const tasks = await db.query<{ data: TaskRecord }>('select data from tasks where signature = $1', [
      `Alarm${unit.id}`,
    ]);
    expect(tasks.map((r) => r.data.eventIds)).toEqual([[events[0]?.data.id]]);
    // The reader's browsers hear of each re-raise.
    const heard = live.filter((e) => e.kind === 'notification' && e.userId === user && e.unitId === unit.id);
    expect(heard).toHaveLength(8);
  });

  it('makes a new event once the window has passed since the last occurrence, and per channel', async () => {
    const unit = await unitOf('JOIN-2');
    await flap(unit, start);
    await flap(unit, start + 23 * HOUR);
    await flap(unit, start + 23 * HOUR + 25 * HOUR);
    await flap(unit, start + 23 * HOUR + 25 * HOUR + HOUR, 2);
    const events = await eventsOf(unit.id);
    expect(events.map((e) => [e.data.alarm?.ChannelID, e.data.occurrences?.length ?? 0])).toEqual([
      [1, 1],
      [1, 0],
      [2, 0],
    ]);
  });

  it("follows the organisation's own window, which only its SuperUsers set, by schema", async () => {
    const other = await createOrganization(db, 'Short window');
    await createUser(db, {
      username: 'join-super',
      password: 'join-pass',
      organizationId: other,
      role: AccessLevel.SuperUser,
    });
    await createUser(db, {
      username: 'join-user',
      password: 'join-pass',
      organizationId: other,
      role: AccessLevel.User,
    });
    const put = async (who: string, body: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/organization/${other}/alarmJoinHours`,
        headers: { cookie: await signIn(t.app, who, 'join-pass'), 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const stored = async () =>
      (
        await db.query<{ h: number | null }>('select alarm_join_hours as h from organizations where id = $1', [other])
      )[0]?.h;
    for (const bad of [{ hours: 0 }, { hours: 169 }, { hours: 1.5 }, { hours: '2' }, {}, { hours: 2, extra: 1 }]) {
      const res = await put('join-super', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await put('join-user', { hours: 1 })).statusCode).toBe(403);
    expect(await stored()).toBeNull();
    const res = await put('join-super', { hours: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ organizationId: other, joinHours: 1 });

    const unit = { id: await createUnit(db, { organizationId: other, serial: 'JOIN-3' }), organization_id: other };
    await flap(unit, start);
    await flap(unit, start + 2 * HOUR);
    expect(await eventsOf(unit.id)).toHaveLength(2);
    // Back to the default: null.
    expect((await put('join-super', { hours: null })).json()).toMatchObject({ joinHours: null });
    expect(await stored()).toBeNull();
  });

  it('joins a flapping batch to the event its own first alarm makes, exactly once however often the engine runs', async () => {
    const unit = await unitOf('JOIN-4');
    const key = { channel: 1, type: 9 };
    for (let i = 0; i < 3; i++) {
      await applyFindings(db, unit, [key], [{ ...key, value: 26, limit: 25 }], new Date(start + i * HOUR));
      await applyFindings(db, unit, [key], [], new Date(start + i * HOUR + HOUR / 2));
    }
    await processPendingAlarms(db, () => {});
    await processPendingAlarms(db, () => {});
    const events = await eventsOf(unit.id);
    expect(events).toHaveLength(1);
    expect(events[0]?.data.occurrences).toHaveLength(2);
    expect(await notificationsOf(unit.id)).toHaveLength(1);
  });

  it('raises the alarm task to the category of its most severe event', async () => {
    const unit = await unitOf('JOIN-5');
    // Spec defaults: resistance level 3 is a notice, level 1 an alert.
    for (const type of [2, 0]) {
      const key = { channel: 1, type };
      await applyFindings(db, unit, [key], [{ ...key, value: 0.5, limit: 1 }], new Date(start));
    }
    await processPendingAlarms(db, () => {});
    const [task] = await db.query<{ data: TaskRecord }>('select data from tasks where signature = $1', [
      `Alarm${unit.id}`,
    ]);
    expect(task?.data.eventIds).toHaveLength(2);
    expect(task?.data.category).toBe('alert');
    expect(task?.data.activities.at(-1)).toMatchObject({ type: 'category', category: 'alert', user: 'system' });
  });
});
