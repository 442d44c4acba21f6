import { randomBytes } from 'node:crypto';
import { AccessLevel, DEFAULT_ALARM_SETTINGS, SESSION_COOKIE_NAME } from '@fieldwatch/core';
import type { LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Db, openDb } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import { hashUnitSecret } from '../src/gateway/embedded.ts';
import { startGateway } from '../src/gateway/gateway.ts';
import type { DeviceLink } from '../src/gateway/link.ts';
import type { App } from '../src/http.ts';
import { LiveBus } from '../src/live/bus.ts';
import type { AccountMailer } from '../src/modules/auth/accountMail.ts';
import { hashPassword } from '../src/modules/auth/password.ts';
import { insertUnit } from '../src/modules/devices/devices.service.ts';
import { insertOrganization } from '../src/modules/organizations/organizations.service.ts';
import { insertUser, setUserRole } from '../src/modules/users/users.service.ts';

/**
 * A fresh database for one test file: in-memory PGlite, or, when DATABASE_URL is set,
 * a schema of its own on that PostgreSQL server (dropped at close).
 */
export async function openTestDb(url = process.env.DATABASE_URL): Promise<Db> {
  if (!url) return openDb({ kind: 'pglite', template: process.env.TEST_DB_TEMPLATE });
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const db = await openDb({ kind: 'postgres', url, schema });
  const close = db.close.bind(db);
  return {
    ...db,
    query: db.query.bind(db),
    transaction: db.transaction.bind(db),
    async close() {
      await db.query(`drop schema ${schema} cascade`);
      await close();
    },
  };
}

/**
 * The real MQTT gateway for a test: the embedded broker on a free loopback port, or MQTT_URL's
 * broker with a group and session of this test file's own, so no other run takes its messages.
 */
export function startTestGateway(
  opts: Pick<Parameters<typeof startGateway>[0], 'db' | 'bus' | 'log' | 'metrics' | 'watchdog'>,
) {
  return startGateway({
    ...opts,
    mqttUrl: process.env.MQTT_URL,
    mqttClientId: `fieldwatch-test-${randomBytes(4).toString('hex')}`,
    mqttShareGroup: `test${randomBytes(4).toString('hex')}`,
    mqttCleanSession: true,
    mqttPort: 0,
    host: '127.0.0.1',
  });
}

/**
 * Registers a beforeAll that builds a test file's fixture and an afterAll that closes whatever the
 * build had made, even when it failed part way: `build` hands each thing it opens to `onClose` as
 * soon as it exists, and the closers run in reverse order. Returns the fixture, whose properties may
 * be read inside tests and hooks only (before the build has finished, a read throws naming it).
 * `timeoutMs` is the beforeAll's, for a build longer than the configured hook timeout.
 */
export function useFixture<T extends object>(
  name: string,
  build: (onClose: (close: () => unknown) => void) => Promise<T>,
  timeoutMs?: number,
): T {
  let value: T | undefined;
  const closers: (() => unknown)[] = [];
  const built = () => {
    if (!value) throw new Error(`${name}: read before its beforeAll had built it (read it inside tests and hooks)`);
    return value;
  };
  beforeAll(async () => {
    value = await build((close) => closers.push(close));
  }, timeoutMs);
  afterAll(async () => {
    // Every closer runs, so one that fails leaves no server or database of the others open.
    const errors: unknown[] = [];
    for (const close of closers.reverse()) {
      try {
        await close();
      } catch (e) {
        errors.push(e);
      }
    }
    if (errors.length) throw errors.length === 1 ? errors[0] : new AggregateError(errors, `${name}: closing failed`);
  });
  // `then` and symbols are looked up by `await` and inspectors: they do not throw before the build.
  const quiet = (key: string | symbol) => key === 'then' || typeof key === 'symbol';
  return new Proxy({} as T, {
    get: (_, key) => (quiet(key) ? value && Reflect.get(value, key) : Reflect.get(built(), key)),
    has: (_, key) => (quiet(key) ? !!value && Reflect.has(value, key) : Reflect.has(built(), key)),
  });
}

export type TestApp = { app: App; db: Db; bus: LiveBus; link: DeviceLink; close: () => Promise<void> };

/**
 * The app on a fresh database. With `gateway`, the real MQTT gateway too: the embedded broker on a
 * free loopback port (`link.port`), or the external broker of MQTT_URL when that is set.
 */
