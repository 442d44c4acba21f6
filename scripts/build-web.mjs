// Builds the web app only when its sources changed since the last build: `npm start` then starts
// in seconds instead of spending half a minute on a build it already has.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// What the build reads: the app, the shared core, their configuration and the lockfile.
const SOURCES = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/package.json',
  'core/src',
  'package-lock.json',
];
const dist = path.join(root, 'web/dist');
const stamp = path.join(dist, '.sources');

function* files(entry) {
  if (!fs.existsSync(entry)) return;
  if (!fs.statSync(entry).isDirectory()) return yield entry;
  for (const name of fs.readdirSync(entry).sort()) yield* files(path.join(entry, name));
}

const hash = createHash('sha256');
for (const source of SOURCES)
  for (const file of files(path.join(root, source)))
    hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file));
const sources = hash.digest('hex');

if (
  fs.existsSync(path.join(dist, 'index.html')) &&
  fs.existsSync(stamp) &&
  fs.readFileSync(stamp, 'utf8') === sources
) {
  console.log(`Web app up to date in ${path.relative(root, dist)} (sources unchanged since its build).`);
} else {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  fs.writeFileSync(stamp, sources);
}
