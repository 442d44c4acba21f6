import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDb } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import { processPendingAlarms } from '../src/modules/events/engine.service.ts';
import { createOrganization, createUnit, createUser } from './helpers.ts';

const root = new URL('../../', import.meta.url).pathname;

/** Starts the real server process on a database (PGlite directory or DATABASE_URL); resolves its ports. */
function startServer(dataDir: string, logLevel = 'warn', databaseUrl = '') {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      MQTT_URL: '',
      DATA_DIR: dataDir,
      DEMO: '0',
      PORT: '0',
      HOST: '127.0.0.1',
      MQTT_PORT: '0',
      LOG_LEVEL: logLevel,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  const ports = new Promise<{ mqtt: number; http: string }>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const mqttPort = /embedded broker on port (\d+)/.exec(out)?.[1];
      const http = /running at (http:\/\/\S+)/.exec(out)?.[1];
      if (mqttPort && http) resolve({ mqtt: Number(mqttPort), http });
      for (const w of waiters) if (out.includes(w.text)) w.resolve();
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
  ports.catch(() => {}); // a test that kills the server on purpose never awaits the ports
  const port = ports.then((p) => p.mqtt);
  port.catch(() => {});
  /** Resolves once the server has printed the text. */
  const printed = (text: string) => new Promise<void>((resolve) => waiters.push({ text, resolve }));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, port, ports, printed, exited };
}

/** The database the crash runs on: a PGlite directory, or a database of its own on DATABASE_URL. */
async function crashDatabase() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldwatch-crash-'));
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true });
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    return { dir, url: '', open: () => openDb({ kind: 'pglite', dataDir: dir }), drop: async () => removeDir() };
  }
  const name = `fieldwatch_crash_${randomBytes(5).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    dir,
    url: url.toString(),
    open: () => openDb({ kind: 'postgres', url: url.toString() }),
    drop: async () => {
      removeDir();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

/** A signed-in HTTP client of the running server (the session cookie survives a restart). */
async function browserOf(base: string, username: string, password: string) {
  const login = await fetch(`${base}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (!login.ok || !cookie) throw new Error(`sign-in failed: ${login.status}`);
  return {
    base,
    call: async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { ok: res.ok, status: res.status, json: res.ok ? await res.json() : undefined };
    },
  };
}

const UNITS = 4;
const PASSWORD = 'crash-password';

