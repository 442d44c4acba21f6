import { type AccessLevel, can, AccessLevel as Level } from '@fieldwatch/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertJoinRequest } from '../src/modules/admin/joinRequests.repository.ts';
import { insertFinding } from '../src/modules/analytics/findings.repository.ts';
import { FakeOpenMeteo } from './fixtures/fakeOpenMeteo.ts';
import { PNG_1X1 } from './fixtures/images.ts';
import { createOrganizationTree, createTestApp, createUnit, createUser, signIn, type TestApp } from './helpers.ts';
import { keyOf, MATRIX_WEBHOOK, type ObjectKind, type Objects, type Policy, PROBES, type Req } from './trust/policy.ts';
import { requestOf } from './trust/requests.ts';
import { changedTables, databaseDigest, isErrorShape, type Route, routesOf, urlOf } from './trust/routes.ts';

/**
 * Issue 11, the authorisation matrix, generated from the route table (app.routeTable) and the
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
 *   (each of which must answer 200).
 *
 * - API keys (issue 18): a read key is refused on every route that declares it writes, however the URL
 *   is spelled, and on every route that declares it takes no key, writing nothing; every route it
 *   may call writes nothing (so a declaration cannot lie); a write key is refused only where no key
 *   is taken.
 *
 *   root (parent) ─┬─ alpha (own) ── north (child)
 *                  └─ beta (foreign)
 */
const PASSWORD = 'matrix-secret';
type Role = 'Reader' | 'User' | 'SuperUser';
type Place = 'own' | 'child' | 'parent' | 'foreign';
const ROLES: Role[] = ['Reader', 'User', 'SuperUser'];
const PLACES: Place[] = ['own', 'child', 'parent', 'foreign'];
const LEVEL: Record<Role, AccessLevel> = { Reader: Level.Reader, User: Level.User, SuperUser: Level.SuperUser };

let t: TestApp;
const weather = new FakeOpenMeteo();
const cookies = {} as Record<Role | 'keeper', string>;
/** The keeper's personal API keys, by scope. */
const keys = {} as Record<'read' | 'write', string>;
const objects = {} as Record<Place, Objects>;
/** Objects no one has: what an unknown id answers. */
const unknown: Objects = {
  org: 999_999,
  unit: 999_999,
  marker: 999_999,
  task: 'nosuchtask0',
  container: 'Zz9Zz9Zz9Z',
  tag: '00000000-0000-4000-8000-00000000dead',
  floorPlan: 999_999,
  group: 999_999,
  joinRequest: 999_999,
  finding: 999_999,
  webhook: 999_999,
};
const tally = { routes: new Set<string>(), anonymous: 0, cases: 0, refused: 0, allowed: 0, loaded: 0 };
let serial = 0;

/** Sends a route's request as `cookie` (none: anonymous), or with a bearer API key; `url` spells it otherwise. */
function send(
  route: Route,
  r: Req,
  cookie?: string,
  remoteAddress?: string,
  bearer?: string,
  spell = (u: string) => u,
) {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(r.query ?? {}))
    for (const item of Array.isArray(v) ? v : [v]) search.append(k, String(item));
  const qs = search.toString();
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  let payload: string | Buffer | undefined;
  if (r.raw) {
    headers['content-type'] = r.raw.contentType;
    payload = r.raw.payload;
  } else if (r.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(r.body);
  }
  const params = Object.fromEntries(Object.entries(r.params ?? {}).map(([k, v]) => [k, String(v)]));
  return t.app.inject({
    method: route.method as 'GET',
    url: spell(urlOf(route, params)) + (qs ? `?${qs}` : ''),
    headers,
    payload,
    remoteAddress,
  });
}

