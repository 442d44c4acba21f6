import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAudit, pruneAudit, verifyAudit } from '../src/modules/audit/audit.service.ts';
import { createOrganization, createTestApp, createUnit, signInRoles, type TestApp } from './helpers.ts';

// The audit trail through the real app: changes made through the API, the chain that proves
// nothing was removed or altered, the administration's view of it.
let t: TestApp;
let org: number;
let child: number;
let other: number;
let unit: number;
let roles: Awaited<ReturnType<typeof signInRoles>>;

type Entry = {
  action: string;
  username: string | null;
  apiKey: string | null;
  address: string;
  object: string | null;
  status: number;
  changes: string;
  before: string | null;
  organizationId: number | null;
};
async function trail(query = '', cookie = roles.manager, id = org) {
  const res = await t.app.inject({ url: `/api/v1/admin/organization/${id}/audit${query}`, headers: { cookie } });
  return res;
}
const entries = async (query = '') => (await trail(query)).json().entries as Entry[];

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrganization(t.db, 'Audited');
  child = await createOrganization(t.db, 'Audited child', org);
  other = await createOrganization(t.db, 'Elsewhere');
  unit = await createUnit(t.db, { organizationId: child, serial: 'AUD-1', channels: 1 });
  roles = await signInRoles(t, org, other);
});
afterAll(() => t.close());

