import fs from 'node:fs';
import path from 'node:path';

/** The lock file inside a PGlite data directory (backup and restore take it too). */
export const LOCK_FILE = 'fieldwatch.lock';

/**
 * PGlite allows one process per data directory. A lock file with our pid makes a second
 * process stop with a clear message instead of corrupting the data.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  try {
    fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch {
    const pid = Number(fs.readFileSync(file, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `The data directory ${dataDir} is in use by process ${pid}. Stop it, or set DATA_DIR to another directory (or DATABASE_URL to share a PostgreSQL server).`,
      );
    }
    fs.writeFileSync(file, String(process.pid)); // stale lock of a process that died
  }
  return () => fs.rmSync(file, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
