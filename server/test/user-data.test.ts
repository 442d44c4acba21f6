import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createTestApp, createUser, signIn, type TestApp } from './helpers.ts';

// The key-value store: each user's own values, by namespace and key.
let t: TestApp;
let anna: string;
let bert: string;

beforeAll(async () => {
  t = await createTestApp();
  const org = await createOrganization(t.db, 'KV Org');
  await createUser(t.db, { username: 'kv-anna', password: 'kv-password', organizationId: org, role: 2 });
  await createUser(t.db, { username: 'kv-bert', password: 'kv-password', organizationId: org, role: 2 });
  anna = await signIn(t.app, 'kv-anna', 'kv-password');
  bert = await signIn(t.app, 'kv-bert', 'kv-password');
});
afterAll(() => t.close());

const X = '/api/v1/xrequest';
const call = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const count = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from user_values'))[0]?.n;

describe('GetUserData / SetUserData / DeleteUserData', () => {
  it("stores a value under 'keyv' by default and answers the one stored item", async () => {
    const res = await call(anna, 'POST', `${X}/SetUserData`, { ValueID: 'layout', JSonData: '{"a":1}' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ ValueID: 'layout', ValueType: 'keyv', Default: 'N', JSonData: '{"a":1}' }]);
    const list = await call(anna, 'GET', `${X}/GetUserData?ValueID=layout`);
    expect(list.json()).toEqual(res.json());
  });

  it('serialises an object, keeps namespaces apart, filters by Default, and overwrites a key', async () => {
    await call(anna, 'POST', `${X}/SetUserData`, {
      ValueID: 'tasks',
      ValueType: '_event_management',
      JSonData: { t1: { kind: 'task' } },
      Default: 'Y',
    });
    await call(anna, 'POST', `${X}/SetUserData`, { ValueID: 'layout', JSonData: '{"a":2}' });
    const em = (await call(anna, 'GET', `${X}/GetUserData?ValueType=_event_management`)).json();
    expect(em).toEqual([
      { ValueID: 'tasks', ValueType: '_event_management', Default: 'Y', JSonData: '{"t1":{"kind":"task"}}' },
    ]);
    expect((await call(anna, 'GET', `${X}/GetUserData?ValueType=_event_management&Default=N`)).json()).toEqual([]);
    expect((await call(anna, 'GET', `${X}/GetUserData`)).json()).toEqual([
      { ValueID: 'layout', ValueType: 'keyv', Default: 'N', JSonData: '{"a":2}' },
    ]);
  });

  it("keeps every user's values to that user", async () => {
    expect((await call(bert, 'GET', `${X}/GetUserData`)).json()).toEqual([]);
    expect((await call(bert, 'GET', `${X}/DeleteUserData?ValueID=layout`)).statusCode).toBe(404);
    expect((await call('', 'GET', `${X}/GetUserData`)).statusCode).toBe(401);
  });

  it('refuses an empty key or value and stores nothing', async () => {
    const before = await count();
    for (const body of [
      { ValueID: '', JSonData: 'x' },
      { ValueID: 'k', JSonData: '' },
      { ValueID: ' ', JSonData: 'x' },
      { JSonData: 'x' },
    ]) {
      const res = await call(anna, 'POST', `${X}/SetUserData`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toHaveProperty('Result');
    }
    expect((await call(anna, 'GET', `${X}/DeleteUserData?ValueID=`)).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it("deletes a value, answering it, then 'Not found'", async () => {
    const res = await call(anna, 'GET', `${X}/DeleteUserData?ValueID=layout`);
    expect(res.json()).toEqual([{ ValueID: 'layout', ValueType: 'keyv', Default: 'N', JSonData: '{"a":2}' }]);
    const again = await call(anna, 'GET', `${X}/DeleteUserData?ValueID=layout`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ Result: 'Not found' });
  });
});

describe('the v1 variant', () => {
  const KV = '/api/v1/keyvalue';
  it('sets, gets by type and id, and deletes records {ID, Data}', async () => {
    const set = await call(anna, 'PUT', `${KV}/_group/g1`, { data: { name: 'North', id: 'g1', content: [] } });
    expect(set.json()).toEqual({ ID: 'g1', Data: { name: 'North', id: 'g1', content: [] } });
    await call(anna, 'PUT', `${KV}/_group/g2`, { data: 'plain' });
    expect((await call(anna, 'GET', `${KV}/_group`)).json()).toEqual([
      { ID: 'g1', Data: { name: 'North', id: 'g1', content: [] } },
      { ID: 'g2', Data: 'plain' },
    ]);
    expect((await call(anna, 'GET', `${KV}/_group?id=g2`)).json()).toEqual([{ ID: 'g2', Data: 'plain' }]);
    expect((await call(bert, 'GET', `${KV}/_group`)).json()).toEqual([]);
    expect((await call(anna, 'DELETE', `${KV}/_group/g2`)).json()).toEqual({ success: true });
    expect((await call(anna, 'DELETE', `${KV}/_group/g2`)).statusCode).toBe(404);
  });

  it("refuses a missing value ('Missing parameters') and a bad namespace", async () => {
    const before = await count();
    const res = await call(anna, 'PUT', `${KV}/keyv/k`, { data: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Missing parameters');
    expect((await call(anna, 'PUT', `${KV}/keyv/k`, {})).statusCode).toBe(400);
    expect((await call(anna, 'PUT', `${KV}/bad%20type/k`, { data: 1 })).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });
});
