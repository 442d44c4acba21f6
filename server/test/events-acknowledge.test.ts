import type { EventRecord, NotificationRecord, TaskRecord } from '@fieldwatch/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { LiveEvent } from '../src/live/bus.ts';
import { applyFindings } from '../src/modules/alarms/alarms.service.ts';
import { processPendingAlarms } from '../src/modules/events/engine.service.ts';
import { createOrganizationTree, createTestApp, createUnit, createUser, signIn, type TestApp } from './helpers.ts';

// Acknowledging an event means it is handled: the acknowledger's notification of it is seen (their
// bell drops, in every tab), everyone who sees the event hears who acknowledged it and when, and
// the event's task notes the facts, not a sentence in one language.
let t: TestApp;
const cookies: Record<string, string> = {};
const ids: Record<string, number> = {};
let north: number;
let heard: LiveEvent[] = [];
let wsUrl: string;

/** Raises one alarm of `type` on a new unit of `org` and lets the engine make its event, notifications and task. */
async function alarmEvent(serial: string, org: number, type = 30): Promise<EventRecord> {
  const id = await createUnit(t.db, { organizationId: org, serial, name: `Valve ${serial}` });
  await applyFindings(
    t.db,
    { id, organization_id: org },
    [{ channel: 1, type }],
    [{ channel: 1, type, value: null, limit: null }],
    new Date(),
  );
  await processPendingAlarms(t.db, () => {});
  const [row] = await t.db.query<{ data: EventRecord }>('select data from events where unit_id = $1', [id]);
  if (!row) throw new Error('no event');
  return row.data;
}

