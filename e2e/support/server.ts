import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = new URL('../../', import.meta.url).pathname;

export const ADMIN_PASSWORD = 'e2e-admin-password';
export const DEMO_PASSWORD = 'fieldwatch-demo';

export type RunningServer = {
  url: string;
  dataDir: string;
  /** The embedded MQTT broker's URL (absent with an external broker); it may change at a restart. */
  mqttUrl?: string;
  stop: () => Promise<void>;
  /**
   * Stops the server process (SIGTERM) and starts it again on the same port, data directory and
   * database, as a restart or a deploy does; `whileDown` runs in between. Resolves once it is up.
   */
  restart: (whileDown?: () => Promise<void>) => Promise<void>;
};

/**
 * Starts the real product (`server/src/main.ts`, built web app, demo data) on a free port with
 * its own data directory, or on DATABASE_URL when that is set. Resolves once it prints its URL.
 */
export async function startServer(env: Record<string, string> = {}, dataDir?: string): Promise<RunningServer> {
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'fieldwatch-e2e-'));
  const database = process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL) : undefined;
  // The demo seed of the run's template (support/demoTemplate.ts), when this server would seed the same.
  const template = process.env.E2E_DEMO_TEMPLATE;
  if (template && !dataDir && !database && !SEED_SETTINGS.some((k) => k in env))
    fs.cpSync(template, dir, { recursive: true });
  if (database) env = { DATABASE_URL: database.url, ...env };
  let process_ = await launch({ PORT: '0', ...env }, dir);
  const stopProcess = () =>
    new Promise<void>((resolve) => {
      const child = process_.child;
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', (code) => {
        // A stop past its deadline names the step that hung (server/src/main.ts).
        if (code) console.warn(`server stopped with exit code ${code}:\n${process_.output().slice(-2000)}`);
        resolve();
      });
      child.kill('SIGTERM');
    });
  const server: RunningServer = {
    url: process_.url,
    dataDir: dir,
    mqttUrl: process_.mqttUrl,
    stop: async () => {
      await stopProcess();
      await database?.drop();
      // A directory of its own goes with it (a copy of the demo data is some 100-300 MB).
      if (!dataDir) fs.rmSync(dir, { recursive: true, force: true });
    },
    restart: async (whileDown) => {
      await stopProcess();
      await whileDown?.();
      process_ = await launch({ ...env, PORT: new URL(server.url).port }, dir);
      server.mqttUrl = process_.mqttUrl;
    },
  };
  return server;
}

/** Settings that change what the demo seeds: a server given one of them seeds its own. */
const SEED_SETTINGS = ['SIM_UNITS', 'DEMO', 'INITIAL_ADMIN_PASSWORD', 'DATABASE_URL'];

/** One server process: resolves once it prints its URL and MQTT line. */
async function launch(env: Record<string, string>, dir: string) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      DEMO: '1',
      // A small fleet keeps each start quick; the simulator's own tests cover the large one.
      SIM_UNITS: '12',
      LOG_LEVEL: 'warn',
      INITIAL_ADMIN_PASSWORD: ADMIN_PASSWORD,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      // The MQTT line follows the URL in the same start-up banner.
      if (match?.[1] && /MQTT: [^\n]*\n/.test(output)) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  const broker = /embedded broker on port (\d+)/.exec(output)?.[1];
  return { child, url, mqttUrl: broker ? `mqtt://127.0.0.1:${broker}` : undefined, output: () => output };
}

/** A database of its own on the PostgreSQL server of DATABASE_URL, dropped when the server stops. */
async function freshDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `fieldwatch_e2e_${randomBytes(5).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
