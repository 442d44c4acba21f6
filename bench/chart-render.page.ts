/**
 * Page code of the chart-render benchmark (bundled with esbuild, run in Chromium). The same
 * samples are drawn two ways in the same page, alternately:
 * - ours: the chart widget's code path — the API answer (ISO times, as `GET …/data` sends them)
 *   decoded by `decodeUnitData` (parse, order, gap markers), then the render path: `alignDecoded`
 *   (one shared time column), `buildOptions` and uPlot drawing;
 * - bare: uPlot drawing the same samples from ready-made columns with hand-written options (same
 *   size, series and y scales); its decode is the obvious one (Date.parse, a Map of times).
 * Each draw ends when uPlot has drawn (its `draw` hook).
 */
import { dateFormatter, type UnitData } from '@fieldwatch/core';
import uPlot from 'uplot';
import { alignDecoded, decodeUnitData } from '../web/src/features/dashboards/widgets/chart/chartData.ts';
import { buildOptions } from '../web/src/features/dashboards/widgets/chart/chartOptions.ts';

/**
 * How the series' times relate: `shared` (one report carries every value: the usual case),
 * `subsets` (each series misses a tenth of a common grid, as downsampled min/max buckets do),
 * `offset` (every series on its own times, 5 s apart: the worst case for the alignment).
 */
export type Scenario = { name: string; series: number; points: number; times: 'shared' | 'subsets' | 'offset' };
export type ScenarioResult = {
  name: string;
  points: number;
  /** Bare uPlot drawing ready-made columns. */
  bare: number;
  /** Ours from decoded columns: align + options + draw. */
  ours: number;
  align: number;
  options: number;
  draw: number;
  /** Decoding the API answer: ours, and the obvious Date.parse + Map alignment. */
  decode: number;
  bareDecode: number;
};

const WIDTH = 1200;
const HEIGHT = 420;
const START = Date.UTC(2026, 0, 1);
const STEP_MS = 10_000;
const UNITS = ['MΩ', '°C', 'MΩ', 'V'];
const KEYS = ['resistance', 'pt', 'resistance', 'battery'];

/** The API answer for a scenario: `points` samples in all, 10 s apart per series. */
function unitData(s: Scenario): UnitData {
  const per = Math.round(s.points / s.series);
  const series = Array.from({ length: s.series }, (_, k) => {
    const points: [string, number][] = [];
    for (let g = 0; points.length < per; g++) {
      if (s.times === 'subsets' && (g * 7 + k * 3) % 10 === 0) continue;
      const t = START + g * STEP_MS + (s.times === 'offset' ? k * 5_000 : 0);
      const base = k % 2 === 0 ? 150 + 12 * Math.sin(g / 900) : 40 + 6 * Math.sin(g / 4000);
      points.push([new Date(t).toISOString(), base + ((g * 7919 + k * 31) % 97) / 97]);
    }
    return {
      column: `${KEYS[k]}${k + 1}`,
      key: KEYS[k] as string,
      unit: UNITS[k] as string,
      channel: k + 1,
      downsampled: false,
      points,
    };
  });
  const last = Math.max(...series.map((x) => Date.parse(x.points[x.points.length - 1]?.[0] ?? '')));
  return {
    unitId: 1,
    start: new Date(START).toISOString(),
    end: new Date(last + STEP_MS).toISOString(),
    bucketSeconds: null,
    series,
  };
}

/** The same samples as uPlot takes them, built outside the timed part (what a bare uPlot user holds). */
function columnar(d: UnitData): uPlot.AlignedData {
  const times = new Map<number, number>();
  for (const s of d.series) for (const [t] of s.points) times.set(Date.parse(t) / 1000, 0);
  const x = [...times.keys()].sort((a, b) => a - b);
  const index = new Map(x.map((t, i) => [t, i]));
  const ys = d.series.map((s) => {
    const y: (number | undefined)[] = new Array(x.length);
    for (const [t, v] of s.points) y[index.get(Date.parse(t) / 1000) as number] = v;
    return y;
  });
  return [x, ...ys];
}

