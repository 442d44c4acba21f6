import type { AdminOrganization } from '@fieldwatch/core';
import { describe, expect, it } from 'vitest';
import { buildOrgTree, flattenTree, moveTargets, orgOptions, subtreeIds } from './orgTree.ts';

const org = (id: number, name: string, parent: number | null): AdminOrganization => ({
  id,
  name,
  parentOrganizationId: parent,
  avatar: null,
  accountUrl: null,
  trialEndsAt: null,
  units: 0,
  users: 0,
});
// Nordic Heat (1) → North (2) → Luleå (3); Nordic Heat → South (4); a second root, Aarhus (5).
const orgs = [
  org(3, 'Luleå', 2),
  org(4, 'South', 1),
  org(1, 'Nordic Heat', null),
  org(2, 'North', 1),
  org(5, 'Aarhus', null),
];

describe('organisation tree', () => {
  it('nests the flat list under its roots, siblings by name, with depths', () => {
    const tree = buildOrgTree(orgs);
    expect(tree.map((n) => n.name)).toEqual(['Aarhus', 'Nordic Heat']);
    expect(flattenTree(tree).map((n) => [n.name, n.depth])).toEqual([
      ['Aarhus', 0],
      ['Nordic Heat', 0],
      ['North', 1],
      ['Luleå', 2],
      ['South', 1],
    ]);
  });

  it('makes a root of an organisation whose parent is out of reach', () => {
    expect(buildOrgTree([org(7, 'Orphan', 99)]).map((n) => [n.name, n.depth])).toEqual([['Orphan', 0]]);
  });

  it('survives a cycle without hiding or repeating anyone', () => {
    const flat = flattenTree(buildOrgTree([org(1, 'A', 2), org(2, 'B', 1)]));
    expect(flat.map((n) => n.name).sort()).toEqual(['A', 'B']);
  });

  it('leaves out the children of collapsed organisations', () => {
    const flat = flattenTree(buildOrgTree(orgs), new Set([2]));
    expect(flat.map((n) => n.name)).toEqual(['Aarhus', 'Nordic Heat', 'North', 'South']);
  });

  it('finds a subtree and the places it may move to', () => {
    expect([...subtreeIds(orgs, 2)].sort()).toEqual([2, 3]);
    // North may not go under itself or Luleå, and already sits under Nordic Heat.
    expect(moveTargets(orgs, 2).map((o) => o.name)).toEqual(['South', 'Aarhus']);
  });

  it('indents select options by depth', () => {
    expect(orgOptions(orgs).map((o) => o.label)).toEqual([
      'Aarhus',
      'Nordic Heat',
      '\u00a0\u00a0\u00a0North',
      '\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0Luleå',
      '\u00a0\u00a0\u00a0South',
    ]);
  });
});
