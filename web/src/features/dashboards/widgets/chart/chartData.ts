import type { UnitData } from '@fieldwatch/core';
import type uPlot from 'uplot';
import { alignColumns, type Column, parseIsoMs, readPoints, type TimeReference, withGaps } from './chartColumns.ts';

/**
 * The chart widget's data: the API's answer decoded into series (by way of chartColumns.ts), several
 * units merged for the multichart, and which series show on which y axis. Pure, no DOM.
 */

// The prepared chart ---------------------------------------------------------------------------

export type ChartSeries = {
  column: string;
  key: string;
  unit: string;
  channel: number | null;
  downsampled: boolean;
  /** Newest value in the range (shown in the legend while the cursor is off the plot). */
  last: number | null;
};

export type PreparedChart = {
  series: ChartSeries[];
  data: uPlot.AlignedData;
  /** Samples received, all series together. */
  points: number;
  bucketSeconds: number | null;
  /** The requested range in seconds: the x axis shows all of it even where data is missing. */
  start: number;
  end: number;
};

/** The API answer decoded (times parsed, gaps marked, series in order), before alignment. */
export type DecodedChart = Omit<PreparedChart, 'data'> & { columns: Column[] };

/**
 * The API answer decoded into one column pair per series. Series are ordered by importance
 * (insulation resistance first, the unit's own health last; channels in order), so the legend
 * reads that way and the series shown by default take the first colours.
 */
