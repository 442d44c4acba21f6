import type { OwnedDashboard } from '@fieldwatch/core';
import { describe, expect, it } from 'vitest';
import { dashboardsByOwner } from './ownership.ts';

const d = (id: number, name: string, owner: string, workspace = false): OwnedDashboard => ({
  id,
  name,
  owner,
  ownerName: owner === 'manager' ? 'Maja Lindqvist' : 'Oskar Berg',
  workspace,
  updated: '2026-03-01T10:00:00.000Z',
});

describe('dashboard ownership', () => {
  it('groups one scope by owner, owners and dashboards by name', () => {
    const list = [
      d(1, 'Pumps', 'operator'),
      d(2, 'Alarms', 'manager'),
      d(3, 'Boilers', 'operator'),
      d(4, 'Shared', 'manager', true),
    ];
    const personal = dashboardsByOwner(list, false);
    expect(personal.map((o) => [o.name, o.dashboards.map((x) => x.name)])).toEqual([
      ['Maja Lindqvist', ['Alarms']],
      ['Oskar Berg', ['Boilers', 'Pumps']],
    ]);
    expect(dashboardsByOwner(list, true).map((o) => o.username)).toEqual(['manager']);
  });
});
