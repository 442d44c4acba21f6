import type { EventRecord, NotificationRecord, TaskRecord } from '@fieldwatch/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyFindings } from '../src/modules/alarms/alarms.service.ts';
import { processPendingAlarms } from '../src/modules/events/engine.service.ts';
import { createOrganizationTree, createTestApp, createUnit, createUser, signIn, type TestApp } from './helpers.ts';

// The REST calls of events, notifications and tasks, on what the engine made of a real alarm.
let t: TestApp;
const cookies: Record<string, string> = {};
let event: EventRecord;
let task: TaskRecord;
let north: number;
let tree: Awaited<ReturnType<typeof createOrganizationTree>>;

beforeAll(async () => {
  t = await createTestApp();
  tree = await createOrganizationTree(t.db);
  north = tree.north;
  for (const [name, org, role] of [
    ['writer', tree.north, 1],
    ['reader', tree.north, 2],
    ['outsider', tree.beta, 1],
  ] as const) {
    await createUser(t.db, { username: `ev-${name}`, password: 'events-pass', organizationId: org, role });
    cookies[name] = await signIn(t.app, `ev-${name}`, 'events-pass');
  }
  const id = await createUnit(t.db, { organizationId: tree.north, serial: 'EV-1', name: 'Valve K2' });
  const unit = { id, organization_id: tree.north };
  await applyFindings(
    t.db,
    unit,
    [{ channel: 1, type: 30 }],
    [{ channel: 1, type: 30, value: null, limit: null }],
    new Date(),
  );
  await processPendingAlarms(t.db, () => {});
});
afterAll(() => t.close());

const call = (who: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: cookies[who] ?? '' } : {}, ...(payload ? { payload } : {}) });
const tasksInDb = async () =>
  (await t.db.query<{ data: TaskRecord }>('select data from tasks order by created')).map((r) => r.data);

describe('GET /api/v3/events', () => {
  it('lists the events of the organisations the user may see, and answers a foreign one as missing', async () => {
    const mine = await call('writer', 'GET', '/api/v3/events');
    expect(mine.statusCode).toBe(200);
    const first = (mine.json() as EventRecord[])[0];
    if (!first) throw new Error('no event');
    event = first;
    expect(event).toMatchObject({ kind: 'event', category: 'alert', unitName: 'Valve K2', version: 2 });
    expect((await call('writer', 'GET', `/api/v3/events/${event.id}`)).json()).toEqual(event);
    expect((await call('outsider', 'GET', '/api/v3/events')).json()).toEqual([]);
    expect((await call('outsider', 'GET', `/api/v3/events/${event.id}`)).statusCode).toBe(404);
    expect((await call('', 'GET', '/api/v3/events')).statusCode).toBe(401);
  });

  it('is acknowledged with a comment by a User, noted on its task, and refused to a Reader', async () => {
    const refused = await call('reader', 'PUT', `/api/v3/events/${event.id}/acknowledge`, { comment: 'seen' });
    expect(refused.statusCode).toBe(403);
    const res = await call('writer', 'PUT', `/api/v3/events/${event.id}/acknowledge`, { comment: 'Crew sent' });
    expect(res.statusCode).toBe(200);
    expect(res.json().acknowledged).toMatchObject({ by: 'ev-writer', comment: 'Crew sent' });
    const [stored] = await tasksInDb();
    expect(stored?.activities.at(-1)).toMatchObject({ type: 'note', user: 'ev-writer' });
    expect(JSON.stringify(stored?.activities.at(-1))).toContain('Crew sent');
  });
});

