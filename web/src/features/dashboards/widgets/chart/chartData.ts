import type { DateFormatter, UnitData } from '@fieldwatch/core';
import { DAY_MS } from '@fieldwatch/core';
import type uPlot from 'uplot';
import { typesetMinus, valueDigits } from '@/i18n/values.ts';
import type { ThemeTokens } from '@/lib/useThemeTokens.ts';

/**
 * Pure helpers of the chart widget: the API's series turned into uPlot's columnar data (one
 * shared time column, one value column per series) and the uPlot options built from them. No
 * React, no DOM reads: the widget passes in the theme and the names, the benchmark calls the same
 * code on 166,000 points.
 */

// Time parsing ---------------------------------------------------------------------------------

/** Two decimal digits at `at`; NaN when either is not a digit (and NaN spreads through the sums). */
const twoDigits = (s: string, at: number): number => {
  const a = s.charCodeAt(at) - 48;
  const b = s.charCodeAt(at + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : Number.NaN;
};

/** Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/**
 * Milliseconds of an ISO time. The server's `toISOString()` form (`2026-03-12T14:20:05.123Z`,
 * with or without milliseconds) is read digit by digit, several times faster than `Date.parse`
 * on 166,000 points; anything else goes to `Date.parse`.
 */
export function parseIsoMs(s: string): number {
  const n = s.length;
  if (
    (n === 24 || n === 20) &&
    s.charCodeAt(n - 1) === 90 &&
    s.charCodeAt(10) === 84 &&
    s.charCodeAt(4) === 45 &&
    s.charCodeAt(7) === 45 &&
    s.charCodeAt(13) === 58 &&
    s.charCodeAt(16) === 58 &&
    (n === 20 || s.charCodeAt(19) === 46)
  ) {
    const year = twoDigits(s, 0) * 100 + twoDigits(s, 2);
    const month = twoDigits(s, 5);
    const day = twoDigits(s, 8);
    const hour = twoDigits(s, 11);
    const minute = twoDigits(s, 14);
    const second = twoDigits(s, 17);
    const last = n === 24 ? s.charCodeAt(22) - 48 : 0;
    const ms = n === 24 && last >= 0 && last <= 9 ? twoDigits(s, 20) * 10 + last : n === 24 ? Number.NaN : 0;
    // NaN fails every comparison, so an unreadable digit falls through as well.
    if (month >= 1 && month <= 12 && day >= 1 && day <= 31 && hour < 24 && minute < 60 && second < 60 && ms >= 0) {
      return daysFromCivil(year, month, day) * DAY_MS + hour * 3_600_000 + minute * 60_000 + second * 1000 + ms;
    }
  }
  return Date.parse(s);
}

// Columns and alignment ------------------------------------------------------------------------

/** One series as two columns: times in seconds (uPlot's x unit), values; a NaN value is a gap. */
export type Column = { times: Float64Array; values: Float64Array };

/**
 * A silence counts as a gap (the line breaks there) when it is more than this many times the
 * typical reporting interval around it (the median of the two intervals before and the two after):
 * a unit that missed several reports, or buckets without samples in downsampled data. A unit that
 * changes its interval (history every 5 minutes, then live every 10 s) draws on without a break.
 */
export const GAP_FACTOR = 4;

type Points = readonly (readonly [string, number])[];

/** Times a series shares with another already read: reused where the ISO text is the same. */
export type TimeReference = { points: Points; times: Float64Array };

/**
 * The columns of one series' points, oldest first. Gaps get a marker point (value NaN) half-way
 * through the silence, so the line breaks there while the other series go on. With a reference
 * (an earlier series of the same answer), a time whose text equals the reference's at the same
 * index is taken over without parsing: a unit reports all its values at once.
 */
export const toColumn = (points: Points, bucketSeconds?: number | null, reference?: TimeReference): Column =>
  withGaps(readPoints(points, reference), bucketSeconds);

/** A read column sorted by time, with a gap marker in each gap. */
function withGaps({ times: raw, values: rawValues }: Column, bucketSeconds?: number | null): Column {
  let times = raw;
  let values = rawValues;
  const n = raw.length;
  let sorted = true;
  for (let i = 1; i < n && sorted; i++) if ((times[i] as number) < (times[i - 1] as number)) sorted = false;
  if (!sorted) {
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => (raw[a] as number) - (raw[b] as number));
    times = Float64Array.from(order, (i) => raw[i] as number);
    values = Float64Array.from(order, (i) => rawValues[i] as number);
  }
  const gaps = findGaps(times, bucketSeconds ?? 0);
  if (gaps.length === 0) return { times, values };
  const outTimes = new Float64Array(n + gaps.length);
  const outValues = new Float64Array(n + gaps.length);
  let g = 0;
  let o = 0;
  for (let i = 0; i < n; i++) {
    outTimes[o] = times[i] as number;
    outValues[o++] = values[i] as number;
    if (gaps[g] === i) {
      outTimes[o] = ((times[i] as number) + (times[i + 1] as number)) / 2;
      outValues[o++] = Number.NaN;
      g++;
    }
  }
  return { times: outTimes, values: outValues };
}

