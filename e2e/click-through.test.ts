import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenMeteo } from '../server/test/fixtures/fakeOpenMeteo.ts';
import { useApp } from './support/app.ts';
import { clickThrough, DEMO_ACCOUNTS, lookName, opposingLooks } from './support/clickThrough.ts';
import { FakeTiles } from './support/fakeTiles.ts';

// Every screen and tab as each demo user, in two opposite looks each (scripts/click-through.ts runs
// all eight): what a customer notices in the first minute fails here, and so does a serious or
// critical accessibility violation (axe-core). Each screen is so checked in both themes, both
// languages and both widths; the dialogs and menus are e2e/accessibility.test.ts's. Weather and map tiles come from
// fakes on loopback, as a connected site has them; the offline site is e2e/offline.test.ts.
const weather = new FakeOpenMeteo();
const tiles = new FakeTiles();
beforeAll(() => Promise.all([weather.listen(), tiles.listen()]));
afterAll(() => Promise.all([weather.stop(), tiles.stop()]));
const app = useApp(() => ({ WEATHER_URL: weather.url, TILE_URL: tiles.url, SIM_INTERVAL_S: '0' }));

describe('click-through', () => {
  DEMO_ACCOUNTS.forEach((account, n) => {
    const looks = opposingLooks(n);
    it(`${account.username}: every screen in ${looks.map(lookName).join(' and ')}, without console errors, failed requests, overflowing text or accessibility violations`, async () => {
      const problems = [];
      for (const look of looks)
        problems.push(...(await clickThrough(app.browser, app.url, account, look, { axe: true })));
      expect(problems.map((p) => `${p.look} ${p.screen}: ${p.kind}: ${p.detail}`)).toEqual([]);
    }, 600_000);
  });
});
