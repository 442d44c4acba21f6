/**
 * The fleet-scale scenario, one command: `npm run bench:scale` (PGlite and the embedded
 * broker), `npm run bench:scale -- postgres` (DATABASE_URL's PostgreSQL, MQTT_URL's broker, two API
 * instances behind a round-robin address). 10,000 units, a year of 10-minute history for 1,000 of
 * them, the whole fleet reporting live, 50 signed-in sessions' API traffic. Every figure is printed
 * beside its baseline measured in the same run. Figures go to bench/README.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SESSION_COOKIE_NAME } from '@fieldwatch/core';
import pg from 'pg';
import { type Db, openDb } from '../../server/src/db/db.ts';
import { migrate } from '../../server/src/db/migrate.ts';
import { SCALE, SCALE_PASSWORD, type ScaleFleet, seedScaleFleet } from './fleet.ts';
import { type Call, type LoadResult, load } from './load.ts';
import { counted } from './metrics.ts';
import { nightOfCurves, seedReferences } from './night.ts';
import { roundRobin } from './proxy.ts';
import { connectFleet, fleetBurst, liveReporting, report } from './units.ts';

const kind = process.argv.includes('postgres') ? 'postgres' : 'pglite';
const SECONDS = Number(process.env.SCALE_SECONDS || 15);
/** `SCALE_INGEST_ONLY=1`: only the fleet's burst of reports against the raw-INSERT rate (no API loads). */
const INGEST_ONLY = process.env.SCALE_INGEST_ONLY === '1';
/** `SCALE_NIGHT=1`: only a night of radar curves, every unit's at once, until all are analysed (no API loads). */
const NIGHT = process.env.SCALE_NIGHT === '1';
const LIVE_INTERVAL_S = Number(process.env.SCALE_LIVE_INTERVAL_S || 60);
/** Paced traffic: 50 busy operators, each two requests a second (a dashboard opening fires six). */
const PACED_RATE = Number(process.env.SCALE_PACED_RATE || 100);
const root = path.resolve(import.meta.dirname, '../..');
const log = (line: string) => console.log(line);
const ms = (n: number) => `${n.toFixed(1)} ms`;
const children: ChildProcess[] = [];
const cleanups: (() => Promise<unknown>)[] = [];

async function median(runs: number, fn: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)] ?? 0;
}

/** Where the scenario's database lives: a fresh PGlite directory or a fresh PostgreSQL database. */
async function prepareDatabase() {
  if (kind === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-scale-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    return { env: { DATA_DIR: dataDir } as Record<string, string>, open: () => openDb({ kind: 'pglite', dataDir }) };
  }
  const url = process.env.DATABASE_URL;
  if (!url || !process.env.MQTT_URL) throw new Error('the postgres scenario needs DATABASE_URL and MQTT_URL');
  const database = `fw_scale_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${database}`);
  cleanups.push(async () => {
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  });
  const u = new URL(url);
  u.pathname = `/${database}`;
  return {
    env: { DATABASE_URL: u.toString() } as Record<string, string>,
    open: () => openDb({ kind: 'postgres', url: u.toString() }),
  };
}

/** Baselines on the bare database, before any server runs (PGlite allows one process at a time). */
async function bareSql(db: Db, fleet: ScaleFleet) {
  const unit = fleet.historyUnits[0] ?? 0;
  const yearAgo = new Date(Date.now() - 365 * 86_400_000);
  const yearRaw = await median(5, () =>
    db.query('select series, ts, value from samples where unit_id = $1 and series = any($2) and ts >= $3', [
      unit,
      SCALE.historySeries,
      yearAgo,
    ]),
  );
  const dayAll = await median(3, () =>
    db.query(
      `select unit_id, series, min(value), max(value), avg(value) from samples
       where ts >= now() - interval '1 day' group by 1, 2`,
    ),
  );
  // The raw-INSERT rate: one report of every unit written straight into samples, 1,000 rows a statement.
  const t = new Date(Date.now() - 7200_000);
  const rows = fleet.units.flatMap((u, i) =>
    Object.values(JSON.parse(report(i, t, false)).v as Record<string, number>).map((value, k) => ({
      unit: u.id,
      series: [11, 41, 100, 102, 104][k] ?? 0,
      value,
    })),
  );
  const t0 = performance.now();
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    await db.query(
      `insert into samples (unit_id, series, ts, value)
       select u, s, $3, v from unnest($1::int[], $2::smallint[], $4::float8[]) as x(u, s, v) on conflict do nothing`,
      [chunk.map((r) => r.unit), chunk.map((r) => r.series), t, chunk.map((r) => r.value)],
    );
  }
  const rawRate = rows.length / ((performance.now() - t0) / 1000);
  return { unit, yearRaw, dayAll, rawRate };
}