/** Times in seconds and values of the points as they come (the parse, the one costly step). */
function readPoints(points: Points, reference?: TimeReference): Column {
  const n = points.length;
  const times = new Float64Array(n);
  const values = new Float64Array(n);
  const refPoints = reference?.points ?? [];
  const refTimes = reference?.times;
  const shared = refTimes ? Math.min(n, refPoints.length, refTimes.length) : 0;
  for (let i = 0; i < n; i++) {
    const p = points[i] as readonly [string, number];
    times[i] = i < shared && refPoints[i]?.[0] === p[0] ? (refTimes?.[i] as number) : parseIsoMs(p[0]) / 1000;
    values[i] = p[1];
  }
  return { times, values };
}

/** Median of up to four intervals; NaN marks a missing one (at the ends of the series). */
function median4(a: number, b: number, c: number, d: number): number {
  let n = 0;
  let sum = 0;
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < 4; k++) {
    const v = k === 0 ? a : k === 1 ? b : k === 2 ? c : d;
    if (Number.isNaN(v)) continue;
    n++;
    sum += v;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (n === 4) return (sum - lo - hi) / 2;
  if (n === 3) return sum - lo - hi;
  return n === 0 ? Number.POSITIVE_INFINITY : sum / n;
}

/** Indices i where the silence from point i to i + 1 is a gap (see GAP_FACTOR). One pass, no allocation. */
export function findGaps(times: Float64Array, bucketSeconds = 0): number[] {
  const gaps: number[] = [];
  const n = times.length;
  const interval = (i: number) => (i + 1 < n ? (times[i + 1] as number) - (times[i] as number) : Number.NaN);
  const minSilence = 2 * bucketSeconds;
  // The interval i and the two on either side, shifted along as i moves.
  let before2 = Number.NaN;
  let before1 = Number.NaN;
  let silence = interval(0);
  let after1 = interval(1);
  let after2 = interval(2);
  for (let i = 0; i + 1 < n; i++) {
    if (silence > minSilence) {
      // The median is at least the smallest neighbour: most intervals are ruled out without it.
      let lo = Number.POSITIVE_INFINITY;
      if (before2 < lo) lo = before2;
      if (before1 < lo) lo = before1;
      if (after1 < lo) lo = after1;
      if (after2 < lo) lo = after2;
      if (silence > GAP_FACTOR * lo) {
        const typical = median4(before2, before1, after1, after2);
        if (typical > 0 && silence > GAP_FACTOR * typical) gaps.push(i);
      }
    }
    before2 = before1;
    before1 = silence;
    silence = after1;
    after1 = after2;
    after2 = interval(i + 3);
  }
  return gaps;
}

