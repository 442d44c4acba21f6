import type { AdminOrganization } from '@fieldwatch/core';

/** An organization in the administrator's tree, with its depth below the top of their reach. */
export type OrgNode = AdminOrganization & { depth: number; children: OrgNode[] };

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/**
 * The flat getOrganizations answer as a tree. A parent outside the list (or a broken link) makes
 * a root, so nothing the admin may reach is ever hidden; siblings are sorted by name.
 */
export function buildOrgTree(orgs: readonly AdminOrganization[]): OrgNode[] {
  const nodes = new Map(orgs.map((o) => [o.id, { ...o, depth: 0, children: [] as OrgNode[] }]));
  const roots: OrgNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentOrganizationId === null ? undefined : nodes.get(node.parentOrganizationId);
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  // Each node has one parent, so a child already seen is an ancestor: a cycle, cut here.
  const seen = new Set<number>();
  const walk = (n: OrgNode, depth: number) => {
    seen.add(n.id);
    n.depth = depth;
    n.children = n.children.filter((c) => !seen.has(c.id)).sort(byName);
    for (const c of n.children) walk(c, depth + 1);
  };
  for (const r of roots) walk(r, 0);
  // Members of a cycle hang under no root: lift them up so nothing reachable is hidden.
  for (const n of nodes.values())
    if (!seen.has(n.id)) {
      roots.push(n);
      walk(n, 0);
    }
  return roots.sort(byName);
}

/** The tree in reading order; the children of collapsed organizations are left out. */
export function flattenTree(roots: readonly OrgNode[], collapsed: ReadonlySet<number> = new Set()): OrgNode[] {
  const out: OrgNode[] = [];
  const visit = (n: OrgNode) => {
    out.push(n);
    if (!collapsed.has(n.id)) n.children.forEach(visit);
  };
  roots.forEach(visit);
  return out;
}

/** The organization and everything below it. */
export function subtreeIds(orgs: readonly AdminOrganization[], id: number): Set<number> {
  const inside = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const o of orgs)
      if (o.parentOrganizationId !== null && inside.has(o.parentOrganizationId) && !inside.has(o.id)) {
        inside.add(o.id);
        grew = true;
      }
  }
  return inside;
}

/** Where an organization may move: not under itself or its descendants, and not where it already is. */
export function moveTargets(orgs: readonly AdminOrganization[], id: number): AdminOrganization[] {
  const own = subtreeIds(orgs, id);
  const current = orgs.find((o) => o.id === id)?.parentOrganizationId;
  return orgs.filter((o) => !own.has(o.id) && o.id !== current);
}

/** Options for a native select: the tree order, indented by depth (selects cannot be styled). */
export function orgOptions(orgs: readonly AdminOrganization[]) {
  return flattenTree(buildOrgTree(orgs)).map((n) => ({
    value: String(n.id),
    label: `${'\u00a0\u00a0\u00a0'.repeat(n.depth)}${n.name}`,
  }));
}
