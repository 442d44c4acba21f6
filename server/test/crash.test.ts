import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { describe, expect, it } from 'vitest';
import { openDb } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import { createOrganization, createUnit } from './helpers.ts';

const root = new URL('../../', import.meta.url).pathname;

/** Starts the real server process on a data directory; resolves with its MQTT port. */
function startServer(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      MQTT_URL: '',
      DATA_DIR: dataDir,
      DEMO: '0',
      PORT: '0',
      MQTT_PORT: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const port = new Promise<number>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /embedded broker on port (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
  return { child, port };
}

describe('crash safety of ingest (embedded PGlite and broker)', () => {
  it('loses no acknowledged sample when the server is killed with SIGKILL mid-ingest', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldwatch-crash-'));
    const setup = await openDb({ kind: 'pglite', dataDir: dir });
    await migrate(setup);
    await createUnit(setup, {
      organizationId: await createOrganization(setup, 'Crash'),
      serial: 'CR-1',
      secret: 'crash',
    });
    await setup.close();

    const server = startServer(dir);
    const unit = await mqtt.connectAsync(`mqtt://127.0.0.1:${await server.port}`, {
      username: 'CR-1',
      password: 'crash',
      reconnectPeriod: 0,
    });
    unit.on('error', () => {});
    let acked = 0;
    const t0 = Date.UTC(2026, 0, 1);
    // Publish steadily; kill the server once 200 messages are acknowledged.
    const killed = new Promise<void>((resolve) => {
      let m = 0;
      const next = () => {
        if (server.child.exitCode !== null || server.child.signalCode) return;
        const t = new Date(t0 + m++ * 60_000).toISOString();
        unit.publish('fw/u/CR-1/up/samples', JSON.stringify({ t, v: { Loop1: 20 } }), { qos: 1 }, (err) => {
          if (err) return;
          acked++;
          if (acked === 200) {
            server.child.kill('SIGKILL');
            resolve();
          }
        });
        if (m < 5000) setImmediate(next);
      };
      next();
    });
    await killed;
    await new Promise((resolve) => server.child.once('exit', resolve));
    unit.end(true);

    const db = await openDb({ kind: 'pglite', dataDir: dir });
    const [row] = await db.query<{ n: number }>('select count(*)::int as n from samples', []);
    expect(row?.n).toBeGreaterThanOrEqual(acked);
    await db.close();
  }, 90_000);
});
