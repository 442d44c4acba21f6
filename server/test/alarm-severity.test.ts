import {
  AccessLevel,
  type AlarmSeverityList,
  alarmTaskSignature,
  type EffectiveAlarmSeverities,
  type EventRecord,
  type NotificationRecord,
  type TaskRecord,
} from '@fieldwatch/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyFindings } from '../src/modules/alarms/alarms.service.ts';
import { processPendingAlarms } from '../src/modules/events/engine.service.ts';
import { sendDigests } from '../src/modules/events/mailer.ts';
import { createOrganizationTree, createTestApp, createUnit, createUser, signIn, type TestApp } from './helpers.ts';

// Severity per alarm type and organization (core/src/events/severity.ts), through the real routes
// and the event engine on a real database.
const PASSWORD = 'severity-secret';
let t: TestApp;
let tree: Awaited<ReturnType<typeof createOrganizationTree>>;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  tree = await createOrganizationTree(t.db);
  for (const [name, org, role] of [
    ['superAlpha', tree.alpha, AccessLevel.SuperUser],
    ['superNorth', tree.north, AccessLevel.SuperUser],
    ['superBeta', tree.beta, AccessLevel.SuperUser],
    ['userAlpha', tree.alpha, AccessLevel.User],
    ['readerAlpha', tree.alpha, AccessLevel.Reader],
    ['userNorthX', tree.northX, AccessLevel.User],
  ] as const) {
    await createUser(t.db, { username: `sev-${name}`, password: PASSWORD, organizationId: org, role });
    cookies[name] = await signIn(t.app, `sev-${name}`, PASSWORD);
  }
});
afterAll(() => t.close());

