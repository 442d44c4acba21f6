import { SERIES, type SeriesDef, seriesByColumn, type TableReport } from '@fieldwatch/core';

/** The list widget ("list"): a table report of `POST /api/v2/report/table`, configured in `widget.props`. */

export const REPORT_STATS = ['last', 'min', 'max', 'avg', 'count'] as const;
export type ReportStat = (typeof REPORT_STATS)[number];
const DEFAULT_COLUMNS = ['BatteryVoltage', 'Temperature'] as const;
export const DEFAULT_STATS: readonly ReportStat[] = ['last', 'min', 'max'];
/** Columns a list may hold (the server takes up to 100; a readable table far fewer). */
export const MAX_COLUMNS = 12;

type ListProps = {
  /** The chosen units; undefined: the link group's selection, else every unit in view. */
  units: number[] | undefined;
  /** Series column names of core's list, e.g. 'Resistance1', 'BatteryVoltage'. */
  columns: string[];
  stats: ReportStat[];
};

/** The list's settings read defensively from stored JSON. */
export function listProps(p: Readonly<Record<string, unknown>>): ListProps {
  const units = Array.isArray(p.units)
    ? [...new Set(p.units.filter((u): u is number => typeof u === 'number' && Number.isInteger(u) && u > 0))]
    : undefined;
  const columns = Array.isArray(p.columns)
    ? [...new Set(p.columns.flatMap((c) => (typeof c === 'string' ? (seriesByColumn(c)?.column ?? []) : [])))].slice(
        0,
        MAX_COLUMNS,
      )
    : [];
  const picked = new Set(Array.isArray(p.stats) ? p.stats : DEFAULT_STATS);
  const stats = REPORT_STATS.filter((s) => picked.has(s));
  return {
    units: units && units.length > 0 ? units : undefined,
    columns: columns.length > 0 ? columns : [...DEFAULT_COLUMNS],
    stats: stats.length > 0 ? stats : [...DEFAULT_STATS],
  };
}

/**
 * The units the report covers: the chosen ones still in view, else the link group's selection,
 * else every unit in view; in ascending order (a stable query key).
 */
export function reportUnits(
  chosen: readonly number[] | undefined,
  selected: readonly number[] | undefined,
  inView: readonly number[],
): { ids: number[]; source: 'chosen' | 'selection' | 'view' } {
  const visible = new Set(inView);
  const pick = (ids: readonly number[], source: 'chosen' | 'selection' | 'view') => ({
    ids: [...new Set(ids.filter((id) => visible.has(id)))].sort((a, b) => a - b),
    source,
  });
  if (chosen && chosen.length > 0) return pick(chosen, 'chosen');
  if (selected && selected.length > 0) return pick(selected, 'selection');
  return pick(inView, 'view');
}

/** A column × statistic of the table, e.g. BatteryVoltage · min. */
export type ReportColumn = { key: string; series: SeriesDef; stat: ReportStat };
export function reportColumns(columns: readonly string[], stats: readonly ReportStat[]): ReportColumn[] {
  return columns.flatMap((c) => {
    const series = seriesByColumn(c);
    return series ? stats.map((stat) => ({ key: `${series.column}:${stat}`, series, stat })) : [];
  });
}

type ReportRow = TableReport['rows'][number];
/** A row's value of a column and statistic; undefined when the unit sent nothing in the range. */
export function cellValue(row: ReportRow, col: ReportColumn): number | undefined {
  const cell = row.values[col.series.column];
  if (!cell) return undefined;
  return cell[col.stat];
}

/** Decimals shown: counts whole, everything else at most 2. */
export const decimalsOf = (stat: ReportStat) => (stat === 'count' ? 0 : 2);

/** Series of core's list for the settings form: the unit-wide ones first, then those per channel. */
export const SERIES_COLUMNS: readonly SeriesDef[] = [...SERIES].sort(
  (a, b) => (a.channel === null ? 0 : 1) - (b.channel === null ? 0 : 1) || a.id - b.id,
);

/** A number for CSV: rounded to the decimals shown, plain digits with a dot. */
export const csvNumber = (v: number | undefined, decimals: number) =>
  v === undefined ? undefined : Math.round(v * 10 ** decimals) / 10 ** decimals;
