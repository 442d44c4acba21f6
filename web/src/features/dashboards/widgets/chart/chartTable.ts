import type { PreparedChart } from './chartData.ts';

/** Rows a chart's table shows at most: the newest, so a long period stays quick to open. */
const TABLE_ROW_LIMIT = 500;

export type ChartTable = {
  /** Indexes into chart.series of the columns after the time. */
  series: number[];
  /** Per row: the time in seconds and one value per column (null where that series has none). */
  rows: { time: number; values: (number | null)[] }[];
  /** Rows in the range before the limit. */
  total: number;
};

/**
 * The numbers a chart draws, as table rows: the visible series, the times within `range` (the zoom or
 * the requested period) at which at least one of them has a value, newest first, at most `limit`.
 * Gap markers (NaN, where the line breaks) are not values.
 */
export function chartTable(
  chart: Pick<PreparedChart, 'series' | 'data'>,
  visible: ReadonlySet<string>,
  range: readonly [number, number],
  limit = TABLE_ROW_LIMIT,
): ChartTable {
  const series = chart.series.flatMap((s, i) => (visible.has(s.column) ? [i] : []));
  const times = chart.data[0];
  const rows: ChartTable['rows'] = [];
  let total = 0;
  for (let j = times.length - 1; j >= 0; j--) {
    const time = times[j] as number;
    if (time < range[0] || time > range[1]) continue;
    const values = series.map((i) => {
      const v = chart.data[i + 1]?.[j];
      return v === null || v === undefined || Number.isNaN(v) ? null : v;
    });
    if (values.every((v) => v === null)) continue;
    total++;
    if (rows.length < limit) rows.push({ time, values });
  }
  return { series, rows, total };
}
