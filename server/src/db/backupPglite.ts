import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { BackupError, stamp, writeAtomically } from './backup.ts';
import { LOCK_FILE, lockDataDir } from './lock.ts';

const hasDatabase = (dir: string) => fs.existsSync(path.join(dir, 'PG_VERSION'));

/** PGlite is one process per data directory: a running server holds the lock, and we refuse. */
function lock(dataDir: string, what: string): () => void {
  try {
    return lockDataDir(dataDir);
  } catch (e) {
    throw new BackupError(`Cannot ${what} while the server runs: ${(e as Error).message}`);
  }
}

/**
 * The whole data directory (database and the files beside it, such as the demo fleet's secrets)
 * as a gzipped tarball from PGlite's own dumpDataDir. The server must be stopped: it holds the lock.
 * Returns the size in bytes.
 */
export async function backupPglite(dataDir: string, file: string): Promise<number> {
  // Checked before locking: the lock would create an empty directory.
  if (!hasDatabase(dataDir)) throw new BackupError(`${dataDir} holds no PGlite database (no PG_VERSION)`);
  const unlock = lock(dataDir, 'back up the PGlite data directory');
  try {
    const db = await PGlite.create(dataDir);
    try {
      const tarball = await db.dumpDataDir('gzip');
      return await writeAtomically(file, (tmp) =>
        pipeline(Readable.fromWeb(tarball.stream() as ReadableStream), fs.createWriteStream(tmp)),
      );
    } finally {
      await db.close();
    }
  } finally {
    unlock();
  }
}

/** Reads the whole gzip stream once: a truncated or corrupted file fails here, before anything is touched. */
async function checkGzip(file: string) {
  try {
    await pipeline(fs.createReadStream(file), zlib.createGunzip(), async (chunks: AsyncIterable<Buffer>) => {
      for await (const _ of chunks);
    });
  } catch (e) {
    throw new BackupError(`${file} is damaged: ${(e as Error).message}`);
  }
}

/**
 * Loads the tarball into a new directory beside DATA_DIR, checks that it opens, then swaps it in.
 * A directory with anything in it is only replaced with `force`, and is then kept beside it
 * (`<DATA_DIR>.replaced-<time>`), never deleted. Returns that directory's path, if any.
 */
export async function restorePglite(
  dataDir: string,
  file: string,
  opts: { force: boolean },
): Promise<string | undefined> {
  await checkGzip(file);
  const existed = fs.existsSync(dataDir);
  const unlock = lock(dataDir, 'restore into the PGlite data directory');
  const staging = `${dataDir}.restoring-${stamp()}`;
  try {
    const contents = fs.readdirSync(dataDir).filter((f) => f !== LOCK_FILE);
    if (contents.length > 0 && !opts.force) {
      throw new BackupError(
        `${dataDir} is not empty (${hasDatabase(dataDir) ? 'it holds a database' : `${contents.length} entries`}). ` +
          'Restore into an empty DATA_DIR, or pass --force to replace it (the current one is kept beside it).',
      );
    }
    // loadDataDir refuses a directory that holds a database, so a fresh one is always used.
    let db: PGlite | undefined;
    try {
      db = await PGlite.create(staging, { loadDataDir: await fs.openAsBlob(file) });
      await db.query('select count(*) from schema_migrations');
    } catch (e) {
      throw new BackupError(`${file} does not hold a Fieldwatch database: ${(e as Error).message}`);
    } finally {
      await db?.close();
    }
    // The backup carries the lock of the process that made it; ours replaces it, then goes with unlock().
    fs.writeFileSync(path.join(staging, LOCK_FILE), String(process.pid));
    let replaced: string | undefined;
    if (contents.length > 0) {
      replaced = `${dataDir}.replaced-${stamp()}`;
      fs.renameSync(dataDir, replaced);
      fs.rmSync(path.join(replaced, LOCK_FILE), { force: true });
    } else {
      fs.rmSync(dataDir, { recursive: true });
    }
    try {
      fs.renameSync(staging, dataDir);
    } catch (e) {
      const kept = replaced ? `; the previous directory is in ${replaced}` : '';
      throw new BackupError(`Could not move the restored directory into place: ${(e as Error).message}${kept}`);
    }
    return replaced;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    unlock();
    if (!existed && !hasDatabase(dataDir)) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
