import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { seriesByColumn } from '@fieldwatch/core';
import type { Page } from 'playwright-core';
import { CHROMIUM_PATH, launchBrowser, signInThroughForm } from '../e2e/support/browser.ts';
import { buildApp } from '../server/src/app.ts';
import type { Db } from '../server/src/db/db.ts';
import { hashPassword } from '../server/src/modules/auth/password.ts';
import { insertOrganization } from '../server/src/modules/organizations/organizations.service.ts';
import { insertSamplesOfUnits } from '../server/src/modules/telemetry/telemetry.repository.ts';
import { insertUser, setUserRole } from '../server/src/modules/users/users.service.ts';
import { FakeOpenMeteo } from '../server/test/fixtures/fakeOpenMeteo.ts';
import { benchDb, bulkUnits } from './fixture.ts';
import type { BenchResult } from './util.ts';

const WEB_DIST = path.resolve(import.meta.dirname, '../web/dist');
const PASSWORD = 'bench-password';

/** A fleet of n units with positions, latest battery and temperature values, and some alarms. */
async function fleet(db: Db, n: number) {
  const org = await insertOrganization(db, `Fleet ${n}`, null);
  const username = `bench${org}`;
  const user = await insertUser(db, { username, passwordHash: await hashPassword(PASSWORD) });
  await setUserRole(db, user, org, 1);
  const ids = await bulkUnits(db, org, n);
  const battery = seriesByColumn('BatteryVoltage')?.id as number;
  const temperature = seriesByColumn('Temperature')?.id as number;
  const ts = new Date(Date.now() - 60_000);
  for (let i = 0; i < ids.length; i += 2000) {
    const chunk = ids.slice(i, i + 2000);
    await insertSamplesOfUnits(db, [
      ...chunk.map((unitId) => ({ unitId, series: battery, ts, value: 3.2 + (unitId % 7) / 10 })),
      ...chunk.map((unitId) => ({ unitId, series: temperature, ts, value: 40 + (unitId % 30) })),
    ]);
  }
  await db.query(
    `insert into alarms (unit_id, channel, alarm_type, event_text, event_time)
     select id, 1, 0, 'Insulation resistance low', now() - (id % 48) * interval '1 hour' from unnest($1::int[]) id where id % 25 = 0`,
    [ids],
  );
  return username;
}

/** The overview dashboard is ready when no widget shows a skeleton and the map has drawn its units. */
async function overviewReady(page: Page) {
  await page.waitForFunction(
    () => {
      const grid = document.querySelector('.dashboard-grid');
      const widgets = grid?.querySelectorAll('[data-widget-type]').length ?? 0;
      const map = document.querySelector(
        '[data-widget-type=deviceMap] .leaflet-marker-icon, [data-widget-type=deviceMap] canvas',
      );
      return widgets === 6 && grid?.querySelector('.skeleton') === null && map !== null;
    },
    null,
    { timeout: 120_000, polling: 50 },
  );
}

/** Gzipped size of the app's own scripts a page loaded (from web/dist, as a server would send them). */
function gzippedKb(urls: readonly string[]) {
  let bytes = 0;
  for (const u of new Set(urls)) {
    const file = path.join(WEB_DIST, new URL(u).pathname);
    if (fs.existsSync(file)) bytes += zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
  }
  return bytes / 1024;
}

/**
 * In Chromium against the real server and built app: the overview dashboard from navigation to
 * every widget showing data, for 10,000 units against 100 units in the same run; and the initial
 * JavaScript (gzipped) of the login page and of the dashboard route.
 */
export async function dashboardBench(): Promise<BenchResult> {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('build the web app first: npm run build');
  const lines: string[] = [];
  // A fake Open-Meteo on loopback, so the weather widget shows data as it would with a provider.
  const weather = new FakeOpenMeteo();
  await weather.listen();
  const db = await benchDb('pglite');
  const users = { small: await fleet(db, 100), large: await fleet(db, 10_000) };
  const app = await buildApp({ db, webDist: WEB_DIST, weatherUrl: weather.url });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const browser = await launchBrowser(CHROMIUM_PATH);
  try {
    // Initial JavaScript: what the login page loads, then what the dashboard route adds.
    {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
      await page.goto(`${url}/login`);
      await page.locator('form').waitFor();
      await page.waitForLoadState('networkidle');
      const login = gzippedKb(scripts);
      const before = scripts.length;
      await signInThroughForm(page, url, users.small, PASSWORD);
      await overviewReady(page);
      const isLazy = (s: string) => /UnitMap|Chart|leaflet|uPlot/i.test(s);
      const first = gzippedKb(scripts.filter((s) => !isLazy(s)));
      const lazy = gzippedKb(scripts.slice(before).filter(isLazy));
      lines.push(
        `initial JS (gzip): login page ${login.toFixed(1)} KB; dashboard route ${first.toFixed(1)} KB (budget 250 KB); the map it loads lazily ${lazy.toFixed(1)} KB more`,
      );
      await context.close();
    }
    const timeOverview = async (username: string) => {
      const times: number[] = [];
      for (let run = 0; run < 3; run++) {
        const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
        const page = await context.newPage();
        await signInThroughForm(page, url, username, PASSWORD);
        await overviewReady(page);
        // Measured: a full navigation to the overview (scripts cached as for a returning user).
        const start = Date.now();
        await page.goto(`${url}/dashboard/default`);
        await overviewReady(page);
        times.push(Date.now() - start);
        await context.close();
      }
      return times.sort((a, b) => a - b)[1] ?? 0;
    };
    const small = await timeOverview(users.small);
    const large = await timeOverview(users.large);
    lines.push(
      `overview dashboard, navigation → all widgets showing data: 100 units ${small} ms; 10,000 units ${large} ms; ratio ${(large / small).toFixed(2)}`,
    );
  } finally {
    await browser.close();
    await app.close();
    await db.close();
    await weather.stop();
  }
  return { name: 'Overview dashboard in Chromium', lines };
}
