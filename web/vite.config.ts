import { defineConfig } from 'vite';

// React 19's automatic JSX runtime through esbuild; no plugin needed for a production build.
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      // Radix ships "use client" directives meant for server components; they mean nothing here.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
