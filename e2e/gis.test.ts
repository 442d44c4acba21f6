import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenMeteo } from '../server/test/fixtures/fakeOpenMeteo.ts';
import { countRequests, DESKTOP, PHONE, signIn, trackApi, useApp } from './support/app.ts';
import { DASHBOARD } from './support/dashboards.ts';

// The GIS layers of the unit map (GIS types, widget rights): the 'gis' demo user's
// organization holds the TyrensGIS right and a demo district-heating network; 'operator' does not.
// Selected by data attributes and classes only (the gis user's interface is Danish).
const weather = new FakeOpenMeteo();
beforeAll(() => weather.listen());
afterAll(() => weather.stop());
// Thirty units: the demo's leaking pipe of the GIS customer is the thirtieth.
const app = useApp(() => ({ WEATHER_URL: weather.url, SIM_UNITS: '30' }));

const GIS_DATA = '/api/v1/xrequest/GetGISData';
const map = (page: Page) => page.locator('[data-widget-type=deviceMap]');
/** The drawn paths of a type in the GIS pane (under the unit markers), and its point symbols. */
const paths = (page: Page, type?: string) =>
  map(page)
    .locator(`.leaflet-gis-pane path${type ? `.gis-shape--${type}` : ''}`)
    .count();
const symbols = (page: Page, type: string) => map(page).locator(`.leaflet-gisPoints-pane .gis-symbol--${type}`).count();
const toggle = (page: Page, type: string) => map(page).locator(`.gis-layers__check[data-gis-type=${type}]`);
/** The map's settled zoom (its `data-view` is "lat,lng,zoom"). */
const zoom = async (page: Page) =>
  Number((await map(page).locator('[data-view]').getAttribute('data-view'))?.split(',')[2]);
/**
 * Valve symbols and measuring rings are drawn from zoom 13 on: zooms in there, each step a double
 * click on the middle of a main pipe (valve chambers sit at its junctions), so the view closes in
 * on the network rather than on the middle of the fleet.
 */
async function zoomToSymbols(page: Page) {
  for (let z = await zoom(page); z < 13; z = await zoom(page)) {
    const host = await map(page).locator('.unit-map__map').boundingBox();
    const boxes = await map(page)
      .locator('.leaflet-gis-pane path.gis-shape--mainPipe')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
    const middles = boxes.map((b) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 }));
    const inside = middles.find(
      (m) => host && m.x > host.x && m.y > host.y && m.x < host.x + host.width && m.y < host.y + host.height,
    );
    if (!inside) throw new Error('no main pipe in view');
    await page.mouse.dblclick(inside.x, inside.y);
    await expect.poll(() => zoom(page)).toBeGreaterThan(z);
  }
}

/** The network is drawn from zoom 9 (a town in view): wheels in over a unit, whose town has a network. */
async function zoomToNetwork(page: Page) {
  const icon = await map(page).locator('.leaflet-marker-icon').first().boundingBox();
  if (!icon) throw new Error('no unit on the map');
  await page.mouse.move(icon.x + icon.width / 2, icon.y + icon.height / 2);
  for (let z = await zoom(page); z < 9; z = await zoom(page)) {
    await page.mouse.wheel(0, -300);
    await expect.poll(() => zoom(page)).toBeGreaterThan(z);
  }
}

async function openMapDashboard(page: Page) {
  await page.goto(`${app.url}/dashboard/map`);
  await map(page).locator('[data-view]').waitFor();
}

/** Opens the layers panel (it starts closed on small maps) and waits for its toggles. */
async function openLayers(page: Page) {
  const button = map(page).locator('.gis-layers__button');
  await button.waitFor();
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await toggle(page, 'mainPipe').waitFor();
}