/** A server process (server/src/main.ts) on the scenario's database; resolves with its ports. */
function startServer(name: string, env: Record<string, string>): Promise<{ pid: number; port: number; mqtt?: number }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO: '0',
      LOG_LEVEL: 'warn',
      INITIAL_ADMIN_PASSWORD: SCALE_PASSWORD,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(proc);
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      const port = /running at http:\/\/localhost:(\d+)/.exec(out)?.[1];
      const mqttPort = /embedded broker on port (\d+)/.exec(out)?.[1];
      if (port) resolve({ pid: proc.pid ?? 0, port: Number(port), mqtt: mqttPort ? Number(mqttPort) : undefined });
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', (d: Buffer) => {
      out += d.toString();
    });
    proc.on('exit', (code) => reject(new Error(`server ${name} exited (${code}):\n${out.slice(-3000)}`)));
  });
}

async function signIn(port: number, username: string) {
  const res = await fetch(`http://127.0.0.1:${port}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: SCALE_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${username}: ${res.status}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE_NAME}=`));
  return cookie?.split(';')[0] ?? '';
}

const legacyDate = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

function calls(fleet: ScaleFleet): Call[] {
  const org = (s: number) => fleet.users[s]?.org ?? 0;
  const per = fleet.historyUnits.length / fleet.orgs.length;
  const historyUnit = (s: number) => fleet.historyUnits[fleet.orgs.indexOf(org(s)) * per + (s % per)] ?? 0;
  const now = Date.now();
  const range = (days: number) =>
    `start=${new Date(now - days * 86_400_000).toISOString()}&end=${new Date(now).toISOString()}`;
  return [
    { name: 'dashboards', path: () => '/api/v3/user/dashboard' },
    { name: 'device list', path: (s) => `/api/v1/device?orgs=${org(s)}` },
    { name: 'latest values', path: (s) => `/api/v1/xrequest/GetUnitsShowValue?CustomerIDs=${org(s)}` },
    {
      name: 'alarms (30 days)',
      path: (s) =>
        `/api/v1/xrequest/GetAlarms?CustomerIDs=${org(s)}&StartDate=${encodeURIComponent(legacyDate(new Date(now - 30 * 86_400_000)))}&Rows=100`,
    },
    { name: 'data, a day', path: (s) => `/api/v3/device/devices/${historyUnit(s)}/data?${range(1)}` },
    { name: 'data, a year', path: (s) => `/api/v3/device/devices/${historyUnit(s)}/data?${range(365)}` },
    // The overview's KPIs, map and filter since they are worked out on the server.
    { name: 'status counts', path: (s) => `/api/v1/device/statusCounts?orgs=${org(s)}` },
    { name: 'temperatures', path: (s) => `/api/v1/device/temperatureSummary?orgs=${org(s)}` },
    { name: 'map units', path: (s) => `/api/v1/device/mapUnits?orgs=${org(s)}` },
    { name: 'type codes', path: (s) => `/api/v1/device/typeCodes?orgs=${org(s)}` },
  ];
}

