import fs from 'node:fs';
import path from 'node:path';
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

// React 19's automatic JSX runtime through esbuild; no plugin needed for a production build.
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  plugins: [precompress()],
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