export function decodeUnitData(d: UnitData): DecodedChart {
  const ordered = d.series
    .map((s, i) => ({ s, i, rank: seriesRank(s) }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map((x) => x.s);
  let reference: TimeReference | undefined;
  const columns = ordered.map((s) => {
    const read = readPoints(s.points, reference);
    reference = { points: s.points, times: read.times };
    return withGaps(read, s.downsampled ? d.bucketSeconds : null);
  });
  const series = ordered.map(
    (s): ChartSeries => ({
      column: s.column,
      key: s.key,
      unit: s.unit,
      channel: s.channel,
      downsampled: s.downsampled,
      last: s.points.length > 0 ? (s.points[s.points.length - 1]?.[1] ?? null) : null,
    }),
  );
  return {
    series,
    columns,
    points: ordered.reduce((n, s) => n + s.points.length, 0),
    bucketSeconds: d.series.some((s) => s.downsampled) ? d.bucketSeconds : null,
    start: parseIsoMs(d.start) / 1000,
    end: parseIsoMs(d.end) / 1000,
  };
}

/** A decoded answer as uPlot draws it: one shared time column (see alignColumns). */
export function alignDecoded({ columns, ...rest }: DecodedChart): PreparedChart {
  return { ...rest, data: alignColumns(columns) };
}

/** The API answer as the chart draws it. */
export const prepareUnitData = (d: UnitData): PreparedChart => alignDecoded(decodeUnitData(d));

// Several units on one chart (multichart) ------------------------------------------------------

/** The id of a unit's series on a chart of several units ("12:Resistance1"): unique across units. */
export const seriesId = (unitId: number, column: string) => `${unitId}:${column}`;

/** One unit's decoded answer and which of its columns to draw ('all': every series it has). */
export type UnitPart = { unitId: number; decoded: DecodedChart; columns: readonly string[] | 'all' };

/** Where a merged chart's series came from, by index. */
export type MergedSource = { unitId: number; column: string; key: string; channel: number | null };

/**
 * Several units' decoded answers as one chart on one time axis: the chosen series of each unit
 * (in the order of `columns`, else the decoded order), renamed to `seriesId` so two units' equal
 * columns stay apart, then aligned like one unit's series (alignColumns). Physical units keep
 * their own y scales (buildOptions), so MΩ of one unit and MΩ of another share an axis.
 */
export function mergeDecoded(
  parts: readonly UnitPart[],
  range: { start: number; end: number },
): { chart: PreparedChart; sources: MergedSource[] } {
  const series: ChartSeries[] = [];
  const columns: Column[] = [];
  const sources: MergedSource[] = [];
  let points = 0;
  let bucketSeconds: number | null = null;
  for (const { unitId, decoded, columns: wanted } of parts) {
    const index = new Map(decoded.series.map((s, i) => [s.column, i]));
    const order = wanted === 'all' ? decoded.series.map((_, i) => i) : wanted.flatMap((c) => index.get(c) ?? []);
    for (const i of order) {
      const s = decoded.series[i] as ChartSeries;
      const column = decoded.columns[i] as Column;
      series.push({ ...s, column: seriesId(unitId, s.column) });
      columns.push(column);
      sources.push({ unitId, column: s.column, key: s.key, channel: s.channel });
      points += column.times.length;
      if (s.downsampled && decoded.bucketSeconds) bucketSeconds = Math.max(bucketSeconds ?? 0, decoded.bucketSeconds);
    }
  }
  const data = series.length > 0 ? alignColumns(columns) : ([new Float64Array(0)] as uPlot.AlignedData);
  return { chart: { series, data, points, bucketSeconds, start: range.start, end: range.end }, sources };
}

/**
 * The v3 CSV export of some units' columns over a range (`GET …/devices/export.csv`): a plain URL,
 * so an `<a download>` lets the browser stream the file to disk.
 */
export function csvExportUrl(units: readonly number[], columns: readonly string[], start: Date, end: Date): string {
  const q = new URLSearchParams({ units: [...new Set(units)].join(',') });
  const unique = [...new Set(columns)];
  if (unique.length > 0) q.set('columns', unique.join(','));
  q.set('start', start.toISOString());
  q.set('end', end.toISOString());
  return `/api/v3/device/devices/export.csv?${q.toString()}`;
}

// Which series show, on which axis ---------------------------------------------------------------

/** Axis order of the physical units: insulation first, then temperature (MΩ left, °C right). */
const UNIT_ORDER = ['MΩ', '°C', 'Ω', 'mV', '%', 'mA', 'V', 'dBm', 'cm', 'ppm', 'µg/m³', 'kWh', ''];
/** The unit's own health, shown only on request when the unit measures something else. */
const DIAGNOSTIC_KEYS = new Set(['battery', 'channelBattery', 'signal', 'ber', 'internalTemperature']);

const unitRank = (unit: string) => {
  const i = UNIT_ORDER.indexOf(unit);
  return i < 0 ? UNIT_ORDER.length : i;
};
const seriesRank = (s: Pick<ChartSeries, 'key' | 'unit'>) => (DIAGNOSTIC_KEYS.has(s.key) ? 100 : 0) + unitRank(s.unit);

/** The physical units of these series, most important first (each unit is one y scale). */
export function unitsInOrder(series: readonly Pick<ChartSeries, 'key' | 'unit'>[]): string[] {
  const best = new Map<string, number>();
  for (const s of series) best.set(s.unit, Math.min(best.get(s.unit) ?? Number.POSITIVE_INFINITY, seriesRank(s)));
  return [...best.keys()].sort((a, b) => (best.get(a) as number) - (best.get(b) as number) || a.localeCompare(b));
}

/** Series choices kept in the widget's settings: columns the user hid or showed against the default. */
export type SeriesChoice = { hidden: string[]; shown: string[] };

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

export const seriesChoice = (settings: Readonly<Record<string, unknown>>): SeriesChoice => ({
  hidden: strings(settings.hidden),
  shown: strings(settings.shown),
});

/** How many physical units (y axes) show by default. */
const DEFAULT_AXES = 2;

/**
 * The columns that show: by default the series of the two most important physical units (two
 * y axes); the user's choices (hidden, shown) override that per column, for every unit the widget
 * later shows.
 */
export function visibleColumns(series: readonly ChartSeries[], choice: SeriesChoice): Set<string> {
  const defaultUnits = new Set(unitsInOrder(series).slice(0, DEFAULT_AXES));
  const hidden = new Set(choice.hidden);
  const shown = new Set(choice.shown);
  return new Set(
    series
      .filter((s) => !hidden.has(s.column) && (shown.has(s.column) || defaultUnits.has(s.unit)))
      .map((s) => s.column),
  );
}

/** The choice after the user toggled one column that was (or was not) visible. */
export function toggleColumn(choice: SeriesChoice, column: string, wasVisible: boolean): SeriesChoice {
  const hidden = choice.hidden.filter((c) => c !== column);
  const shown = choice.shown.filter((c) => c !== column);
  return wasVisible ? { hidden: [...hidden, column], shown } : { hidden, shown: [...shown, column] };
}

/** Y axes for the visible series: one per physical unit, the first on the left, then alternating. */
export function axisPlan(series: readonly ChartSeries[], visible: ReadonlySet<string>) {
  return unitsInOrder(series.filter((s) => visible.has(s.column))).map((unit, i) => ({
    unit,
    scale: scaleKey(unit),
    side: (i % 2 === 0 ? 3 : 1) as uPlot.Axis.Side,
  }));
}

export const scaleKey = (unit: string) => `u:${unit}`;