describe('notifications', () => {
  it("lists the user's own, counts the unseen, marks one and then all seen", async () => {
    const list = (await call('reader', 'GET', '/api/v3/notifications')).json() as NotificationRecord[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      priority: 'critical',
      seen: '',
      message: 'Switch level 2: Switch 2 in alarm position',
    });
    expect((await call('reader', 'GET', '/api/v3/notifications/count')).json()).toEqual({ unseen: 1 });
    expect((await call('outsider', 'GET', '/api/v3/notifications')).json()).toEqual([]);
    const seen = await call('reader', 'PUT', '/api/v3/notifications/seen', { ids: [list[0]?.id, 'unknown-id'] });
    expect((seen.json() as NotificationRecord[]).map((n) => n.id)).toEqual([list[0]?.id]);
    expect((await call('reader', 'GET', '/api/v3/notifications/count')).json()).toEqual({ unseen: 0 });
    expect((await call('reader', 'GET', '/api/v3/notifications?unseen=true')).json()).toEqual([]);
    // The writer's own notification was marked seen when the writer acknowledged its event
    // (events-acknowledge.test.ts); marking all of theirs changes nothing more.
    expect((await call('writer', 'GET', '/api/v3/notifications/count')).json()).toEqual({ unseen: 0 });
    expect((await call('writer', 'PUT', '/api/v3/notifications/seen', {})).json()).toHaveLength(0);
  });
});

