import { emptyFilter, type FilterableUnit, type FilterSettings, filterUnits } from './filters.ts';
import { type UnitStatus, unitStatus } from './unitStatus.ts';
import { unitTypeName } from './unitTypes.ts';

/** Units per status, and all of them. */
export type StatusCounts = Record<UnitStatus, number> & { total: number };

export function countByStatus(statuses: Iterable<UnitStatus>): StatusCounts {
  const c: StatusCounts = { alarm: 0, problem: 0, ok: 0, inactive: 0, total: 0 };
  for (const s of statuses) {
    c[s] += 1;
    c.total += 1;
  }
  return c;
}

/**
 * The units counted by status after a dashboard filter without its status part: the status KPI
 * shows every status, so that each stays there to pick.
 */
export function statusCountsOf(units: readonly FilterableUnit[], f: FilterSettings): StatusCounts {
  const matching = filterUnits(units, { ...f, unitStatus: emptyFilter().unitStatus }, unitTypeName);
  return countByStatus(matching.map(unitStatus));
}
