import { describe, expect, it } from 'vitest';
import { errorMessage, policyOf, useMatrixApp } from './fixtures/authorizationMatrix.ts';
import { keyOf } from './trust/policy.ts';
import { requestOf } from './trust/requests.ts';
import { changedTables, databaseDigest, isErrorShape } from './trust/routes.ts';

/**
 * The authorisation matrix for API keys, from the route table and the policy of every route
 * (trust/policy.ts): a read key is refused on every route that declares it writes, however the URL
 * is spelled, and on every route that declares it takes no key, writing nothing; every route it
 * may call writes nothing (so a declaration cannot lie); a write key is refused only where no key
 * is taken. Sessions are in authorization-matrix-sessions.test.ts.
 */
const { m, send, routes } = useMatrixApp();

/**
 * The ways a client may spell the same route: as registered, with a letter of its last fixed
 * segment percent-encoded (lower- and upper-case hex), which the router decodes before matching.
 */
const SPELLINGS: [string, (url: string) => string][] = [
  ['as registered', (u) => u],
  ...(['lower', 'upper'] as const).map((c): [string, (url: string) => string] => [
    `a letter percent-encoded (${c}-case hex)`,
    (u) =>
      u.replace(/\/([A-Za-z])([\w-]*)(?=(\/[^/]*\d[^/]*)*$)/, (_, first: string, rest: string) => {
        const hex = first.charCodeAt(0).toString(16);
        return `/%${c === 'upper' ? hex.toUpperCase() : hex}${rest}`;
      }),
  ]),
];

const KEY_REFUSALS = ['This API key may only read', 'Not available with an API key'];

describe('API keys (issue 18)', () => {
  it('a read-only key is refused wherever the route writes or takes no key, however spelled, writing nothing', async () => {
    const failures: string[] = [];
    let refused = 0;
    for (const route of routes()) {
      const policy = policyOf(route);
      if (policy.apiKey === 'read') continue;
      for (const [how, spell] of SPELLINGS) {
        const before = await databaseDigest(m.db);
        const res = await send(
          route,
          requestOf(route, policy, m.objects.own),
          undefined,
          undefined,
          m.keys.read,
          spell,
        );
        refused++;
        const where = `${keyOf(route)} ${how} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        const body = res.json();
        if (res.statusCode !== 403 || !isErrorShape(route.url, 403, body) || !KEY_REFUSALS.includes(errorMessage(body)))
          failures.push(where);
        const changed = changedTables(before, await databaseDigest(m.db));
        if (changed.length) failures.push(`${where} changed ${changed.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
    expect(refused).toBeGreaterThan(200);
  }, 120_000);

  it('every route a read-only key may call declares truthfully that it writes nothing', async () => {
    const failures: string[] = [];
    for (const route of routes()) {
      const policy = policyOf(route);
      if (policy.apiKey !== 'read') continue;
      const before = await databaseDigest(m.db);
      const res = await send(
        route,
        requestOf(route, policy, m.objects.own),
        undefined,
        policy.remoteAddress,
        m.keys.read,
      );
      const where = `${keyOf(route)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
      // A refusal of the request's own (no GIS right, a user not administered) is fine; one of the key is not.
      const byKey = res.statusCode === 403 && KEY_REFUSALS.includes(errorMessage(res.json()));
      if (res.statusCode === 401 || byKey || res.statusCode >= 500) failures.push(where);
      const changed = changedTables(before, await databaseDigest(m.db));
      if (changed.length) failures.push(`${where} changed ${changed.join(', ')}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('a write key is refused only on the routes that take no key (keys, passwords), however spelled', async () => {
    const failures: string[] = [];
    for (const route of routes()) {
      const policy = policyOf(route);
      if (policy.apiKey !== 'none') continue;
      for (const [how, spell] of SPELLINGS) {
        const res = await send(
          route,
          requestOf(route, policy, m.objects.own),
          undefined,
          undefined,
          m.keys.write,
          spell,
        );
        if (res.statusCode !== 403 || errorMessage(res.json()) !== KEY_REFUSALS[1])
          failures.push(`${keyOf(route)} ${how} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    // And the key works where it may: it reads the devices it stands for.
    const res = await m.app.inject({
      url: '/api/v2/device/devices',
      headers: { authorization: `Bearer ${m.keys.write}` },
    });
    expect(res.statusCode).toBe(200);
  });
});