describe(`crash safety (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}, embedded broker)`, () => {
  it('kill -9 while units publish at full rate and a browser saves: everything acknowledged is there once', async () => {
    const database = await crashDatabase();
    const setup = await database.open();
    await migrate(setup);
    const org = await createOrganization(setup, 'Crash');
    await createUser(setup, { username: 'crash-user', password: PASSWORD, organizationId: org, role: 1 });
    for (let i = 0; i < UNITS; i++)
      await createUnit(setup, { organizationId: org, serial: `CR-${i}`, secret: `crash-${i}` });
    await setup.close();

    const server = startServer(database.dir, 'warn', database.url);
    const { mqtt: mqttPort, http } = await server.ports;
    const browser = await browserOf(http, 'crash-user', PASSWORD);
    const dashboard = await browser.call('POST', '/api/v3/user/dashboard', { name: 'v0' });
    const task = await browser.call('POST', '/api/v3/tasks', { organizationId: org, title: 'Crash task' });
    expect([dashboard.status, task.status]).toEqual([200, 200]);
    const dashboardId = String((dashboard.json as { id: string | number }).id);
    const taskId = String((task.json as { id: string }).id);

    // Acknowledged: PUBACKs for samples, 2xx for renames and task notes.
    const acked = new Set<string>();
    const savedNames: number[] = [];
    const savedNotes: string[] = [];
    let down = false;
    server.exited.then(() => {
      down = true;
    });
    const units = await Promise.all(
      Array.from({ length: UNITS }, (_, i) =>
        mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
          username: `CR-${i}`,
          password: `crash-${i}`,
          reconnectPeriod: 0,
        }),
      ),
    );
    const t0 = Date.UTC(2026, 0, 1);
    // Each unit keeps 20 reports in flight: full rate, limited by the server's acknowledgements.
    const publishing = units.map(async (unit, i) => {
      unit.on('error', () => {});
      let m = 0;
      const lane = async () => {
        while (!down) {
          const t = new Date(t0 + m++ * 60_000).toISOString();
          const ok = await unit
            .publishAsync(`fw/u/CR-${i}/up/samples`, JSON.stringify({ t, v: { Loop1: 20 } }), { qos: 1 })
            .then(
              () => true,
              () => false,
            );
          if (ok && !down) acked.add(`CR-${i} ${t}`);
          else if (!ok) return;
        }
      };
      await Promise.all(Array.from({ length: 20 }, lane));
    });
    const saving = (async () => {
      for (let n = 1; !down; n++) {
        const rename = await browser
          .call('PUT', `/api/v3/user/dashboard/${dashboardId}/updateName`, { name: `v${n}` })
          .catch(() => undefined);
        if (rename?.ok) savedNames.push(n);
        const note = await browser.call('PUT', `/api/v3/tasks/${taskId}`, { note: `note ${n}` }).catch(() => undefined);
        if (note?.ok) savedNotes.push(`note ${n}`);
      }
    })();
    // Killed without warning once enough is acknowledged.
    await expect
      .poll(() => acked.size >= 1_500 && savedNotes.length >= 20, { timeout: 60_000, interval: 20 })
      .toBe(true);
    server.child.kill('SIGKILL');
    // Reports in flight at the kill are never acknowledged: the units are closed without them.
    await Promise.all([server.exited, saving]);
    for (const unit of units) unit.end(true);
    void Promise.allSettled(publishing);

    // The server comes back on the same database by itself; what it acknowledged is there.
    const again = startServer(database.dir, 'warn', database.url);
    const after = await browserOf((await again.ports).http, 'crash-user', PASSWORD);
    const stored = await after.call('GET', `/api/v3/user/dashboard/${dashboardId}`);
    const lastSaved = savedNames.at(-1) ?? 0;
    // The last acknowledged rename, or the one in flight at the kill.
    expect([`v${lastSaved}`, `v${lastSaved + 1}`]).toContain((stored.json as { name: string }).name);
    const storedTask = (await after.call('GET', `/api/v3/tasks/${taskId}`)).json as {
      activities: { type: string; text?: string; note?: string }[];
    };
    const notes = JSON.stringify(storedTask.activities);
    expect(savedNotes.filter((n) => !notes.includes(`"${n}"`))).toEqual([]);
    again.child.kill('SIGTERM');
    await again.exited;

    const db = await database.open();
    const rows = await db.query<{ serial: string; ts: Date }>(
      'select u.serial, s.ts from samples s join units u on u.id = s.unit_id',
      [],
    );
    const found = new Set(rows.map((r) => `${r.serial} ${r.ts.toISOString()}`));
    expect([...acked].filter((k) => !found.has(k))).toEqual([]);
    // No duplicate: one row per unit, time and series.
    expect(found.size).toBe(rows.length);
    console.info(
      `crash: ${acked.size} samples acknowledged, ${rows.length} stored; ${savedNames.length} renames and ${savedNotes.length} task notes acknowledged, all found`,
    );
    await db.close();
    await database.drop();
  }, 180_000);

  it('a restart mid-storm creates no duplicate and misses no alarm', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldwatch-storm-'));
    const setup = await openDb({ kind: 'pglite', dataDir: dir });
    await migrate(setup);
    const org = await createOrganization(setup, 'Storm');
    for (const name of ['storm-a', 'storm-b']) {
      await createUser(setup, { username: name, password: 'storm-pass', organizationId: org, role: 1 });
    }
    const units: number[] = [];
    for (let i = 0; i < 100; i++) units.push(await createUnit(setup, { organizationId: org, serial: `ST-${i}` }));
    // 2,000 alarms waiting: four batches of the engine.
    await setup.query(
      `insert into alarms (unit_id, channel, alarm_type, event_text, event_time)
       select u, c, t, 'storm', now() from unnest($1::int[]) u, generate_series(1, 4) c, generate_series(0, 4) t`,
      [units],
    );
    await setup.close();

    // The server's engine starts on the storm at once; it is killed as its first batch commits.
    const server = startServer(dir, 'debug');
    await server.printed('alarm batch committed');
    server.child.kill('SIGKILL');
    await new Promise((resolve) => server.child.once('exit', resolve));

    const db = await openDb({ kind: 'pglite', dataDir: dir });
    const count = async (sql: string) => (await db.query<{ n: number }>(sql, []))[0]?.n;
    expect(await count('select count(*)::int as n from events')).toBeGreaterThan(0);
    // The restarted engine catches up on what is left.
    await processPendingAlarms(db, () => {});
    expect(await count('select count(*)::int as n from events')).toBe(2000);
    expect(await count('select count(distinct alarm_id)::int as n from events')).toBe(2000);
    expect(await count('select count(*)::int as n from notifications')).toBe(4000);
    expect(await count('select count(*)::int as n from tasks')).toBe(100);
    expect(
      await count(
        `select count(*)::int as n from (select distinct jsonb_array_elements_text(data->'eventIds') from tasks) x`,
      ),
    ).toBe(2000);
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 90_000);
});
