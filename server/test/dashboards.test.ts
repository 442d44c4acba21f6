import {
  addWidget,
  builtinDashboard,
  type DashboardRecord,
  decodeDashboardId,
  emptyDashboard,
  encodeDashboardId,
  WIDGET_TYPES,
} from '@fieldwatch/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUserRole } from '../src/modules/users/users.repository.ts';
import { createOrganization, createTestApp, createUser, signIn, signInRoles, type TestApp } from './helpers.ts';

const D = '/api/v3/user/dashboard';
let t: TestApp;
const cookie = { writer: '', reader: '', outsider: '' };
type Who = keyof typeof cookie;
let alpha = 0;

beforeAll(async () => {
  t = await createTestApp();
  alpha = await createOrganization(t.db, 'Alpha');
  const beta = await createOrganization(t.db, 'Beta');
  Object.assign(cookie, await signInRoles(t, alpha, beta));
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who: Who = 'writer') =>
  t.app.inject({
    method,
    url,
    headers: { cookie: cookie[who] },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const rows = () => t.db.query('select * from dashboards order by id');

describe('dashboards of a user', () => {
  let id = '';

  it('creates an empty dashboard and answers it with an encoded id', async () => {
    const res = await call('POST', D, { name: 'Night shift' });
    expect(res.statusCode).toBe(200);
    const d = res.json<DashboardRecord>();
    id = d.id;
    const [row] = await t.db.query<{ id: number }>('select id from dashboards');
    expect(d.id).toBe(encodeDashboardId(row?.id as number));
    expect(d).toMatchObject({ name: 'Night shift', templateId: null, useContext: false, filter: null });
    expect(d.content).toEqual(emptyDashboard('Night shift'));
  });

  it('creates from a template with the template content', async () => {
    const res = await call('POST', D, { name: 'builtin.units', templateId: 'units' });
    expect(res.json<DashboardRecord>()).toMatchObject({ templateId: 'units', content: builtinDashboard('units') });
  });

  it('lists only the caller’s own dashboards, without content when asked', async () => {
    await call('POST', D, { name: 'Reader board' }, 'reader');
    const mine = (await call('GET', D)).json<DashboardRecord[]>();
    expect(mine.map((d) => d.name)).toEqual(['Night shift', 'builtin.units']);
    const bare = (await call('GET', `${D}?excludeContent=true`)).json<DashboardRecord[]>();
    expect(bare.every((d) => d.content === null)).toBe(true);
  });

  it('saves the dashboard model sent as the body, and reads it back equal', async () => {
    const { dashboard: one } = addWidget(emptyDashboard('Night shift'), 'status');
    const { dashboard, id: widget } = addWidget(one, 'deviceMap');
    dashboard.bindings = { default: { units: { kind: 'units', updatedBy: widget, value: [1, 2] } } };
    const res = await call('PUT', `${D}/${id}`, dashboard);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<DashboardRecord>()).toMatchObject({ id, name: 'Night shift', content: dashboard });
    expect((await call('GET', `${D}/${id}`)).json<DashboardRecord>().content).toEqual(dashboard);
    const [row] = await t.db.query<{ content: unknown }>('select content from dashboards where id = $1', [
      decodeDashboardId(id),
    ]);
    expect(row?.content).toEqual(dashboard);
  });

  it('names the dashboard by the model’s name, and keeps the name when that is blank', async () => {
    const named = await call('PUT', `${D}/${id}`, emptyDashboard('Late shift'));
    expect(named.json<DashboardRecord>().name).toBe('Late shift');
    const blank = await call('PUT', `${D}/${id}`, emptyDashboard('  '));
    expect(blank.json<DashboardRecord>()).toMatchObject({ name: 'Late shift', content: emptyDashboard('  ') });
  });

  it('renames (name and content name) and stores the filter', async () => {
    expect((await call('PUT', `${D}/${id}/updateName`, { name: 'Day shift', id })).statusCode).toBe(200);
    const filter = {
      unitStatus: { alarm: true, inactive: false, ok: false, problem: true },
      unitTypes: [{ UnitTypes: '1,2' }],
      alarmTypes: [0, '28'],
      textSearch: 'luleå',
    };
    expect((await call('PUT', `${D}/${id}/filter`, filter)).statusCode).toBe(200);
    const d = (await call('GET', `${D}/${id}`)).json<DashboardRecord>();
    expect(d.name).toBe('Day shift');
    // The list, kept serialised between writes, follows the rename.
    expect((await call('GET', D)).json<DashboardRecord[]>().map((x) => x.name)).toContain('Day shift');
    expect(d.content?.name).toBe('Day shift');
    expect(d.filter).toEqual(filter);
  });

  it('refuses another user’s dashboard as not found, and changes nothing', async () => {
    const before = await rows();
    for (const [method, url, body] of [
      ['GET', `${D}/${id}`, undefined],
      ['PUT', `${D}/${id}`, emptyDashboard('x')],
      ['PUT', `${D}/${id}/updateName`, { name: 'mine now' }],
      ['DELETE', `${D}/${id}`, undefined],
    ] as const) {
      const res = await call(method, url, body, 'outsider');
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ error: true, statusCode: 404 });
    }
    expect(await rows()).toEqual(before);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = await rows();
    const bad: [string, string, unknown][] = [
      ['POST', D, {}],
      ['POST', D, { name: '   ' }],
      ['POST', D, { name: 'x', templateId: 'nope' }],
      ['PUT', `${D}/${id}`, { ...emptyDashboard(), version: '2' }],
      ['PUT', `${D}/${id}`, { ...emptyDashboard(), layouts: undefined }],
      ['PUT', `${D}/${id}`, { ...emptyDashboard(), filter: null }],
      ['PUT', `${D}/${id}`, { ...emptyDashboard(), name: 'x'.repeat(201) }],
      ['PUT', `${D}/${id}`, [emptyDashboard()]],
      // The dashboard itself is the body: a key it does not have is refused, not dropped.
      ['PUT', `${D}/${id}`, { id, name: 'Wrapped', content: emptyDashboard('Wrapped') }],
      [
        'PUT',
        `${D}/${id}`,
        {
          ...emptyDashboard(),
          widgets: { a: { component: 'virus', name: '', group: null, props: {}, settings: {} } },
        },
      ],
      [
        'PUT',
        `${D}/${id}`,
        {
          ...emptyDashboard(),
          layouts: { md: [{ x: -1, y: 0, w: 1, h: 1, mW: 1, mH: 1, i: 'a' }], sm: [], xs: [] },
        },
      ],
      ['PUT', `${D}/${id}/filter`, { unitStatus: {}, unitTypes: [], alarmTypes: [], textSearch: '' }],
      [
        'PUT',
        `${D}/${id}/filter`,
        {
          unitStatus: { alarm: true, inactive: false, ok: false, problem: false },
          unitTypes: [{ UnitTypes: '1; drop table units' }],
          alarmTypes: [],
          textSearch: '',
        },
      ],
      ['PUT', `${D}/${id}/updateName`, { name: 'x'.repeat(201) }],
    ];
    for (const [method, url, body] of bad) {
      const res = await call(method as 'POST', url, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.json()).toMatchObject({ error: true, statusCode: 400 });
    }
    expect(await rows()).toEqual(before);
  });

  it('answers 404 for ids that are not encoded ids', async () => {
    for (const bad of ['default', '1', 'MTAwMQ==', encodeDashboardId(99999)]) {
      expect((await call('GET', `${D}/${encodeURIComponent(bad)}`)).statusCode).toBe(404);
    }
  });

  it('keeps dashboards of an organisation context apart from the personal ones', async () => {
    const personal = (await call('GET', D)).json<DashboardRecord[]>().length;
    const res = await call('POST', D, { name: 'Alpha board', useContext: true });
    expect(res.json<DashboardRecord>().useContext).toBe(true);
    expect((await call('GET', `${D}?useContext=true`)).json<DashboardRecord[]>().map((d) => d.name)).toEqual([
      'Alpha board',
    ]);
    expect((await call('GET', D)).json<DashboardRecord[]>()).toHaveLength(personal);
    const [row] = await t.db.query<{ organization_id: number }>(
      "select organization_id from dashboards where name = 'Alpha board'",
    );
    expect(row?.organization_id).toBe(alpha);
  });

  it('lists the workspace dashboards of the organisation that is current, and none without one', async () => {
    const gamma = await createOrganization(t.db, 'Gamma');
    const userId = await createUser(t.db, {
      username: 'two-orgs',
      password: 'two-orgs-password',
      organizationId: alpha,
    });
    await setUserRole(t.db, userId, gamma, 1);
    const two = await signIn(t.app, 'two-orgs', 'two-orgs-password');
    const as = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie: two }, ...(payload ? { payload } : {}) });
    const workspace = async () =>
      (await as('GET', `${D}?useContext=true`)).json<DashboardRecord[]>().map((d) => d.name);
    await as('PUT', `/api/v3/user/session/current_organization?id=${alpha}`);
    await as('POST', D, { name: 'Alpha rounds', useContext: true });
    await as('PUT', `/api/v3/user/session/current_organization?id=${gamma}`);
    expect(await workspace()).toEqual([]);
    await as('POST', D, { name: 'Gamma rounds', useContext: true });
    expect(await workspace()).toEqual(['Gamma rounds']);
    await as('PUT', `/api/v3/user/session/current_organization?id=${alpha}`);
    expect(await workspace()).toEqual(['Alpha rounds']);

    await createUser(t.db, { username: 'no-org', password: 'no-org-password' });
    const none = await signIn(t.app, 'no-org', 'no-org-password');
    const res = await t.app.inject({ method: 'GET', url: `${D}?useContext=true`, headers: { cookie: none } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([]);
    const made = await t.app.inject({
      method: 'POST',
      url: D,
      headers: { cookie: none },
      payload: { name: 'Nowhere', useContext: true },
    });
    expect(made.statusCode).toBe(400);
    expect(await t.db.query("select 1 from dashboards where name = 'Nowhere'")).toEqual([]);
  });

  it('deletes', async () => {
    expect((await call('GET', D)).json<DashboardRecord[]>().map((x) => x.id)).toContain(id);
    expect((await call('DELETE', `${D}/${id}`)).statusCode).toBe(200);
    expect((await call('GET', `${D}/${id}`)).statusCode).toBe(404);
    expect((await call('GET', D)).json<DashboardRecord[]>().map((x) => x.id)).not.toContain(id);
    expect(await t.db.query('select 1 from dashboards where id = $1', [decodeDashboardId(id)])).toEqual([]);
  });

  it('opens a dashboard stored with the retired widget store without it, and refuses one anew', async () => {
    const created = (await call('POST', D, { name: 'Old board' })).json<DashboardRecord>();
    const one = addWidget(emptyDashboard('Old board'), 'status');
    const { dashboard, id: store } = addWidget(one.dashboard, 'battery');
    const stored = {
      ...dashboard,
      widgets: { ...dashboard.widgets, [store]: { ...dashboard.widgets[store], component: 'widgetStore' } },
    };
    expect((await call('PUT', `${D}/${created.id}`, stored)).statusCode).toBe(400);
    await t.db.query('update dashboards set content = $1 where id = $2', [stored, decodeDashboardId(created.id)]);
    const opened = await call('GET', `${D}/${created.id}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<DashboardRecord>().content).toEqual(one.dashboard);
    const listed = await call('GET', D);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<DashboardRecord[]>().find((d) => d.id === created.id)?.content).toEqual(one.dashboard);
    expect((await call('DELETE', `${D}/${created.id}`)).statusCode).toBe(200);
  });

  it('serves the templates and the widget list', async () => {
    const templates = (await call('GET', `${D}/template`)).json<{ id: string; content: unknown }[]>();
    expect(templates.map((x) => x.id)).toEqual(['overview', 'units', 'alarms', 'map', 'telemetry', 'parking']);
    const widgets = (await call('GET', '/api/v3/user/widget')).json<{ type: string }[]>();
    expect(widgets.map((w) => w.type)).toEqual([...WIDGET_TYPES]);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: D })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: D, payload: { name: 'x' } })).statusCode).toBe(401);
  });
});
