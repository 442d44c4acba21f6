import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { FakeOpenMeteo } from '../../server/test/fixtures/fakeOpenMeteo.ts';
import { useApp } from './app.ts';

/**
 * The dashboards' server: the weather widget reads a fake Open-Meteo on loopback (the real one is
 * outside this network); the simulator is off, since a simulated unit's next report (every 10 s)
 * would clear an alarm a test raises, at times before the page showed it; the tile server is a
 * closed port on loopback: an offline site, the same in every environment.
 */
export function useDashboardsApp() {
  const weather = new FakeOpenMeteo();
  beforeAll(() => weather.listen());
  afterAll(() => weather.stop());
  return useApp(() => ({
    WEATHER_URL: weather.url,
    SIM_INTERVAL_S: '0',
    TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
  }));
}

export const DASHBOARD = '/api/v3/user/dashboard/';
export const MAIN_NAV = 'Main navigation';
export const idInUrl = (page: Page) => new URL(page.url()).pathname.split('/').pop() ?? '';
export const widgetTypes = (page: Page) =>
  page.$$eval('[data-widget-type]', (els) => els.map((e) => e.getAttribute('data-widget-type') ?? '').sort());

/** Resolves when the debounced save of the dashboard in view has reached the server. */
export function nextSave(page: Page) {
  const id = idInUrl(page);
  return page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`${DASHBOARD}${id}`) && r.ok());
}

/** A widget still loading, failed or empty (the charts' "select a unit" state is their empty state). */
const NOT_SHOWING_DATA = '.wskel, .wstate, .chart--loading, [role=alert]';

/**
 * Every widget of the dashboard in view ends up showing data: no skeleton, error or empty state,
 * and the data itself: the units' counts, the weather's five days, map views, table rows.
 */
export async function expectWidgetsShowData(page: Page) {
  const widgets = page.locator('[data-widget-type]:not([data-widget-type=charts])');
  await expect
    .poll(async () =>
      widgets.evaluateAll((els, sel) => els.filter((e) => e.querySelector(sel)).length, NOT_SHOWING_DATA),
    )
    .toBe(0);
  for (const type of await widgetTypes(page)) {
    const widget = page.locator(`[data-widget-type=${type}]`);
    if (type === 'status')
      expect(Number((await widget.locator('.kpi__figure').textContent())?.replace(/\D/g, ''))).toBeGreaterThan(0);
    if (type === 'weather') await expect.poll(() => widget.locator('.weather__days > li').count()).toBe(5);
    if (type.endsWith('Map')) await expect.poll(() => widget.locator('[data-view]').count()).toBe(1);
    if (type.endsWith('List'))
      await expect.poll(() => widget.locator('tbody tr[aria-selected]').count()).toBeGreaterThan(0);
  }
}
