/**
 * Pure rules of the multichart widget ("multichart"): its settings as stored in
 * `widget.props` (read defensively: they come from saved JSON), which units and columns it draws
 * (the chosen series, plus the link group's units when it follows the group), and the legend's
 * hidden series kept in `widget.settings`.
 */

/** At most this many units on one multichart (each is one data request). */
export const MAX_UNITS = 10;
/** At most this many chosen series. */
export const MAX_SERIES = 20;

/** A chosen series: a column of a unit (`Resistance1`, `PT2`, `Temperature`, …). */
export type PickedSeries = { unitId: number; column: string };
export type MultichartSettings = { series: PickedSeries[]; followLinkGroup: boolean };

const unitIdOf = (v: unknown): number | null => (typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : null);
const COLUMN = /^[A-Za-z][A-Za-z0-9]{0,39}$/;

/** A settings row as the form edits it: unit or column may still be missing. */
export type DraftSeries = { unitId: number | null; column: string };

/** The rows of the settings form, from whatever the props hold (never throws). */
export function readDraft(props: Readonly<Record<string, unknown>>): DraftSeries[] {
  const list = Array.isArray(props.series) ? props.series : [];
  return list.slice(0, MAX_SERIES).flatMap((item): DraftSeries[] => {
    if (typeof item !== 'object' || item === null) return [];
    const r = item as Record<string, unknown>;
    return [{ unitId: unitIdOf(r.unitId), column: typeof r.column === 'string' ? r.column : '' }];
  });
}

/**
 * The settings the widget draws: complete rows only, each (unit, column) once, rows of units past
 * the tenth left out; `followLinkGroup` only when it is `true`.
 */
export function readMultichartProps(props: Readonly<Record<string, unknown>>): MultichartSettings {
  const seen = new Set<string>();
  const units = new Set<number>();
  const series: PickedSeries[] = [];
  for (const { unitId, column } of readDraft(props)) {
    if (unitId === null || !COLUMN.test(column)) continue;
    const key = `${unitId}:${column.toLowerCase()}`;
    if (seen.has(key)) continue;
    if (!units.has(unitId) && units.size >= MAX_UNITS) continue;
    seen.add(key);
    units.add(unitId);
    series.push({ unitId, column });
  }
  return { series, followLinkGroup: props.followLinkGroup === true };
}

/** The props the form saves (keeps any other props the widget has). */
export const writeMultichartProps = (
  props: Readonly<Record<string, unknown>>,
  draft: readonly DraftSeries[],
  followLinkGroup: boolean,
): Record<string, unknown> => ({
  ...props,
  series: draft.slice(0, MAX_SERIES).map((d) => ({ unitId: d.unitId, column: d.column })),
  followLinkGroup,
});

/** A unit the chart draws: its chosen columns, or `default` (a linked unit when no column is chosen). */
export type PlannedUnit = { unitId: number; columns: string[] | 'default'; linked: boolean };

/**
 * The units the chart draws, in order: the chosen ones (their columns in the order chosen), then,
 * when following the link group, the group's selected units not chosen already, each with the
 * columns chosen for the others (or its default series when none is chosen). At most MAX_UNITS.
 */
export function chartPlan(settings: MultichartSettings, linked: readonly number[] | undefined): PlannedUnit[] {
  const plan = new Map<number, PlannedUnit>();
  for (const s of settings.series) {
    const unit = plan.get(s.unitId) ?? { unitId: s.unitId, columns: [], linked: false };
    (unit.columns as string[]).push(s.column);
    plan.set(s.unitId, unit);
  }
  if (settings.followLinkGroup) {
    const columns = [...new Set(settings.series.map((s) => s.column))];
    for (const id of linked ?? []) {
      if (plan.size >= MAX_UNITS) break;
      if (unitIdOf(id) === null || plan.has(id)) continue;
      plan.set(id, { unitId: id, columns: columns.length > 0 ? columns : 'default', linked: true });
    }
  }
  return [...plan.values()].slice(0, MAX_UNITS);
}

/** Units chosen in a draft (distinct, in order). */
export const draftUnits = (draft: readonly DraftSeries[]) => [
  ...new Set(draft.flatMap((d) => (d.unitId === null ? [] : [d.unitId]))),
];

/** Legend choices kept in `widget.settings.hidden`: series ids ("12:Resistance1") the user hid. */
export function hiddenSeries(settings: Readonly<Record<string, unknown>>): Set<string> {
  const list = Array.isArray(settings.hidden) ? settings.hidden : [];
  return new Set(list.filter((x): x is string => typeof x === 'string'));
}

/** The hidden list after the user toggled one series. */
export function toggleHidden(hidden: ReadonlySet<string>, id: string, wasVisible: boolean): string[] {
  const next = new Set(hidden);
  if (wasVisible) next.add(id);
  else next.delete(id);
  return [...next];
}
