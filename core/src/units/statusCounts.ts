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

/** The status counts' query: the parts of a filter they depend on, as text (comma lists of ids). */
export type StatusCountsParams = { q?: string; types?: string; alarmTypes?: string };

const idList = (ids: readonly number[]) => {
  const list = ids.filter((n) => Number.isInteger(n) && n >= 0).join(',');
  return list === '' ? undefined : list;
};

export function statusCountsParams(f: FilterSettings): StatusCountsParams {
  const q = f.textSearch.trim();
  return {
    q: q === '' ? undefined : q,
    types: idList(f.unitTypes.flatMap((t) => t.UnitTypes.split(',')).map((s) => Number.parseInt(s.trim(), 10))),
    alarmTypes: idList(f.alarmTypes.map((t) => Number.parseInt(String(t), 10))),
  };
}

/** The filter a status counts' query stands for (statusCountsParams read back). */
export function filterOfParams(p: StatusCountsParams): FilterSettings {
  return {
    ...emptyFilter(),
    textSearch: p.q ?? '',
    unitTypes: p.types ? [{ UnitTypes: p.types }] : [],
    alarmTypes: p.alarmTypes ? p.alarmTypes.split(',').map((s) => Number.parseInt(s.trim(), 10)) : [],
  };
}
