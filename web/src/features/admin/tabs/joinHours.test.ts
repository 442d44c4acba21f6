import { describe, expect, it } from 'vitest';
import { joinHoursProblem } from './AlarmSeverityTab.tsx';

describe('joinHoursProblem', () => {
  it('accepts whole hours from 1 to a week, and empty for the default', () => {
    for (const ok of ['', ' ', '1', '24', '168']) expect(joinHoursProblem(ok), ok).toBeUndefined();
  });
  it('refuses anything else with the range message', () => {
    for (const bad of ['0', '169', '1.5', '-2', 'abc', '2h'])
      expect(joinHoursProblem(bad), bad).toBe('admin.severity.joinInvalid');
  });
});
