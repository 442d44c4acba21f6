/**
 * The click-through: `node --import tsx scripts/click-through.ts [outDir [user…]]` starts the product with
 * demo data (weather and map tiles from fakes on loopback, as a connected site would have them),
 * signs in as each demo user (or those named) in every look (Dark and Bright, English and Arabic, 375 and 1440 px),
 * visits every screen and tab, writes a screenshot of each to outDir (default .screens/click-through),
 * and exits 1 listing every console error or warning, failed request, overflowing text and
 * screen that never finished loading. CI runs two opposite looks per user (e2e/click-through.test.ts).
 */
import fs from 'node:fs';
import { launchBrowser } from '../e2e/support/browser.ts';
import { ALL_LOOKS, clickThrough, DEMO_ACCOUNTS, type Problem } from '../e2e/support/clickThrough.ts';
import { FakeTiles } from '../e2e/support/fakeTiles.ts';
import { startServer } from '../e2e/support/server.ts';
import { FakeOpenMeteo } from '../server/test/fixtures/fakeOpenMeteo.ts';

const [out = '.screens/click-through', ...only] = process.argv.slice(2);
const accounts = DEMO_ACCOUNTS.filter((a) => only.length === 0 || only.includes(a.username));
fs.mkdirSync(out, { recursive: true });
const weather = new FakeOpenMeteo();
const tiles = new FakeTiles();
await Promise.all([weather.listen(), tiles.listen()]);
const server = await startServer({ WEATHER_URL: weather.url, TILE_URL: tiles.url, SIM_INTERVAL_S: '0' });
const browser = await launchBrowser();
const problems: Problem[] = [];
try {
  for (const account of accounts) {
    for (const look of ALL_LOOKS)
      problems.push(...(await clickThrough(browser, server.url, account, look, { shots: out })));
  }
} finally {
  await browser.close();
  await server.stop();
  await Promise.all([weather.stop(), tiles.stop()]);
}
for (const p of problems) console.log(`${p.who} ${p.look} ${p.screen}: ${p.kind}: ${p.detail}`);
console.log(`${problems.length} problems; screenshots in ${out}`);
process.exit(problems.length ? 1 : 0);