describe('the audit trail', () => {
  it('records a change with who, from where, which object and what was asked, in the object’s organization', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/device/legacy/devices/${unit}/settings`,
      headers: { cookie: roles.manager },
      payload: { UnitLocation: 'Pump house 3' },
    });
    expect(res.statusCode).toBe(200);
    const [last] = await entries();
    expect(last).toMatchObject({
      action: 'PUT /api/v2/device/legacy/devices/:id/settings',
      username: expect.stringMatching(/^manager-/),
      apiKey: null,
      address: '127.0.0.1',
      object: JSON.stringify({ id: unit }),
      status: 200,
      organizationId: child,
    });
    expect(JSON.parse(last?.changes ?? '{}')).toEqual({ UnitLocation: 'Pump house 3' });
    // The unit's settings show before and after: the next change says what this one left.
    await t.app.inject({
      method: 'PUT',
      url: `/api/v2/device/legacy/devices/${unit}/settings`,
      headers: { cookie: roles.manager },
      payload: { UnitLocation: 'Pump house 5' },
    });
    const [next] = await entries();
    expect(JSON.parse(next?.before ?? 'null')).toEqual({ UnitLocation: 'Pump house 3' });
    expect(JSON.parse(next?.changes ?? '{}')).toEqual({ UnitLocation: 'Pump house 5' });
  });

  it('records sign-ins and failed sign-ins, never the password; nothing for a refused or invalid request', async () => {
    const before = (await entries()).length;
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { username: 'nobody-here', password } });
    const failed = await login('wrong-password');
    expect(failed.statusCode).toBeGreaterThan(400);
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/device/legacy/devices/${unit}/settings`,
      headers: { cookie: roles.outsider },
      payload: { UnitLocation: 'Taken over' },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(403);
    const invalid = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/device/legacy/devices/${unit}/settings`,
      headers: { cookie: roles.manager },
      payload: { UnitLocation: 42 },
    });
    expect(invalid.statusCode).toBe(400);
    // The unknown user's failed sign-in has no organization: only its own chain holds it.
    expect((await entries()).length).toBe(before);
    const [row] = await t.db.query<{ action: string; status: number; changes: string; username: string }>(
      "select action, status, changes, username from audit_log where action like 'POST /api/v2/auth/login' order by id desc limit 1",
    );
    expect(row).toMatchObject({ status: failed.statusCode, username: 'nobody-here' });
    expect(JSON.parse(row?.changes ?? '{}')).toEqual({ username: 'nobody-here', password: '•••' });
  });

  it('names the API key a change was made with', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v3/user/apiKeys',
      headers: { cookie: roles.manager },
      payload: { name: 'work orders', scopes: ['read', 'write'], currentPassword: 'roles-password' },
    });
    expect(created.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/device/legacy/devices/${unit}/settings`,
      headers: { authorization: `Bearer ${created.json().key}` },
      payload: { UnitLocation: 'Pump house 4' },
    });
    expect(res.statusCode).toBe(200);
    const [last] = await entries();
    expect(last).toMatchObject({ apiKey: 'work orders', username: expect.stringMatching(/^manager-/) });
  });

  it('shows a SuperUser the entries of their tree only, filtered, and as CSV', async () => {
    expect((await trail('', roles.writer)).statusCode).toBe(403);
    expect((await trail('', roles.outsider)).statusCode).toBe(403);
    const byPerson = await entries('?person=manager');
    expect(byPerson.length).toBeGreaterThan(0);
    expect(byPerson.every((e) => e.username?.startsWith('manager-'))).toBe(true);
    expect(await entries('?person=manager-nobody')).toEqual([]);
    expect((await entries('?object=settings')).length).toBeGreaterThanOrEqual(2);
    expect((await trail('?from=yesterday')).statusCode).toBe(400);
    const csv = await t.app.inject({
      url: `/api/v1/admin/organization/${org}/audit.csv`,
      headers: { cookie: roles.manager },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,at,organization,user,username,apiKey,address,action,object,status,changes,before');
    expect(lines.some((l) => l.includes('Pump house 4'))).toBe(true);
  });

  it('detects a removed or altered entry, and stays verifiable after retention', async () => {
    expect((await verifyAudit(t.db)).breaks).toEqual([]);
    const [victim] = await t.db.query<{ id: string }>('select id from audit_log where chain = $1 order by id limit 1', [
      child,
    ]);
    await t.db.query(`update audit_log set changes = '{"UnitLocation":"Nothing happened"}' where id = $1`, [
      victim?.id,
    ]);
    expect((await verifyAudit(t.db)).breaks).toEqual([{ chain: child, id: victim?.id, reason: 'altered' }]);
    await t.db.query('delete from audit_log where id = $1', [victim?.id]);
    const removed = (await verifyAudit(t.db)).breaks;
    expect(removed).toHaveLength(1);
    expect(removed[0]).toMatchObject({ chain: child, reason: 'removed before' });

    // Retention removes whole prefixes and moves the chain's anchor: what is left verifies.
    await t.db.query('delete from audit_log');
    await t.db.query('delete from audit_anchors');
    const entry = (location: string) => ({
      organization_id: child,
      user_id: null,
      username: 'retained',
      api_key: null,
      address: '127.0.0.1',
      action: 'PUT /api/v2/device/legacy/devices/:id/settings',
      object: JSON.stringify({ id: unit }),
      status: 200,
      changes: JSON.stringify({ UnitLocation: location }),
      before: null,
    });
    await appendAudit(t.db, entry('A'), new Date(Date.now() - 400 * 86_400_000));
    await appendAudit(t.db, entry('B'));
    await appendAudit(t.db, entry('C'));
    expect(await verifyAudit(t.db)).toEqual({ rows: 3, breaks: [] });
    expect(await pruneAudit(t.db)).toBe(1);
    expect(await verifyAudit(t.db)).toEqual({ rows: 2, breaks: [] });
  });

  it('keeps the retention an organization sets, within its bounds', async () => {
    const put = (days: unknown, cookie = roles.manager) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/organization/${org}/auditRetention`,
        headers: { cookie },
        payload: { days },
      });
    expect((await put(10)).statusCode).toBe(400);
    expect((await put(90, roles.writer)).statusCode).toBe(403);
    expect((await put(90)).json()).toEqual({ days: 90 });
    expect((await trail()).json().retentionDays).toBe(90);
  });
});
