import type { DeviceGroup, UnitStatus } from '@fieldwatch/core';

/** Severity of the unit statuses, worst first: an alarm outranks a problem, a working unit an inactive one. */
export const SEVERITY: readonly UnitStatus[] = ['alarm', 'problem', 'ok', 'inactive'];

export type GroupSummary = {
  id: number;
  name: string;
  /** The group's units the user sees (of the selected customers). */
  unitIds: number[];
  counts: Record<UnitStatus, number>;
  /** The worst status of its units; undefined for a group without units in view. */
  worst: UnitStatus | undefined;
};

export type GroupSort = 'severity' | 'name';

/** Each group's units in view counted by status, with the worst status. */
export function summarizeGroups(
  groups: readonly Pick<DeviceGroup, 'id' | 'name' | 'devices'>[],
  units: readonly { id: number; status: UnitStatus }[],
): GroupSummary[] {
  const statusOf = new Map(units.map((u) => [u.id, u.status]));
  return groups.map((g) => {
    const counts: Record<UnitStatus, number> = { alarm: 0, problem: 0, ok: 0, inactive: 0 };
    const unitIds: number[] = [];
    for (const id of new Set(g.devices)) {
      const status = statusOf.get(id);
      if (status === undefined) continue;
      counts[status] += 1;
      unitIds.push(id);
    }
    return { id: g.id, name: g.name, unitIds, counts, worst: SEVERITY.find((s) => counts[s] > 0) };
  });
}

const rank = (g: GroupSummary) => (g.worst === undefined ? SEVERITY.length : SEVERITY.indexOf(g.worst));

/**
 * By severity: the worst status first, then more units in that status, then by name; by name:
 * alphabetical in the language's order. Ties fall back to the id so the order is stable.
 */
export function sortGroups(list: readonly GroupSummary[], by: GroupSort, collator: Intl.Collator): GroupSummary[] {
  const byName = (a: GroupSummary, b: GroupSummary) => collator.compare(a.name, b.name) || a.id - b.id;
  return [...list].sort((a, b) => {
    if (by === 'name') return byName(a, b);
    const r = rank(a) - rank(b);
    if (r !== 0) return r;
    const worst = a.worst;
    const more = worst === undefined ? 0 : b.counts[worst] - a.counts[worst];
    return more || byName(a, b);
  });
}

/** The group alarm widget's settings (widget.props): chosen group ids (empty = all) and the order. */
export type GroupAlarmSettings = { groupIds: number[]; sort: GroupSort };

export function groupAlarmSettings(props: Readonly<Record<string, unknown>>): GroupAlarmSettings {
  const raw = Array.isArray(props.groupIds) ? props.groupIds : [];
  const groupIds = [
    ...new Set(
      raw
        .map((x) => (typeof x === 'string' ? Number.parseInt(x, 10) : x))
        .filter((x): x is number => typeof x === 'number' && Number.isInteger(x) && x > 0),
    ),
  ];
  return { groupIds, sort: props.sort === 'name' ? 'name' : 'severity' };
}