export async function createTestApp(
  opts: {
    gateway?: boolean;
    /** With the gateway: its periodic checks, which write on their own timer (default on). */
    watchdog?: boolean;
    weatherUrl?: string;
    weatherRetryMs?: number;
    mailer?: AccountMailer;
    databaseUrl?: string;
    publicUrl?: string;
    trustProxy?: number;
    /** WEBHOOK_ALLOW_PRIVATE: webhook endpoints on loopback (a test's sink). */
    webhookAllowPrivate?: boolean;
  } = {},
): Promise<TestApp> {
  const db = await openTestDb(opts.databaseUrl);
  await migrate(db);
  const bus = new LiveBus();
  const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const link = opts.gateway ? await startTestGateway({ db, bus, log, watchdog: opts.watchdog }) : undefined;
  const app = await buildApp({
    db,
    bus,
    link,
    loggerInstance: log,
    weatherUrl: opts.weatherUrl,
    weatherRetryMs: opts.weatherRetryMs,
    mailer: opts.mailer,
    publicUrl: opts.publicUrl,
    trustProxy: opts.trustProxy,
    webhookAllowPrivate: opts.webhookAllowPrivate,
  });
  await app.ready();
  return {
    app,
    db: announcingWrites(db, bus),
    bus,
    link: app.link,
    async close() {
      await app.close();
      await link?.close();
      await db.close();
    },
  };
}

const WRITES = /^\s*(insert|update|delete|truncate|alter|drop|create)\b|\b(insert into|update \w+ set|delete from)\b/i;

/**
 * The test's own handle on the app's database. API instances hold sessions and the fleet in memory
 * and learn of changes from the bus; rows a test writes beside the API (fixtures, moved clocks)
 * are such a change, so they are announced, as an operator's script would have to.
 */
function announcingWrites(db: Db, bus: LiveBus): Db {
  return {
    kind: db.kind,
    async query<T>(sql: string, params?: readonly unknown[]) {
      const rows = await db.query<T>(sql, params);
      if (WRITES.test(sql)) bus.dataChanged();
      return rows;
    },
    async transaction(fn, options) {
      const result = await db.transaction(fn, options);
      bus.dataChanged();
      return result;
    },
    close: () => db.close(),
  };
}

/** Registers a unit with MQTT credentials (serial / secret) and the default alarm settings. */
export async function createUnit(
  db: Db,
  u: {
    organizationId: number;
    serial: string;
    secret?: string;
    name?: string;
    type?: number;
    channels?: number;
    lat?: number;
    long?: number;
  },
) {
  return insertUnit(db, {
    organizationId: u.organizationId,
    serial: u.serial,
    secretHash: hashUnitSecret(u.secret ?? `${u.serial}-secret`),
    name: u.name ?? `Unit ${u.serial}`,
    type: u.type ?? 25,
    channels: u.channels ?? 2,
    lat: u.lat,
    long: u.long,
    alarmSettings: DEFAULT_ALARM_SETTINGS,
  });
}

export async function createOrganization(db: Db, name: string, parentId: number | null = null) {
  return insertOrganization(db, name, parentId);
}

/**
 * The test tree:  root ─┬─ alpha ─┬─ north ── northX
 *                       │         └─ south
 *                       └─ beta
 */
export async function createOrganizationTree(db: Db) {
  const root = await createOrganization(db, 'Root');
  const alpha = await createOrganization(db, 'Alpha', root);
  const north = await createOrganization(db, 'Alpha North', alpha);
  const northX = await createOrganization(db, 'Alpha North X', north);
  const south = await createOrganization(db, 'Alpha South', alpha);
  const beta = await createOrganization(db, 'Beta', root);
  return { root, alpha, north, northX, south, beta };
}

/** scrypt costs about half a second: test users sharing a password share one hash (and salt). */
const hashes = new Map<string, Promise<string>>();
function testHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

export async function createUser(
  db: Db,
  u: {
    username: string;
    password: string;
    organizationId?: number;
    role?: AccessLevel;
    language?: string;
    email?: string;
    fullname?: string;
  },
) {
  const id = await insertUser(db, {
    username: u.username,
    passwordHash: await testHash(u.password),
    language: u.language,
    email: u.email,
    fullname: u.fullname,
  });
  if (u.organizationId !== undefined) await setUserRole(db, id, u.organizationId, u.role ?? 1);
  return id;
}