const url = (org: number) => `/api/v1/admin/organization/${org}/alarmSeverities`;
const get = (org: number, who: string) => t.app.inject({ url: url(org), headers: { cookie: cookies[who] ?? '' } });
const put = (org: number, who: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: url(org),
    headers: { cookie: cookies[who] ?? '', 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
const rowOf = (list: AlarmSeverityList, type: number) => list.types.find((r) => r.alarmType === type);
const stored = () =>
  t.db.query('select organization_id, alarm_type, severity from alarm_severities order by organization_id, alarm_type');

describe('alarm severity settings', () => {
  it('lists every alarm type with the spec default before anything is set', async () => {
    const res = await get(tree.alpha, 'superAlpha');
    expect(res.statusCode).toBe(200);
    const list = res.json<AlarmSeverityList>();
    expect(list.types.length).toBe(43);
    expect(rowOf(list, 0)).toEqual({
      alarmType: 0,
      own: null,
      inherited: 'alert',
      inheritedFrom: 'default',
      effective: 'alert',
    });
    expect(rowOf(list, 30)?.effective).toBe('alert');
    expect(rowOf(list, 2)?.effective).toBe('notice');
    // The analysis's: a suspected fault is an alert, a forecast a warning.
    expect(rowOf(list, 60)?.effective).toBe('alert');
    expect(rowOf(list, 61)?.effective).toBe('warning');
    expect(rowOf(list, 62)?.effective).toBe('warning');
  });

  it('is inherited by every organisation below, the nearest setting winning', async () => {
    expect(
      (await put(tree.alpha, 'superAlpha', { severities: [{ alarmType: 2, severity: 'pre-alert' }] })).statusCode,
    ).toBe(200);
    const north = (await get(tree.north, 'superNorth')).json<AlarmSeverityList>();
    expect(rowOf(north, 2)).toMatchObject({
      own: null,
      inherited: 'pre-alert',
      inheritedFrom: 'ancestor',
      effective: 'pre-alert',
    });

    const set = await put(tree.north, 'superNorth', { severities: [{ alarmType: 2, severity: 'critical' }] });
    expect(set.statusCode).toBe(200);
    expect(rowOf(set.json<AlarmSeverityList>(), 2)).toMatchObject({ own: 'critical', inherited: 'pre-alert' });
    // North X is below north: north's setting is nearer than alpha's. South is beside it: alpha's.
    expect(rowOf((await get(tree.northX, 'superAlpha')).json<AlarmSeverityList>(), 2)?.effective).toBe('critical');
    expect(rowOf((await get(tree.south, 'superAlpha')).json<AlarmSeverityList>(), 2)?.effective).toBe('pre-alert');
    expect(rowOf((await get(tree.alpha, 'superAlpha')).json<AlarmSeverityList>(), 2)?.own).toBe('pre-alert');
    // Beta is not below alpha: the default.
    expect(rowOf((await get(tree.beta, 'superBeta')).json<AlarmSeverityList>(), 2)?.effective).toBe('notice');

    // What each user's organizations apply, for the web's unit alarms.
    const seen = await t.app.inject({ url: '/api/v3/alarmSeverities', headers: { cookie: cookies.userNorthX ?? '' } });
    expect(seen.json<EffectiveAlarmSeverities>()).toEqual([
      { organizationId: tree.northX, severities: [{ alarmType: 2, severity: 'critical' }] },
    ]);
  });

  it('may be set only by a SuperUser of the organisation or above (403 otherwise), writing nothing', async () => {
    const before = await stored();
    const body = { severities: [{ alarmType: 2, severity: 'warning' }] };
    for (const [org, who] of [
      [tree.alpha, 'superNorth'], // a SuperUser below
      [tree.root, 'superAlpha'], // above the caller's organisation
      [tree.alpha, 'superBeta'], // beside
      [tree.alpha, 'userAlpha'],
      [tree.alpha, 'readerAlpha'],
      [999_999, 'superAlpha'], // no such organization: the same answer
    ] as const) {
      const res = await put(org, who, body);
      expect(res.statusCode, `${who} on ${org}`).toBe(403);
      expect(res.json()).toMatchObject({ error: true, statusCode: 403 });
      expect((await get(org, who)).statusCode, `${who} reads ${org}`).toBe(403);
    }
    const anonymous = await t.app.inject({ method: 'PUT', url: url(tree.alpha), payload: body });
    expect(anonymous.statusCode).toBe(401);
    expect(await stored()).toEqual(before);
  });

  it('refuses bad input with 400, writing nothing', async () => {
    const before = await stored();
    for (const body of [
      {},
      { severities: [] },
      { severities: [{ alarmType: 33, severity: 'alert' }] }, // not an alarm type
      { severities: [{ alarmType: -1, severity: 'alert' }] },
      { severities: [{ alarmType: 2, severity: 'severe' }] },
      { severities: [{ alarmType: 2, severity: 'Alert' }] },
      { severities: [{ alarmType: 2, severity: 3 }] },
      { severities: [{ alarmType: '2', severity: 'alert' }] },
      { severities: [{ alarmType: 2 }] },
      { severities: [{ alarmType: 2, severity: 'alert', organization: 1 }] },
      { severities: [{ alarmType: 2, severity: 'alert' }], extra: true },
      {
        severities: [
          { alarmType: 1, severity: 'alert' },
          { alarmType: 1, severity: 'notice' },
        ],
      },
      'alert',
    ]) {
      const res = await put(tree.alpha, 'superAlpha', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await stored()).toEqual(before);
  });
});

describe('events after a change', () => {
  const raise = async (unit: number, type: number) => {
    await applyFindings(
      t.db,
      { id: unit, organization_id: tree.northX },
      [{ channel: 1, type }],
      [{ channel: 1, type, value: 0.5, limit: 1 }],
      new Date(),
    );
    await processPendingAlarms(t.db, () => {});
    const [row] = await t.db.query<{ id: string; data: EventRecord }>(
      'select id, data from events where unit_id = $1 order by created desc limit 1',
      [unit],
    );
    return row as { id: string; data: EventRecord };
  };
  const notificationOf = async (eventId: string) =>
    (
      await t.db.query<{ data: NotificationRecord }>(
        `select n.data from notifications n join users u on u.id = n.user_id
         where n.event_id = $1 and u.username = 'sev-userNorthX'`,
        [eventId],
      )
    )[0]?.data;
  const taskOf = async (unit: number) =>
    (
      await t.db.query<{ data: TaskRecord }>('select data from tasks where signature = $1', [alarmTaskSignature(unit)])
    )[0]?.data;

  it('a new event gets the severity in force, its notification and task follow; older events keep theirs', async () => {
    // North sets type 2 critical (previous test): a unit of north X gets it.
    const first = await createUnit(t.db, { organizationId: tree.northX, serial: 'SEV-1' });
    const before = await raise(first, 2);
    expect(before.data.category).toBe('critical');
    expect((await notificationOf(before.id))?.priority).toBe('critical');
    expect((await taskOf(first))?.category).toBe('critical');

    // North clears its setting: alpha's pre-alert applies to the next event.
    const cleared = await put(tree.north, 'superNorth', { severities: [{ alarmType: 2, severity: null }] });
    expect(rowOf(cleared.json<AlarmSeverityList>(), 2)).toMatchObject({ own: null, effective: 'pre-alert' });
    const second = await createUnit(t.db, { organizationId: tree.northX, serial: 'SEV-2' });
    const after = await raise(second, 2);
    expect(after.data.category).toBe('pre-alert');
    expect((await notificationOf(after.id))?.priority).toBe('high');
    expect((await taskOf(second))?.category).toBe('alert');

    // Type 0 set milder than its default on alpha: a notice, priority normal.
    await put(tree.alpha, 'superAlpha', { severities: [{ alarmType: 0, severity: 'warning' }] });
    const third = await createUnit(t.db, { organizationId: tree.northX, serial: 'SEV-3' });
    const warning = await raise(third, 0);
    expect(warning.data.category).toBe('warning');
    expect((await notificationOf(warning.id))?.priority).toBe('high');

    // The first event and its notification are as they were raised.
    const [old] = await t.db.query<{ data: EventRecord }>('select data from events where id = $1', [before.id]);
    expect(old?.data.category).toBe('critical');
    expect((await notificationOf(before.id))?.priority).toBe('critical');
    // A type no one set keeps the spec default.
    const fourth = await createUnit(t.db, { organizationId: tree.northX, serial: 'SEV-4' });
    const plain = await raise(fourth, 28);
    expect(plain.data.category).toBe('notice');
    expect((await notificationOf(plain.id))?.priority).toBe('normal');
  });

  it('e-mail digests name each line’s severity in the reader’s language', async () => {
    await t.db.query(
      "update users set email = 'northx@example.test', notification_email = true, language = 'de' where username = 'sev-userNorthX'",
    );
    const sent: { to: string; text: string }[] = [];
    await sendDigests(t.db, { sendMail: async (m) => sent.push(m) }, 'fw@localhost');
    const text = sent.find((m) => m.to === 'northx@example.test')?.text ?? '';
    const lines = text.split('\n').filter((l) => l.startsWith('•'));
    expect(lines).toHaveLength(4);
    // The events above: critical, pre-alert, warning and notice (Schweregrade in German).
    expect(lines.map((l) => /\[([^\]]+)\]/.exec(l)?.[1]).sort()).toEqual([
      'Hinweis',
      'Kritisch',
      'Voralarm',
      'Warnung',
    ]);
  });
});
