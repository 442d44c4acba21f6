import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { DEFAULT_ALARM_SETTINGS, SESSION_COOKIE_NAME } from '@fieldwatch/core';
import mqtt from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Db, openDb } from '../src/db/db.ts';
import { hashUnitSecret } from '../src/gateway/embedded.ts';
import { CLOSE_SESSION_ENDED } from '../src/live/live.routes.ts';
import { insertUnit } from '../src/modules/devices/devices.service.ts';

// Two real server processes (server/src/main.ts) on one PostgreSQL database and one Mosquitto,
// as a deployment behind a load balancer runs them. Needs DATABASE_URL and MQTT_URL (CI's
// Mosquitto phase); skipped otherwise.
const DATABASE_URL = process.env.DATABASE_URL;
const MQTT_URL = process.env.MQTT_URL;
const tag = randomBytes(4).toString('hex');
const database = `fw_two_${tag}`;
const PASSWORD = 'two-instances-secret';
const UNITS = 4;
const MESSAGES = 40; // per unit

type Instance = { name: string; proc: ChildProcess; base: string };
let admin: pg.Client;
let db: Db;
let url: string;
let a: Instance;
let b: Instance;

function start(name: string): Promise<Instance> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: new URL('../..', import.meta.url).pathname,
    env: {
      ...process.env,
      DATABASE_URL: url,
      MQTT_URL,
      MQTT_CLIENT_ID: `fw-two-${name}-${tag}`,
      MQTT_SHARE_GROUP: `fwtwo${tag}`,
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO: '0',
      INITIAL_ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const port = /running at http:\/\/localhost:(\d+)/.exec(out)?.[1];
      if (port) resolve({ name, proc, base: `http://127.0.0.1:${port}` });
    });
    proc.stderr?.on('data', (d: Buffer) => {
      out += d.toString();
    });
    proc.on('exit', (code) => reject(new Error(`instance ${name} exited (${code}): ${out}`)));
  });
}

async function signIn(base: string) {
  const res = await fetch(`${base}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE_NAME}=`));
  return cookie?.split(';')[0] ?? '';
}

