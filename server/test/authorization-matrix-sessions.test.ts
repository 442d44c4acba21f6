import { can, AccessLevel as Level } from '@fieldwatch/core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  errorMessage,
  LEVEL,
  PLACES,
  type Place,
  policyOf,
  ROLES,
  type Role,
  unknown,
  useMatrixApp,
} from './fixtures/authorizationMatrix.ts';
import { keyOf, type Policy, PROBES } from './trust/policy.ts';
import { requestOf } from './trust/requests.ts';
import { changedTables, databaseDigest, isErrorShape, type Route, routesOf } from './trust/routes.ts';

/**
 * The authorisation matrix for sessions, generated from the route table (app.routeTable) and the
 * policy of every route (trust/policy.ts):
 *
 * - every route has a policy and every policy a route, so a new route fails here until classified;
 * - anonymous: every route but the public ones answers 401 in its family's error shape to a
 *   schema-valid request (so a 400 cannot hide a missing check), and nothing is written;
 * - role × place: each scoped route is called by a Reader, a User and a SuperUser of `alpha` about
 *   an object of alpha (own), north (child), root (parent) and beta (foreign). Allowed iff core's
 *   can(role, action, resource) and the place is own or child; a refusal is a 403 or a 404 in the
 *   family's shape that writes nothing, and a refusal for a place the caller cannot see answers
 *   exactly as an object that does not exist (no existence leak);
 * - platform routes refuse every role of alpha (403), writing nothing;
 * - the unit-scoped part once more while 8 other clients keep the server busy with valid reads
 *   (each of which must answer 200);
 * - every signed-in write that succeeds is in the audit trail.
 *
 * API keys are in authorization-matrix-api-keys.test.ts.
 */
const { m, send, routes } = useMatrixApp();
const tally = { routes: new Set<string>(), anonymous: 0, cases: 0, refused: 0, allowed: 0, loaded: 0 };

afterAll(() => {
  console.info(
    `authorisation matrix: ${tally.routes.size} routes, ${tally.anonymous} anonymous requests, ${tally.cases} role × place cases (${tally.refused} refusals checked unchanged, ${tally.allowed} allowed), ${tally.loaded} of them under load`,
  );
});

describe('every route has a policy (issue 11)', () => {
  it('every route of the route table declares its policy, and the matrix knows how to call it', () => {
    const all = routes();
    expect(all.length).toBeGreaterThan(150);
    expect(all.filter((r) => !r.policy).map(keyOf), 'routes without a declared policy').toEqual([]);
    const keys = new Set(all.map(keyOf));
    expect(
      [...keys].filter((k) => !PROBES[k]),
      'routes the matrix cannot call',
    ).toEqual([]);
    expect(
      Object.keys(PROBES).filter((k) => !keys.has(k)),
      'probes without a route',
    ).toEqual([]);
  });

  it('names, for every scoped route, a capability of the role table and the object the request names', () => {
    for (const route of routes()) {
      const p = policyOf(route);
      if (p.access !== 'scoped') continue;
      // Every scoped action is one some role has; SuperUsers have all of them.
      expect(p.capability && can(Level.SuperUser, p.capability.action, p.capability.resource), keyOf(route)).toBe(true);
      expect(p.object && p.param, `${keyOf(route)}: which object`).toBeTruthy();
    }
  });
});

