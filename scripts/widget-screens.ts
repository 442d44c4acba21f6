/**
 * Screenshots of one dashboard holding every widget type the signed-in user may add:
 * `node --import tsx scripts/widget-screens.ts [outDir] [username]` (default manager; use `parking`
 * for the parking widgets). Dark and Bright at 1440 px (whole page) and 375 px.
 */
import fs from 'node:fs';
import { addWidget, type DashboardModel, emptyDashboard, GRID_COLUMNS, WIDGET_CATALOGUE } from '@fieldwatch/core';
import { launchBrowser, setLook, signInThroughForm } from '../e2e/support/browser.ts';
import { DEMO_PASSWORD, startServer } from '../e2e/support/server.ts';
import { FakeOpenMeteo } from '../server/test/fixtures/fakeOpenMeteo.ts';

const out = process.argv[2] ?? '.screens';
const username = process.argv[3] ?? 'manager';
fs.mkdirSync(out, { recursive: true });

/** Every type allowed for the user (one map; parking types only for the parking user), packed in rows on md. */
function allWidgets(): DashboardModel {
  let d = emptyDashboard('All widgets');
  const parking = username === 'parking';
  for (const def of WIDGET_CATALOGUE) {
    if (def.map && def.type !== (parking ? 'parkingMap' : 'deviceMap')) continue;
    if (def.right === 'Parking' && !parking) continue;
    d = addWidget(d, def.type).dashboard;
  }
  const md = [];
  let x = 0;
  let y = 0;
  let rowH = 0;
  for (const item of d.layouts.md) {
    if (x + item.w > GRID_COLUMNS.md) {
      x = 0;
      y += rowH;
      rowH = 0;
    }
    md.push({ ...item, x, y });
    x += item.w;
    rowH = Math.max(rowH, item.h);
  }
  return { ...d, layouts: { ...d.layouts, md } };
}

const weather = new FakeOpenMeteo();
await weather.listen();
const server = await startServer({ SIM_UNITS: process.env.SIM_UNITS ?? '60', WEATHER_URL: weather.url });
const browser = await launchBrowser();
try {
  const setup = await browser.newContext();
  const page = await setup.newPage();
  await signInThroughForm(page, server.url, username, DEMO_PASSWORD);
  await page.waitForURL(/dashboard/);
  const id = await page.evaluate(async (content) => {
    const json = { 'content-type': 'application/json' };
    const created = await (
      await fetch('/api/v3/user/dashboard', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ name: content.name, templateId: null }),
      })
    ).json();
    const id = created.data?.id ?? created.id;
    await fetch(`/api/v3/user/dashboard/${id}`, {
      method: 'PUT',
      headers: json,
      body: JSON.stringify(content),
    });
    return id as string;
  }, allWidgets());
  const state = await setup.storageState();
  await setup.close();

  for (const width of [1440, 375]) {
    for (const theme of ['Dark', 'Bright'] as const) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, storageState: state });
      const shot = await context.newPage();
      await shot.goto(`${server.url}/dashboard/${id}`);
      await setLook(shot, { theme });
      await shot.reload();
      await shot.waitForSelector('.widget');
      await shot.waitForLoadState('networkidle').catch(() => {});
      await shot
        .waitForFunction(() => document.querySelectorAll('.widget .skeleton').length === 0, null, { timeout: 20_000 })
        .catch(() => {});
      await shot.screenshot({ path: `${out}/widgets-${username}-${theme}-${width}.png`, fullPage: true });
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
  await weather.stop();
}
