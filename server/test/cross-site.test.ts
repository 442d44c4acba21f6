import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { hasBody, registeredRoutes, sampleUrl, useAttackApp } from './fixtures/webAttacks.ts';

/**
 * Issue 11, web attacks, on the server: security headers on every answer of every registered
 * route (and the web app's page, its files, 404s and errors), HSTS only over HTTPS, cross-site
 * writes refused on every state-changing route with nothing written, no user enumeration through
 * sign-in, reset or onboarding, and sessions that end with their user. Stored XSS is a browser
 * matter: e2e/web-attacks.test.ts.
 *
 * This file: cross-site writes, refused on every state-changing route with nothing written.
 */

const REFUSED = 'Cross-site request refused';

const t = useAttackApp();

/** The refusal in the error shape of the route's API family (server/src/families/). */
function refusalOf(url: string) {
  if (url.startsWith('/api/v2/device/') || url.startsWith('/api/v2/report/')) return { success: false, error: REFUSED };
  if (url.startsWith('/api/v1/xrequest/')) return { Result: REFUSED };
  return { error: true, statusCode: 403, message: REFUSED };
}

/** How a browser marks a request from another site; each alone must be enough to refuse it. */
const FOREIGN: [string, Record<string, string>][] = [
  ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
  ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site', origin: 'https://evil.fieldwatch.test' }],
  ['a foreign Origin', { origin: 'https://evil.example' }],
  ['an opaque Origin', { origin: 'null' }],
  // This server is http://localhost:80 to app.inject: the same host by another scheme or port is another origin.
  ['the same host over another scheme', { origin: 'https://localhost:80' }],
  ['the same host on another port', { origin: 'http://localhost:8080' }],
];

/** Every table's rows, as one digest per table. */
async function digest(): Promise<Record<string, string>> {
  const tables = await t.db.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await t.db.query<{ d: string }>(
      `select md5(coalesce(string_agg(md5(t::text), ',' order by md5(t::text)), '')) as d from "${name}" t`,
    );
    out[name] = row?.d ?? '';
  }
  return out;
}

