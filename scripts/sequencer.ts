import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that take minutes each. Vitest runs the slowest files first when it remembers an earlier
 * run, and the largest otherwise (a fresh checkout, as in CI); these are small files, and started
 * last they would run alone while the other worker stands idle.
 */
const LONG_FILES = ['e2e/click-through.test.ts'];

/** Vitest's order, with the long files first. */
export default class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const isLong = (f: TestSpecification) => LONG_FILES.some((name) => f.moduleId.endsWith(`/${name}`));
    return [...sorted.filter(isLong), ...sorted.filter((f) => !isLong(f))];
  }
}
