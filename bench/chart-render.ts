import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';
import { CHROMIUM_PATH, launchBrowser } from '../e2e/support/browser.ts';
import type { Scenario, ScenarioResult } from './chart-render.page.ts';
import { type BenchResult, fmt } from './util.ts';

const require = createRequire(import.meta.url);
const RUNS = 25;

/** 166,000 points in four shapes (see Scenario in chart-render.page.ts). */
const SCENARIOS: Scenario[] = [
  { name: '1 series × 166,000', series: 1, points: 166_000, times: 'shared' },
  { name: '4 series × 41,500, shared times', series: 4, points: 166_000, times: 'shared' },
  { name: '2 series × 83,000, each missing a tenth of a common grid', series: 2, points: 166_000, times: 'subsets' },
  { name: '2 series × 83,000, own times 5 s apart (worst case)', series: 2, points: 166_000, times: 'offset' },
];

/** The page: chart-render.page.ts with the chart widget's data and options modules and uPlot, bundled for the browser. */
async function page(): Promise<string> {
  const bundle = await build({
    entryPoints: [path.join(import.meta.dirname, 'chart-render.page.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  const js = bundle.outputFiles[0]?.text ?? '';
  const css = fs.readFileSync(require.resolve('uplot/dist/uPlot.min.css'), 'utf8');
  return `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style></head><body><script>${js}</script></body></html>`;
}

/**
 * The chart widget's render path (decoded columns → alignDecoded → buildOptions → uPlot drawn)
 * against bare uPlot drawing the same samples from ready-made columns, in the same Chromium page;
 * and the decode of the API answer (ISO times) against the obvious Date.parse + Map alignment.
 * `npm run bench -- chart-render`.
 */
export async function chartRenderBench(): Promise<BenchResult> {
  const html = await page();
  const browser = await launchBrowser(CHROMIUM_PATH);
  const lines: string[] = [];
  try {
    const p = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await p.setContent(html);
    const results: ScenarioResult[] = await p.evaluate(
      ({ scenarios, runs }) => window.chartRenderBench(scenarios, runs),
      { scenarios: SCENARIOS, runs: RUNS },
    );
    for (const r of results) {
      lines.push(
        `${r.name}: render — bare uPlot ${fmt(r.bare)}; ours ${fmt(r.ours)} (align ${fmt(r.align)}, options ${fmt(r.options)}, uPlot draw ${fmt(r.draw)}); ratio ${(r.ours / r.bare).toFixed(2)}; redraw from aligned columns (theme, series toggle) ratio ${((r.options + r.draw) / r.bare).toFixed(2)}`,
        `  decode of the API answer — ours ${fmt(r.decode)}; Date.parse + Map ${fmt(r.bareDecode)}; end to end ours ${fmt(r.decode + r.ours)} vs ${fmt(r.bareDecode + r.bare)}, ratio ${((r.decode + r.ours) / (r.bareDecode + r.bare)).toFixed(2)}`,
      );
    }
  } finally {
    await browser.close();
  }
  return { name: 'Chart widget rendering 166,000 points in Chromium (medians of 25)', lines };
}
