import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DashboardRecord } from '@fieldwatch/core';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { BackupError, backupTarget, restore } from '../src/db/backup.ts';
import { type Db, openDb } from '../src/db/db.ts';
import { lockDataDir } from '../src/db/lock.ts';
import { migrate } from '../src/db/migrate.ts';
import { DEMO_PASSWORD, seedDemo } from '../src/demo/seed.ts';
import { processPendingAlarms } from '../src/modules/events/engine.service.ts';
import { ensureInitialAdmin } from '../src/modules/users/initialAdmin.ts';
import { createOrganization, createUser, signIn } from './helpers.ts';

// `npm run backup` / `npm run restore` as real processes: a database filled by the app's own code
// (demo organizations, users, fleet with history, alarms turned into events, a dashboard, sessions)
// is backed up, restored into an empty database, and every table must hold the same rows.
// PGlite data directories, or databases of their own on DATABASE_URL's server when it is set.

const root = new URL('../../', import.meta.url).pathname;
const serverUrl = process.env.DATABASE_URL;
const kind = serverUrl ? 'postgres' : 'pglite';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldwatch-backup-'));
const ADMIN_PASSWORD = 'backup-admin-password';
const silent = pino({ level: 'silent' });

/** An empty database of its own, and the environment that points the CLI at it. */
type Place = { env: Record<string, string>; open: () => Promise<Db>; drop: () => Promise<void>; dataDir: string };

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function newPlace(): Promise<Place> {
  const dataDir = path.join(tmp, `data-${randomBytes(4).toString('hex')}`); // not created: PGlite's is empty
  if (!serverUrl) {
    return {
      dataDir,
      env: { DATABASE_URL: '', DATA_DIR: dataDir },
      open: () => openDb({ kind: 'pglite', dataDir }),
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `fieldwatch_backup_${randomBytes(5).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    dataDir,
    env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    open: () => openDb({ kind: 'postgres', url: url.toString() }),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

/** Runs the CLI as `npm run backup/restore` does; resolves with its exit code and output. */
function cli(command: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/db/backupCli.ts', command, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    out += c.toString();
  });
  return new Promise<{ code: number | null; out: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, out })),
  );
}

type Snapshot = Record<string, { rows: number; sum: string }>;

/** Every table of the schema: its row count and a checksum of all its rows. */
async function snapshot(db: Db): Promise<Snapshot> {
  const tables = await db.query<{ name: string }>(
    'select tablename as name from pg_tables where schemaname = current_schema() order by 1',
  );
  const result: Snapshot = {};
  for (const { name } of tables) {
    const [row] = await db.query<{ rows: number; sum: string }>(
      `select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as sum from "${name}" t`,
    );
    result[name] = row as { rows: number; sum: string };
  }
  return result;
}

const totalRows = (s: Snapshot) => Object.values(s).reduce((n, t) => n + t.rows, 0);

let source: Place;
let target: Place;
let before: Snapshot;
const file = path.join(tmp, kind === 'pglite' ? 'backup.tar.gz' : 'backup.dump');
const fleetFile = () => path.join(source.dataDir, 'demo-fleet.json');

beforeAll(async () => {
  source = await newPlace();
  target = await newPlace();
  const db = await source.open();
  await migrate(db);
  await ensureInitialAdmin(db, 'admin', ADMIN_PASSWORD);
  // As main.ts does: the fleet's secrets file lives in DATA_DIR (inside the PGlite backup).
  fs.mkdirSync(source.dataDir, { recursive: true });
  await seedDemo(db, { fleet: { file: fleetFile(), units: 4 } });
  await processPendingAlarms(db, () => {});
  await createUser(db, { username: 'backup-user', password: 'backup-password', organizationId: 1, role: 1 });
  const app = await buildApp({ db, loggerInstance: silent });
  const cookie = await signIn(app, 'manager', DEMO_PASSWORD);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v3/user/dashboard',
    headers: { cookie },
    payload: { name: 'Backup board' },
  });
  expect(res.statusCode).toBe(200);
  await app.close();
  before = await snapshot(db);
  await db.close(); // a PGlite backup needs the server stopped
});

afterAll(async () => {
  await source?.drop();
  await target?.drop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

// Each test spawns the CLI (a Node process loading PGlite) once or twice: allow for a loaded machine.
describe(`backup and restore (${kind})`, { timeout: 60_000 }, () => {
  it('backs up, restores into an empty database, and finds every table, row and value', async () => {
    // The data the backup must carry: the app's own tables, filled.
    for (const table of [
      'organizations',
      'users',
      'units',
      'samples',
      'samples_hourly',
      'samples_daily',
      'dashboards',
      'events',
    ])
      expect(before[table]?.rows, table).toBeGreaterThan(0);
    const t0 = performance.now();
    const backedUp = await cli('backup', [file], source.env);
    const backupMs = performance.now() - t0;
    expect(backedUp.out).toMatch(/Backed up the .* to .*backup\.(tar\.gz|dump)/);
    expect(backedUp.code).toBe(0);

    const t1 = performance.now();
    const restored = await cli('restore', [file], target.env);
    const restoreMs = performance.now() - t1;
    expect(restored.out).toMatch(/Restored .* into the/);
    expect(restored.code).toBe(0);

    const db = await target.open();
    try {
      expect(await snapshot(db)).toEqual(before);
    } finally {
      await db.close();
    }
    if (kind === 'pglite')
      expect(fs.readFileSync(path.join(target.dataDir, 'demo-fleet.json'))).toEqual(fs.readFileSync(fleetFile()));
    const tables = Object.keys(before).length;
    console.log(
      `backup (${kind}): ${tables} tables, ${totalRows(before)} rows (${before.samples?.rows} samples) found after restore; ` +
        `${(fs.statSync(file).size / 1e6).toFixed(1)} MB; backup ${(backupMs / 1000).toFixed(1)} s, restore ${(restoreMs / 1000).toFixed(1)} s (processes included)`,
    );
  });

  it('serves the restored database: users sign in, their dashboards are there, new rows get new ids', async () => {
    const db = await target.open();
    const app = await buildApp({ db, loggerInstance: silent });
    try {
      const cookie = await signIn(app, 'manager', DEMO_PASSWORD);
      const boards = await app.inject({ method: 'GET', url: '/api/v3/user/dashboard', headers: { cookie } });
      expect(boards.json<DashboardRecord[]>().map((d) => d.name)).toContain('Backup board');
      await signIn(app, 'admin', ADMIN_PASSWORD);
      await signIn(app, 'backup-user', 'backup-password');
      // Sequences came back too: a new organization takes an id after the restored ones.
      const [max] = await db.query<{ id: number }>('select max(id)::int as id from organizations');
      expect(await createOrganization(db, 'After restore')).toBeGreaterThan(max?.id as number);
    } finally {
      await app.close();
      await db.close();
    }
  });

  it('refuses to restore over a database that is not empty, and leaves it as it was', async () => {
    const db = await target.open();
    const changed = await snapshot(db); // the restore plus the previous test's sign-ins and organisation
    await db.close();
    expect(changed).not.toEqual(before);
    const refused = await cli('restore', [file], target.env);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/restore failed: .* not empty .*--force/);
    const again = await target.open();
    try {
      expect(await snapshot(again)).toEqual(changed);
    } finally {
      await again.close();
    }
  });

  it('with --force, replaces that database with the backup', async () => {
    const forced = await cli('restore', [file, '--force'], target.env);
    expect(forced.out).toMatch(/Restored/);
    expect(forced.code).toBe(0);
    const db = await target.open();
    try {
      expect(await snapshot(db)).toEqual(before);
    } finally {
      await db.close();
    }
    if (kind === 'pglite') expect(forced.out).toMatch(/replaced is kept in .*\.replaced-/);
  });

  it('changes nothing when the backup is damaged, even with --force', async () => {
    const db = await target.open();
    await createOrganization(db, 'Kept through a failed restore');
    const current = await snapshot(db);
    await db.close();
    const damaged = path.join(tmp, `damaged-${path.basename(file)}`);
    const bytes = fs.readFileSync(file);
    fs.writeFileSync(damaged, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const failed = await cli('restore', [damaged, '--force'], target.env);
    expect(failed.out).toMatch(/restore failed: /);
    expect(failed.code).toBe(1);
    const again = await target.open();
    try {
      expect(await snapshot(again)).toEqual(current);
    } finally {
      await again.close();
    }
    // No half-loaded directory is left beside DATA_DIR.
    expect(fs.readdirSync(tmp).filter((f) => f.includes('.restoring-'))).toEqual([]);
  });

  it('refuses a file that is not a backup, and never overwrites a backup', async () => {
    const junk = path.join(tmp, 'junk.bin');
    fs.writeFileSync(junk, 'not a backup');
    const env = backupTarget({ dataDir: target.dataDir, databaseUrl: target.env.DATABASE_URL || undefined });
    await expect(restore(env, junk, { force: true })).rejects.toThrow(BackupError);
    await expect(restore(env, junk, { force: true })).rejects.toThrow(/not a Fieldwatch backup/);
    const size = fs.statSync(file).size;
    const second = await cli('backup', [file], source.env);
    expect(second.code).toBe(1);
    expect(second.out).toMatch(/exists already/);
    expect(fs.statSync(file).size).toBe(size);
  });

  it.runIf(kind === 'pglite')('refuses to back up or restore while a server holds the data directory', async () => {
    const unlock = lockDataDir(target.dataDir); // this live process stands for the server
    try {
      for (const [command, args] of [
        ['backup', [path.join(tmp, 'while-running.tar.gz')]],
        ['restore', [file, '--force']],
      ] as const) {
        const refused = await cli(command, [...args], target.env);
        expect(refused.code).toBe(1);
        expect(refused.out).toMatch(/while the server runs: .* in use by process/);
      }
      expect(fs.existsSync(path.join(tmp, 'while-running.tar.gz'))).toBe(false);
    } finally {
      unlock();
    }
  });

  it.runIf(kind === 'postgres')('refuses to restore while another client is connected to the database', async () => {
    const db = await target.open();
    try {
      await db.query('select 1'); // the pool holds a connection open, as a running server does
      const refused = await cli('restore', [file, '--force'], target.env);
      expect(refused.code).toBe(1);
      expect(refused.out).toMatch(/other connection\(s\) .* stop the Fieldwatch servers/);
    } finally {
      await db.close();
    }
  });
});
