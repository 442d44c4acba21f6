// `npm run backup [-- <file>]` and `npm run restore -- <file> [--force]`: the database the server
// would open (DATABASE_URL, else PGlite in DATA_DIR), through the same configuration as main.ts.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { BackupError, backup, backupTarget, defaultBackupFile, describeTarget, restore } from './backup.ts';

const USAGE = `usage: npm run backup [-- <file>]             (default: backups/fieldwatch-<kind>-<time>.<ext>)
       npm run restore -- <file> [--force]     (--force replaces a database that is not empty)
With DATABASE_URL: pg_dump / pg_restore of that PostgreSQL database. Without: the PGlite data
directory DATA_DIR (default ./data), with the server stopped.`;

const size = (bytes: number) => (bytes < 1e6 ? `${Math.ceil(bytes / 1e3)} kB` : `${(bytes / 1e6).toFixed(1)} MB`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  let args: ReturnType<typeof parse>;
  const parse = (a: string[]) =>
    parseArgs({ args: a, allowPositionals: true, options: { force: { type: 'boolean' }, help: { type: 'boolean' } } });
  try {
    args = parse(rest);
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  if (args.values.help) {
    console.log(USAGE);
    return 0;
  }
  const [file, ...extra] = args.positionals;
  const valid =
    extra.length === 0 &&
    ((command === 'backup' && !args.values.force) || (command === 'restore' && file !== undefined));
  if (!valid) {
    console.error(USAGE);
    return 2;
  }
  const target = backupTarget(loadConfig());
  try {
    if (command === 'backup') {
      const done = await backup(target, path.resolve(file ?? defaultBackupFile(target.kind)));
      console.log(
        `Backed up the ${describeTarget(target)} to ${done.file} (${size(done.bytes)} in ${seconds(done.ms)}).`,
      );
    } else {
      const done = await restore(target, path.resolve(file as string), { force: args.values.force === true });
      console.log(`Restored ${file} into the ${describeTarget(target)} in ${seconds(done.ms)}.`);
      if (done.replaced) console.log(`The data directory it replaced is kept in ${done.replaced}.`);
    }
    return 0;
  } catch (e) {
    if (!(e instanceof BackupError)) throw e;
    console.error(`${command} failed: ${e.message}`);
    return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    console.error(e);
    process.exitCode = 1;
  },
);