function bareOptions(d: UnitData, onDraw: () => void): uPlot.Options {
  const units = [...new Set(d.series.map((s) => s.unit))];
  return {
    width: WIDTH,
    height: HEIGHT,
    scales: { x: { time: true }, ...Object.fromEntries(units.map((u) => [u, { auto: true }])) },
    axes: [{}, ...units.map((u, i): uPlot.Axis => ({ scale: u, side: i % 2 === 0 ? 3 : 1, label: u }))],
    series: [{}, ...d.series.map((s): uPlot.Series => ({ label: s.column, scale: s.unit, stroke: '#56b4e9' }))],
    legend: { show: false },
    hooks: { draw: [onDraw] },
  };
}

const theme = {
  dark: true,
  text: '#e6ecf3',
  text2: '#9fb0c3',
  border: '#27364a',
  card: '#141c26',
  font: 'system-ui, sans-serif',
};

function host() {
  const el = document.createElement('div');
  el.style.cssText = `width:${WIDTH}px;height:${HEIGHT}px;position:relative`;
  document.body.append(el);
  return el;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function bareRun(d: UnitData, data: uPlot.AlignedData) {
  const el = host();
  const t0 = performance.now();
  let u: uPlot | undefined;
  await new Promise<void>((resolve) => {
    u = new uPlot(
      bareOptions(d, () => resolve()),
      data,
      el,
    );
  });
  const ms = performance.now() - t0;
  u?.destroy();
  el.remove();
  return ms;
}

async function oursRun(d: UnitData) {
  const el = host();
  const t0 = performance.now();
  const decoded = decodeUnitData(d);
  const t1 = performance.now();
  const chart = alignDecoded(decoded);
  const t2 = performance.now();
  const visible = new Set(chart.series.map((s) => s.column));
  let u: uPlot | undefined;
  let t3 = 0;
  await new Promise<void>((resolve) => {
    const opts = buildOptions({
      chart,
      visible,
      names: chart.series.map((s) => s.column),
      theme,
      // The chart's dates as a profile gives them (24 h, UTC): the same work as in the product.
      dates: dateFormatter({
        language: 'en',
        timeConfig: { timeFormat: '24h', timezone: 'GMT +00:00 UTC', dateFormat: 'DD MMM YYYY' },
      }),
      width: WIDTH,
      height: HEIGHT,
      locale: 'en',
      hooks: { draw: [() => resolve()] },
    });
    t3 = performance.now();
    u = new uPlot(opts, chart.data, el);
  });
  const t4 = performance.now();
  u?.destroy();
  el.remove();
  return { decode: t1 - t0, total: t4 - t1, align: t2 - t1, options: t3 - t2, draw: t4 - t3 };
}

function timed<T>(fn: () => T): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

async function run(s: Scenario, runs: number): Promise<ScenarioResult> {
  const d = unitData(s);
  const data = columnar(d);
  const bare: number[] = [];
  const bareDecode: number[] = [];
  const ours: Awaited<ReturnType<typeof oursRun>>[] = [];
  for (let i = 0; i < 3; i++) {
    await bareRun(d, data);
    await oursRun(d);
    columnar(d);
  }
  for (let i = 0; i < runs; i++) {
    // Alternate which goes first, so neither always meets a warmer (or busier) engine.
    if (i % 2 === 0) {
      bare.push(await bareRun(d, data));
      ours.push(await oursRun(d));
    } else {
      ours.push(await oursRun(d));
      bare.push(await bareRun(d, data));
    }
    bareDecode.push(timed(() => columnar(d)));
  }
  const med = (k: keyof (typeof ours)[number]) => median(ours.map((o) => o[k]));
  return {
    name: s.name,
    points: d.series.reduce((n, x) => n + x.points.length, 0),
    bare: median(bare),
    ours: med('total'),
    align: med('align'),
    options: med('options'),
    draw: med('draw'),
    decode: med('decode'),
    bareDecode: median(bareDecode),
  };
}

declare global {
  interface Window {
    chartRenderBench: (scenarios: Scenario[], runs: number) => Promise<ScenarioResult[]>;
  }
}

window.chartRenderBench = async (scenarios, runs) => {
  const out: ScenarioResult[] = [];
  for (const s of scenarios) out.push(await run(s, runs));
  return out;
};
