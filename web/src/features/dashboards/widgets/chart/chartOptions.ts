import type { DateFormatter } from '@fieldwatch/core';
import type uPlot from 'uplot';
import { typesetMinus, valueDigits } from '@/i18n/values.ts';
import type { ThemeTokens } from '@/lib/useThemeTokens.ts';
import { axisPlan, type PreparedChart, scaleKey, unitsInOrder } from './chartData.ts';

/**
 * The uPlot options of the chart widgets: series colours, number and time ticks in the reader's
 * language, and the axes and series built from the prepared data. The widget passes in the theme
 * and the names, the benchmark calls the same code.
 */

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
