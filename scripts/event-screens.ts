/**
 * Screenshots of the notification centre and task management after a fresh fault:
 * `node --import tsx scripts/event-screens.ts [outDir]`. Dark and Bright at 1440 px and 375 px,
 * plus Arabic at 1440 px.
 */
import fs from 'node:fs';
import { okPipeUnit } from '../e2e/support/alarm.ts';
import { launchBrowser, setLook, signInThroughForm } from '../e2e/support/browser.ts';
import { DEMO_PASSWORD, startServer } from '../e2e/support/server.ts';

const out = process.argv[2] ?? '.screens';
fs.mkdirSync(out, { recursive: true });
const server = await startServer({ SIM_UNITS: '40', SIM_INTERVAL_S: '5' });
const browser = await launchBrowser();
try {
  const setup = await (await browser.newContext()).newPage();
  await signInThroughForm(setup, server.url, 'operator', DEMO_PASSWORD);
  await setup.waitForURL(/dashboard/);
  const { reportWetInsulation } = await okPipeUnit(setup, server);
  await reportWetInsulation();
  await setup.waitForFunction(async () => (await (await fetch('/api/v3/tasks')).json()).length > 0);
  const state = await setup.context().storageState();
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
    await page.goto(`${server.url}/notifications`);
    await setLook(page, { theme, lang });
    await page.reload();
    await page.locator('.notif').first().waitFor();
    await page.locator('.notif__main').first().click();
    await page.locator('.notif__detail').first().waitFor();
    await page.screenshot({ path: `${out}/notifications-${theme}-${lang}-${width}.png` });
    const task = await page.evaluate(async () => (await (await fetch('/api/v3/tasks')).json())[0].id as string);
    await page.goto(`${server.url}/taskmanagement?task=${task}`);
    await page.locator('.task-view .task-log li').first().waitFor();
    await page.screenshot({ path: `${out}/tasks-${theme}-${lang}-${width}.png` });
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
