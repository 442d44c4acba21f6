import type { Reporter, TestModule } from 'vitest/node';

/** How many of the slowest files the closing lines name (where a run's time goes). */
const SLOWEST = 10;

/**
 * Prints the plain closing line CI reads, 'tests: N passed, N failed, N skipped', after the
 * slowest files and their times.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const m of modules) {
      for (const t of m.children.allTests()) {
        const state = t.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      if (m.state() === 'failed' && ![...m.children.allTests()].length) failed++;
    }
    const slowest = modules
      .map((m) => ({ file: m.moduleId.replace(`${process.cwd()}/`, ''), ms: m.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SLOWEST);
    if (slowest.length > 1) {
      console.log(`\nslowest files:`);
      for (const s of slowest) console.log(`  ${(s.ms / 1000).toFixed(1).padStart(6)} s  ${s.file}`);
    }
    console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}
