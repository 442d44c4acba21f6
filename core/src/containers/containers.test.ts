import { describe, expect, it } from 'vitest';
import { type Container, createContainer, createReference, moveUnitsToLocation, unitGroupNames } from './containers.ts';

const unit = (id: number) => ({ name: `U${id}`, type: 'unit' as const, target: String(id) });
const loc = (id: string) => ({ name: id, type: 'location' as const, target: id });

describe('containers', () => {
  it('creates a container with a 10-character id and refuses a blank name', () => {
    const c = createContainer('  North  ');
    expect(c.id).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(c.name).toBe('North');
    expect(createContainer('x').id).not.toBe(c.id);
    expect(() => createContainer('  ')).toThrow('Missing parameters');
  });

  it('needs a name or a target for a reference', () => {
    expect(createReference({ type: 'unit', target: '4' })).toEqual({ name: '', type: 'unit', target: '4' });
    expect(() => createReference({ type: 'unit', name: ' ', target: '' })).toThrow('Missing parameters');
  });

  it('names the groups that hold a unit directly or through one of its locations, once each', () => {
    const locations: Container[] = [
      { id: 'L1', name: 'Plant', content: [unit(1), unit(2)] },
      { id: 'L2', name: 'Street', content: [unit(3)] },
    ];
    const groups: Container[] = [
      { id: 'G1', name: 'North', content: [loc('L1')] },
      { id: 'G2', name: 'Critical', content: [unit(1), loc('L1')] },
      { id: 'G3', name: 'South', content: [loc('L2')] },
    ];
    expect(unitGroupNames(groups, locations, 1)).toEqual(['North', 'Critical']);
    expect(unitGroupNames(groups, locations, 3)).toEqual(['South']);
    expect(unitGroupNames(groups, locations, 9)).toEqual([]);
  });

  it('moves units into one location and out of every other', () => {
    const locations: Container[] = [
      { id: 'A', name: 'A', content: [unit(1), unit(2)] },
      { id: 'B', name: 'B', content: [unit(3)] },
      { id: 'C', name: 'C', content: [unit(4)] },
    ];
    const changed = moveUnitsToLocation(locations, [2, 3], 'C', (id) => `U${id}`);
    expect(changed.map((c) => [c.id, c.content.map((r) => r.target)])).toEqual([
      ['A', ['1']],
      ['B', []],
      ['C', ['4', '2', '3']],
    ]);
  });
});
