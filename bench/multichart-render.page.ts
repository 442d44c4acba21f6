/**
 * Page code of the multichart-render benchmark (bundled with esbuild, run in Chromium): ten units,
 * a year of 10-minute samples each (52,560 points per unit), drawn two ways in the same page,
 * alternately:
 * - ours: the multichart's render path from the units' decoded answers (`decodeUnitData`, done
 *   once per answer and cached by the widget): `mergeDecoded` (one time axis for all units),
 *   `buildOptions` and uPlot drawing;
 * - bare: uPlot drawing the same samples from ready-made aligned columns with hand-written options
 *   (same size, series and y scales).
 * Each draw ends when uPlot has drawn (its `draw` hook).
 */
import { dateFormatter, type UnitData } from '@fieldwatch/core';
import uPlot from 'uplot';
import {
  type DecodedChart,
  decodeUnitData,
  mergeDecoded,
} from '../web/src/features/dashboards/widgets/chart/chartData.ts';
import { buildOptions } from '../web/src/features/dashboards/widgets/chart/chartOptions.ts';

/** `shared`: every unit reports on the same 10-minute grid; `offset`: each at its own second (worst case). */
export type MultiScenario = { name: string; units: number; points: number; times: 'shared' | 'offset' };
export type MultiResult = {
  name: string;
  points: number;
  xLength: number;
  bare: number;
  ours: number;
  merge: number;
  options: number;
  draw: number;
  decode: number;
};

const WIDTH = 1200;
const HEIGHT = 420;
const START = Date.UTC(2025, 0, 1);
const STEP_MS = 600_000;

/** One unit's answer: insulation resistance (MΩ) for even units, pipe temperature (°C) for odd ones. */
function unitData(unit: number, s: MultiScenario): UnitData {
  const offset = s.times === 'offset' ? unit * 37_000 : 0;
  const points: [string, number][] = new Array(s.points);
  const base = unit % 2 === 0 ? 120 + unit * 5 : 40 + unit;
  for (let g = 0; g < s.points; g++) {
    const v = base + 8 * Math.sin(g / 144 + unit) + ((g * 7919 + unit * 31) % 97) / 97;
    points[g] = [new Date(START + g * STEP_MS + offset).toISOString(), v];
  }
  const resistance = unit % 2 === 0;
  return {
    unitId: unit + 1,
    start: new Date(START).toISOString(),
    end: new Date(START + s.points * STEP_MS).toISOString(),
    bucketSeconds: null,
    series: [
      {
        column: resistance ? 'Resistance1' : 'PT1',
        key: resistance ? 'resistance' : 'pt',
        unit: resistance ? 'MΩ' : '°C',
        channel: 1,
        downsampled: false,
        points,
      },
    ],
  };
}

/** The same samples as uPlot takes them, built outside the timed part (what a bare uPlot user holds). */
function columnar(answers: UnitData[]): uPlot.AlignedData {
  const times = new Set<number>();
  for (const d of answers) for (const s of d.series) for (const [t] of s.points) times.add(Date.parse(t) / 1000);
  const x = Float64Array.from([...times].sort((a, b) => a - b));
  const index = new Map<number, number>();
  for (let i = 0; i < x.length; i++) index.set(x[i] as number, i);
  const ys = answers.flatMap((d) =>
    d.series.map((s) => {
      const y: (number | undefined)[] = new Array(x.length);
      for (const [t, v] of s.points) y[index.get(Date.parse(t) / 1000) as number] = v;
      return y;
    }),
  );
  return [x, ...ys] as uPlot.AlignedData;
}

function bareOptions(answers: UnitData[], onDraw: () => void): uPlot.Options {
  const series = answers.flatMap((d) => d.series);
  const units = [...new Set(series.map((s) => s.unit))];
  return {
    width: WIDTH,
    height: HEIGHT,
    scales: { x: { time: true }, ...Object.fromEntries(units.map((u) => [u, { auto: true }])) },
    axes: [{}, ...units.map((u, i): uPlot.Axis => ({ scale: u, side: i % 2 === 0 ? 3 : 1, label: u }))],
    series: [{}, ...series.map((s): uPlot.Series => ({ label: s.column, scale: s.unit, stroke: '#56b4e9' }))],
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

async function bareRun(answers: UnitData[], data: uPlot.AlignedData) {
  const el = host();
  const t0 = performance.now();
  let u: uPlot | undefined;
  await new Promise<void>((resolve) => {
    u = new uPlot(
      bareOptions(answers, () => resolve()),
      data,
      el,
    );
  });
  const ms = performance.now() - t0;
  u?.destroy();
  el.remove();
  return ms;
}

async function oursRun(decoded: DecodedChart[]) {
  const el = host();
  const t0 = performance.now();
  const first = decoded[0] as DecodedChart;
  const { chart, sources } = mergeDecoded(
    decoded.map((d, i) => ({ unitId: i + 1, decoded: d, columns: 'all' as const })),
    { start: first.start, end: first.end },
  );
  const t1 = performance.now();
  let u: uPlot | undefined;
  let t2 = 0;
  await new Promise<void>((resolve) => {
    const opts = buildOptions({
      chart,
      visible: new Set(chart.series.map((s) => s.column)),
      names: sources.map((s) => s.column),
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
    t2 = performance.now();
    u = new uPlot(opts, chart.data, el);
  });
  const t3 = performance.now();
  const xLength = chart.data[0].length;
  u?.destroy();
  el.remove();
  return { total: t3 - t0, merge: t1 - t0, options: t2 - t1, draw: t3 - t2, xLength };
}

async function run(s: MultiScenario, runs: number): Promise<MultiResult> {
  const answers = Array.from({ length: s.units }, (_, u) => unitData(u, s));
  const data = columnar(answers);
  const t0 = performance.now();
  const decoded = answers.map(decodeUnitData);
  const decode = performance.now() - t0;
  const bare: number[] = [];
  const ours: Awaited<ReturnType<typeof oursRun>>[] = [];
  for (let i = 0; i < 3; i++) {
    await bareRun(answers, data);
    await oursRun(decoded);
  }
  for (let i = 0; i < runs; i++) {
    // Alternate which goes first, so neither always meets a warmer (or busier) engine.
    if (i % 2 === 0) {
      bare.push(await bareRun(answers, data));
      ours.push(await oursRun(decoded));
    } else {
      ours.push(await oursRun(decoded));
      bare.push(await bareRun(answers, data));
    }
  }
  const med = (k: 'total' | 'merge' | 'options' | 'draw') => median(ours.map((o) => o[k]));
  return {
    name: s.name,
    points: s.units * s.points,
    xLength: ours[0]?.xLength ?? 0,
    bare: median(bare),
    ours: med('total'),
    merge: med('merge'),
    options: med('options'),
    draw: med('draw'),
    decode,
  };
}

declare global {
  interface Window {
    multichartRenderBench: (scenarios: MultiScenario[], runs: number) => Promise<MultiResult[]>;
  }
}

window.multichartRenderBench = async (scenarios, runs) => {
  const out: MultiResult[] = [];
  for (const s of scenarios) out.push(await run(s, runs));
  return out;
};