describe('GIS layers on the unit map', () => {
  it('the gis user sees a toggle per GIS type; toggling hides that layer and is saved with the dashboard', async () => {
    const { page } = await app.open(DESKTOP);
    const gisCalls = countRequests(page, GIS_DATA);
    await signIn(page, app.url, 'gis');
    await openMapDashboard(page);
    await openLayers(page);

    // Every type of the demo network has a toggle, in the control's order.
    const types = await map(page)
      .locator('.gis-layers__check')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-gis-type')));
    expect(types).toEqual([
      'mainPipe',
      'distributionPipe',
      'servicePipe',
      'alarmWire',
      'valveChamber',
      'valvePit',
      'boilerPlant',
      'emergencyServices',
      'measuringPoint',
    ]);
    expect(gisCalls.count).toBeGreaterThan(0);

    // The map opens on the user's whole fleet, too far out for the network: nothing is drawn and
    // the panel says why, until the map comes in to a town.
    const far = map(page).locator('.gis-layers__state[data-state=far]');
    expect(await zoom(page)).toBeLessThan(9);
    await far.waitFor();
    expect(await paths(page)).toBe(0);
    await zoomToNetwork(page);
    expect(await far.count()).toBe(0);

    // Each line type is drawn as SVG paths, as many as the control counts.
    for (const type of ['mainPipe', 'distributionPipe', 'servicePipe', 'alarmWire']) {
      const shown = Number(
        (
          await map(page).locator(`.gis-layers__item:has([data-gis-type=${type}]) .gis-layers__count`).textContent()
        )?.replace(/\D/g, '') ?? '0',
      );
      expect(shown, type).toBeGreaterThan(0);
      // The network is added a few hundred features a task.
      await expect.poll(() => paths(page, type), { message: type }).toBe(shown);
    }
    expect(await paths(page, 'boilerPlant')).toBeGreaterThan(0);
    // Far out there are no valve symbols in the page; close in there are.
    expect(await symbols(page, 'valveChamber')).toBe(0);
    await zoomToSymbols(page);
    await expect.poll(() => symbols(page, 'valveChamber')).toBeGreaterThan(0);
    const distribution = await paths(page, 'distributionPipe');
    const all = await paths(page);

    // Main pipes off: their paths leave the map, the other layers stay; the choice is saved.
    type SavedBody = { widgets: Record<string, { props?: { gisHidden?: string[] } }> };
    const hiddenIn = (body: SavedBody) =>
      Object.values(body.widgets)
        .map((w) => w.props?.gisHidden)
        .find(Boolean);
    // The debounced save that carries both choices (a first one may have left between the clicks).
    const saved = page.waitForRequest(
      (r) =>
        r.method() === 'PUT' &&
        new URL(r.url()).pathname.startsWith(DASHBOARD) &&
        hiddenIn(r.postDataJSON() as SavedBody)?.length === 2,
    );
    await toggle(page, 'mainPipe').uncheck();
    await expect.poll(() => paths(page, 'mainPipe')).toBe(0);
    expect(await paths(page, 'distributionPipe')).toBe(distribution);
    expect(await paths(page)).toBeLessThan(all);
    await toggle(page, 'valveChamber').uncheck();
    await expect.poll(() => symbols(page, 'valveChamber')).toBe(0);
    expect(await symbols(page, 'valvePit')).toBeGreaterThan(0);

    const request = await saved;
    expect(hiddenIn(request.postDataJSON() as SavedBody)).toEqual(['mainPipe', 'valveChamber']);
    expect((await request.response())?.ok()).toBe(true);

    // After a reload the layers stay hidden; switching one back on draws it again.
    await openMapDashboard(page);
    await openLayers(page);
    await zoomToNetwork(page);
    expect(await toggle(page, 'mainPipe').isChecked()).toBe(false);
    expect(await toggle(page, 'distributionPipe').isChecked()).toBe(true);
    await expect.poll(() => paths(page, 'distributionPipe')).toBe(distribution);
    expect(await paths(page, 'mainPipe')).toBe(0);
    await toggle(page, 'mainPipe').check();
    await expect.poll(() => paths(page, 'mainPipe')).toBeGreaterThan(0);

    // Out again the network leaves the map and the panel says why; back in, it is drawn again.
    for (let z = await zoom(page); z >= 9; z = await zoom(page)) {
      await map(page).locator('.leaflet-control-zoom-out').click();
      await expect.poll(() => zoom(page)).toBeLessThan(z);
    }
    await expect.poll(() => paths(page)).toBe(0);
    await far.waitFor();
    await map(page).locator('.leaflet-control-zoom-in').click();
    await expect.poll(() => paths(page, 'distributionPipe')).toBe(distribution);
    expect(await far.count()).toBe(0);
  });

  it('a suspected fault of the radar analysis is drawn on the pipes of the GIS customer, and as a ring elsewhere', async () => {
    const { page } = await app.open(DESKTOP);
    await signIn(page, app.url, 'gis');
    await openMapDashboard(page);
    // The demo's leaking pipe in Aarhus: its nightly curve was read at start.
    await map(page).locator('.unit-map__fault-dot').waitFor();
    const mark = map(page).locator('.fault-mark--pipe').first();
    await mark.waitFor({ state: 'attached' });
    expect(await map(page).locator('.fault-mark--ring').count()).toBe(0);
    await mark.dispatchEvent('mouseover');
    // "Kanal 2: Mistænkt fejl 596,8 m fra enheden (± 3,6 m)", in the user's Danish.
    await expect
      .poll(() => map(page).locator('.leaflet-tooltip').textContent())
      .toMatch(/^Kanal \d: Mistænkt fejl \d+(,\d)?\u00a0m fra enheden \(± \d+(,\d)?\u00a0m\)$/);

    // Without GIS pipes (the operator's customers), the distance is a ring round the unit.
    const other = await app.open(DESKTOP);
    await signIn(other.page, app.url, 'operator');
    await openMapDashboard(other.page);
    await map(other.page).locator('.fault-mark--ring').first().waitFor({ state: 'attached' });
    expect(await map(other.page).locator('.fault-mark--pipe').count()).toBe(0);
  });

  it('the layers control works on a phone', async () => {
    const { page } = await app.open(PHONE);
    await signIn(page, app.url, 'gis');
    await openMapDashboard(page);
    // Small maps start with the panel closed.
    const button = map(page).locator('.gis-layers__button');
    await button.waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await openLayers(page);
    const box = await map(page).locator('.gis-layers__panel').boundingBox();
    const mapBox = await map(page).locator('.unit-map').boundingBox();
    expect(box && mapBox && box.x >= mapBox.x && box.x + box.width <= mapBox.x + mapBox.width + 0.5).toBe(true);
  });

  it('a user without the right has no layers control and makes no GetGISData request', async () => {
    const { page } = await app.open(DESKTOP);
    const gisCalls = countRequests(page, GIS_DATA);
    const api = trackApi(page);
    await signIn(page, app.url, 'operator');
    await openMapDashboard(page);
    await api.settled();
    expect(await map(page).locator('.unit-map__legend').count()).toBe(1);
    expect(await page.locator('[data-gis-layers]').count()).toBe(0);
    expect(await page.locator('.leaflet-gis-pane').count()).toBe(0);
    expect(gisCalls.count).toBe(0);
  });

  it('the Layers button sits below the map buttons, covering none of them, on a phone and on a wide screen', async () => {
    for (const size of [PHONE, DESKTOP]) {
      const { page } = await app.open(size);
      await signIn(page, app.url, 'gis');
      await openMapDashboard(page);
      const layers = await map(page).locator('.gis-layers__button').boundingBox();
      const buttons = map(page).locator('.leaflet-control-zoom a, .unit-map__fit-button');
      expect(await buttons.count()).toBe(4);
      for (const box of await buttons.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()))) {
        expect(layers?.y, JSON.stringify(size)).toBeGreaterThanOrEqual(box.y + box.height);
      }
    }
  });
});
