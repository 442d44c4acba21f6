import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { WAIT_MS } from './e2e/support/waits.ts';
import LongFilesFirst from './scripts/sequencer.ts';
import { reactOnPreact, sourceRoot } from './web/vite.config.ts';

// One run covers every workspace; the summary reporter prints the closing 'N passed, N failed' line.
// The unit and server files run two at a time (forks), one per core: most of a server file's time is
// one core running PGlite. The two forks are not restarted per file: each file still builds its own
// app on its own database and closes it, but the app's modules are loaded (and compiled by V8) once
// per fork instead of once per file, which took the server and unit files from 7.5 to under 5
// minutes. The web app's files keep one isolated thread each (jsdom's document is global state).
// The browser files run after them, two at a time (threads), each with a server and a browser of
// its own: one file kept the two cores about a quarter busy (12.5 minutes for the browser files one
// at a time, 6.3 two at a time; three at a time was no faster).
export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    sequence: { sequencer: LongFilesFirst },
    poolOptions: {
      forks: { maxForks: 2, minForks: 1, isolate: false },
      threads: { maxThreads: 2, minThreads: 1 },
    },
    projects: [
      { test: { name: 'core', include: ['core/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/dbTemplate.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        // The renderer the built app uses (web/vite.config.ts).
        resolve: {
          alias: [
            { find: /^@testing-library\/react$/, replacement: '@testing-library/preact' },
            sourceRoot,
            // The tests' shared helpers (web/test), apart from the app's source.
            { find: /^@test\//, replacement: fileURLToPath(new URL('./web/test/', import.meta.url)) },
            ...reactOnPreact,
          ],
          // ES modules first: a library's CommonJS build (lucide-react, react-router under Node's
          // conditions) would require React itself, past the alias.
          mainFields: ['module', 'main'],
          conditions: ['module', 'browser', 'development'],
        },
        ssr: { resolve: { conditions: ['module', 'browser', 'development'] } },
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          pool: 'threads',
          setupFiles: ['web/test/setup.ts'],
          // The first test that opens a dialog or a screen compiles its libraries through the alias.
          testTimeout: 20_000,
          hookTimeout: 30_000,
          // Libraries that import React go through the alias too, so one renderer runs everything.
          server: {
            deps: {
              inline: [
                /@testing-library/,
                /radix/,
                /react-router/,
                /@tanstack/,
                /react-i18next/,
                /zustand/,
                /lucide-react/,
                /react-grid-layout/,
                /react-draggable/,
                /react-resizable/,
              ],
            },
          },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A browser waits on a real server on a shared machine: a state polled for must have
          // time to arrive (the 1 s default failed a CI run while the page was still loading).
          expect: { poll: { timeout: WAIT_MS } },
          pool: 'threads',
          sequence: { groupOrder: 1 },
          globalSetup: ['e2e/support/demoTemplate.ts'],
        },
      },
    ],
  },
});
