/**
 * Screenshots of every built-in dashboard: `node --import tsx scripts/dashboard-screens.ts [outDir] [keys…]`.
 * Dark and Bright at 1440 px and 375 px (English), plus the overview in Arabic; the demo fleet's
 * size follows SIM_UNITS (default 60).
 */
import fs from 'node:fs';
import { launchBrowser, setLook, signInThroughForm } from '../e2e/support/browser.ts';
import { DEMO_PASSWORD, startServer } from '../e2e/support/server.ts';
import { FakeOpenMeteo } from '../server/test/fixtures/fakeOpenMeteo.ts';

const out = process.argv[2] ?? '.screens';
const keys = process.argv.slice(3).length
  ? process.argv.slice(3)
  : ['overview', 'units', 'alarms', 'map', 'telemetry', 'parking'];
fs.mkdirSync(out, { recursive: true });
// No internet here: the weather comes from the fake Open-Meteo the tests use.
const weather = new FakeOpenMeteo();
await weather.listen();
const server = await startServer({
  SIM_UNITS: process.env.SIM_UNITS ?? '60',
  SIM_INTERVAL_S: '5',
  WEATHER_URL: weather.url,
});
const browser = await launchBrowser();
const shots: [string, 'Dark' | 'Bright', 'en' | 'ar', number][] = [];
for (const key of keys)
  for (const width of [1440, 375])
    for (const theme of ['Dark', 'Bright'] as const) shots.push([key, theme, 'en', width]);
if (keys.includes('overview')) shots.push(['overview', 'Dark', 'ar', 1440]);
try {
  for (const [key, theme, lang, width] of shots) {
    const context = await browser.newContext({ viewport: { width, height: width > 800 ? 900 : 800 } });
    const page = await context.newPage();
    await signInThroughForm(page, server.url, key === 'parking' ? 'parking' : 'manager', DEMO_PASSWORD);
    await page.waitForURL(/dashboard/);
    await setLook(page, { theme, lang });
    await page.goto(`${server.url}/dashboard/${key}`);
    await page.waitForSelector('.widget');
    await page.waitForLoadState('networkidle').catch(() => {});
    await page
      .waitForFunction(() => document.querySelectorAll('.widget .skeleton').length === 0, null, { timeout: 15_000 })
      .catch(() => {});
    await page.screenshot({ path: `${out}/dash-${key}-${theme}-${lang}-${width}.png`, fullPage: width < 800 });
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  await weather.stop();
}