/** What our server answered, per session and URL, for the bare-Fastify baseline to serve from memory. */
async function captureBodies(port: number, cookies: readonly string[], list: readonly Call[]) {
  const bodies: Record<string, string> = {};
  for (const call of list) {
    for (const [s, cookie] of cookies.entries()) {
      const p = call.path(s);
      const res = await fetch(`http://127.0.0.1:${port}${p}`, { headers: { cookie } });
      if (res.status !== 200) throw new Error(`${call.name}: ${res.status} ${await res.text()}`);
      bodies[`${cookie} ${p}`] = await res.text();
    }
  }
  const file = path.join(os.tmpdir(), `fw-scale-bodies-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify(bodies));
  cleanups.push(async () => fs.rmSync(file, { force: true }));
  return file;
}

function startBare(file: string): Promise<{ pid: number; port: number }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'bare.ts'), file], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(proc);
  return new Promise((resolve) => {
    proc.stdout?.on('data', (d: Buffer) => {
      const port = /bare listening (\d+)/.exec(d.toString())?.[1];
      if (port) resolve({ pid: proc.pid ?? 0, port: Number(port) });
    });
  });
}

const row = (name: string, ours: LoadResult, bare: LoadResult) =>
  `| ${name} | ${ours.p50.toFixed(1)} / ${ours.p95.toFixed(1)} ms | ${Math.round(ours.rps)} | ${bare.p50.toFixed(1)} / ${bare.p95.toFixed(1)} ms | ${Math.round(bare.rps)} | **${(ours.p95 / bare.p95).toFixed(2)}×** | ${ours.errors + ours.non2xx} | ${Math.round(ours.cpuPct)} % / ${Math.round(ours.rssMaxMb)} MB |`;

async function main() {
  log(`Fleet scale scenario on ${kind === 'pglite' ? 'PGlite with the embedded broker' : 'PostgreSQL with Mosquitto'}`);
  const database = await prepareDatabase();
  const db = await database.open();
  await migrate(db);
  const fleet = await seedScaleFleet(db, log);
  log(
    `  seeded in ${(fleet.ms.units / 1000).toFixed(1)} s; history ${fleet.historyRows.toLocaleString('en')} samples in ${(fleet.ms.history / 1000).toFixed(1)} s; roll-ups in ${(fleet.ms.rollups / 1000).toFixed(1)} s`,
  );
  const sql = await bareSql(db, fleet);
  if (NIGHT) await seedReferences(db, fleet);
  await db.close();

  // PostgreSQL always with MQTT_URL's broker; PGlite with it when set, else the embedded one.
  const external = kind === 'postgres' || !!process.env.MQTT_URL;
  const instances = kind === 'postgres' ? Number(process.env.SCALE_INSTANCES || 2) : 1;
  const servers = [];
  for (let i = 0; i < instances; i++) {
    servers.push(
      await startServer(`s${i}`, {
        ...database.env,
        ...(external
          ? {
              MQTT_URL: process.env.MQTT_URL ?? '',
              MQTT_CLIENT_ID: `fw-scale-${i}-${process.pid}`,
              MQTT_SHARE_GROUP: `fwscale${process.pid}`,
            }
          : { MQTT_PORT: '0' }),
      }),
    );
  }
  const proxy = await roundRobin(servers.map((s) => s.port));
  cleanups.push(() => proxy.close());
  const pids = servers.map((s) => s.pid);
  const brokerUrl = external ? (process.env.MQTT_URL ?? '') : `mqtt://127.0.0.1:${servers[0]?.mqtt}`;
  log(`  ${instances} server instance(s) behind 127.0.0.1:${proxy.port}`);

  const serials = fleet.units.map((u) => u.serial);
  const clients = await connectFleet(brokerUrl, serials, log);
  cleanups.push(() => Promise.all(clients.map((c) => c.endAsync(true))));
  const burstStart = performance.now();
  const burst = await fleetBurst(clients, serials, new Date(Date.now() - 3600_000));
  // An external broker acknowledges a unit as soon as it holds the message: count until stored.
  if (external) {
    const ports = servers.map((s) => s.port);
    while ((await counted(ports, 'fieldwatch_ingest_samples_total')) < burst.samples)
      await new Promise((r) => setTimeout(r, 50));
    burst.ms = performance.now() - burstStart;
  }
  const ingestRate = burst.samples / (burst.ms / 1000);
  const ingestRow = `| ingest: every unit reports once (${burst.samples.toLocaleString('en')} samples, ${burst.alarms} alarms raised), QoS 1 to PUBACK${external ? ' and stored' : ''} | ${Math.round(ingestRate).toLocaleString('en')} samples/s | raw INSERT ${Math.round(sql.rawRate).toLocaleString('en')} samples/s | ${(ingestRate / sql.rawRate).toFixed(2)} |`;
  if (INGEST_ONLY) {
    log(`\n${ingestRow}`);
    return;
  }
  if (NIGHT) {
    log(
      `\n${await nightOfCurves(
        clients,
        serials,
        servers.map((s) => s.port),
        LIVE_INTERVAL_S,
        burst.samples,
      )}`,
    );
    return;
  }

  const live = liveReporting(clients, serials, LIVE_INTERVAL_S);
  const cookies: string[] = [];
  for (const u of fleet.users) cookies.push(await signIn(proxy.port, u.username));
  const list = calls(fleet);
  const bodies = await captureBodies(proxy.port, cookies, list);
  const bare = await startBare(bodies);

  const yearApi = await median(5, () =>
    fetch(`http://127.0.0.1:${proxy.port}${list[5]?.path(0)}`, { headers: { cookie: cookies[0] ?? '' } }).then((r) =>
      r.text(),
    ),
  );

  const rows: string[] = [];
  const paced: string[] = [];
  const liveRows: string[] = [];
  for (const call of [...list, { name: 'mixed (all in turn)', path: () => '' }]) {
    const set = call.path(0) === '' ? list : [call];
    live.take();
    const ours = await load({ port: proxy.port, cookies, calls: set, seconds: SECONDS, pids });
    const during = live.take();
    const baseline = await load({ port: bare.port, cookies, calls: set, seconds: SECONDS, pids: [bare.pid] });
    const oursPaced = await load({ port: proxy.port, cookies, calls: set, seconds: SECONDS, pids, rate: PACED_RATE });
    const barePaced = await load({
      port: bare.port,
      cookies,
      calls: set,
      seconds: SECONDS,
      pids: [bare.pid],
      rate: PACED_RATE,
    });
    rows.push(row(call.name, ours, baseline));
    paced.push(row(call.name, oursPaced, barePaced));
    liveRows.push(`| ${call.name} | ${during.reports} | ${during.p50.toFixed(1)} / ${during.p95.toFixed(1)} ms |`);
    log(rows.at(-1) ?? '');
    log(paced.at(-1) ?? '');
  }
  live.stop();

  log(
    `\n### ${kind === 'pglite' ? 'PGlite, embedded broker, one instance' : `PostgreSQL and Mosquitto, ${instances} instances behind one round-robin address`}\n`,
  );
  log(
    `${fleet.units.length.toLocaleString('en')} units; ${fleet.historyRows.toLocaleString('en')} history samples (${fleet.historyUnits.length} units × ${SCALE.historyDays} days × ${SCALE.historySeries.length} series, 10 min); ${cookies.length} sessions; ${SECONDS} s per call; the fleet reporting every ${LIVE_INTERVAL_S} s (${Math.round(live.rate)} reports/s) throughout.\n`,
  );
  const header = [
    '| call | ours p50 / p95 | ours req/s | bare Fastify p50 / p95 | bare req/s | p95 ratio | errors | server CPU / RSS max |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  log('Saturation: each session sends its next request as soon as the last is answered.\n');
  for (const r of [...header, ...rows]) log(r);
  log(`\nPaced: ${PACED_RATE} requests/s over the ${cookies.length} sessions.\n`);
  for (const r of [...header, ...paced]) log(r);
  log('\nLive reports acknowledged during each load (PUBACK after commit and alarm evaluation):\n');
  log('| during | reports | PUBACK p50 / p95 |');
  log('|---|---:|---:|');
  for (const r of liveRows) log(r);
  log('\n| figure | ours | baseline | ratio |');
  log('|---|---:|---:|---:|');
  log(ingestRow);
  log(
    `| a year of one unit (API, downsampled from roll-ups) vs bare SQL reading its raw samples | ${ms(yearApi)} | ${ms(sql.yearRaw)} | ${(yearApi / sql.yearRaw).toFixed(2)} |`,
  );
  log(`| a day of all units (min/max/avg per unit and series, bare SQL) | ${ms(sql.dayAll)} | | |`);
}

try {
  await main();
} finally {
  for (const c of children) c.kill('SIGTERM');
  await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(0) : c.on('exit', r)))));
  for (const c of cleanups.reverse()) await c().catch(() => {});
}
process.exit(0);
