import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { describe, expect, it } from 'vitest';
import { openDb } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import { processPendingAlarms } from '../src/modules/events/engine.service.ts';
import { createOrganization, createUnit, createUser } from './helpers.ts';

const root = new URL('../../', import.meta.url).pathname;

/** Starts the real server process on a data directory; resolves with its MQTT port. */
function startServer(dataDir: string, logLevel = 'warn') {
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
      LOG_LEVEL: logLevel,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  const port = new Promise<number>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /embedded broker on port (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
      for (const w of waiters) if (out.includes(w.text)) w.resolve();
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
  port.catch(() => {}); // a test that kills the server on purpose never awaits the port
  /** Resolves once the server has printed the text. */
  const printed = (text: string) => new Promise<void>((resolve) => waiters.push({ text, resolve }));
  return { child, port, printed };
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
  }, 90_000);
});
