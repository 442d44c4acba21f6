import type { EventRecord, NotificationRecord, TaskRecord } from '@fieldwatch/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db.ts';
import type { LiveEvent } from '../src/live/bus.ts';
import { applyFindings } from '../src/modules/alarms/alarms.service.ts';
import { processPendingAlarms } from '../src/modules/events/engine.service.ts';
import { createOrganizationTree, createTestApp, createUnit, createUser, type TestApp } from './helpers.ts';

// The event engine on a real database: alarms raised through the ingest path become events,
// notifications per user who may see the unit, and alarm tasks, exactly once.
let t: TestApp;
let db: Db;
let unit: { id: number; organization_id: number };
const users: Record<string, number> = {};
const live: LiveEvent[] = [];
const publish = (e: LiveEvent) => live.push(e);

beforeAll(async () => {
  t = await createTestApp();
  db = t.db;
  const tree = await createOrganizationTree(db);
  for (const [name, org, language] of [
    ['root', tree.root, 'en'],
    ['alpha', tree.alpha, 'sv'],
    ['north', tree.north, 'en'],
    ['beta', tree.beta, 'en'],
  ] as const) {
    users[name] = await createUser(db, {
      username: `engine-${name}`,
      password: 'engine-pass',
      organizationId: org,
      role: 1,
      language,
    });
  }
  const id = await createUnit(db, {
    organizationId: tree.north,
    serial: 'ENG-1',
    name: 'Pump K8',
    lat: 65.5,
    long: 22.1,
  });
  unit = { id, organization_id: tree.north };
});
afterAll(() => t.close());

const raise = (type: number, channel = 1, at = new Date()) =>
  applyFindings(db, unit, [{ channel, type }], [{ channel, type, value: 0.5, limit: 10 }], at);
const clear = (type: number, channel = 1) => applyFindings(db, unit, [{ channel, type }], [], new Date());
const events = () =>
  db.query<{ data: EventRecord; alarm_id: number }>('select data, alarm_id from events order by created');
const notificationsOf = (user: number) =>
  db.query<{ data: NotificationRecord }>('select data from notifications where user_id = $1 order by created', [user]);
const tasks = () => db.query<{ data: TaskRecord }>('select data from tasks order by created');

describe('event engine', () => {
  it('turns a new alarm into one event, a notification for each user who may see the unit, and an alarm task', async () => {
    await raise(0);
    expect(await processPendingAlarms(db, publish)).toBe(1);
    const [event] = await events();
    expect(event?.data).toMatchObject({
      kind: 'event',
      version: 2,
      type: 'alarm',
      title: 'Alarm Resistance level 1',
      category: 'alert',
      unitId: unit.id,
      unitName: 'Pump K8',
      position: { location: { latitude: 65.5, longitude: 22.1 } },
    });
    // Root, alpha and north see the unit (a role covers descendants); beta does not.
    expect((await notificationsOf(users.root as number)).map((n) => n.data.message)).toEqual([
      'Resistance level 1: Insulation resistance 0.5\u00a0MΩ below level 1 (10\u00a0MΩ)',
    ]);
    expect((await notificationsOf(users.north as number))[0]?.data.priority).toBe('critical');
    const swedish = (await notificationsOf(users.alpha as number))[0]?.data.message;
    // The sentence is built in the recipient's language, with its decimal comma.
    expect(swedish).toMatch(/: Isolationsresistans 0,5\u00a0MΩ under nivå 1 \(10\u00a0MΩ\)$/);
    expect(swedish).not.toMatch(/^Resistance level 1/);
    expect(await notificationsOf(users.beta as number)).toHaveLength(0);
    const [task] = await tasks();
    expect(task?.data).toMatchObject({
      type: 'alarm',
      signature: `Alarm${unit.id}`,
      status: 'resting',
      category: 'alert',
      eventIds: [event?.data.id],
    });
    expect(live.map((e) => e.kind).sort()).toEqual(['event', 'notification', 'notification', 'notification', 'task']);
  });

  it('adds the next alarm of the unit to its open task', async () => {
    await raise(4);
    expect(await processPendingAlarms(db, publish)).toBe(1);
    const list = await tasks();
    expect(list).toHaveLength(1);
    expect(list[0]?.data.eventIds).toHaveLength(2);
    expect(list[0]?.data.activities.at(-1)).toMatchObject({ type: 'events', user: 'system' });
  });

  it('stores nothing twice when two engines drain the same alarms at once, or run again', async () => {
    await clear(0);
    await clear(4);
    for (const type of [0, 4, 6]) await raise(type, 2);
    const [a, b] = await Promise.all([processPendingAlarms(db, publish), processPendingAlarms(db, publish)]);
    expect(a + b).toBeGreaterThanOrEqual(3);
    expect(await processPendingAlarms(db, publish)).toBe(0);
    const stored = await events();
    const [alarms] = await db.query<{ n: number }>('select count(*)::int as n from alarms');
    expect(stored).toHaveLength(alarms?.n ?? -1);
    expect(new Set(stored.map((e) => e.alarm_id)).size).toBe(stored.length);
    expect(await notificationsOf(users.root as number)).toHaveLength(stored.length);
    expect((await tasks())[0]?.data.eventIds).toHaveLength(stored.length);
  });

  it('opens a new task once the open one is done', async () => {
    const [task] = await tasks();
    if (!task) throw new Error('no task');
    await db.query("update tasks set status = 'done', data = jsonb_set(data, '{status}', '\"done\"')");
    await raise(28, 0);
    await processPendingAlarms(db, publish);
    const list = await tasks();
    expect(list).toHaveLength(2);
    expect(list[1]?.data).toMatchObject({ status: 'resting', category: 'notice', signature: `Alarm${unit.id}` });
  });

  it('drains only the alarms it is given (those just raised), and the rest with the whole outbox', async () => {
    const [first] = (await raise(30, 3)).raised;
    const [second] = (await raise(31, 3)).raised;
    const [third] = (await raise(32, 3)).raised;
    if (!first || !second || !third) throw new Error('not raised');
    const eventOf = async (id: number) => (await events()).some((e) => e.alarm_id === id);
    expect(await processPendingAlarms(db, publish, { ids: [second.id] })).toBe(1);
    expect([await eventOf(first.id), await eventOf(second.id), await eventOf(third.id)]).toEqual([false, true, false]);
    // One given alarm per batch: the one already done is skipped, the next one still taken.
    expect(await processPendingAlarms(db, publish, { ids: [second.id, third.id], batch: 1 })).toBe(1);
    expect(await processPendingAlarms(db, publish)).toBe(1);
    expect(await eventOf(first.id)).toBe(true);
  });
});