describe('cross-site requests', () => {
  it('are refused on every state-changing route, in the family error shape, writing nothing', async () => {
    // Whatever its method: the route's own declaration says it writes (or opens a channel).
    const writes = registeredRoutes(t.app)
      .filter((r) => r.policy.writes || r.policy.sameSiteOnly)
      .map(({ method, url }) => ({ method, url }));
    // A GET that writes is held by HEAD as well (it runs the same handler).
    for (const r of writes.filter((w) => w.method === 'GET')) writes.push({ method: 'HEAD', url: r.url });
    expect(writes).toContainEqual({ method: 'GET', url: '/api/v1/xrequest/SetRelay' });
    expect(writes.length).toBeGreaterThan(80);
    const before = await digest();
    const problems: string[] = [];
    for (const { method, url } of writes) {
      const target = sampleUrl(url);
      for (const [how, headers] of FOREIGN) {
        const res = await t.app.inject({
          method: method as 'POST',
          url: target,
          headers: { ...headers, cookie: await t.sessionOf(t.adminId) },
          ...(hasBody(method) ? { payload: {} } : {}),
        });
        const body = method === 'HEAD' ? undefined : res.json();
        if (res.statusCode !== 403 || (body !== undefined && JSON.stringify(body) !== JSON.stringify(refusalOf(url))))
          problems.push(`${method} ${url} with ${how}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(problems).toEqual([]);
    // The sessions made for the requests are the only new rows.
    const after = await digest();
    expect({ ...after, sessions: '' }).toEqual({ ...before, sessions: '' });

    // The same requests from the page itself are not refused as cross-site (they fail or succeed on their merits).
    for (const { method, url } of writes) {
      const res = await t.app.inject({
        method: method as 'POST',
        url: sampleUrl(url),
        headers: { 'sec-fetch-site': 'same-origin', cookie: await t.sessionOf(t.adminId) },
        ...(hasBody(method) ? { payload: {} } : {}),
      });
      expect(res.body, `${method} ${url}`).not.toContain(REFUSED);
    }
    console.info(`web attacks: ${writes.length} state-changing routes × ${FOREIGN.length} cross-site forms refused`);
  });

  it('declares every route named like a write, or with a writing method, as one that writes', () => {
    const all = registeredRoutes(t.app);
    const writeLike = all.filter(
      (r) =>
        /\/(Set|Delete|Edit|Add|Remove|Update|Create)[A-Z]\w*$|\/logout$/.test(r.url) ||
        ['PUT', 'PATCH', 'DELETE'].includes(r.method),
    );
    expect(writeLike.filter((r) => r.method === 'GET').length).toBeGreaterThanOrEqual(5);
    for (const r of writeLike) expect(r.policy.writes, `${r.method} ${r.url}`).toBe(true);
  });

  /** Writes that succeed from the page: refused cross-site with nothing changed, then done same-origin. */
  const cases: {
    name: string;
    request: () => Promise<InjectOptions>;
    state: () => Promise<unknown>;
  }[] = [
    {
      name: 'creating a task',
      request: async () => ({
        method: 'POST',
        url: '/api/v3/tasks',
        payload: { organizationId: t.org.alpha, title: 'Forged task' },
      }),
      state: async () => (await t.db.query(`select count(*)::int as n from tasks`))[0],
    },
    {
      name: 'renaming an organisation',
      request: async () => ({
        method: 'PUT',
        url: `/api/v1/admin/organization/${t.org.north}/name`,
        payload: { name: 'Forged' },
      }),
      state: async () => (await t.db.query('select name from organizations where id = $1', [t.org.north]))[0],
    },
    {
      name: 'renaming a unit (legacy v1)',
      request: async () => ({
        method: 'POST',
        url: '/api/v1/xrequest/EditUnitInfo',
        payload: { UnitID: t.unitId, UnitName: 'Forged unit' },
      }),
      state: async () => (await t.db.query('select unit_name from units where id = $1', [t.unitId]))[0],
    },
    {
      name: 'adding a marker (v2 device family)',
      request: async () => ({
        method: 'POST',
        url: `/api/v2/device/legacy/devices/${t.unitId}/channel/1/markers`,
        payload: { name: 'Forged marker', position: 10, comments: 'x' },
      }),
      state: async () => (await t.db.query(`select count(*)::int as n from markers`))[0],
    },
    {
      name: 'deleting a marker by GET (legacy v1)',
      request: async () => {
        const [m] = await t.db.query<{ id: number }>(
          `insert into markers (unit_id, channel, data) values ($1, 1, '{"name":"Doomed","position":5}') returning id`,
          [t.unitId],
        );
        return {
          method: 'GET',
          url: `/api/v1/xrequest/DeleteMark?ChannelID=1&CustomerID=${t.org.alpha}&MarkerID=${m?.id}&UnitID=${t.unitId}`,
        };
      },
      state: async () => (await t.db.query(`select count(*)::int as n from markers`))[0],
    },
    {
      name: 'signing out by GET',
      request: async () => ({ method: 'GET', url: '/api/v2/auth/logout' }),
      state: async () => (await t.db.query(`select count(*)::int as n from sessions`))[0],
    },
  ];
  it.each(cases)('are refused for $name, which the page itself can do', async ({ request, state }) => {
    const options = await request();
    const cookie = await t.sessionOf(t.adminId);
    const before = await state();
    for (const [how, headers] of FOREIGN) {
      const res = await t.app.inject({ ...options, headers: { ...headers, cookie } });
      expect(res.statusCode, how).toBe(403);
      expect(res.json()).toEqual(refusalOf(String(options.url)));
      expect(await state(), how).toEqual(before);
    }
    const res = await t.app.inject({ ...options, headers: { 'sec-fetch-site': 'same-origin', cookie } });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await state()).not.toEqual(before);
  });
});