/** A call as the keeper (SuperUser of root) that builds fixtures; fails loudly. */
async function keep(method: string, url: string, body?: unknown, raw?: Req['raw']) {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: { cookie: cookies.keeper, ...(raw ? { 'content-type': raw.contentType } : {}) },
    payload: raw ? raw.payload : (body as object),
  });
  if (res.statusCode >= 300) throw new Error(`fixture ${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

const PNG = PNG_1X1;

/** One object of the kind in organization `org` (with `unit` its unit). */
async function make(kind: ObjectKind, org: number, unit: number): Promise<number | string> {
  switch (kind) {
    case 'org':
      return org;
    case 'unit':
      return createUnit(t.db, { organizationId: org, serial: `AM${++serial}`, lat: 55.6, long: 12.5 });
    case 'marker':
      return (await keep('POST', `/api/v2/device/legacy/devices/${unit}/channel/1/markers`, { name: 'M', position: 1 }))
        .result.id;
    case 'task':
      return (await keep('POST', '/api/v3/tasks', { organizationId: org, title: `Task ${++serial}` })).id;
    case 'container':
      return (await keep('POST', '/api/v3/containers', { type: 'locations', organization: org, name: `L${++serial}` }))
        .id;
    case 'tag':
      return (await keep('POST', `/api/v1/taghost/tag?unit=${unit}`)).tag_uuid;
    case 'group':
      return (await keep('POST', '/api/v2/device/groups', { organization: org, name: `G${++serial}` })).result.id;
    case 'joinRequest': {
      const email = `joiner${++serial}@example.test`;
      await insertJoinRequest(t.db, { organizationId: org, name: 'Joiner', email, address: '10.9.9.9' });
      const [row] = await t.db.query<{ id: number }>('select id from join_requests where email = $1', [email]);
      return row?.id ?? 0;
    }
    case 'finding':
      return (
        await insertFinding(t.db, {
          unit_id: unit,
          channel: 1,
          kind: 'wet',
          position_m: 120 + ++serial,
          uncertainty_m: 3.6,
          size: 80,
          confidence: 0.9,
          pulse_speed: 0.6,
          curve_ts: new Date(),
        })
      ).id;
    case 'webhook':
      return (await keep('POST', `/api/v1/admin/organization/${org}/webhooks`, MATRIX_WEBHOOK)).endpoint.id;
    case 'floorPlan':
      return (
        await keep('PUT', `/api/v3/user/organization/${org}/floor-plan?name=F${++serial}`, undefined, {
          payload: PNG,
          contentType: 'image/png',
        })
      ).id;
  }
}

async function objectsIn(org: number): Promise<Objects> {
  const unit = (await make('unit', org, 0)) as number;
  return {
    org,
    unit,
    marker: (await make('marker', org, unit)) as number,
    task: (await make('task', org, unit)) as string,
    container: (await make('container', org, unit)) as string,
    tag: (await make('tag', org, unit)) as string,
    floorPlan: (await make('floorPlan', org, unit)) as number,
    group: (await make('group', org, unit)) as number,
    joinRequest: (await make('joinRequest', org, unit)) as number,
    finding: (await make('finding', org, unit)) as number,
    webhook: (await make('webhook', org, unit)) as number,
  };
}

beforeAll(async () => {
  await weather.listen();
  // The watchdog writes on its own timer; a refusal's unchanged tables must not see it.
  t = await createTestApp({ weatherUrl: weather.url, gateway: true, watchdog: false });
  const tree = await createOrganizationTree(t.db);
  await createUser(t.db, { username: 'keeper', password: PASSWORD, organizationId: tree.root, role: Level.SuperUser });
  cookies.keeper = await signIn(t.app, 'keeper', PASSWORD);
  for (const scope of ['read', 'write'] as const)
    keys[scope] = (
      await keep('POST', '/api/v3/user/apiKeys', {
        name: `matrix ${scope}`,
        scopes: scope === 'read' ? ['read'] : ['read', 'write'],
        currentPassword: PASSWORD,
      })
    ).key;
  for (const role of ROLES) {
    await createUser(t.db, {
      username: `am-${role}`,
      password: PASSWORD,
      organizationId: tree.alpha,
      role: LEVEL[role],
    });
    cookies[role] = await signIn(t.app, `am-${role}`, PASSWORD);
  }
  const orgOf: Record<Place, number> = { own: tree.alpha, child: tree.north, parent: tree.root, foreign: tree.beta };
  for (const place of PLACES) {
    const o = await objectsIn(orgOf[place]);
    objects[place] = o;
    // A logo and tag values, so that reading them answers something an unknown object does not.
    await keep('POST', `/api/v1/admin/organization/${o.org}/avatar`, undefined, {
      payload: PNG,
      contentType: 'image/png',
    });
    await keep('PUT', `/api/v1/taghost/tag/${o.tag}/template?id=5`);
    await keep('PUT', `/api/v1/taghost/tag/${o.tag}/restriction?id=5`);
  }
}, 120_000);

afterAll(async () => {
  console.info(
    `authorisation matrix: ${tally.routes.size} routes, ${tally.anonymous} anonymous requests, ${tally.cases} role × place cases (${tally.refused} refusals checked unchanged, ${tally.allowed} allowed), ${tally.loaded} of them under load`,
  );
  await t?.close();
  await weather.stop();
});

const routes = () => routesOf(t.app);
/** A route's own declaration with how the matrix calls it. */
const policyOf = (route: Route): Policy => ({ ...route.policy, ...PROBES[keyOf(route)] });

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
      const before = await databaseDigest(t.db);
      const res = await send(route, requestOf(route, policy, objects.own));
      tally.anonymous++;
      tally.routes.add(keyOf(route));
      const where = `${keyOf(route)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
      if (res.statusCode !== 401 || !isErrorShape(route.url, 401, res.json())) failures.push(where);
      else {
        const changed = changedTables(before, await databaseDigest(t.db));
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
      const res = await send(route, requestOf(route, policy, objects.own), undefined, policy.remoteAddress);
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
  routesOf(t.app).flatMap((route) => {
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
    const res = await send(route, requestOf(route, policy, unknown), cookies[role]);
    found = { status: res.statusCode, body: res.body };
    unknownAnswers.set(key, found);
  }
  return found;
}

/** The message of an error body of any family. */
const errorMessage = (body: { message?: string; error?: string; Result?: string }) =>
  String(body.message ?? body.Result ?? body.error ?? '');

/** Without the numbers that differ between two objects (ids in messages). */
const normalised = (body: string) => body.replace(/\d+/g, 'N');

/** One role × place case of a scoped route: the outcome the role table expects, and nothing written on refusal. */
async function check(route: Route, policy: Scoped, role: Role, place: Place): Promise<string | undefined> {
  let o = objects[place];
  if (policy.fresh) o = { ...o, [policy.fresh]: await make(policy.fresh, o.org, o.unit) };
  const { action, resource } = policy.capability;
  const allowed = can(LEVEL[role], action, resource) && (place === 'own' || place === 'child');
  const before = await databaseDigest(t.db);
  const res = await send(route, requestOf(route, policy, o), cookies[role]);
  tally.cases++;
  tally.routes.add(keyOf(route));
  const where = `${keyOf(route)} as ${role} on ${place} (${allowed ? 'allowed' : 'refused'}) → ${res.statusCode} ${res.body.slice(0, 200)}`;
  if (res.statusCode >= 500 || res.statusCode === 400 || res.statusCode === 401) return where;
  if (allowed) {
    tally.allowed++;
    if (res.statusCode === 403) return where;
    // Every change that succeeds is in the audit trail, as the newest entry, naming its route and caller.
    if (policy.writes && res.statusCode < 400) {
      const [entry] = await t.db.query<{ action: string; username: string }>(
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
  const changed = changedTables(before, await databaseDigest(t.db));
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
      const before = await databaseDigest(t.db);
      const res = await send(route, requestOf(route, policy, objects.own), cookies[role]);
      tally.cases++;
      tally.refused++;
      expect(res.statusCode, `${keyOf(route)} ${res.body}`).toBe(403);
      expect(isErrorShape(route.url, 403, res.json())).toBe(true);
      expect(changedTables(before, await databaseDigest(t.db))).toEqual([]);
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
    `/api/v1/device/${objects.own.unit}/details`,
    '/api/v2/device/devices',
    `/api/v3/device/devices/${objects.child.unit}/data`,
    '/api/v3/tasks',
  ];
  const loop = async (w: number) => {
    for (let i = w; running; i++) {
      const url = calls[i % calls.length] as string;
      const res = await t.app.inject({ url, headers: { cookie: cookies.User } });
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

describe('the audit trail', () => {
  it('holds every signed-in write that succeeds, as its newest entry with its route and caller', async () => {
    const missing: string[] = [];
    let recorded = 0;
    for (const route of routes()) {
      const policy = policyOf(route);
      if (policy.access !== 'signedIn' || !policy.writes) continue;
      const res = await send(route, requestOf(route, policy, objects.own), cookies.SuperUser);
      if (res.statusCode >= 400) continue;
      const [entry] = await t.db.query<{ action: string; username: string }>(
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

describe('API keys (issue 18)', () => {
  it('a read-only key is refused wherever the route writes or takes no key, however spelled, writing nothing', async () => {
    const failures: string[] = [];
    let refused = 0;
    for (const route of routes()) {
      const policy = policyOf(route);
      if (policy.apiKey === 'read') continue;
      for (const [how, spell] of SPELLINGS) {
        const before = await databaseDigest(t.db);
        const res = await send(route, requestOf(route, policy, objects.own), undefined, undefined, keys.read, spell);
        refused++;
        const where = `${keyOf(route)} ${how} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        const body = res.json();
        if (res.statusCode !== 403 || !isErrorShape(route.url, 403, body) || !KEY_REFUSALS.includes(errorMessage(body)))
          failures.push(where);
        const changed = changedTables(before, await databaseDigest(t.db));
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
      const before = await databaseDigest(t.db);
      const res = await send(route, requestOf(route, policy, objects.own), undefined, policy.remoteAddress, keys.read);
      const where = `${keyOf(route)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
      // A refusal of the request's own (no GIS right, a user not administered) is fine; one of the key is not.
      const byKey = res.statusCode === 403 && KEY_REFUSALS.includes(errorMessage(res.json()));
      if (res.statusCode === 401 || byKey || res.statusCode >= 500) failures.push(where);
      const changed = changedTables(before, await databaseDigest(t.db));
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
        const res = await send(route, requestOf(route, policy, objects.own), undefined, undefined, keys.write, spell);
        if (res.statusCode !== 403 || errorMessage(res.json()) !== KEY_REFUSALS[1])
          failures.push(`${keyOf(route)} ${how} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    // And the key works where it may: it reads the devices it stands for.
    const res = await t.app.inject({
      url: '/api/v2/device/devices',
      headers: { authorization: `Bearer ${keys.write}` },
    });
    expect(res.statusCode).toBe(200);
  });
});
