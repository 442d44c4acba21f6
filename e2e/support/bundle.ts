import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * What the built web app makes a browser download, read from Vite's manifest of web/dist: a page's
 * first load is the entry script with its static imports (index.html's modulepreloads), plus each
 * lazy screen or widget the page opens with the chunks Vite preloads beside it. Sizes are gzip
 * level 9 of the files, as a server compressing them would send them.
 */

/** web/dist, or WEB_DIST (a private build, as the server reads it). */
export const WEB_DIST = path.resolve(process.env.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist'));

type Chunk = { file: string; name?: string; src?: string; isEntry?: boolean; imports?: string[] };

/**
 * The lazy modules each measured page opens on its first load. The entry loads the sign-in page
 * (signed out) or the app (app/start.tsx: React, the router, the query cache, i18next) with its
 * language's texts, and nothing else.
 */
export const PAGE_MODULES = {
  login: ['src/features/login/LoginPage.ts'],
  overview: [
    'src/app/start.tsx',
    // The texts of the page's language (English here), fetched beside the app's code.
    '../core/locales/en.json?part=first',
    'src/app/shell/Shell.tsx',
    'src/features/dashboards/DashboardPage.tsx',
    'src/features/dashboards/widgets/kpi/StatusWidget.tsx',
    'src/features/dashboards/widgets/kpi/TempWidget.tsx',
    'src/features/dashboards/widgets/kpi/BatteryWidget.tsx',
    'src/features/dashboards/widgets/kpi/AlarmsWidget.tsx',
    'src/features/dashboards/widgets/weather/WeatherWidget.tsx',
    'src/features/dashboards/widgets/map/UnitMapWidget.tsx',
  ],
} as const;

export type PageLoad = { files: { file: string; gzip: number }[]; gzip: number };

export function readBundle(dist = WEB_DIST) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
  const gzip = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  // A module Rollup merged into a shared chunk has no key of its own; that chunk carries its name.
  const keyOf = (src: string) => {
    const base = path.basename(src, path.extname(src));
    const key = manifest[src]
      ? src
      : Object.keys(manifest).find((k) => !manifest[k]?.src && manifest[k]?.name === base);
    if (!key) throw new Error(`${src} is not in the build manifest`);
    return key;
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry) ?? 'index.html';

  /** The JavaScript files (and their gzip sizes) of the entry plus the given lazy modules. */
  function firstLoad(modules: readonly string[]): PageLoad {
    const seen = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(chunk.file)) return;
      seen.add(chunk.file);
      for (const i of chunk.imports ?? []) visit(i);
    };
    for (const key of [entry, ...modules.map(keyOf)]) visit(key);
    const files = [...seen].filter((f) => f.endsWith('.js')).map((file) => ({ file, gzip: gzip(file) }));
    return { files, gzip: files.reduce((n, f) => n + f.gzip, 0) };
  }

  /** Every script chunk of the build, largest first. */
  const chunks = () =>
    [...new Set(Object.values(manifest).map((c) => c.file))]
      .filter((f) => f.endsWith('.js'))
      .map((file) => ({ file, gzip: gzip(file) }))
      .sort((a, b) => b.gzip - a.gzip);

  return { firstLoad, chunks };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
