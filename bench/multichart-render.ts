import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';
import { CHROMIUM_PATH, launchBrowser } from '../e2e/support/browser.ts';
import type { MultiResult, MultiScenario } from './multichart-render.page.ts';
import { type BenchResult, fmt } from './util.ts';

const require = createRequire(import.meta.url);
const RUNS = 15;
const YEAR_10_MIN = 52_560;

/** Ten units × a year of 10-minute samples, on one grid and on each unit's own times. */
const SCENARIOS: MultiScenario[] = [
  { name: '10 units × 52,560, one 10-minute grid', units: 10, points: YEAR_10_MIN, times: 'shared' },
  { name: '10 units × 52,560, each on its own times (worst case)', units: 10, points: YEAR_10_MIN, times: 'offset' },
];

/** The page: multichart-render.page.ts with the chart helpers and uPlot, bundled for the browser. */
async function page(): Promise<string> {
  const bundle = await build({
    entryPoints: [path.join(import.meta.dirname, 'multichart-render.page.ts')],
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
 * The multichart's render path (ten units' decoded answers → mergeDecoded → buildOptions → uPlot
 * drawn) against bare uPlot drawing the same samples from ready-made aligned columns, in the same
 * Chromium page. Target: ratio ≤ 1.5. `npm run bench -- multichart-render`.
 */
export async function multichartRenderBench(): Promise<BenchResult> {
  const html = await page();
  const browser = await launchBrowser(CHROMIUM_PATH);
  const lines: string[] = [];
  try {
    const p = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await p.setContent(html);
    const results: MultiResult[] = await p.evaluate(
      ({ scenarios, runs }) => window.multichartRenderBench(scenarios, runs),
      { scenarios: SCENARIOS, runs: RUNS },
    );
    for (const r of results) {
      lines.push(
        `${r.name} (${r.points.toLocaleString('en')} points, ${r.xLength.toLocaleString('en')} times): bare uPlot ${fmt(r.bare)}; ours ${fmt(r.ours)} (merge ${fmt(r.merge)}, options ${fmt(r.options)}, uPlot draw ${fmt(r.draw)}); ratio ${(r.ours / r.bare).toFixed(2)} (target ≤ 1.5); decode of the ten answers once ${fmt(r.decode)}`,
      );
    }
  } finally {
    await browser.close();
  }
  return {
    name: `Multichart rendering 10 units × a year of 10-minute samples in Chromium (medians of ${RUNS})`,
    lines,
  };
}