describe('tasks', () => {
  it('lists the alarm task and works it: status, assignee and note, each an activity', async () => {
    const first = ((await call('reader', 'GET', '/api/v3/tasks')).json() as TaskRecord[])[0];
    if (!first) throw new Error('no task');
    task = first;
    expect(task).toMatchObject({ type: 'alarm', status: 'resting', eventIds: [event.id], organizationId: north });
    const before = task.activities.length;
    const res = await call('writer', 'PUT', `/api/v3/tasks/${task.id}`, {
      status: 'working',
      assign: 'ev-writer',
      note: 'On my way',
    });
    expect(res.statusCode).toBe(200);
    const worked = res.json() as TaskRecord;
    expect(worked).toMatchObject({ status: 'working', assignees: ['ev-writer'] });
    expect(worked.activities.slice(before).map((a) => a.type)).toEqual(['status', 'assignees', 'note']);
  });

  it('refuses an empty change, withdrawing a user not assigned, and bad values, changing nothing', async () => {
    const before = await tasksInDb();
    for (const [body, message] of [
      [{}, 'Invalid task parameter'],
      [{ withdraw: 'someone-else' }, 'User not assigned'],
      [{ status: 'flying' }, 'status'],
      [{ note: '   ' }, 'note'],
      [{ assign: 42 }, 'assign'],
    ] as const) {
      const res = await call('writer', 'PUT', `/api/v3/tasks/${task.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await call('writer', 'PUT', '/api/v3/tasks/bad%20id', { status: 'done' })).statusCode).toBe(400);
    expect(await tasksInDb()).toEqual(before);
  });

  it('keeps Readers and other organisations out of changes', async () => {
    expect((await call('reader', 'PUT', `/api/v3/tasks/${task.id}`, { status: 'done' })).statusCode).toBe(403);
    expect((await call('outsider', 'PUT', `/api/v3/tasks/${task.id}`, { status: 'done' })).statusCode).toBe(404);
    expect((await call('outsider', 'DELETE', `/api/v3/tasks/${task.id}`)).statusCode).toBe(404);
    expect((await call('reader', 'POST', '/api/v3/tasks', { organizationId: north })).statusCode).toBe(403);
    expect((await tasksInDb()).map((x) => x.status)).toEqual(['working']);
  });

  it("creates a custom task ('New task' by default), archives it when done, and deletes it", async () => {
    const created = await call('writer', 'POST', '/api/v3/tasks', { organizationId: north, category: 'warning' });
    expect(created.statusCode).toBe(200);
    const custom = created.json() as TaskRecord;
    expect(custom).toMatchObject({ title: 'New task', signature: 'default', type: 'custom', status: 'resting' });
    await call('writer', 'PUT', `/api/v3/tasks/${custom.id}`, { status: 'done' });
    const archived = (await call('writer', 'GET', '/api/v3/tasks?archived=true')).json() as TaskRecord[];
    expect(archived.map((x) => x.id)).toEqual([custom.id]);
    expect(((await call('writer', 'GET', '/api/v3/tasks')).json() as TaskRecord[]).map((x) => x.id)).toEqual([task.id]);
    expect((await call('writer', 'DELETE', `/api/v3/tasks/${custom.id}`)).json()).toEqual({ success: true });
    expect((await call('writer', 'GET', `/api/v3/tasks/${custom.id}`)).statusCode).toBe(404);
  });

  it('answers who may be assigned: users of the organisation or above whose role works tasks', async () => {
    const res = await call('reader', 'GET', `/api/v3/tasks/assignees?organizationId=${north}`);
    expect((res.json() as { username: string }[]).map((u) => u.username)).toEqual(['ev-writer']);
    expect((await call('outsider', 'GET', `/api/v3/tasks/assignees?organizationId=${north}`)).statusCode).toBe(404);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of ['/api/v3/events', '/api/v3/notifications/seen', '/api/v3/tasks/{id}']) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });
});

describe('task files', () => {
  const upload = (who: string, id: string, body: Buffer, query: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v3/tasks/${id}/files?${query}`,
      headers: { cookie: cookies[who] ?? '', 'content-type': 'application/octet-stream' },
      payload: body,
    });

  it('attaches, lists, downloads as an attachment and deletes a file', async () => {
    const bytes = Buffer.from('%PDF-1.4 inspection report');
    const res = await upload('writer', task.id, bytes, 'name=Inspektion%20K2.pdf&type=application/pdf');
    expect(res.statusCode).toBe(200);
    const file = res.json();
    expect(file).toMatchObject({
      name: 'Inspektion K2.pdf',
      type: 'application/pdf',
      size: bytes.length,
      uploadedBy: 'ev-writer',
    });
    expect((await call('reader', 'GET', `/api/v3/tasks/${task.id}/files`)).json()).toEqual([file]);
    const got = await call('reader', 'GET', `/api/v3/tasks/${task.id}/files/${file.id}`);
    expect(got.rawPayload.equals(bytes)).toBe(true);
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="Inspektion K2.pdf"; filename*=UTF-8''Inspektion%20K2.pdf`,
    );
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect((await call('reader', 'DELETE', `/api/v3/tasks/${task.id}/files/${file.id}`)).statusCode).toBe(403);
    expect((await call('writer', 'DELETE', `/api/v3/tasks/${task.id}/files/${file.id}`)).json()).toEqual({
      success: true,
    });
    expect((await call('writer', 'GET', `/api/v3/tasks/${task.id}/files`)).json()).toEqual([]);
  });

  it('serves only pictures, PDFs and plain text as their type; anything else as bytes to save; all sandboxed', async () => {
    const cases: [query: string, served: string][] = [
      ['name=x.js&type=text/javascript', 'application/octet-stream'],
      ['name=x.html&type=text/html', 'application/octet-stream'],
      ['name=x.svg&type=image/svg%2Bxml', 'application/octet-stream'],
      ['name=x.xhtml&type=application/xhtml%2Bxml', 'application/octet-stream'],
      ['name=x.txt&type=text/xml', 'application/octet-stream'],
      ['name=page.html', 'application/octet-stream'],
      ['name=photo.png&type=image/png', 'image/png'],
      ['name=Photo.JPG', 'image/jpeg'],
      ['name=report.pdf&type=Application/PDF', 'application/pdf'],
      ['name=readings.csv&type=text/csv', 'text/csv'],
      ['name=notes.txt&type=text/plain', 'text/plain'],
      ['name=x.png&type=application/octet-stream', 'application/octet-stream'],
    ];
    const script = Buffer.from('<script>alert(document.cookie)</script>');
    for (const [query, served] of cases) {
      const res = await upload('writer', task.id, script, query);
      expect(res.statusCode, query).toBe(200);
      expect(res.json().type, query).toBe(served);
      const got = await call('reader', 'GET', `/api/v3/tasks/${task.id}/files/${res.json().id}`);
      expect(got.headers['content-type'], query).toBe(served);
      expect(got.headers['content-disposition'], query).toMatch(/^attachment; /);
      expect(got.headers['content-security-policy'], query).toMatch(/(^|; )sandbox(;|$)/);
      expect(got.headers['content-security-policy'], query).toContain("default-src 'none'");
      expect(got.headers['x-content-type-options'], query).toBe('nosniff');
      expect(got.headers['cross-origin-resource-policy'], query).toBe('same-origin');
    }
    // A file stored with a type of its own before this rule is served by the same rule.
    const [legacy] = await t.db.query<{ id: string }>(
      `insert into task_files (id, task_id, name, content_type, size, data, uploaded_by)
       values ('legacy-html', $1, 'old.html', 'text/html', $2, $3, 'ev-writer') returning id`,
      [task.id, script.length, script],
    );
    const old = await call('reader', 'GET', `/api/v3/tasks/${task.id}/files/${legacy?.id}`);
    expect(old.headers['content-type']).toBe('application/octet-stream');
    await t.db.query('delete from task_files where task_id = $1', [task.id]);
  });

  it('refuses readers, other organisations, an empty file, a missing name and more than 10 MB', async () => {
    const one = Buffer.from('x');
    expect((await upload('reader', task.id, one, 'name=a.txt')).statusCode).toBe(403);
    expect((await upload('outsider', task.id, one, 'name=a.txt')).statusCode).toBe(404);
    expect((await upload('writer', task.id, Buffer.alloc(0), 'name=a.txt')).statusCode).toBe(400);
    expect((await upload('writer', task.id, one, 'name=%20')).statusCode).toBe(400);
    expect((await upload('writer', task.id, one, 'name=a.txt&type=not%20a%20type')).statusCode).toBe(400);
    expect((await upload('writer', task.id, Buffer.alloc(10 * 1024 * 1024 + 1), 'name=big.bin')).statusCode).toBe(413);
    expect((await call('outsider', 'GET', `/api/v3/tasks/${task.id}/files`)).statusCode).toBe(404);
    const [n] = await t.db.query<{ n: number }>('select count(*)::int as n from task_files');
    expect(n?.n).toBe(0);
  });
});

describe('notification order', () => {
  it('lists newest first, and critical first among notifications of the same moment', async () => {
    const [unitRow] = await t.db.query<{ id: number }>("select id from units where serial = 'EV-1'");
    const unit = { id: unitRow?.id ?? 0, organization_id: north };
    const at = new Date();
    for (const type of [4, 6, 0]) {
      await applyFindings(t.db, unit, [{ channel: 2, type }], [{ channel: 2, type, value: null, limit: null }], at);
    }
    await processPendingAlarms(t.db, () => {});
    const list = (await call('reader', 'GET', '/api/v3/notifications?unseen=true')).json() as NotificationRecord[];
    expect(list).toHaveLength(3);
    expect(list[0]?.priority).toBe('critical');
    expect(list[0]?.message).toMatch(/^Resistance level 1/);
  });
});

describe('task references', () => {
  // Besides the tree of helpers.ts: a User above north (alpha) and one below it (northX), and an
  // event of a unit below north (northX) and of a unit elsewhere (beta).
  const events = { below: '', elsewhere: '' };
  let custom: TaskRecord;

  beforeAll(async () => {
    for (const [name, org] of [
      ['above', tree.alpha],
      ['below', tree.northX],
    ] as const) {
      await createUser(t.db, { username: `ev-${name}`, password: 'events-pass', organizationId: org, role: 1 });
    }
    for (const [key, org] of [
      ['below', tree.northX],
      ['elsewhere', tree.beta],
    ] as const) {
      const id = await createUnit(t.db, { organizationId: org, serial: `EV-${key}`, name: `Valve ${key}` });
      const unit = { id, organization_id: org };
      await applyFindings(
        t.db,
        unit,
        [{ channel: 1, type: 30 }],
        [{ channel: 1, type: 30, value: null, limit: null }],
        new Date(),
      );
    }
    await processPendingAlarms(t.db, () => {});
    const rows = await t.db.query<{ id: string; organization_id: number }>('select id, organization_id from events');
    events.below = rows.find((r) => r.organization_id === tree.northX)?.id ?? '';
    events.elsewhere = rows.find((r) => r.organization_id === tree.beta)?.id ?? '';
    expect(events.below && events.elsewhere).toBeTruthy();
  });

  it("creates a task with assignees who work the organisation's tasks and events of its units (below it too)", async () => {
    const res = await call('writer', 'POST', '/api/v3/tasks', {
      organizationId: north,
      assignees: ['EV-Writer', 'ev-above'],
      eventIds: [event.id, events.below],
    });
    expect(res.statusCode, res.body).toBe(200);
    custom = res.json() as TaskRecord;
    // Assignees are kept as the users' own names.
    expect(custom).toMatchObject({ assignees: ['ev-writer', 'ev-above'], eventIds: [event.id, events.below] });
  });

  it.each([
    ['a user of another organisation', () => ({ assignees: ['ev-outsider'] }), 'assignees: ev-outsider'],
    ['a user below the organisation (who cannot see it)', () => ({ assignees: ['ev-below'] }), 'assignees: ev-below'],
    [
      'a Reader of the organisation (who may not work tasks)',
      () => ({ assignees: ['ev-reader'] }),
      'assignees: ev-reader',
    ],
    ['an unknown user', () => ({ assignees: ['ev-writer', 'nobody'] }), 'assignees: nobody'],
    ['an event of another organisation', () => ({ eventIds: [events.elsewhere] }), 'eventIds:'],
    ['an unknown event', () => ({ eventIds: ['no-such-event'] }), 'eventIds: no-such-event'],
  ])('refuses to create a task with %s (400), storing nothing', async (_, refs, message) => {
    const before = await tasksInDb();
    const res = await call('writer', 'POST', '/api/v3/tasks', { organizationId: north, ...refs() });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await tasksInDb()).toEqual(before);
  });

  it('refuses to assign or add such references to a task (400), changing nothing', async () => {
    const before = await tasksInDb();
    for (const [body, message] of [
      [{ assign: 'ev-outsider' }, 'assign: ev-outsider'],
      [{ assign: 'ev-reader', note: 'with a valid part' }, 'assign: ev-reader'],
      [{ addEvents: [events.elsewhere] }, `addEvents: ${events.elsewhere}`],
      [{ addEvents: [event.id, 'no-such-event'], status: 'working' }, 'addEvents: no-such-event'],
    ] as const) {
      const res = await call('writer', 'PUT', `/api/v3/tasks/${custom.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await tasksInDb()).toEqual(before);
    // The alarm task of the unit below north takes events of its own subtree only, not north's.
    const [below] = (await tasksInDb()).filter((x) => x.eventIds.includes(events.below) && x.type === 'alarm');
    if (!below) throw new Error('no alarm task below');
    const up = await call('writer', 'PUT', `/api/v3/tasks/${below.id}`, { addEvents: [event.id] });
    expect(up.statusCode, up.body).toBe(400);
  });

  it('assigns a user of an organisation above, named in any case, as their own name', async () => {
    const res = await call('writer', 'PUT', `/api/v3/tasks/${custom.id}`, {
      assign: 'EV-ABOVE',
      withdraw: 'ev-writer',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as TaskRecord).assignees).toEqual(['ev-above']);
  });

  it("offers and accepts the platform's staff as assignees only to the platform's staff", async () => {
    await createUser(t.db, { username: 'ev-staff', password: 'events-pass', organizationId: tree.root, role: 0 });
    cookies.staff = await signIn(t.app, 'ev-staff', 'events-pass');
    const offered = async (who: string) =>
      (
        (await call(who, 'GET', `/api/v3/tasks/assignees?organizationId=${north}`)).json() as { username: string }[]
      ).map((u) => u.username);
    const toWriter = await offered('writer');
    expect(toWriter).toContain('ev-above');
    expect(toWriter).not.toContain('ev-staff');
    expect(await offered('staff')).toContain('ev-staff');
    const refused = await call('writer', 'PUT', `/api/v3/tasks/${custom.id}`, { assign: 'ev-staff' });
    expect(refused.statusCode, refused.body).toBe(400);
    const byStaff = await call('staff', 'PUT', `/api/v3/tasks/${custom.id}`, { assign: 'ev-staff' });
    expect(byStaff.statusCode, byStaff.body).toBe(200);
    expect((byStaff.json() as TaskRecord).assignees).toContain('ev-staff');
  });
});