/** The sorted union of two sorted time columns, each time once. */
function mergeTimes(a: Float64Array, b: Float64Array): Float64Array {
  const na = a.length;
  const nb = b.length;
  const out = new Float64Array(na + nb);
  let i = 0;
  let j = 0;
  let o = 0;
  let last = Number.NaN;
  while (i < na && j < nb) {
    const x = a[i] as number;
    const y = b[j] as number;
    let t: number;
    if (x < y) {
      t = x;
      i++;
    } else if (y < x) {
      t = y;
      j++;
    } else {
      t = x;
      i++;
      j++;
    }
    if (t !== last) out[o++] = last = t;
  }
  for (; i < na; i++) {
    const t = a[i] as number;
    if (t !== last) out[o++] = last = t;
  }
  for (; j < nb; j++) {
    const t = b[j] as number;
    if (t !== last) out[o++] = last = t;
  }
  return out.subarray(0, o);
}

const sameTimes = (a: Float64Array, b: Float64Array) => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

/** A value column for uPlot: the numbers as they are when there is no gap, else NaN → null. */
function valueColumn(values: Float64Array): Float64Array | (number | null)[] {
  let hasGap = false;
  for (let i = 0; i < values.length; i++) {
    if (Number.isNaN(values[i])) {
      hasGap = true;
      break;
    }
  }
  if (!hasGap) return values;
  const out: (number | null)[] = new Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    out[i] = Number.isNaN(v) ? null : v;
  }
  return out;
}

/**
 * uPlot's columnar data: the union of all series' times, and per series its value at each time,
 * `null` at a gap (the line breaks: spanGaps stays false) and `undefined` where the series simply
 * has no sample at another series' time (uPlot joins over those alignment artifacts). Series
 * sharing one time column (a unit reports all values at once) are passed through without copying.
 */
export function alignColumns(columns: readonly Column[]): uPlot.AlignedData {
  const first = columns[0];
  if (!first) return [[]];
  if (columns.every((c) => c === first || sameTimes(c.times, first.times))) {
    return [first.times, ...columns.map((c) => valueColumn(c.values))];
  }
  // Pairwise merges: n log k for k series of n points in all.
  let level = columns.map((c) => c.times);
  while (level.length > 1) {
    const next: Float64Array[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const a = level[i] as Float64Array;
      const b = level[i + 1];
      next.push(b ? mergeTimes(a, b) : a);
    }
    level = next;
  }
  const x = level[0] as Float64Array;
  const ys = columns.map((c) => {
    // A series with a sample at every time (the dense one beside sparser ones) needs no copy.
    if (c.times.length === x.length) return valueColumn(c.values);
    const y: (number | null | undefined)[] = new Array(x.length);
    let j = 0;
    for (let i = 0; i < c.times.length; i++) {
      const t = c.times[i] as number;
      while (x[j] !== t) j++;
      const v = c.values[i] as number;
      y[j] = Number.isNaN(v) ? null : v;
    }
    return y;
  });
  return [x, ...ys];
}

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

/** Axis order of the physical units: insulation first, then temperature (spec example: MΩ left, °C right). */
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

// Colours -------------------------------------------------------------------------------------

/**
 * Okabe–Ito hues that cannot be taken for a status colour (no orange, bluish green or vermilion:
 * problem, ok and alarm are those), tuned per theme for contrast on the card. Beyond them the
 * colours repeat with a dash pattern, so no two series look alike.
 */
export const SERIES_PALETTE = {
  dark: ['#56b4e9', '#f0e442', '#cc79a7', '#4f8fe0', '#b9c2cf'],
  bright: ['#0072b2', '#b8529a', '#3f9fd8', '#9a8900', '#4a5666'],
} as const;
const DASHES: number[][] = [[], [6, 4], [2, 3], [10, 3, 2, 3]];

