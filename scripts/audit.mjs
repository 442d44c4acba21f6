// `npm audit --omit=dev --audit-level=high` for CI: fails on a high or critical advisory
// in the production dependencies and prints the counts of every level. When the registry's advisory
// service cannot be asked (a mirror without it answers 405, or no network), it says so plainly and
// passes, because no result is not a finding; AUDIT_REQUIRED=1 makes that a failure too.
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = undefined;
}

const counts = report?.metadata?.vulnerabilities;
if (!counts) {
  const why =
    report?.message ?? report?.error?.summary ?? run.stderr?.trim().split('\n').at(-1) ?? `exit ${run.status}`;
  console.log(
    `npm audit: the registry's advisory service gave no result (${why}); production dependencies NOT audited`,
  );
  process.exit(process.env.AUDIT_REQUIRED === '1' ? 1 : 0);
}

const levels = ['critical', 'high', 'moderate', 'low', 'info'];
console.log(`npm audit (production dependencies): ${levels.map((l) => `${counts[l] ?? 0} ${l}`).join(', ')}`);
const serious = Object.values(report.vulnerabilities ?? {}).filter(
  (v) => v.severity === 'high' || v.severity === 'critical',
);
for (const v of serious) {
  const via = v.via.map((x) => (typeof x === 'string' ? x : `${x.title} ${x.url ?? ''}`.trim())).join('; ');
  console.log(`  ${v.severity}: ${v.name} ${v.range} (${via})${v.fixAvailable ? ', fix available' : ''}`);
}
process.exit(serious.length > 0 ? 1 : 0);
