import { describe, expect, it } from 'vitest';
import { wholeNumberProblem } from './AlarmSeverityTab.tsx';

const problem = (text: string) => wholeNumberProblem(text, 168, 'admin.severity.joinInvalid');

describe('wholeNumberProblem', () => {
  it('accepts whole numbers from 1 to the maximum, and empty for the default', () => {
    for (const ok of ['', ' ', '1', '24', '168']) expect(problem(ok), ok).toBeUndefined();
  });
  it('refuses anything else with the range message', () => {
    for (const bad of ['0', '169', '1.5', '-2', 'abc', '2h'])
      expect(problem(bad), bad).toBe('admin.severity.joinInvalid');
  });
});