export function seriesStyle(index: number, dark: boolean): { stroke: string; dash: number[] } {
  const palette = dark ? SERIES_PALETTE.dark : SERIES_PALETTE.bright;
  return {
    stroke: palette[index % palette.length] as string,
    dash: DASHES[Math.floor(index / palette.length) % DASHES.length] as number[],
  };
}

// Formatting ----------------------------------------------------------------------------------

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, fractionDigits: number) {
  const key = `${locale}|${fractionDigits}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { maximumFractionDigits: fractionDigits, minimumFractionDigits: fractionDigits });
    numberFormats.set(key, f);
  }
  return f;
}

/** A legend or table value with its deserved decimals (i18n/values.ts) and a real minus sign. */
export function formatValue(v: number | null | undefined, locale: string): string {
  if (v === null || v === undefined || Number.isNaN(v)) return '–';
  return typesetMinus(numberFormat(locale, valueDigits(v)).format(v));
}

/** Decimals that show a tick step exactly: 2.5 → 1, 0.25 → 2, 20 → 0 (at most 6). */
export function stepDigits(incr: number): number {
  let fd = 0;
  while (fd < 6) {
    const scaled = incr * 10 ** fd;
    const whole = Math.round(scaled);
    if (whole !== 0 && Math.abs(scaled - whole) < 1e-6 * Math.abs(scaled)) break;
    fd++;
  }
  return fd;
}

/** Y tick labels: as many decimals as the tick step needs, in the language's digits. */
export function numberTicks(locale: string): uPlot.Axis.DynamicValues {
  return (_u, splits, _axis, _space, incr) => {
    const f = numberFormat(locale, stepDigits(incr));
    return splits.map((v) => (v === null || v === undefined ? '' : f.format(Object.is(v, -0) ? 0 : v)));
  };
}

const DAY_S = 86_400;

/**
 * X tick labels by the profile (its timezone, 12/24-hour clock and date order, in the interface
 * language): times of day with the date under the first tick and under each new day, days with the
 * year under the first tick and each new year, then months and years.
 */
export function timeTicks(dates: DateFormatter): uPlot.Axis.DynamicValues {
  return (_u, splits, _axis, _space, incr) => {
    let prevDay = '';
    let prevYear = '';
    return splits.map((s) => {
      const ms = s * 1000;
      const day = dates.isoDay(ms);
      const year = day.slice(0, 4);
      const newDay = day !== prevDay;
      const newYear = year !== prevYear;
      prevDay = day;
      prevYear = year;
      const dayMonth = dates.date(ms, { year: false });
      if (incr < DAY_S) {
        const clock = dates.time(ms, { seconds: incr < 60 });
        return newDay ? `${clock}\n${dayMonth}` : clock;
      }
      if (incr < 28 * DAY_S) return newYear ? `${dayMonth}\n${year}` : dayMonth;
      const month = dates.month(ms, { year: false });
      if (incr < 365 * DAY_S) return newYear ? `${month}\n${year}` : month;
      return year;
    });
  };
}

/** The bucket length of downsampled data as "6 hours", "10 minutes", in the interface language. */
export function formatBucket(seconds: number, locale: string): string {
  const [unit, size] =
    seconds >= 2 * DAY_S
      ? (['day', DAY_S] as const)
      : seconds >= 7200
        ? (['hour', 3600] as const)
        : seconds >= 120
          ? (['minute', 60] as const)
          : (['second', 1] as const);
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long', maximumFractionDigits: 0 }).format(
    Math.round(seconds / size),
  );
}

// uPlot options -------------------------------------------------------------------------------

type ChartOptionsInput = {
  chart: PreparedChart;
  visible: ReadonlySet<string>;
  /** Display name per series, e.g. "Resistance 2". */
  names: readonly string[];
  theme: ThemeTokens;
  width: number;
  height: number;
  locale: string;
  /** The profile's dates: x tick labels, and ticks on its midnights and hours (useDateFormat). */
  dates: DateFormatter;
  /** The x range to open with (a zoom kept across a rebuild); default the requested range. */
  xRange?: readonly [number, number] | null;
  hooks?: uPlot.Hooks.Arrays;
};

/** Width of a y axis: its longest tick label plus tick and gap (uPlot's documented pattern). */
const axisSize: uPlot.Axis.Size = (u, values, axisIdx, cycleNum) => {
  const axis = u.axes[axisIdx] as uPlot.Axis & { _size?: number };
  if (cycleNum > 1 && axis._size) return axis._size;
  let longest = '';
  for (const v of values ?? []) if (v.length > longest.length) longest = v;
  u.ctx.font = (axis.font as unknown as string[] | undefined)?.[0] ?? u.ctx.font;
  const ratio = typeof devicePixelRatio === 'number' && devicePixelRatio > 0 ? devicePixelRatio : 1;
  const text = longest ? u.ctx.measureText(longest).width / ratio : 0;
  return Math.ceil(text + (axis.ticks?.size ?? 0) + (axis.gap ?? 0) + 4);
};

/** The uPlot options of a prepared chart: time x axis over the requested range, one y scale per unit. */
export function buildOptions(input: ChartOptionsInput): uPlot.Options {
  const { chart, visible, names, theme, locale } = input;
  const font = `12px ${theme.font}`;
  const grid = { stroke: theme.border, width: 1 };
  const ticks = { stroke: theme.border, width: 1, size: 4 };
  const plan = axisPlan(chart.series, visible);
  const scales: uPlot.Scales = {
    x: { time: true, auto: false, min: input.xRange?.[0] ?? chart.start, max: input.xRange?.[1] ?? chart.end },
  };
  for (const unit of unitsInOrder(chart.series)) scales[scaleKey(unit)] = { auto: true };

  const axes: uPlot.Axis[] = [
    {
      scale: 'x',
      stroke: theme.text2,
      font,
      grid,
      ticks,
      space: 64,
      gap: 6,
      size: 48,
      values: timeTicks(input.dates),
    },
    ...plan.map(
      (a, i): uPlot.Axis => ({
        scale: a.scale,
        side: a.side,
        stroke: theme.text2,
        font,
        labelFont: `600 12px ${theme.font}`,
        label: a.unit || undefined,
        labelSize: a.unit ? 18 : 0,
        labelGap: 2,
        gap: 6,
        space: 36,
        size: axisSize,
        grid: { ...grid, show: i === 0 },
        ticks,
        values: numberTicks(locale),
      }),
    ),
  ];

  const series: uPlot.Series[] = [
    {},
    ...chart.series.map((s, i): uPlot.Series => {
      const { stroke, dash } = seriesStyle(i, theme.dark);
      return {
        label: names[i] ?? s.column,
        scale: scaleKey(s.unit),
        stroke,
        dash,
        width: 1.5,
        spanGaps: false,
        show: visible.has(s.column),
        points: { size: 5, width: 1.5, fill: theme.card },
      };
    }),
  ];

  return {
    width: Math.max(1, Math.floor(input.width)),
    height: Math.max(1, Math.floor(input.height)),
    padding: [12, plan.length > 1 ? 4 : 16, 0, plan.length > 0 ? 4 : 16],
    // Ticks fall on the profile timezone's whole hours, midnights and months.
    tzDate: (ts) => input.dates.toWall(ts * 1000),
    scales,
    axes,
    series,
    legend: { show: false },
    cursor: {
      drag: { x: true, y: false, setScale: true },
      // A double click shows the whole requested range again (uPlot's default fits the data).
      bind: {
        dblclick: (u) => () => {
          u.setScale('x', { min: chart.start, max: chart.end });
          return null;
        },
      },
      points: { size: 7, width: 2, fill: theme.card },
      focus: { prox: 24 },
    },
    focus: { alpha: 0.3 },
    select: { show: true, left: 0, top: 0, width: 0, height: 0 },
    hooks: input.hooks,
  };
}
