import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

/** What `npm run backup` / `npm run restore` work on: the database the server itself would open. */
export type BackupTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

/** A refusal or failure the user can act on: the CLI prints its message alone and exits 1. */
export class BackupError extends Error {}

type BackupResult = { file: string; bytes: number; ms: number };
type RestoreResult = { ms: number; replaced?: string };

/** The same rule as main.ts: DATABASE_URL wins, else PGlite in DATA_DIR. */
export function backupTarget(config: Pick<Config, 'dataDir' | 'databaseUrl'>): BackupTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir };
}

/** For messages: never the password of a PostgreSQL URL. */
export function describeTarget(target: BackupTarget): string {
  if (target.kind === 'pglite') return `PGlite data directory ${target.dataDir}`;
  const url = new URL(target.url);
  return `PostgreSQL database ${url.pathname.slice(1) || '(default)'} on ${url.host}`;
}

const EXTENSION = { pglite: '.tar.gz', postgres: '.dump' } as const;

/** backups/fieldwatch-<kind>-<UTC time>.<ext>: sorts by time, and says which restore it needs. */
export function defaultBackupFile(kind: BackupTarget['kind'], now = new Date(), dir = 'backups'): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
  return path.resolve(dir, `fieldwatch-${kind}-${stamp}${EXTENSION[kind]}`);
}

/** A timestamp for the side directories of a PGlite restore. */
export const stamp = (now = new Date()) =>
  now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/** Which restore a file needs, from its first bytes: a gzipped PGlite tarball or a pg_dump custom archive. */
function backupKindOf(file: string): BackupTarget['kind'] | undefined {
  let head: Buffer;
  try {
    const fd = fs.openSync(file, 'r');
    try {
      head = Buffer.alloc(5);
      fs.readSync(fd, head, 0, 5, 0);
    } finally {
      fs.closeSync(fd);
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new BackupError(`${file} does not exist`);
    throw e;
  }
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  return undefined;
}

/** Refuses a file made for the other kind of database before anything is touched. */
function checkBackupKind(file: string, target: BackupTarget) {
  const kind = backupKindOf(file);
  if (kind === target.kind) return;
  if (kind === 'pglite')
    throw new BackupError(`${file} is a PGlite data directory backup: restore it without DATABASE_URL (into DATA_DIR)`);
  if (kind === 'postgres')
    throw new BackupError(`${file} is a PostgreSQL backup (pg_dump): restore it with DATABASE_URL set`);
  throw new BackupError(`${file} is not a Fieldwatch backup (neither a gzipped PGlite tarball nor a pg_dump archive)`);
}

/**
 * Writes the backup through a temporary name, so that a failed backup never leaves a file that
 * looks complete, and never overwrites an older backup.
 */
export async function writeAtomically(file: string, write: (tmp: string) => Promise<void>): Promise<number> {
  if (fs.existsSync(file)) throw new BackupError(`${file} exists already: choose another file name`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.partial`;
  try {
    await write(tmp);
    fs.chmodSync(tmp, 0o600); // password hashes and unit secrets: for the owner only
    fs.renameSync(tmp, file);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  return fs.statSync(file).size;
}

export async function backup(target: BackupTarget, file: string): Promise<BackupResult> {
  const started = performance.now();
  const bytes =
    target.kind === 'pglite'
      ? await (await import('./backupPglite.ts')).backupPglite(target.dataDir, file)
      : await (await import('./backupPostgres.ts')).backupPostgres(target.url, file);
  return { file, bytes, ms: performance.now() - started };
}

export async function restore(target: BackupTarget, file: string, opts: { force: boolean }): Promise<RestoreResult> {
  const started = performance.now();
  checkBackupKind(file, target);
  const replaced =
    target.kind === 'pglite'
      ? await (await import('./backupPglite.ts')).restorePglite(target.dataDir, file, opts)
      : await (await import('./backupPostgres.ts')).restorePostgres(target.url, file, opts);
  return { ms: performance.now() - started, replaced };
}
