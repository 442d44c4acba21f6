/**
 * Screenshots of Administration → Errors as the platform administrator ('admin'):
 * `node --import tsx scripts/error-screens.ts [outDir]`. Dark and Bright, 1440 and 375 px, English
 * and Arabic, a row opened to its stack and context, and the app's error screen (a screen whose
 * code cannot load).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser, setLook, signInThroughForm } from '../e2e/support/browser.ts';
import { ADMIN_PASSWORD, startServer } from '../e2e/support/server.ts';
import { openDb } from '../server/src/db/db.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { recordServerError } from '../server/src/modules/errorReports/errorReports.service.ts';

const out = process.argv[2] ?? '.screens';
fs.mkdirSync(out, { recursive: true });

// Server errors are recorded into the data directory before the server starts on it (a real 5xx
// cannot be provoked from outside): the same recording function the error handler uses.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldwatch-errors-'));
const db = await openDb({ kind: 'pglite', dataDir });
await migrate(db);
const log = { warn: console.warn } as unknown as Parameters<typeof recordServerError>[1];
const failure = (message: string, name = 'Error') => Object.assign(new Error(message), { name });
await recordServerError(db, log, failure('Connection terminated unexpectedly'), {
  method: 'GET',
  route: '/api/v2/device/devices/:id/operations',
  status: 500,
  requestId: 'req-3f9',
});
await recordServerError(db, log, failure('Cannot read properties of undefined (reading "channels")', 'TypeError'), {
  origin: 'unhandledRejection',
});
await db.close();

const server = await startServer({ SIM_UNITS: '12', ERROR_REPORTING: '1' }, dataDir);
const browser = await launchBrowser();
try {
  const setup = await (await browser.newContext()).newPage();
  await signInThroughForm(setup, server.url, 'admin', ADMIN_PASSWORD);
  await setup.waitForURL(/dashboard/);
  // Browser reports as pages send them: a few kinds, one repeated from several page loads.
  const at = (fn: string, line: number) => `    at ${fn} (${server.url}/assets/index-CRMNgveS.js:1:${line})`;
  const nullValue = "TypeError: Cannot read properties of null (reading 'value')";
  const reports = [
    ...Array.from({ length: 7 }, () => ({
      message: nullValue,
      stack: `${nullValue}\n${at('UnitValue', 48211)}\n${at('renderWithHooks', 9012)}`,
      context: {
        route: '/dashboard/MTAwMQ',
        kind: 'render',
        language: 'en',
        theme: 'dark',
        componentStack: 'at UnitValue\n    at WidgetFrame\n    at DashboardGrid',
      },
    })),
    {
      message: 'ResizeObserver loop completed with undelivered notifications.',
      context: { route: '/devicemanagement', kind: 'error', language: 'sv', theme: 'bright' },
    },
    {
      message: 'TypeError: Failed to fetch dynamically imported module',
      stack: `TypeError: Failed to fetch dynamically imported module\n${at('lazy', 812)}`,
      context: { route: '/taskmanagement', kind: 'route', language: 'da', theme: 'dark' },
    },
  ];
  // No named helpers in here: the page would not know tsx's __name.
  await setup.evaluate(async (list) => {
    for (const r of list)
      await fetch('/api/v1/errors', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...r, context: { ...r.context, userAgent: navigator.userAgent } }),
      });
  }, reports);
  const state = await setup.context().storageState();
  const looks: ['Dark' | 'Bright', 'en' | 'ar', number][] = [
    ['Dark', 'en', 1440],
    ['Bright', 'en', 1440],
    ['Dark', 'en', 375],
    ['Bright', 'en', 375],
    ['Dark', 'ar', 1440],
    ['Bright', 'ar', 375],
  ];
  for (const [theme, lang, width] of looks) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, storageState: state });
    const page = await context.newPage();
    const name = (what: string) => `${out}/errors-${what}-${theme}-${lang}-${width}.png`;
    await page.goto(`${server.url}/admin`);
    await setLook(page, { theme, lang });
    await page.goto(`${server.url}/admin?tab=errors`);
    await page.locator('.errors-table').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: name('list'), fullPage: true });
    await page.locator('.errors-table__toggle').first().click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: name('open'), fullPage: true });
    if (lang === 'en' && width === 1440) {
      // The error screen: a screen whose code cannot be loaded (as after a deployment).
      await page.route('**/assets/TaskManagementPage-*.js', (r) => r.abort());
      await page.goto(`${server.url}/taskmanagement`);
      await page.getByRole('alert').waitFor();
      await page.screenshot({ path: name('app-error') });
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
