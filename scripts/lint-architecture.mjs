// Architecture rules biome cannot express. Prints file:line and the rule for each breach; exits 1 on any.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const source = join(root, 'server/src');

/** Database infrastructure passes SQL on or speaks it itself: migrations, partitions, backups, LISTEN/NOTIFY, tracing. */
const sqlInfrastructure = [
  /^server\/src\/db\//,
  /^server\/src\/live\/pgFanout\.ts$/,
  /^server\/src\/observability\/tracing\.ts$/,
];

/** SQL reaches the database through Queryable.query; a literal opening with a statement is SQL too. */
const sqlPatterns = [
  /\.query\s*[(<]/,
  /['"`]\s*(select|insert\s+into|delete\s+from|update\s+\w+\s+set|with\s+\w+\s+as)\b/,
];

const rules = [
  {
    name: 'SQL lives only in *.repository.ts',
    applies: (file) => !file.endsWith('.repository.ts') && !sqlInfrastructure.some((allowed) => allowed.test(file)),
    breaches: (line) => sqlPatterns.some((pattern) => pattern.test(line)),
  },
  {
    name: 'a service never re-exports a repository',
    applies: (file) => !file.endsWith('.repository.ts'),
    breaches: (line) => /^\s*export\s+(?!type\b).*\bfrom\s+['"][^'"]*\.repository\.ts['"]/.test(line),
  },
  {
    name: 'a module never re-exports another with export *',
    applies: () => true,
    breaches: (line) => /^\s*export\s+\*\s+from\b/.test(line),
  },
  {
    name: 'route files never import app.ts (the App type lives in http.ts)',
    applies: (file) => file.endsWith('.routes.ts'),
    breaches: (line) => /\bfrom\s+['"][^'"]*\/app\.ts['"]/.test(line),
  },
];

/** The files below `dir` whose names match `kind`, tests left out. */
function* sourceFiles(dir, kind) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path, kind);
    else if (kind.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield path;
  }
}

let breaches = 0;
for (const path of sourceFiles(source, /\.(ts|mts)$/)) {
  const file = relative(root, path);
  const lines = readFileSync(path, 'utf8').split('\n');
  for (const rule of rules.filter((r) => r.applies(file))) {
    lines.forEach((line, i) => {
      if (!rule.breaches(line)) return;
      console.error(`${file}:${i + 1}: ${rule.name}`);
      breaches += 1;
    });
  }
}

/**
 * Components read through their feature's query options (`useQuery(containersQuery)`): the key and
 * the call are declared once beside the API calls, so a write invalidates exactly what is read.
 */
const componentRule = {
  name: "a component never writes a query's call or a literal key (use the feature's query options)",
  breaches: (line) => /\bqueryFn\s*:/.test(line) || /\bqueryKey\s*:\s*\[/.test(line),
};
for (const path of sourceFiles(join(root, 'web/src'), /\.tsx$/)) {
  const file = relative(root, path);
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (!componentRule.breaches(line)) return;
      console.error(`${file}:${i + 1}: ${componentRule.name}`);
      breaches += 1;
    });
}

/** A file past this holds more than one idea: split it along its seams (tests are exempt). */
const MAX_LINES = 400;
for (const workspace of ['core/src', 'server/src', 'web/src']) {
  for (const path of sourceFiles(join(root, workspace), /\.(ts|tsx|mts|mjs|css)$/)) {
    const count = readFileSync(path, 'utf8').trimEnd().split('\n').length;
    if (count <= MAX_LINES) continue;
    console.error(`${relative(root, path)}: ${count} lines, more than ${MAX_LINES}`);
    breaches += 1;
  }
}
if (breaches > 0) {
  console.error(`\n${breaches} architecture breach${breaches === 1 ? '' : 'es'}.`);
  process.exit(1);
}
