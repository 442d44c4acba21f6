import fs from 'node:fs';
import path from 'node:path';
import { builtinDashboard } from '@fieldwatch/core';
import { describe, expect, it } from 'vitest';
import { kb, PAGE_MODULES, type PageLoad, readBundle, WEB_DIST } from './support/bundle.ts';

// The JavaScript a phone downloads before it can show a page, gzipped. Reads the real build
// (`npm test` builds web/dist before Vitest), so a heavy dependency pulled into the entry or the
// sign-in page fails here: the sign-in page is an entry of its own without React (60 KB), and the
// entry itself holds only what both it and the app need. Figures: bench/README.md (frontend-scale).
const SIGN_IN_BUDGET = 60 * 1024;
// The overview before the map loads (shell, dashboard, its five other widgets, the first part of
// the English texts), rendered by Preact's React compatibility layer (web/vite.config.ts).
const OVERVIEW_BUDGET = 160 * 1024;
const built = fs.existsSync(path.join(WEB_DIST, 'index.html'));

const largest = (load: PageLoad) =>
  [...load.files]
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 5)
    .map((f) => `${f.file} ${kb(f.gzip)}`)
    .join(', ');

describe.skipIf(!built)('first-load JavaScript budget (web/dist)', () => {
  const bundle = built ? readBundle() : undefined;

  it('the sign-in page (entry and the sign-in module): within 60 KB gzip, without a renderer', () => {
    const load = bundle?.firstLoad(PAGE_MODULES.login) as PageLoad;
    expect(load.files.length).toBeGreaterThan(0);
    expect(load.gzip, `${kb(load.gzip)}; largest: ${largest(load)}`).toBeLessThanOrEqual(SIGN_IN_BUDGET);
    // The page paints and signs in before the app's renderer is downloaded: no element type symbol
    // (React's and Preact's compat layer name theirs 'react.element' or 'react.transitional.element').
    const text = load.files.map((f) => fs.readFileSync(path.join(WEB_DIST, f.file), 'utf8')).join('\n');
    expect(text).not.toMatch(/react\.(transitional\.)?element/);
    const app = bundle?.firstLoad(['src/app/start.tsx']) as PageLoad;
    const appText = app.files.map((f) => fs.readFileSync(path.join(WEB_DIST, f.file), 'utf8')).join('\n');
    expect(appText).toMatch(/react\.(transitional\.)?element/);
  });

  it('the overview without the map (loaded after the first paint): within 160 KB gzip', () => {
    const load = bundle?.firstLoad(PAGE_MODULES.overview.filter((m) => !m.includes('/map/'))) as PageLoad;
    expect(load.gzip, `${kb(load.gzip)}; largest: ${largest(load)}`).toBeLessThanOrEqual(OVERVIEW_BUDGET);
  });

  it('knows every widget module of the overview (the bench measures them)', () => {
    const types = new Set(Object.values(builtinDashboard('overview').widgets).map((w) => w.component));
    const load = bundle?.firstLoad(PAGE_MODULES.overview) as PageLoad;
    expect(PAGE_MODULES.overview.filter((m) => m.includes('/widgets/'))).toHaveLength(types.size);
    expect(load.gzip).toBeGreaterThan(0);
  });
});
