import path from 'node:path';
import { build } from 'esbuild';
import { CHROMIUM_PATH, launchBrowser } from '../e2e/support/browser.ts';
import type { PageFigures } from './map-cluster.page.ts';
import { type BenchResult, fmt } from './util.ts';

const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;

const UNITS = 10_000;
const ZOOMS = [4, 7, 10, 13, 16];

/**
 * The unit maps' clustering in Chromium: web/src/…/map/cluster.ts (supercluster with the worst
 * status carried up by map/reduce, then the drawing list: colour, icon size, worst on top) against
 * bare supercluster with the same settings on the same 10,000 units, in the same page. Both are
 * bundled by esbuild into one script (bench/map-cluster.page.ts).
 */
export async function mapClusterBench(): Promise<BenchResult> {
  const bundle = await build({
    entryPoints: [path.resolve(import.meta.dirname, 'map-cluster.page.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'mapClusterBench',
    platform: 'browser',
    target: 'es2022',
    minify: true,
  });
  const script = bundle.outputFiles[0]?.text ?? '';
  const browser = await launchBrowser(CHROMIUM_PATH);
  let figures: PageFigures;
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>map-cluster</title>');
    await page.addScriptTag({ content: script });
    figures = (await page.evaluate(
      `mapClusterBench.run(${JSON.stringify({ units: UNITS, runs: 15, queryRepeats: 1000, zooms: ZOOMS })})`,
    )) as PageFigures;
  } finally {
    await browser.close();
  }
  const { build: b, zooms } = figures;
  const lines = [
    `index of ${figures.units.toLocaleString('en')} units: bare ${fmt(b.bare)}; ours ${fmt(b.ours)}; ratio ${(b.ours / b.bare).toFixed(2)}`,
  ];
  for (const z of zooms) {
    lines.push(
      `view at zoom ${z.zoom} (1440×900, ${z.items} items): bare ${us(z.bare)}; ours ${us(z.ours)}; ratio ${(z.ours / z.bare).toFixed(2)}`,
    );
  }
  const sum = (pick: (z: (typeof zooms)[number]) => number) => zooms.reduce((n, z) => n + pick(z), 0);
  const bare = b.bare + sum((z) => z.bare);
  const ours = b.ours + sum((z) => z.ours);
  lines.push(
    `index + one view at each zoom: bare ${fmt(bare)}; ours ${fmt(ours)}; ratio ${(ours / bare).toFixed(2)} (target ≤ 1.5)`,
  );
  return { name: `Map clustering of ${UNITS.toLocaleString('en')} units in Chromium`, lines };
}