/** The callers most API tests need: a SuperUser, a User and a Reader of one organisation, a User of another. */
const ROLE_USERS = {
  manager: ['home', AccessLevel.SuperUser],
  writer: ['home', AccessLevel.User],
  reader: ['home', AccessLevel.Reader],
  outsider: ['elsewhere', AccessLevel.User],
} as const;
export type RoleUser = keyof typeof ROLE_USERS;

/** Creates the ROLE_USERS of `home` and `elsewhere`, each named by its key and `suffix`. */
export async function createRoleUsers(db: Db, home: number, elsewhere: number, password: string, suffix = '') {
  for (const [name, [where, role]] of Object.entries(ROLE_USERS)) {
    const organizationId = where === 'home' ? home : elsewhere;
    await createUser(db, { username: `${name}${suffix}`, password, organizationId, role });
  }
}

/** Signs in every one of the ROLE_USERS (named with `suffix`): their session cookie headers. */
export async function signInRoleUsers(app: App, password: string, suffix = '') {
  const cookies = {} as Record<RoleUser, string>;
  for (const name of Object.keys(ROLE_USERS) as RoleUser[])
    cookies[name] = await signIn(app, `${name}${suffix}`, password);
  return cookies;
}

/**
 * The ROLE_USERS, with names of their own, signed in: a manager, writer and reader of `home` and an
 * outsider of `elsewhere` (who must never see `home`'s units).
 */
export async function signInRoles(t: TestApp, home: number, elsewhere: number, password = 'roles-password') {
  const suffix = `-${randomBytes(3).toString('hex')}`;
  await createRoleUsers(t.db, home, elsewhere, password, suffix);
  return signInRoleUsers(t.app, password, suffix);
}

/** Signs in through the real route and returns the session cookie header to send. */
export async function signIn(app: App, username: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE_NAME);
  if (!cookie) throw new Error('no session cookie');
  return `${SESSION_COOKIE_NAME}=${cookie.value}`;
}

export type LoginOptions = {
  url?: '/api/v2/auth/login' | '/api/v1/auth/login';
  remoteAddress?: string;
  headers?: Record<string, string>;
};

/** One sign-in attempt through the real route, whatever its outcome. */
export function login(app: App, username: string, password: string, options: LoginOptions = {}) {
  return app.inject({
    method: 'POST',
    url: options.url ?? '/api/v2/auth/login',
    remoteAddress: options.remoteAddress,
    headers: options.headers,
    payload: { username, password },
  });
}

/** The session cookie a response sets, if any (with its attributes). */
export function sessionCookieOf(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === SESSION_COOKIE_NAME);
}

/** The Cookie header that carries the session a response set. */
export function cookieHeaderOf(res: LightMyRequestResponse): string {
  const cookie = sessionCookieOf(res);
  if (!cookie) throw new Error(`no session cookie: ${res.statusCode} ${res.body}`);
  return `${SESSION_COOKIE_NAME}=${cookie.value}`;
}

/** Live sessions stored for a user (all of them when no user is given). */
export async function countSessions(db: Db, userId?: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'select count(*)::int as n from sessions where $1::int is null or user_id = $1::int',
    [userId ?? null],
  );
  return row?.n ?? 0;
}

/**
 * The chart's min/max buckets of one series computed from every raw sample (no roll-up): the
 * minimum at each bucket's start, the maximum at its middle when it differs, as [ms, value] in
 * time order. The reference the roll-up reads must equal point for point.
 */
export async function minMaxFromSamples(
  db: Db,
  unitId: number,
  series: number,
  start: Date,
  end: Date,
  bucketS: number,
) {
  const rows = await db.query<{ ts: Date; value: number }>(
    `with b as (select floor(extract(epoch from ts) / $5) as k, min(value) as lo, max(value) as hi
       from samples where unit_id = $1 and series = $2 and ts >= $3 and ts < $4 group by k)
     select to_timestamp(k * $5) as ts, lo as value from b
     union all select to_timestamp(k * $5 + $5 / 2.0), hi from b where hi <> lo order by ts`,
    [unitId, series, start, end, bucketS],
  );
  return rows.map((r) => [new Date(r.ts).getTime(), r.value]);
}
