import type { OwnedDashboard } from '@fieldwatch/core';

export type Owner = { username: string; name: string; dashboards: OwnedDashboard[] };

/** Dashboards of one scope grouped by owner: owners by name, their dashboards by name. */
export function dashboardsByOwner(dashboards: readonly OwnedDashboard[], workspace: boolean): Owner[] {
  const owners = new Map<string, Owner>();
  for (const d of dashboards) {
    if (d.workspace !== workspace) continue;
    const owner = owners.get(d.owner) ?? { username: d.owner, name: d.ownerName || d.owner, dashboards: [] };
    owner.dashboards.push(d);
    owners.set(d.owner, owner);
  }
  for (const o of owners.values()) o.dashboards.sort((a, b) => a.name.localeCompare(b.name));
  return [...owners.values()].sort((a, b) => a.name.localeCompare(b.name));
}