beforeAll(async () => {
  t = await createTestApp();
  const tree = await createOrganizationTree(t.db);
  north = tree.north;
  for (const [name, role] of [
    ['first', 1],
    ['second', 1],
    ['reader', 2],
  ] as const) {
    ids[name] = await createUser(t.db, { username: `ack-${name}`, password: 'ack-pass', organizationId: north, role });
    cookies[name] = await signIn(t.app, `ack-${name}`, 'ack-pass');
  }
  t.bus.subscribe((e) => heard.push(e));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  wsUrl = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/v3/live`;
});
afterAll(() => t.close());
beforeEach(() => {
  heard = [];
});

const call = (who: string, method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: cookies[who] ?? '' }, ...(payload ? { payload } : {}) });
const unseen = async (who: string) =>
  ((await call(who, 'GET', '/api/v3/notifications/count')).json() as { unseen: number }).unseen;
const notificationOf = async (who: string, eventId: string) =>
  ((await call(who, 'GET', '/api/v3/notifications')).json() as NotificationRecord[]).find((n) => n.eventId === eventId);
const taskOf = async (eventId: string) =>
  (await t.db.query<{ data: TaskRecord }>(`select data from tasks where data->'eventIds' ? $1`, [eventId]))[0]?.data;
const acknowledge = (who: string, eventId: string, comment: string) =>
  call(who, 'PUT', `/api/v3/events/${eventId}/acknowledge`, { comment });

describe('acknowledging an event', () => {
  it("marks only the acknowledger's notification seen, in the same change that records who, when and the comment", async () => {
    const event = await alarmEvent('ACK-1', north);
    const counts = { first: await unseen('first'), second: await unseen('second'), reader: await unseen('reader') };
    expect((await notificationOf('first', event.id))?.seen).toBe('');

    const before = Date.now();
    const res = await acknowledge('first', event.id, '  Crew sent  ');
    expect(res.statusCode, res.body).toBe(200);
    const acknowledged = (res.json() as EventRecord).acknowledged;
    expect(acknowledged).toMatchObject({ by: 'ack-first', comment: 'Crew sent' });
    const at = Date.parse(acknowledged?.at ?? '');
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);

    // The acknowledger's bell drops by one; the others' do not.
    expect(await unseen('first')).toBe(counts.first - 1);
    expect(await unseen('second')).toBe(counts.second);
    expect(await unseen('reader')).toBe(counts.reader);
    expect((await notificationOf('first', event.id))?.seen).toBe(acknowledged?.at);
    expect((await notificationOf('second', event.id))?.seen).toBe('');
    const [row] = await t.db.query<{ seen: Date | null }>(
      'select seen from notifications where user_id = $1 and event_id = $2',
      [ids.first, event.id],
    );
    expect(row?.seen?.toISOString()).toBe(acknowledged?.at);

    // Everyone who sees the event reads who acknowledged it, when, and the comment.
    for (const who of ['second', 'reader']) {
      const seenBy = (await call(who, 'GET', `/api/v3/events/${event.id}`)).json() as EventRecord;
      expect(seenBy.acknowledged).toEqual(acknowledged);
    }
  });

  it('publishes, after the commit: the acknowledgement to the organisation, the task change, the seen notification to its user', async () => {
    const event = await alarmEvent('ACK-2', north);
    heard = [];
    const res = await acknowledge('first', event.id, 'On it');
    const acknowledged = (res.json() as EventRecord).acknowledged;
    const notification = await notificationOf('first', event.id);
    const task = await taskOf(event.id);
    expect(heard).toEqual(
      expect.arrayContaining([
        {
          kind: 'acknowledged',
          eventId: event.id,
          by: 'ack-first',
          at: acknowledged?.at,
          organizationId: north,
          unitId: event.unitId,
        },
        { kind: 'task', taskId: task?.id, status: task?.status, organizationId: north, unitId: event.unitId },
        { kind: 'notificationsSeen', userId: ids.first, notificationIds: [notification?.id], at: acknowledged?.at },
      ]),
    );
    expect(heard).toHaveLength(3);
  });

  it('notes the facts in the task (event, alarm type; the comment as the note), not an English sentence', async () => {
    const event = await alarmEvent('ACK-3', north, 0);
    await acknowledge('first', event.id, 'Valve closed');
    const note = (await taskOf(event.id))?.activities.at(-1);
    expect(note).toEqual({
      type: 'note',
      note: 'Valve closed',
      acknowledged: { eventId: event.id, alarmType: 0, title: event.title, unitName: 'Valve ACK-3' },
      user: 'ack-first',
      date: (await call('first', 'GET', `/api/v3/events/${event.id}`)).json().acknowledged.at,
    });
    expect(JSON.stringify(note)).not.toContain('Acknowledged');

    // Without a comment: the facts, and an empty note.
    await acknowledge('second', event.id, '');
    expect((await taskOf(event.id))?.activities.at(-1)).toMatchObject({
      type: 'note',
      note: '',
      user: 'ack-second',
      acknowledged: { eventId: event.id, alarmType: 0 },
    });
    expect((await notificationOf('second', event.id))?.seen).not.toBe('');
  });

  it('refused (a Reader), changes nothing and publishes nothing', async () => {
    const event = await alarmEvent('ACK-4', north);
    const count = await unseen('reader');
    const task = await taskOf(event.id);
    heard = [];
    expect((await acknowledge('reader', event.id, 'no')).statusCode).toBe(403);
    expect(await unseen('reader')).toBe(count);
    expect((await notificationOf('reader', event.id))?.seen).toBe('');
    expect(await taskOf(event.id)).toEqual(task);
    expect(((await call('first', 'GET', `/api/v3/events/${event.id}`)).json() as EventRecord).acknowledged).toBe(
      undefined,
    );
    expect(heard).toEqual([]);
  });
});

describe('marking notifications seen', () => {
  it("tells the user's other tabs which were seen, and nothing when nothing changed", async () => {
    const event = await alarmEvent('ACK-5', north);
    const n = await notificationOf('second', event.id);
    heard = [];
    await call('second', 'PUT', '/api/v3/notifications/seen', { ids: [n?.id] });
    expect(heard).toEqual([
      expect.objectContaining({ kind: 'notificationsSeen', userId: ids.second, notificationIds: [n?.id] }),
    ]);
    heard = [];
    await call('second', 'PUT', '/api/v3/notifications/seen', { ids: [n?.id] });
    expect(heard).toEqual([]);
    await call('reader', 'PUT', '/api/v3/notifications/seen', {});
    expect(heard).toEqual([expect.objectContaining({ kind: 'notificationsSeen', userId: ids.reader })]);
    expect(await unseen('reader')).toBe(0);
  });
});

describe('live push of an acknowledgement', () => {
  function open(who: string) {
    const ws = new WebSocket(wsUrl, { headers: { cookie: cookies[who] ?? '' } });
    const messages: { kind: string; [key: string]: unknown }[] = [];
    ws.on('message', (data) => messages.push(JSON.parse(data.toString())));
    return { ws, messages, kinds: () => messages.map((m) => m.kind).filter((k) => k !== 'heartbeat') };
  }

  it("reaches every tab of the acknowledger with the seen notification, and other users' with the acknowledgement only", async () => {
    const event = await alarmEvent('ACK-6', north);
    const tabs = [open('first'), open('first'), open('second')];
    for (const tab of tabs) await expect.poll(() => tab.kinds()).toEqual(['hello']);
    await acknowledge('first', event.id, 'Both tabs');
    const [one, two, other] = tabs;
    for (const tab of [one, two]) {
      await expect.poll(() => tab?.kinds()).toEqual(expect.arrayContaining(['acknowledged', 'notificationsSeen']));
      expect(tab?.messages.find((m) => m.kind === 'notificationsSeen')).toMatchObject({ userId: ids.first });
      expect(tab?.messages.find((m) => m.kind === 'acknowledged')).toMatchObject({
        eventId: event.id,
        by: 'ack-first',
      });
    }
    await expect.poll(() => other?.kinds()).toEqual(expect.arrayContaining(['acknowledged', 'task']));
    // The second user's own bell is theirs: a round trip later, still no seen-notification message.
    await acknowledge('first', event.id, 'again');
    await expect.poll(() => other?.kinds().filter((k) => k === 'acknowledged').length).toBe(2);
    expect(other?.kinds()).not.toContain('notificationsSeen');
    for (const tab of tabs) tab.ws.close();
  });
});