/** A counter of the instance's /metrics, summed over its labels. */
async function counter(base: string, name: string) {
  const text = await (await fetch(`${base}/metrics`)).text();
  return text
    .split('\n')
    .filter((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`))
    .reduce((sum, l) => sum + Number(l.split(' ').pop()), 0);
}

describe.skipIf(!DATABASE_URL || !MQTT_URL)('two API instances on one PostgreSQL and one broker', () => {
  let units: { id: number; serial: string }[] = [];
  let root: number;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${database}`);
    const u = new URL(DATABASE_URL ?? '');
    u.pathname = `/${database}`;
    url = u.toString();
    a = await start('a'); // migrates and creates the administrator
    b = await start('b');
    db = await openDb({ kind: 'postgres', url });
    const [org] = await db.query<{ id: number }>('select id from organizations where parent_organization_id is null');
    root = org?.id ?? 0;
    units = [];
    for (let i = 0; i < UNITS; i++) {
      const serial = `TWO-${tag}-${i}`;
      const id = await insertUnit(db, {
        organizationId: root,
        serial,
        secretHash: hashUnitSecret('s'),
        name: serial,
        type: 25,
        channels: 2,
        alarmSettings: DEFAULT_ALARM_SETTINGS,
      });
      units.push({ id, serial });
    }
  }, 120_000);

  afterAll(async () => {
    for (const i of [a, b]) i?.proc.kill('SIGTERM');
    await Promise.all(
      [a, b].map((i) => i && new Promise((r) => (i.proc.exitCode !== null ? r(0) : i.proc.on('exit', r)))),
    );
    await db?.close();
    await admin?.query(`drop database if exists ${database} with (force)`);
    await admin?.end();
  });

  it('accepts a session made on one instance on the other, and ends it on both', async () => {
    const cookie = await signIn(a.base);
    const onB = await fetch(`${b.base}/api/v3/user/profile`, { headers: { cookie } });
    expect(onB.status).toBe(200);
    expect(((await onB.json()) as { username: string }).username).toBe('admin');
    const out = await fetch(`${b.base}/api/v2/auth/logout`, { headers: { cookie } });
    expect(out.status).toBe(200);
    expect((await fetch(`${a.base}/api/v3/user/profile`, { headers: { cookie } })).status).toBe(401);
  });

  it('closes a live socket on B at once when its session is signed out on A', async () => {
    const cookie = await signIn(a.base);
    const ws = new WebSocket(`${b.base.replace('http', 'ws')}/api/v3/live`, { headers: { cookie } });
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    await new Promise((resolve) => ws.once('message', resolve));
    expect((await fetch(`${a.base}/api/v2/auth/logout`, { headers: { cookie } })).status).toBe(200);
    // A announces the end through PostgreSQL, far sooner than B's own 60 s re-check: a socket still
    // open after 5 s is cut here (1006), which fails the test.
    const late = setTimeout(() => ws.terminate(), 5000);
    await expect(closed).resolves.toBe(CLOSE_SESSION_ENDED);
    clearTimeout(late);
  });

  it('splits ingest between the instances, and a browser on B hears every sample, those A stored too', async () => {
    const cookie = await signIn(b.base);
    const ws = new WebSocket(`${b.base.replace('http', 'ws')}/api/v3/live`, { headers: { cookie } });
    type Heard = { kind: string; unitId?: number; t?: string; samples?: Heard[] };
    const heard: Heard[] = [];
    // Samples come gathered, one message a tick.
    ws.on('message', (d) => {
      const m: Heard = JSON.parse(d.toString());
      heard.push(...(m.kind === 'sampleBatch' ? (m.samples ?? []) : [m]));
    });
    await expect.poll(() => heard.some((m) => m.kind === 'hello')).toBe(true);
    const before = await Promise.all([a, b].map((i) => counter(i.base, 'fieldwatch_ingest_messages_total')));

    const t0 = Date.now() - MESSAGES * 60_000;
    await Promise.all(
      units.map(async ({ serial }) => {
        const unit = await mqtt.connectAsync(MQTT_URL ?? '', { username: serial, password: 's', reconnectPeriod: 0 });
        for (let m = 0; m < MESSAGES; m++) {
          const payload = JSON.stringify({ t: new Date(t0 + m * 60_000).toISOString(), v: { Loop1: 24 + m / 100 } });
          await unit.publishAsync(`fw/u/${serial}/up/samples`, payload, { qos: 1 });
        }
        await unit.endAsync();
      }),
    );
    const total = UNITS * MESSAGES;
    const mine = new Set(units.map((u) => u.id));
    const samples = () => heard.filter((m) => m.kind === 'samples' && mine.has(m.unitId ?? 0));
    await expect.poll(() => samples().length, { timeout: 30_000 }).toBe(total);
    ws.close();

    const after = await Promise.all([a, b].map((i) => counter(i.base, 'fieldwatch_ingest_messages_total')));
    const byA = (after[0] ?? 0) - (before[0] ?? 0);
    const byB = (after[1] ?? 0) - (before[1] ?? 0);
    // Mosquitto hands a shared subscription's messages out in turn: both instances ingested, none twice.
    expect(byA).toBeGreaterThan(0);
    expect(byB).toBeGreaterThan(0);
    expect(byA + byB).toBe(total);
    expect(new Set(samples().map((m) => `${m.unitId}@${m.t}`)).size).toBe(total);
    const [stored] = await db.query<{ n: number }>('select count(*)::int as n from samples where unit_id = any($1)', [
      [...mine],
    ]);
    expect(stored?.n).toBe(total);
  });

  it('turns each alarm into one event although both instances’ event engines run', async () => {
    // A low insulation resistance on every unit: alarms arrive at both instances at once.
    await Promise.all(
      units.map(async ({ serial }) => {
        const unit = await mqtt.connectAsync(MQTT_URL ?? '', { username: serial, password: 's', reconnectPeriod: 0 });
        const payload = JSON.stringify({ t: new Date().toISOString(), v: { Resistance1: 0.2 } });
        await unit.publishAsync(`fw/u/${serial}/up/samples`, payload, { qos: 1 });
        await unit.endAsync();
      }),
    );
    const ids = units.map((u) => u.id);
    const count = async (sql: string) => (await db.query<{ n: number }>(sql, [ids]))[0]?.n ?? 0;
    // A value may raise more than one alarm, at its own pace: wait until every alarm there is has its
    // event, read in the same poll (a count of alarms taken first could be overtaken by the events).
    const alarmsAndEvents = async () => [
      await count('select count(*)::int as n from alarms where unit_id = any($1)'),
      await count(
        'select count(*)::int as n from events e join alarms a on a.id = e.alarm_id where a.unit_id = any($1)',
      ),
    ];
    await expect
      .poll(
        async () => {
          const [alarms = 0, events = 0] = await alarmsAndEvents();
          return alarms >= UNITS && events === alarms;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    const [alarms = 0] = await alarmsAndEvents();
    expect(
      await count(
        'select count(distinct e.alarm_id)::int as n from events e join alarms a on a.id = e.alarm_id where a.unit_id = any($1)',
      ),
    ).toBe(alarms);
    // And each user who may see a unit is notified once per event.
    expect(
      await count(
        `select count(*)::int as n from (select n.user_id, n.event_id from notifications n join events e on e.id = n.event_id
         join alarms a on a.id = e.alarm_id where a.unit_id = any($1) group by 1, 2 having count(*) > 1) d`,
      ),
    ).toBe(0);
    expect(
      await count(
        'select count(*)::int as n from notifications n join events e on e.id = n.event_id join alarms a on a.id = e.alarm_id where a.unit_id = any($1)',
      ),
    ).toBeGreaterThanOrEqual(alarms);
  });
});
