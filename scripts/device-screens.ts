/**
 * Screenshots of device, group and location management on the demo data:
 * `node --import tsx scripts/device-screens.ts [outDir]`. Dark and Bright at 1440 px and 375 px,
 * plus Arabic at 1440 px.
 */
import fs from 'node:fs';
import { launchBrowser, setLook, signInThroughForm } from '../e2e/support/browser.ts';
import { DEMO_PASSWORD, startServer } from '../e2e/support/server.ts';

const out = process.argv[2] ?? '.screens';
const only = process.argv[3];
fs.mkdirSync(out, { recursive: true });
const server = await startServer({ SIM_UNITS: '40', SIM_INTERVAL_S: '5' });
const browser = await launchBrowser();
try {
  const setup = await (await browser.newContext()).newPage();
  await signInThroughForm(setup, server.url, 'manager', DEMO_PASSWORD);
  await setup.waitForURL(/dashboard/);
  const state = await setup.context().storageState();
  const unit = await setup.evaluate(
    async () =>
      ((await (await fetch('/api/v1/device')).json()) as { id: number; type: { code: number } }[]).find(
        (d) => d.type.code === 25,
      )?.id,
  );
  const shots: ['Dark' | 'Bright', 'en' | 'ar', number][] = [
    ['Dark', 'en', 1440],
    ['Bright', 'en', 1440],
    ['Dark', 'en', 375],
    ['Bright', 'en', 375],
    ['Dark', 'ar', 1440],
  ];
  for (const [theme, lang, width] of shots) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, storageState: state });
    const page = await context.newPage();
    const name = (what: string) => `${out}/${what}-${theme}-${lang}-${width}.png`;
    await page.goto(`${server.url}/devicemanagement`);
    await setLook(page, { theme, lang });
    await page.reload();
    await page.locator('.vt__table tbody tr').nth(3).waitFor();
    if (!only || only === 'table') await page.screenshot({ path: name('devices') });
    for (const tab of ['deviceAlarm', 'schedule', 'location', 'logScan']) {
      if (only && only !== tab) continue;
      await page.goto(`${server.url}/devicemanagement?unit=${unit}&tab=${tab}`);
      await page.locator('.device-tabs__panel').waitFor();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: name(`device-${tab}`), fullPage: width < 600 });
    }
    if (!only || only === 'containers') {
      await page.goto(`${server.url}/groupmanagement`);
      await page.locator('.container-item').first().waitFor();
      await page.screenshot({ path: name('groups'), fullPage: width < 600 });
      await page.goto(`${server.url}/locationmanagement`);
      await page.locator('.containers').waitFor();
      await page.screenshot({ path: name('locations'), fullPage: width < 600 });
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
