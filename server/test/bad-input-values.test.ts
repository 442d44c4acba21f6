import { encodeDashboardId } from '@fieldwatch/core';
import { describe, expect, it } from 'vitest';
import { expect400, useBadInputApp } from './fixtures/badInput.ts';

// Bad input through the real app: what is refused, with which answer, and that nothing is written.
// This file: text the database cannot store (lone surrogates, bad UTF-8), and ids beyond its integer.

const { t } = useBadInputApp();

describe('text the database cannot store', () => {
  const json = (method: 'POST' | 'PUT', url: string, body: string) =>
    t.app.inject({ method, url, headers: { cookie: t.cookie, 'content-type': 'application/json' }, payload: body });

  it.each([
    [
      'a lone high surrogate in a body text',
      'POST',
      '/api/v3/tasks',
      '{"organizationId":ORG,"title":"a\\ud800"}',
      'title',
    ],
    [
      'a lone low surrogate in a body text',
      'POST',
      '/api/v3/tasks',
      '{"organizationId":ORG,"title":"\\udc00b"}',
      'title',
    ],
    ['a lone surrogate in a free-form JSON key', 'PUT', '/api/v1/keyvalue/notes/k1', '{"data":{"\\ud800":1}}', 'data'],
    [
      'a lone surrogate deep in free-form JSON',
      'PUT',
      '/api/v1/keyvalue/notes/k1',
      '{"data":[{"a":["\\udfff"]}]}',
      'data',
    ],
  ] as const)('refuses %s with 400 naming it, storing nothing', async (_, method, url, body, field) => {
    const [before] = await t.db.query<{ n: number }>(
      'select (select count(*) from tasks) + (select count(*) from user_values) as n',
    );
    const res = await json(method, url, body.replace('ORG', String(t.orgA)));
    expect400(res, field);
    expect(res.json().message).toContain('lone UTF-16 surrogate');
    const [after] = await t.db.query<{ n: number }>(
      'select (select count(*) from tasks) + (select count(*) from user_values) as n',
    );
    expect(after?.n).toBe(before?.n);
  });

  it('accepts a surrogate pair (an emoji) where a lone half is refused', async () => {
    const res = await json('POST', '/api/v3/tasks', `{"organizationId":${t.orgA},"title":"Leak \\ud83d\\udca7"}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().title).toBe('Leak 💧');
  });

  it('refuses a query text whose percent-escapes are not UTF-8 (%ED%A0%80 is a lone surrogate), in every error shape', async () => {
    const get = (url: string) => t.app.inject({ url, headers: { cookie: t.cookie } });
    const v3 = await get('/api/v1/keyvalue/notes?id=%ED%A0%80');
    expect400(v3, 'id');
    expect(v3.json().message).toContain('UTF-8');
    const legacy = await get('/api/v1/xrequest/GetUserData?ValueID=x%ED%A0%80');
    expect(legacy.statusCode).toBe(400);
    expect(legacy.json().Result).toContain('ValueID');
    // Text that decodes, an emoji among it, still goes through.
    expect((await get('/api/v1/keyvalue/notes?id=%F0%9F%92%A7%20100%25')).statusCode).toBe(200);
  });

  it('refuses the same in a path parameter', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/keyvalue/notes/%ED%A0%80',
      headers: { cookie: t.cookie },
      payload: { data: 1 },
    });
    expect400(res);
  });
});

describe('ids beyond the database integer (1 to 2147483647)', () => {
  const legacy = (call: string, query: string) =>
    t.app.inject({ url: `/api/v1/xrequest/${call}?${query}`, headers: { cookie: t.cookie } });

  it.each([
    ['GetAlarms', 'UnitIDs=99999999999999', 'UnitIDs'],
    ['GetAlarms', 'CustomerIDs=2147483648', 'CustomerIDs'],
    ['GetUnitsByPos', 'UnitGroups=99999999999999', 'UnitGroups'],
    ['GetUnitsByPos', 'UnitIDs=1,2147483648', 'UnitIDs'],
    ['GetUnitsInfo', 'UnitIDs=0', 'UnitIDs'],
    ['GetUnitsShowValue', 'CustomerIDs=4294967296', 'CustomerIDs'],
    ['GetUnitType', 'CustomerIDs=9999999999', 'CustomerIDs'],
    ['GetReportParkingUsage', 'StartDate=2025-01-01&StopDate=2025-01-02&UnitIDs=99999999999', 'UnitIDs'],
  ])('%s?%s answers 400 naming the list', async (call, query, field) => {
    const res = await legacy(call, query);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().Result).toContain(`${field}: an id is a whole number from 1 to 2147483647`);
  });

  it('refuses them in the v1 device list, the CSV export and the group list too', async () => {
    const orgs = await t.app.inject({ url: '/api/v1/device?orgs=2147483648', headers: { cookie: t.cookie } });
    expect400(orgs, 'orgs');
    const units = await t.app.inject({
      url: '/api/v3/device/devices/export.csv?units=1,99999999999',
      headers: { cookie: t.cookie },
    });
    expect400(units, 'units');
    const groups = await t.app.inject({
      method: 'POST',
      url: '/api/v1/xrequest/GetUnitGroups',
      headers: { cookie: t.cookie },
      payload: { CustomerID: '9999999999' },
    });
    expect(groups.statusCode, groups.body).toBe(400);
    expect(groups.json().Result).toContain('CustomerID');
  });

  it('answers a dashboard id beyond them like any unknown dashboard (404)', async () => {
    const res = await t.app.inject({
      url: `/api/v3/user/dashboard/${encodeDashboardId(3_000_000_000)}`,
      headers: { cookie: t.cookie },
    });
    expect(res.statusCode, res.body).toBe(404);
  });

  it('accepts the largest id, blank entries and spaces', async () => {
    const res = await legacy('GetAlarms', 'UnitIDs=%202147483647%20,');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([]);
  });
});
