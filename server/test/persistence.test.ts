import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../src/db/db.ts';
import { lockDataDir } from '../src/db/lock.ts';
import { migrate } from '../src/db/migrate.ts';
import { insertOrganization } from '../src/modules/organizations/organizations.service.ts';

const made: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldwatch-pglite-'));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

describe('embedded database (PGlite in a worker thread)', () => {
  it('keeps data across a clean close and reopen, and migrates only once', async () => {
    const dir = tempDir();
    const first = await openDb({ kind: 'pglite', dataDir: dir });
    expect(await migrate(first)).toContain('001_foundation.sql');
    await insertOrganization(first, 'Survivor', null);
    await first.close();

    const second = await openDb({ kind: 'pglite', dataDir: dir });
    expect(await migrate(second)).toEqual([]);
    const rows = await second.query<{ name: string }>('select name from organizations');
    expect(rows.map((r) => r.name)).toEqual(['Survivor']);
    await second.close();
  });

  it('keeps every committed row when the process is killed with SIGKILL', async () => {
    const dir = tempDir();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', new URL('./fixtures/crash-writer.ts', import.meta.url).pathname, dir],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let committed = 0;
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        const numbers = [...chunk.toString().matchAll(/committed (\d+)/g)].map((m) => Number(m[1]));
        committed = Math.max(committed, ...numbers);
        if (committed >= 50 && child.exitCode === null) {
          child.kill('SIGKILL');
          resolve();
        }
      });
    });
    await new Promise((resolve) => child.once('exit', resolve));

    const db = await openDb({ kind: 'pglite', dataDir: dir });
    const [row] = await db.query<{ n: number }>('select count(*)::int as n from crash_rows');
    // Every row reported as committed is there (a row may have committed just before the kill too).
    expect(row?.n).toBeGreaterThanOrEqual(committed);
    await db.close();
  });

  it('rolls a failed transaction back and keeps serving queries', async () => {
    const db = await openDb({ kind: 'pglite' });
    await migrate(db);
    await expect(
      db.transaction(async (tx) => {
        await insertOrganization(tx, 'Rolled back', null);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const rows = await db.query('select 1 from organizations');
    expect(rows).toHaveLength(0);
    await db.close();
  });
});

describe('data directory lock', () => {
  it('refuses a second process with a clear message', () => {
    const dir = tempDir();
    // A live process that is not us holds the lock: our parent.
    fs.writeFileSync(path.join(dir, 'fieldwatch.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(/in use by process \d+.*DATA_DIR/);
  });

  it('takes over the stale lock of a process that died, and releases it', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'fieldwatch.lock'), '2147483646');
    const unlock = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'fieldwatch.lock'), 'utf8')).toBe(String(process.pid));
    unlock();
    expect(fs.existsSync(path.join(dir, 'fieldwatch.lock'))).toBe(false);
  });
});
