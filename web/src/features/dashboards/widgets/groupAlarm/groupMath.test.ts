import { describe, expect, it } from 'vitest';
import { groupAlarmSettings, sortGroups, summarizeGroups } from './groupMath.ts';

const units = [
  { id: 1, status: 'ok' as const },
  { id: 2, status: 'alarm' as const },
  { id: 3, status: 'problem' as const },
  { id: 4, status: 'inactive' as const },
  { id: 5, status: 'ok' as const },
  { id: 6, status: 'alarm' as const },
];
const collator = new Intl.Collator('en');

describe('group alarm', () => {
  it('counts each group’s units in view by status and finds the worst', () => {
    const [north, south, quiet, empty] = summarizeGroups(
      [
        { id: 10, name: 'North', devices: [1, 2, 3, 2] },
        { id: 11, name: 'South', devices: [3, 4, 5, 99] },
        { id: 12, name: 'Quiet', devices: [4] },
        { id: 13, name: 'Elsewhere', devices: [99, 100] },
      ],
      units,
    );
    expect(north).toMatchObject({
      unitIds: [1, 2, 3],
      counts: { alarm: 1, problem: 1, ok: 1, inactive: 0 },
      worst: 'alarm',
    });
    // Unit 99 is not in view (another customer): neither counted nor selected.
    expect(south).toMatchObject({
      unitIds: [3, 4, 5],
      counts: { alarm: 0, problem: 1, ok: 1, inactive: 1 },
      worst: 'problem',
    });
    expect(quiet?.worst).toBe('inactive');
    expect(empty).toMatchObject({ unitIds: [], worst: undefined });
  });

  it('sorts by severity (then more units in that status, then name) or by name', () => {
    const list = summarizeGroups(
      [
        { id: 1, name: 'b', devices: [1] },
        { id: 2, name: 'a', devices: [2] },
        { id: 3, name: 'c', devices: [2, 6] },
        { id: 4, name: 'd', devices: [3] },
        { id: 5, name: 'e', devices: [] },
        { id: 6, name: 'A', devices: [4] },
      ],
      units,
    );
    expect(sortGroups(list, 'severity', collator).map((g) => g.name)).toEqual(['c', 'a', 'd', 'b', 'A', 'e']);
    expect(sortGroups(list, 'name', collator).map((g) => g.name)).toEqual(['a', 'A', 'b', 'c', 'd', 'e']);
  });

  it('reads its settings defensively', () => {
    expect(groupAlarmSettings({})).toEqual({ groupIds: [], sort: 'severity' });
    expect(groupAlarmSettings({ groupIds: [3, '4', 'x', -1, 3, 2.5], sort: 'name' })).toEqual({
      groupIds: [3, 4],
      sort: 'name',
    });
    expect(groupAlarmSettings({ groupIds: 'all', sort: 'size' })).toEqual({ groupIds: [], sort: 'severity' });
  });
});
