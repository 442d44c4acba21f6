import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import pg from 'pg';
import { BackupError, describeTarget, writeAtomically } from './backup.ts';

/** libpq takes the URL without its password (so it never shows in `ps`), the password by PGPASSWORD. */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

const MISSING = (tool: string) =>
  new BackupError(`${tool} is not on PATH: install the PostgreSQL client tools of the server's version`);

/** Waits for a client tool to end; its stderr is the message of a failure. `out` only when it is small. */
function finished(
  tool: string,
  child: ChildProcess,
  keepOut = false,
): Promise<{ code: number | null; out: string; err: string }> {
  let out = '';
  let err = '';
  if (keepOut)
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.once('error', (e: NodeJS.ErrnoException) => reject(e.code === 'ENOENT' ? MISSING(tool) : e));
    child.once('close', (code) => resolve({ code, out, err }));
  });
}

/** Runs pg_dump or pg_restore from PATH for a small answer; a failure carries the tool's own message. */
async function tool(name: 'pg_dump' | 'pg_restore', args: string[], env = process.env) {
  const done = await finished(name, spawn(name, args, { env, stdio: ['ignore', 'pipe', 'pipe'] }), true);
  if (done.code !== 0) throw new BackupError(`${name} failed (exit ${done.code}):\n${done.err.trim()}`);
  return done;
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (e) {
    throw new BackupError(
      `Cannot connect to the ${describeTarget({ kind: 'postgres', url })}: ${(e as Error).message}`,
    );
  }
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const major = (versionNum: number) => Math.floor(versionNum / 10000);

/** pg_dump refuses a newer server; say so before it starts, with what to do. */
async function checkDumpVersion(url: string) {
  const { out } = await tool('pg_dump', ['--version']);
  const dumper = Number(/\d+/.exec(out)?.[0]); // "pg_dump (PostgreSQL) 15.20 …"
  const server = await withClient(url, async (c) => {
    const { rows } = await c.query<{ v: string }>('show server_version_num');
    return major(Number(rows[0]?.v));
  });
  if (dumper < server) {
    throw new BackupError(
      `pg_dump ${dumper} cannot dump a PostgreSQL ${server} server: put pg_dump ${server} or newer first on PATH (e.g. /usr/lib/postgresql/${server}/bin)`,
    );
  }
}

/** pg_dump's custom format of the whole database, read in one snapshot: the servers may keep running. */
export async function backupPostgres(url: string, file: string): Promise<number> {
  await checkDumpVersion(url);
  const { dbname, env } = connection(url);
  return writeAtomically(file, async (tmp) => {
    const { err } = await tool('pg_dump', ['--format=custom', `--file=${tmp}`, `--dbname=${dbname}`], env);
    process.stderr.write(err); // warnings, if any
  });
}

/**
 * Restores into DATABASE_URL in one transaction: pg_restore turns the archive into SQL, psql runs it
 * inside BEGIN, and COMMIT is sent only once pg_restore has ended well, so a failure changes nothing.
 * A database that has tables is only replaced with `force`: its public schema is dropped in that same
 * transaction (pg_restore --clean cannot drop partitioned tables' constraints). Nobody else may be
 * connected: a running server would keep serving from what it had in memory.
 */
export async function restorePostgres(url: string, file: string, opts: { force: boolean }): Promise<undefined> {
  const what = describeTarget({ kind: 'postgres', url });
  // The archive's table of contents: readable, and a Fieldwatch database, before anything is touched.
  const { out: contents } = await tool('pg_restore', ['--list', file]);
  if (!/ TABLE public schema_migrations /.test(contents))
    throw new BackupError(`${file} is a pg_dump archive, but not of a Fieldwatch database (no schema_migrations)`);
  await withClient(url, async (c) => {
    const { rows: others } = await c.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
    const connected = others[0]?.n ?? 0;
    if (connected > 0) {
      throw new BackupError(
        `${connected} other connection(s) to the ${what}: stop the Fieldwatch servers (and other clients) before a restore`,
      );
    }
    const { rows: tables } = await c.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and n.nspname !~ '^pg_' and n.nspname <> 'information_schema'`,
    );
    const count = tables[0]?.n ?? 0;
    if (count > 0 && !opts.force) {
      throw new BackupError(
        `The ${what} is not empty (${count} tables). Restore into an empty database, or pass --force to replace it.`,
      );
    }
  });
  const { dbname, env } = connection(url);
  // psql first, so that a missing psql is reported before pg_restore writes anything.
  const psql = spawn('psql', ['--no-psqlrc', '--quiet', '--set=ON_ERROR_STOP=1', `--dbname=${dbname}`], {
    env,
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  const ran = finished('psql', psql);
  await once(psql, 'spawn').catch(() => ran); // not started: `ran` rejects with why
  psql.stdin.on('error', () => {}); // psql stopped at an error: its exit code and stderr tell
  // Our BEGIN opens the transaction (pg_restore's own BEGIN then only warns, hence 'error' level), so
  // that the schema drop of --force is in it too; pg_restore's COMMIT comes last, after all went well.
  psql.stdin.write('set client_min_messages = error;\nbegin;\n');
  if (opts.force) psql.stdin.write('drop schema if exists public cascade;\ncreate schema public;\n');
  // --single-transaction: one BEGIN ... COMMIT around everything (no separate ones for large objects).
  const restore = spawn('pg_restore', ['--no-owner', '--no-privileges', '--single-transaction', '--file=-', file], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  restore.stdout.pipe(psql.stdin); // ends psql's input: without pg_restore's COMMIT, it is rolled back
  psql.once('close', () => restore.kill()); // nothing reads its output any more
  const [r, p] = await Promise.all([finished('pg_restore', restore), ran]);
  if (p.code !== 0) throw new BackupError(`psql failed (exit ${p.code}), nothing was changed:\n${p.err.trim()}`);
  if (r.code !== 0) throw new BackupError(`pg_restore failed (exit ${r.code}), nothing was changed:\n${r.err.trim()}`);
  process.stderr.write(r.err + p.err); // warnings, if any
  await withClient(url, async (c) => {
    await c.query('select count(*) from schema_migrations'); // committed and a Fieldwatch database
  }).catch((e) => {
    throw new BackupError(`${file} did not restore a Fieldwatch database: ${(e as Error).message}`);
  });
  return undefined;
}
