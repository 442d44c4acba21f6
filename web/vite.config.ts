import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside the page, every script and style sheet of the build; the
 * server sends one of them to a browser that accepts it (server/src/plugins/spa.ts). Compressing
 * once at build time allows the strongest settings without costing a request anything.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'fieldwatch-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(html|js|css|svg|json)$/.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const data = fs.readFileSync(file);
        // Tiny chunks (single icons) gain nothing from compression.
        if (data.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * The locale groups of the screens an operator opens less often than the overview (administration,
 * device, group and task management, onboarding, profile): `?part=later` of a locale file is these,
 * `?part=first` the rest, so the overview's first load carries only the texts it can show.
 */
const LATER_TEXTS = ['admin', 'devices', 'onboarding', 'containers', 'tasks', 'profile'];

/**
 * `import.meta.glob('…/core/locales/*.json', { query: '?pick=app,login' })`: only those top-level groups
 * of each JSON file, so a screen that shows a handful of texts (the sign-in page) downloads those
 * and not the whole locale; `?part=first` and `?part=later` split a file by LATER_TEXTS. Vite's JSON
 * plugin then turns the picked text into a module as usual.
 */
function jsonPick(): Plugin {
  return {
    name: 'fieldwatch-json-pick',
    enforce: 'pre',
    load(id) {
      const [file = '', query = ''] = id.split('?');
      const params = new URLSearchParams(query);
      const groups = params.get('pick')?.split(',');
      const part = params.get('part');
      if (!file.endsWith('.json') || (!groups && !part)) return null;
      this.addWatchFile(file);
      const all = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      const wanted = (g: string) => (groups ? groups.includes(g) : LATER_TEXTS.includes(g) === (part === 'later'));
      return JSON.stringify(Object.fromEntries(Object.entries(all).filter(([g]) => wanted(g))));
    },
  };
}

/**
 * `import { __iconNode } from 'lucide-react/dist/esm/icons/eye.js?node'`: the icon's drawing alone.
 * The icon module itself also builds a React component, and the app's own use of that component
 * puts both in one shared chunk: the sign-in page, which draws icons without React (ui/dom.ts),
 * would download React with them.
 */
function lucideDrawings(): Plugin {
  return {
    name: 'fieldwatch-lucide-drawings',
    enforce: 'pre',
    load(id) {
      const [file = '', query] = id.split('?');
      if (query !== 'node' || !/lucide-react\/dist\/esm\/icons\/[\w-]+\.js$/.test(file)) return null;
      const node = /const __iconNode = (\[[\s\S]*?\]);\n/.exec(fs.readFileSync(file, 'utf8'))?.[1];
      if (!node) this.error(`no __iconNode in ${file}`);
      return `export const __iconNode = ${node};`;
    },
  };
}

/**
 * The entry's style sheet (tokens, base styles, primitives: about 3 KB gzip) goes into index.html
 * itself: the first paint needs it, and as a file it was one more round trip before any paint on a
 * phone (Lighthouse's render-blocking request). The server's CSP allows inline styles.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'fieldwatch-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(/<link rel="stylesheet"[^>]* href="\/([^"]+\.css)">/g, (tag, file: string) => {
          const sheet = ctx.bundle?.[file];
          return sheet?.type === 'asset' ? `<style>${String(sheet.source)}</style>` : tag;
        });
      },
    },
  };
}

/**
 * The app is written against React's API and rendered by Preact's compatibility layer: React 19's
 * DOM renderer is about 60 KB gzip of every first load, Preact with its compat layer about 12 KB,
 * and a phone on slow 4G pays for each kilobyte before the overview paints. The web unit tests run
 * on the same renderer (vitest.config.ts), and the browser tests on this build. Type checking keeps
 * React's types, which Preact's compat layer implements.
 */
export const reactOnPreact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/** `@/…` is web/src/…: an import that leaves its folder names where it goes, not how far it climbs. */
export const sourceRoot = { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) };

// The automatic JSX runtime through esbuild; no plugin needed for a production build.
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  resolve: { alias: [sourceRoot, ...reactOnPreact] },
  plugins: [jsonPick(), lucideDrawings(), inlineEntryCss(), precompress()],
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 800,
    // dist/.vite/manifest.json: the chunk graph the first-load budget test reads (e2e/bundle-budget.test.ts).
    manifest: true,
    rollupOptions: {
      // Radix ships "use client" directives meant for server components; they mean nothing here.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
