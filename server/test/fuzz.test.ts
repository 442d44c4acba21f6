import { AccessLevel } from '@fieldwatch/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenMeteo } from './fixtures/fakeOpenMeteo.ts';
import { createOrganizationTree, createTestApp, createUnit, createUser, signIn, type TestApp } from './helpers.ts';
import { hostileValue, pathParam, rawBody, shaped } from './trust/arbitraries.ts';
import { changedTables, databaseDigest, isErrorShape, type Route, routesOf, urlOf } from './trust/routes.ts';

/**
 * Issue 11, fuzzing: every route of the route table gets FUZZ_RUNS requests built from its schema
 * and beyond it (wrong types, huge strings, deep nesting, Unicode, prototype-polluting keys, SQL and
 * script fragments, broken JSON), from a SuperUser of the root organization, who reaches the most
 * code. Expected: never a 5xx; every 4xx in its family's documented error shape; a refused write
 * leaves every table as it was; nothing polluted Object.prototype.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const PASSWORD = 'fuzz-secret';
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let t: TestApp;
let cookie = '';
/** The weather provider, the one outside service a route calls, on loopback. */
const weather = new FakeOpenMeteo();
const tally = { routes: 0, cases: 0, refused: 0, accepted: 0 };

beforeAll(async () => {
  await weather.listen();
  // Without the watchdog: on its own timer it fails operations that accepted cases requested, a
  // write that a refused request's "wrote nothing" would otherwise see.
  t = await createTestApp({ weatherUrl: weather.url, gateway: true, watchdog: false });
  const org = await createOrganizationTree(t.db);
  await createUser(t.db, {
    username: 'fuzzer',
    password: PASSWORD,
    organizationId: org.root,
    role: AccessLevel.SuperUser,
  });
  for (const [i, organizationId] of [org.alpha, org.north, org.beta].entries())
    await createUnit(t.db, { organizationId, serial: `FZ${i}`, lat: 55.6, long: 12.5 });
  cookie = await signIn(t.app, 'fuzzer', PASSWORD);
}, 60_000);
afterAll(async () => {
  console.info(
    `fuzz: ${tally.routes} routes, ${tally.cases} requests (${tally.refused} refused with 4xx, ${tally.accepted} accepted)`,
  );
  await t?.close();
  await weather.stop();
});

type Case = {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body?: { json: unknown } | { raw: string };
};

function caseOf(route: Route): fc.Arbitrary<Case> {
  const schema = (route.schema ?? {}) as { querystring?: object; body?: object };
  return fc.record({
    params: fc.record(Object.fromEntries(route.params.map((p) => [p, pathParam]))),
    query: fc.oneof(shaped(schema.querystring), fc.constant({})),
    body: WRITES.has(route.method)
      ? fc.oneof(
          shaped(schema.body).map((json) => ({ json })),
          hostileValue.map((json) => ({ json })),
          rawBody.map((raw) => ({ raw })),
        )
      : fc.constant(undefined),
  });
}

/** Query values as a browser would send them: arrays repeated, objects as JSON, the rest as text. */
function queryString(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    for (const item of Array.isArray(v) ? v : [v])
      search.append(k, typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item));
  const s = search.toString();
  return s ? `?${s}` : '';
}

async function send(route: Route, c: Case) {
  const url = urlOf(route, c.params) + queryString(c.query);
  const body = c.body === undefined ? undefined : 'raw' in c.body ? c.body.raw : JSON.stringify(c.body.json);
  return t.app.inject({
    method: route.method as 'GET',
    url,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    payload: body,
  });
}

describe('fuzzing every route (issue 11)', () => {
  it('has the route table', () => {
    // Fewer would mean routes went missing from the table, and from this suite.
    expect(routesOf(t.app).length).toBeGreaterThan(150);
  });

  it(`sends ${RUNS} hostile requests to every route: no 5xx, errors in shape, refusals write nothing`, async () => {
    /** The database's digest when the last case was a refused write (it wrote nothing), else undefined. */
    let unchanged: Record<string, string> | undefined;
    for (const route of routesOf(t.app)) {
      tally.routes++;
      unchanged = undefined;
      const run = await fc.check(
        fc.asyncProperty(caseOf(route), async (c) => {
          const write = WRITES.has(route.method);
          const before = write ? (unchanged ?? (await databaseDigest(t.db))) : undefined;
          unchanged = undefined;
          const res = await send(route, c);
          tally.cases++;
          const where = `${route.method} ${route.url} → ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, where).toBeLessThan(500);
          expect(({} as Record<string, unknown>).polluted, where).toBeUndefined();
          if (res.statusCode >= 400) {
            tally.refused++;
            expect(isErrorShape(route.url, res.statusCode, res.json()), where).toBe(true);
            if (before) {
              const after = await databaseDigest(t.db);
              expect(changedTables(before, after), where).toEqual([]);
              // Nothing runs between cases: the next case starts from this state.
              unchanged = after;
            }
          } else tally.accepted++;
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
      // The failure alone: a counterexample may hold a 200,000-character string.
      if (run.failed) {
        const short = (_: string, v: unknown) =>
          typeof v === 'string' && v.length > 200 ? `${v.slice(0, 40)}…(${v.length} characters)` : v;
        throw new Error(
          `${String(run.errorInstance).slice(0, 1_000)}\ncase ${JSON.stringify(run.counterexample, short)}\nseed ${run.seed}`,
        );
      }
      // A case may have ended the session (sign-out routes): the next route starts signed in again.
      if ((await t.app.inject({ url: '/api/v2/auth', headers: { cookie } })).statusCode === 401)
        cookie = await signIn(t.app, 'fuzzer', PASSWORD);
    }
  }, 1_200_000);
});
