import { randomBytes } from 'node:crypto';
import { type AccessLevel, DEFAULT_ALARM_SETTINGS, SESSION_COOKIE_NAME } from '@fieldwatch/core';
import type { LightMyRequestResponse } from 'fastify';
import pino from 'pino';
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

/**
 * The three callers most API tests need, signed in: a User and a Reader of `home`, and a User of
 * `elsewhere` (who must never see `home`'s units).
 */
export async function signInRoles(t: TestApp, home: number, elsewhere: number, password = 'roles-password') {
  const tag = randomBytes(3).toString('hex');
  const make = async (name: string, organizationId: number, role: AccessLevel) => {
    await createUser(t.db, { username: `${name}-${tag}`, password, organizationId, role });
    return signIn(t.app, `${name}-${tag}`, password);
  };
  return {
    manager: await make('manager', home, 0),
    writer: await make('writer', home, 1),
    reader: await make('reader', home, 2),
    outsider: await make('outsider', elsewhere, 1),
  };
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