describe('anonymous (issue 11)', () => {
  it('every non-public route answers 401 in its family’s shape to a valid request, and writes nothing', async () => {
    const failures: string[] = [];
    for (const route of routes()) {
      const policy = policyOf(route);
      if (policy.access === 'public') continue;
      const before = await databaseDigest(m.db);
      const res = await send(route, requestOf(route, policy, m.objects.own));
      tally.anonymous++;
      tally.routes.add(keyOf(route));
      const where = `${keyOf(route)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
      if (res.statusCode !== 401 || !isErrorShape(route.url, 401, res.json())) failures.push(where);
      else {
        const changed = changedTables(before, await databaseDigest(m.db));
        if (changed.length) failures.push(`${where} changed ${changed.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it('the public routes answer without a session (never 401)', async () => {
    const failures: string[] = [];
    for (const route of routes()) {
      const policy = policyOf(route);
      if (policy.access !== 'public') continue;
      const res = await send(route, requestOf(route, policy, m.objects.own), undefined, policy.remoteAddress);
      tally.anonymous++;
      tally.routes.add(keyOf(route));
      if (res.statusCode === 401 || res.statusCode >= 500)
        failures.push(`${keyOf(route)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  }, 60_000);
});

type Scoped = Policy & Required<Pick<Policy, 'capability'>>;
const scopedRoutes = (filter: (route: Route, p: Scoped) => boolean = () => true) =>
  routesOf(m.app).flatMap((route) => {
    const p = policyOf(route);
    return p.access === 'scoped' && p.capability && p.matrix !== false && filter(route, p as Scoped)
      ? [{ route, policy: p as Scoped }]
      : [];
  });

/** What an object nobody may see answers, per route and role (the refusal must look the same). */
const unknownAnswers = new Map<string, { status: number; body: string }>();
async function unknownAnswer(route: Route, policy: Scoped, role: Role) {
  const key = `${keyOf(route)} ${role}`;
  let found = unknownAnswers.get(key);
  if (!found) {
    const res = await send(route, requestOf(route, policy, unknown), m.cookies[role]);
    found = { status: res.statusCode, body: res.body };
    unknownAnswers.set(key, found);
  }
  return found;
}

/** Without the numbers that differ between two objects (ids in messages). */
const normalised = (body: string) => body.replace(/\d+/g, 'N');

/** One role × place case of a scoped route: the outcome the role table expects, and nothing written on refusal. */
async function check(route: Route, policy: Scoped, role: Role, place: Place): Promise<string | undefined> {
  let o = m.objects[place];
  if (policy.fresh) o = { ...o, [policy.fresh]: await m.make(policy.fresh, o.org, o.unit) };
  const { action, resource } = policy.capability;
  const allowed = can(LEVEL[role], action, resource) && (place === 'own' || place === 'child');
  const before = await databaseDigest(m.db);
  const res = await send(route, requestOf(route, policy, o), m.cookies[role]);
  tally.cases++;
  tally.routes.add(keyOf(route));
  const where = `${keyOf(route)} as ${role} on ${place} (${allowed ? 'allowed' : 'refused'}) → ${res.statusCode} ${res.body.slice(0, 200)}`;
  if (res.statusCode >= 500 || res.statusCode === 400 || res.statusCode === 401) return where;
  if (allowed) {
    tally.allowed++;
    if (res.statusCode === 403) return where;
    // Every change that succeeds is in the audit trail, as the newest entry, naming its route and caller.
    if (policy.writes && res.statusCode < 400) {
      const [entry] = await m.db.query<{ action: string; username: string }>(
        'select action, username from audit_log order by id desc limit 1',
      );
      if (entry?.action !== `${route.method} ${route.url}` || entry.username !== `am-${role}`)
        return `${where}: not in the audit trail (newest: ${JSON.stringify(entry)})`;
    }
    if (res.statusCode === 404 && !policy.noData?.test(errorMessage(res.json()))) return where;
    if (policy.refusedAsUnknown && res.body === (await unknownAnswer(route, policy, role)).body)
      return `${where}: answers as for an unknown object`;
    return undefined;
  }
  tally.refused++;
  const changed = changedTables(before, await databaseDigest(m.db));
  if (changed.length) return `${where}: changed ${changed.join(', ')}`;
  if (policy.refusedAsUnknown) {
    const u = await unknownAnswer(route, policy, role);
    return u.status === res.statusCode && u.body === res.body ? undefined : `${where}: unknown answers ${u.body}`;
  }
  if (![403, 404].includes(res.statusCode) || !isErrorShape(route.url, res.statusCode, res.json())) return where;
  if (res.statusCode === 404 && policy.noData?.test(errorMessage(res.json()))) return `${where}: a refusal as no data`;
  if (place === 'parent' || place === 'foreign') {
    // The caller cannot see the object: it must answer as one that does not exist.
    const u = await unknownAnswer(route, policy, role);
    if (u.status !== res.statusCode || normalised(u.body) !== normalised(res.body))
      return `${where}: an unknown object answers ${u.status} ${u.body.slice(0, 200)}`;
  }
  return undefined;
}

const CASES = ROLES.flatMap((role) => PLACES.map((place) => [role, place] as const));

describe('role × place (issue 11)', () => {
  it('lists the scoped routes it covers', () => {
    expect(scopedRoutes().length).toBeGreaterThan(60);
  });

  it.each(['unit', 'org', 'task', 'container', 'group', 'tag', 'floorPlan', 'joinRequest', 'webhook'] as const)(
    'routes whose object is of kind %s: Reader, User, SuperUser × own, child, parent, foreign',
    async (kind) => {
      const failures: string[] = [];
      for (const { route, policy } of scopedRoutes((_, p) => p.object === kind))
        for (const [role, place] of CASES) {
          const failure = await check(route, policy, role, place);
          if (failure) failures.push(failure);
        }
      expect(failures).toEqual([]);
    },
    120_000,
  );
});

describe('platform administration (issue 11)', () => {
  it.each(ROLES)('refuses a %s of alpha (403), writing nothing', async (role) => {
    for (const route of routes()) {
      const policy = policyOf(route);
      if (policy.access !== 'platform') continue;
      const before = await databaseDigest(m.db);
      const res = await send(route, requestOf(route, policy, m.objects.own), m.cookies[role]);
      tally.cases++;
      tally.refused++;
      expect(res.statusCode, `${keyOf(route)} ${res.body}`).toBe(403);
      expect(isErrorShape(route.url, 403, res.json())).toBe(true);
      expect(changedTables(before, await databaseDigest(m.db))).toEqual([]);
    }
  });
});

/**
 * Valid reads from WORKERS concurrent clients, back to back, until stopped: every answer must be a
 * 200 (the busy traffic is itself valid), and it writes nothing the digest sees.
 */
function busy(workers: number) {
  let running = true;
  const seen = { requests: 0, failures: [] as string[] };
  const calls = [
    `/api/v1/device/${m.objects.own.unit}/details`,
    '/api/v2/device/devices',
    `/api/v3/device/devices/${m.objects.child.unit}/data`,
    '/api/v3/tasks',
  ];
  const loop = async (w: number) => {
    for (let i = w; running; i++) {
      const url = calls[i % calls.length] as string;
      const res = await m.app.inject({ url, headers: { cookie: m.cookies.User } });
      seen.requests++;
      if (res.statusCode !== 200) seen.failures.push(`${url} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
  };
  const done = Promise.all(Array.from({ length: workers }, (_, w) => loop(w)));
  return {
    seen,
    async stop() {
      running = false;
      await done;
      return seen;
    },
  };
}

describe('under load (issue 11)', () => {
  it('the unit-scoped routes decide the same while 8 other clients keep the server busy', async () => {
    const load = busy(8);
    const failures: string[] = [];
    try {
      for (const { route, policy } of scopedRoutes((_, p) => p.object === 'unit'))
        for (const [role, place] of CASES) {
          const failure = await check(route, policy, role, place);
          tally.loaded++;
          if (failure) failures.push(failure);
        }
    } finally {
      const seen = await load.stop();
      expect(seen.failures.slice(0, 5)).toEqual([]);
      // The load was real: more busy requests than matrix cases.
      expect(seen.requests).toBeGreaterThan(tally.loaded);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe('the audit trail', () => {
  it('holds every signed-in write that succeeds, as its newest entry with its route and caller', async () => {
    const missing: string[] = [];
    let recorded = 0;
    for (const route of routes()) {
      const policy = policyOf(route);
      if (policy.access !== 'signedIn' || !policy.writes) continue;
      const res = await send(route, requestOf(route, policy, m.objects.own), m.cookies.SuperUser);
      if (res.statusCode >= 400) continue;
      const [entry] = await m.db.query<{ action: string; username: string }>(
        'select action, username from audit_log order by id desc limit 1',
      );
      if (entry?.action === `${route.method} ${route.url}` && entry.username === 'am-SuperUser') recorded++;
      else missing.push(`${keyOf(route)} → ${res.statusCode}: newest ${JSON.stringify(entry)}`);
    }
    expect(missing).toEqual([]);
    // Most signed-in writes succeed with the matrix's requests (the others are refused for their data).
    expect(recorded).toBeGreaterThan(10);
  });
});
